#include "ui/mainwindow/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>

#include "catalog/catalog.h"
#include "ui/document/designdocument.h"
#include "ui/mainwindow/recentfiles.h"
#include "ui/widgets/diagnosticsdialog.h"

namespace infraplan::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_catalog(&catalog::builtinCatalog())
    , m_document(new DesignDocument(*m_catalog, this)) {
    setObjectName(QStringLiteral("mainWindow"));
    auto* canvas = new QLabel(tr("Canvas"), this);
    canvas->setAlignment(Qt::AlignCenter);
    setCentralWidget(canvas);
    createActions();
    createMenus();
    createToolBar();
    createDocks();
    createStatusBar();
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_document, &DesignDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_document, &DesignDocument::sectionChanged, this, &MainWindow::updateTitle);
    readSettings();
    updateTitle();
}

MainWindow::~MainWindow() {
    m_document->undoStack()->disconnect(this);
    m_document->disconnect(this);
}

void MainWindow::start(const LaunchOptions& options) {
    if (!options.design.isEmpty()) openFile(options.design);
    show();
    if (!options.screenshot.isEmpty()) {
        const QString file = options.screenshot;
        QTimer::singleShot(1500, this, [this, file] {
            const bool ok = grab().save(file);
            QApplication::exit(ok ? 0 : 1);
        });
    }
}

void MainWindow::createActions() {
    m_newAction = new QAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New"), this);
    m_newAction->setShortcut(QKeySequence::New);
    m_newAction->setStatusTip(tr("Start an empty design"));
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newDesign);

    m_openAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open a design file"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDialog);

    m_saveAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save"), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAction->setStatusTip(tr("Save the design"));
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);

    m_saveAsAction = new QAction(tr("Save &As…"), this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_undoAction = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redoAction->setShortcut(QKeySequence::Redo);
}

void MainWindow::createMenus() {
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->addAction(m_newAction);
    m_fileMenu->addAction(m_openAction);
    m_recentMenu = m_fileMenu->addMenu(tr("Open &Recent"));
    m_recent = new RecentFiles(m_recentMenu, this);
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString& path) {
        if (maybeSave()) openFile(path);
    });
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_saveAction);
    m_fileMenu->addAction(m_saveAsAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    m_editMenu = menuBar()->addMenu(tr("&Edit"));
    m_editMenu->addAction(m_undoAction);
    m_editMenu->addAction(m_redoAction);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Infraplan"), this, &MainWindow::showAbout);
}

void MainWindow::createToolBar() {
    m_toolBar = addToolBar(tr("Main"));
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->addAction(m_newAction);
    m_toolBar->addAction(m_openAction);
    m_toolBar->addAction(m_saveAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_undoAction);
    m_toolBar->addAction(m_redoAction);
}

void MainWindow::createDocks() {
    auto addDock = [this](const QString& title, const QString& name, Qt::DockWidgetArea area) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(name);
        dock->setWidget(new QLabel(title, dock));
        addDockWidget(area, dock);
        m_viewMenu->addAction(dock->toggleViewAction());
        return dock;
    };
    addDock(tr("Parts"), QStringLiteral("paletteDock"), Qt::LeftDockWidgetArea);
    addDock(tr("Inspector"), QStringLiteral("inspectorDock"), Qt::RightDockWidgetArea);
    addDock(tr("Results"), QStringLiteral("resultsDock"), Qt::BottomDockWidgetArea);
}

void MainWindow::createStatusBar() {
    m_metricsLabel = new QLabel(this);
    m_metricsLabel->setObjectName(QStringLiteral("metricsLabel"));
    statusBar()->addPermanentWidget(m_metricsLabel);
    statusBar()->showMessage(tr("Ready"), 3000);
}

void MainWindow::updateTitle() {
    const std::string& name = m_document->design().name;
    QString title = m_document->displayName() + QStringLiteral("[*]");
    if (!name.empty()) title = QString::fromStdString(name) + QStringLiteral(" — ") + title;
    setWindowTitle(title);
    setWindowModified(m_document->isModified());
}

void MainWindow::readSettings() {
    QSettings settings;
    if (!restoreGeometry(settings.value("mainWindow/geometry").toByteArray())) resize(1440, 900);
    restoreState(settings.value("mainWindow/state").toByteArray());
}

void MainWindow::writeSettings() {
    QSettings settings;
    settings.setValue("mainWindow/geometry", saveGeometry());
    settings.setValue("mainWindow/state", saveState());
}

void MainWindow::newDesign() {
    if (!maybeSave()) return;
    Design design;
    design.name = tr("New design").toStdString();
    m_document->newDesign(std::move(design));
}

void MainWindow::openDialog() {
    if (!maybeSave()) return;
    const QString dir = m_document->filePath().isEmpty()
                            ? QString()
                            : QFileInfo(m_document->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Design"), dir, tr("Infraplan designs (*.json);;All files (*)"));
    if (!path.isEmpty()) openFile(path);
}

bool MainWindow::openFile(const QString& path) {
    Diagnostics diagnostics;
    if (!m_document->open(path, diagnostics)) {
        DiagnosticsDialog dialog(
            tr("Cannot Open Design"),
            tr("<b>%1</b> could not be opened: %n problem(s) found. Nothing was changed.", nullptr,
               int(diagnostics.errorCount()))
                .arg(QFileInfo(path).fileName().toHtmlEscaped()),
            diagnostics, this);
        dialog.exec();
        return false;
    }
    m_recent->add(path);
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 4000);
    if (!diagnostics.items.empty()) {
        DiagnosticsDialog dialog(tr("Design Opened With Warnings"),
                                 tr("The design was opened; please review these notes."),
                                 diagnostics, this);
        dialog.exec();
    }
    return true;
}

bool MainWindow::saveFile(const QString& path) {
    QString error;
    if (!m_document->save(path, &error)) {
        QMessageBox::warning(this, tr("Cannot Save Design"),
                             tr("Cannot write %1:\n%2").arg(QDir::toNativeSeparators(path), error));
        return false;
    }
    m_recent->add(path);
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 4000);
    return true;
}

bool MainWindow::save() {
    return m_document->filePath().isEmpty() ? saveAs() : saveFile(m_document->filePath());
}

bool MainWindow::saveAs() {
    QString suggestion = m_document->filePath();
    if (suggestion.isEmpty()) suggestion = QStringLiteral("design.json");
    QString path = QFileDialog::getSaveFileName(this, tr("Save Design As"), suggestion,
                                                tr("Infraplan designs (*.json)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    return saveFile(path);
}

bool MainWindow::maybeSave() {
    if (!m_document->isModified()) return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved Changes"),
        tr("“%1” has unsaved changes. Save them before closing?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    event->accept();
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About Infraplan"),
                       tr("<h3>Infraplan %1</h3><p>A desktop planner for AI infrastructure: lay "
                          "out accelerators, memory and networks, pick a workload and a "
                          "parallelism strategy, and see step time, bottlenecks, power and "
                          "cost.</p>")
                           .arg(QApplication::applicationVersion()));
}

}  // namespace infraplan::ui
