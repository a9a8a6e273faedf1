// MainWindow, part two: actions, menus and toolbars. Every action calls the scene, the view
// or the document; none edits the design itself.
#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QToolBar>
#include <QUndoStack>

#include "catalog/catalog.h"
#include "ui/app/icons.h"
#include "ui/canvas/designscene.h"
#include "ui/canvas/designview.h"
#include "ui/document/designdocument.h"
#include "ui/evaluation/evaluator.h"
#include "ui/export/reportexporter.h"
#include "ui/export/reportsettingsdialog.h"
#include "ui/mainwindow/hfmodelimport.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/mainwindow/recentfiles.h"
#include "ui/plan/calibrationdialog.h"
#include "ui/plan/searchdialog.h"
#include "ui/plan/sensitivitydialog.h"
#include "ui/plan/sizingdialog.h"
#include "ui/variants/variantsmenu.h"

namespace infraplan::ui {
namespace {

// The design's own name ("DGX H100 SuperPOD scalable unit"), not its file name; the file name
// only when the template has none. "&" would read as a mnemonic in a menu.
QString templateTitle(const QString& resource) {
    QFile file(resource);
    QString name;
    if (file.open(QIODevice::ReadOnly))
        name = QJsonDocument::fromJson(file.readAll())
                   .object()
                   .value(QLatin1String("name"))
                   .toString();
    if (name.trimmed().isEmpty()) {
        name = QFileInfo(resource).completeBaseName().replace(QLatin1Char('-'), QLatin1Char(' '));
        name = name.left(1).toUpper() + name.mid(1);
    }
    return name.replace(QLatin1Char('&'), QLatin1String("&&"));
}

}  // namespace

void MainWindow::createActions() {
    auto make = [this](const QString& icon, const QString& text, const QKeySequence& key,
                       const QString& tip, auto slot) {
        auto* action = new QAction(icon.isEmpty() ? QIcon() : actionIcon(icon), text, this);
        if (!key.isEmpty()) action->setShortcut(key);
        action->setStatusTip(tip);
        action->setToolTip(
            key.isEmpty() ? text
                          : QStringLiteral("%1 (%2)").arg(QString(text).remove(QLatin1Char('&')),
                                                          key.toString(QKeySequence::NativeText)));
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    Actions& a = m_actions;
    a.newDesign = make("new", tr("&New"), QKeySequence::New, tr("Start an empty design"),
                       [this] { newDesign(); });
    a.open = make("open", tr("&Open…"), QKeySequence::Open, tr("Open a design file"),
                  [this] { openDialog(); });
    a.save =
        make("save", tr("&Save"), QKeySequence::Save, tr("Save the design"), [this] { save(); });
    // Spelled out: QKeySequence::SaveAs is empty on some platforms (and offscreen).
    a.saveAs = make({}, tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S),
                    tr("Save under a new name"), [this] { saveAs(); });
    a.compare = make("compare", tr("&Compare With…"), QKeySequence(),
                     tr("Put this design and another side by side"), [this] { showCompare(); });
    a.quit = make({}, tr("&Quit"), QKeySequence::Quit, tr("Quit Infraplan"), [this] { close(); });
    a.quit->setMenuRole(QAction::QuitRole);

    a.undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    a.undo->setIcon(actionIcon(QStringLiteral("undo")));
    a.undo->setShortcut(QKeySequence::Undo);
    a.redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    a.redo->setIcon(actionIcon(QStringLiteral("redo")));
    a.redo->setShortcut(QKeySequence::Redo);
    a.cut = make({}, tr("Cu&t"), QKeySequence::Cut, tr("Cut the selection"), [this] {
        m_scene->copySelection();
        m_scene->deleteSelection();
    });
    a.copy = make({}, tr("&Copy"), QKeySequence::Copy, tr("Copy the selection"),
                  [this] { m_scene->copySelection(); });
    a.paste = make({}, tr("&Paste"), QKeySequence::Paste, tr("Paste parts"),
                   [this] { m_scene->paste(); });
    a.duplicate = make({}, tr("&Duplicate"), QKeySequence(Qt::CTRL | Qt::Key_D),
                       tr("Duplicate the selection"), [this] { m_scene->duplicateSelection(); });
    a.remove = make("delete", tr("&Delete"), QKeySequence::Delete, tr("Delete the selection"),
                    [this] { m_scene->deleteSelection(); });
    a.remove->setShortcuts({QKeySequence::Delete, QKeySequence(Qt::Key_Backspace)});
    a.selectAll =
        make({}, tr("Select &All"), QKeySequence::SelectAll, tr("Select every part"), [this] {
            for (QGraphicsItem* item : m_scene->items())
                item->setSelected(item->flags() & QGraphicsItem::ItemIsSelectable);
        });
    a.group = make("group", tr("&Group"), QKeySequence(Qt::CTRL | Qt::Key_G),
                   tr("Put the selection in a new group"), [this] { m_scene->groupSelection(); });
    a.ungroup = make({}, tr("&Ungroup"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G),
                     tr("Dissolve the selected group"), [this] { m_scene->ungroupSelection(); });

    a.zoomIn = make("zoom-in", tr("Zoom &In"), QKeySequence::ZoomIn, tr("Zoom in"),
                    [this] { m_view->zoomIn(); });
    a.zoomOut = make("zoom-out", tr("Zoom &Out"), QKeySequence::ZoomOut, tr("Zoom out"),
                     [this] { m_view->zoomOut(); });
    a.zoomReset = make({}, tr("&Actual Size"), QKeySequence(Qt::CTRL | Qt::Key_1),
                       tr("Zoom to 100%"), [this] { m_view->resetZoom(); });
    a.fit = make("fit", tr("&Fit to Window"), QKeySequence(Qt::CTRL | Qt::Key_0),
                 tr("Show the whole design"), [this] { m_view->fitAll(); });
    a.arrange =
        make({}, tr("&Arrange Automatically"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A),
             tr("Lay the parts out in tiers: spines, leaves, compute, memory"), [this] {
                 m_scene->arrange();
                 m_view->fitAll();
             });
    a.arrange->setObjectName(QStringLiteral("arrange"));
    a.snap = make({}, tr("&Snap to Grid"), QKeySequence(), tr("Snap moved parts to the grid"),
                  [this](bool on) { m_scene->setSnapToGrid(on); });
    a.snap->setCheckable(true);
    a.snap->setChecked(true);

    m_tools = new QActionGroup(this);
    a.selectTool =
        make("select", tr("&Select"), QKeySequence(Qt::Key_V), tr("Select and move parts"),
             [this] { m_scene->setTool(DesignScene::Tool::select); });
    a.connectTool = make("connect", tr("&Link Tool"), QKeySequence(Qt::Key_L),
                         tr("Drag from one part to another to link them"),
                         [this] { m_scene->setTool(DesignScene::Tool::connect); });
    for (QAction* tool : {a.selectTool, a.connectTool}) {
        tool->setCheckable(true);
        m_tools->addAction(tool);
    }
    a.selectTool->setChecked(true);
    a.evaluate = make("evaluate", tr("&Evaluate Now"), QKeySequence(Qt::Key_F5),
                      tr("Evaluate the design now"), [this] { m_evaluator->evaluateNow(); });
    m_view->setContextActions({a.cut, a.copy, a.paste, a.duplicate, a.remove, a.group, a.ungroup});
    for (QAction* action : {a.cut, a.copy, a.paste, a.duplicate, a.remove, a.group, a.ungroup,
                            a.selectTool, a.connectTool, a.selectAll})
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut), m_view->addAction(action);
}

