#pragma once
// The planner's main window: menus, toolbar, status bar, the canvas in the middle and the
// palette, inspector, panels and results around it. It owns the open DesignDocument and
// wires the views to it; it does no editing itself. (Actions and menus are built in
// mainwindow_actions.cpp, file handling in mainwindow_files.cpp.)

#include <QMainWindow>
#include <cstdint>
#include <memory>

#include "ui/app/startup.h"

class QAction;
class QActionGroup;
class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QToolBar;
class QToolButton;

namespace infraplan {
enum class EmbeddedChoice : std::uint8_t;
struct Design;
}  // namespace infraplan
namespace infraplan::catalog {
class Catalog;
}

namespace infraplan::ui {

class DashboardWidget;
class DesignDocument;
class DesignScene;
class DesignView;
class Evaluator;
class InspectorWidget;
class PaletteWidget;
class RecentFiles;
class RecoveryStore;
class StrategyPanel;
class WorkloadPanel;
struct Evaluation;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    DesignDocument* document() const { return m_document; }
    DesignScene* scene() const { return m_scene; }
    DesignView* view() const { return m_view; }
    Evaluator* evaluator() const { return m_evaluator; }
    PaletteWidget* palette() const { return m_palette; }
    DashboardWidget* dashboard() const { return m_dashboard; }
    StrategyPanel* strategyPanel() const { return m_strategy; }
    RecentFiles* recentFiles() const { return m_recent; }
    RecoveryStore* recovery() const { return m_recovery.get(); }

    // Opens, offers recovered work, shows and (with --screenshot) captures, as at start-up.
    void start(const LaunchOptions& options);

    // File operations as the menu runs them. Failures are shown in dialogs; the open design
    // is untouched by a failed open.
    bool openFile(const QString& path);
    bool saveFile(const QString& path);
    bool save();
    bool saveAs();
    bool newFromTemplate(const QString& resource);
    // Opens a design made elsewhere (Tools -> Size Hardware) as an untitled design, after
    // asking to save unsaved work; false when declined.
    bool openGeneratedDesign(const Design& design);
    static QStringList templates();  // resource paths of File -> New from template
    // Asks Save/Discard/Cancel when there are unsaved changes; true = go ahead.
    bool maybeSave();
    // Writes the recovery file now if there are unsaved changes (the timer does it each minute).
    void autosave();
    // Offers work recovered from a session that ended without saving; true if restored.
    bool offerRecovery();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createCentral();
    void createActions();
    void createMenus();
    void createToolBars();
    void createDocks();
    void createStatusBar();
    void updateTitle();
    void updateActions();
    void readSettings();
    void writeSettings();
    void newDesign();
    void openDialog();
    void showUserGuide();
    void showAbout();
    void showCompare();
    // Compare two of the design's variants ("" = the design as it is now).
    void showCompareOf(const QString& a, const QString& b);
    void showEvaluation(const Evaluation& evaluation);
    void captureScreenshot(const QString& file);
    // After an open: offers the choice where the file's embedded entries differ from ours.
    void offerEmbeddedChoice();
    void applyEmbeddedChoice(EmbeddedChoice choice);
    void adoptSessionCatalog();
    // After entries were written into the user catalog: read it again and use it.
    void reloadUserCatalog();

    std::shared_ptr<const catalog::Catalog> m_catalog;  // the session's: built-in + user
    DesignDocument* m_document;
    DesignScene* m_scene = nullptr;
    DesignView* m_view = nullptr;
    Evaluator* m_evaluator = nullptr;
    PaletteWidget* m_palette = nullptr;
    InspectorWidget* m_inspector = nullptr;
    WorkloadPanel* m_workload = nullptr;
    StrategyPanel* m_strategy = nullptr;
    DashboardWidget* m_dashboard = nullptr;
    RecentFiles* m_recent = nullptr;
    std::unique_ptr<RecoveryStore> m_recovery;
    class QTimer* m_autosaveTimer = nullptr;
    QString m_pendingScreenshot;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_templateMenu = nullptr;
    class VariantsMenu* m_variantsMenu = nullptr;
    QToolBar* m_toolBar = nullptr;
    QComboBox* m_linkType = nullptr;
    QLabel* m_metricsLabel = nullptr;
    QLabel* m_zoomLabel = nullptr;
    QProgressBar* m_busy = nullptr;
    QToolButton* m_cancel = nullptr;

    struct Actions {
        QAction *newDesign, *open, *save, *saveAs, *compare, *quit;
        QAction *undo, *redo, *cut, *copy, *paste, *duplicate, *remove, *selectAll, *group,
            *ungroup;
        QAction *zoomIn, *zoomOut, *zoomReset, *fit, *arrange, *snap;
        QAction *selectTool, *connectTool, *evaluate;
    } m_actions{};
    QActionGroup* m_tools = nullptr;
};

}  // namespace infraplan::ui
