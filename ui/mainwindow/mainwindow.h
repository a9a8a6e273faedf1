#pragma once
// The planner's main window: menus, toolbar, status bar, the canvas in the middle and the
// palette, inspector, panels and results around it. It owns the open DesignDocument and
// wires the views to it; it does no editing itself.

#include <QMainWindow>

#include "ui/app/startup.h"

class QAction;
class QLabel;
class QMenu;
class QToolBar;

namespace infraplan::catalog {
class Catalog;
}

namespace infraplan::ui {

class DesignDocument;
class RecentFiles;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    DesignDocument* document() const { return m_document; }
    RecentFiles* recentFiles() const { return m_recent; }

    // Opens, shows and (with --screenshot) captures, as the executable does at start.
    void start(const LaunchOptions& options);

    // File operations as the menu runs them. Failures are shown in dialogs; the open design
    // is untouched by a failed open.
    bool openFile(const QString& path);
    bool saveFile(const QString& path);
    bool save();
    bool saveAs();
    // Asks Save/Discard/Cancel when there are unsaved changes; true = go ahead.
    bool maybeSave();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createDocks();
    void createStatusBar();
    void updateTitle();
    void readSettings();
    void writeSettings();
    void newDesign();
    void openDialog();
    void showAbout();

    const catalog::Catalog* m_catalog;
    DesignDocument* m_document;
    RecentFiles* m_recent = nullptr;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QToolBar* m_toolBar = nullptr;
    QLabel* m_metricsLabel = nullptr;

    QAction* m_newAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
};

}  // namespace infraplan::ui