void MainWindow::createMenus() {
    Actions& a = m_actions;
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->addAction(a.newDesign);
    m_templateMenu =
        m_fileMenu->addMenu(actionIcon(QStringLiteral("template")), tr("New from &Template"));
    for (const QString& resource : templates()) {
        QAction* action = m_templateMenu->addAction(templateTitle(resource));
        action->setObjectName(QFileInfo(resource).completeBaseName());
        connect(action, &QAction::triggered, this, [this, resource] {
            if (maybeSave()) newFromTemplate(resource);
        });
    }
    m_fileMenu->addAction(a.open);
    m_recentMenu = m_fileMenu->addMenu(tr("Open &Recent"));
    m_recent = new RecentFiles(m_recentMenu, this);
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString& path) {
        if (maybeSave()) openFile(path);
    });
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(a.save);
    m_fileMenu->addAction(a.saveAs);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(a.compare);
    QAction* exportReport = m_fileMenu->addAction(tr("&Export Report…"), this, [this] {
        exportReportInteractively(this, *m_document, *m_evaluator);
    });
    exportReport->setObjectName(QStringLiteral("exportReport"));
    exportReport->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_fileMenu
        ->addAction(tr("Report &Settings…"), this,
                    [this] {
                        ReportSettingsDialog dialog(this);
                        dialog.exec();
                    })
        ->setObjectName(QStringLiteral("reportSettings"));
    m_fileMenu
        ->addAction(tr("Import &Model from Hugging Face config.json…"), this,
                    [this] {
                        if (importHfModelInteractively(this, *m_document)) adoptSessionCatalog();
                    })
        ->setObjectName(QStringLiteral("importHfModel"));
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(a.quit);

    m_editMenu = menuBar()->addMenu(tr("&Edit"));
    m_editMenu->addActions({a.undo, a.redo});
    m_editMenu->addSeparator();
    m_editMenu->addActions({a.cut, a.copy, a.paste, a.duplicate, a.remove});
    m_editMenu->addSeparator();
    m_editMenu->addActions({a.selectAll, a.group, a.ungroup});

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->addActions({a.zoomIn, a.zoomOut, a.zoomReset, a.fit});
    m_viewMenu->addSeparator();
    m_viewMenu->addActions({a.arrange, a.snap});
    m_viewMenu->addSeparator();

    m_variantsMenu = new VariantsMenu(m_document, this);
    menuBar()->addMenu(m_variantsMenu);
    addAction(m_variantsMenu->newVariantAction());  // its shortcut works with the menu closed
    connect(m_variantsMenu, &VariantsMenu::compareRequested, this, &MainWindow::showCompareOf);

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addActions({a.selectTool, a.connectTool});
    tools->addSeparator();
    tools->addAction(a.evaluate);
    QAction* search = tools->addAction(tr("&Search Strategies…"), this, [this] {
        auto* dialog = new SearchDialog(m_document, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    search->setObjectName(QStringLiteral("searchStrategies"));
    search->setStatusTip(tr("Search parallel strategies for this hardware and apply one"));
    QAction* sensitivity = tools->addAction(tr("Se&nsitivity…"), this, [this] {
        auto* dialog = new SensitivityDialog(m_document, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
        dialog->start();
    });
    sensitivity->setObjectName(QStringLiteral("sensitivity"));
    sensitivity->setStatusTip(tr("What ±10% of each hardware and facility input changes"));
    QAction* sizing = tools->addAction(tr("Si&ze Hardware…"), this, [this] {
        auto* dialog = new SizingDialog(m_document, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &SizingDialog::openDesignRequested, this, &MainWindow::openGeneratedDesign);
        dialog->show();
    });
    sizing->setObjectName(QStringLiteral("sizeHardware"));
    sizing->setStatusTip(tr("Find the clusters that meet a training deadline or a serving load"));
    QAction* calibrate = tools->addAction(tr("&Calibrate…"), this, [this] {
        auto* dialog = new CalibrationDialog(m_document, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &CalibrationDialog::userCatalogChanged, this,
                &MainWindow::reloadUserCatalog);
        dialog->show();
    });
    calibrate->setObjectName(QStringLiteral("calibrate"));
    calibrate->setStatusTip(tr("Fit the accelerator's and links' efficiencies to measured runs"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide = help->addAction(tr("&User Guide"), this, &MainWindow::showUserGuide);
    guide->setShortcut(QKeySequence::HelpContents);
    help->addSeparator();
    help->addAction(tr("&About Infraplan"), this, &MainWindow::showAbout);
}

void MainWindow::createToolBars() {
    Actions& a = m_actions;
    m_toolBar = addToolBar(tr("Main"));
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setIconSize(QSize(20, 20));
    m_toolBar->setMovable(false);
    m_toolBar->addActions({a.newDesign, a.open, a.save});
    m_toolBar->addSeparator();
    m_toolBar->addActions({a.undo, a.redo});
    m_toolBar->addSeparator();
    m_toolBar->addActions({a.selectTool, a.connectTool});
    m_linkType = new QComboBox(this);
    m_linkType->setAccessibleName(tr("Link type for new links"));
    m_linkType->setToolTip(tr("Link type the link tool draws"));
    m_linkType->addItem(tr("Link type: automatic"), QString());
    for (const auto& [id, link] : m_catalog->links())
        m_linkType->addItem(QString::fromStdString(link.name.empty() ? id : link.name),
                            QString::fromStdString(id));
    m_linkType->setMinimumContentsLength(18);
    m_linkType->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    connect(m_linkType, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_scene->setLinkRef(m_linkType->itemData(index).toString().toStdString());
    });
    m_toolBar->addWidget(m_linkType);
    m_toolBar->addSeparator();
    m_toolBar->addActions({a.group, a.remove});
    m_toolBar->addSeparator();
    m_toolBar->addActions({a.zoomOut, a.zoomIn, a.fit});
    m_toolBar->addSeparator();
    m_toolBar->addActions({a.evaluate, a.compare});
}

void MainWindow::updateActions() {
    const bool hasSelection =
        !m_scene->selectedIds().isEmpty() || !m_scene->selectedLinks().empty();
    const bool hasItems = !m_scene->selectedIds().isEmpty();
    m_actions.cut->setEnabled(hasItems);
    m_actions.copy->setEnabled(hasItems);
    m_actions.duplicate->setEnabled(hasItems);
    m_actions.remove->setEnabled(hasSelection);
    m_actions.group->setEnabled(hasItems);
    m_actions.ungroup->setEnabled(hasItems);
}

}  // namespace infraplan::ui
