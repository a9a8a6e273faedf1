#include "ui/mainwindow/mainwindow.h"

#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include "catalog/catalog.h"
#include "ui/app/sessioncatalog.h"
#include "ui/app/specsummary.h"
#include "ui/canvas/designscene.h"
#include "ui/canvas/designview.h"
#include "ui/canvas/linkload.h"
#include "ui/dashboard/dashboardwidget.h"
#include "ui/dashboard/metrics.h"
#include "ui/document/designdocument.h"
#include "ui/document/recoverystore.h"
#include "ui/evaluation/evaluator.h"
#include "ui/help/about.h"
#include "ui/help/userguide.h"
#include "ui/inspector/inspectorwidget.h"
#include "ui/mainwindow/fieldundorouter.h"
#include "ui/palette/palettewidget.h"
#include "ui/panels/facilitypanel.h"
#include "ui/panels/strategypanel.h"
#include "ui/panels/workloadpanel.h"
#include "ui/plan/strategyhint.h"

namespace infraplan::ui {
namespace {
constexpr int kAutosaveMs = 60 * 1000;
}

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_catalog(sessionCatalog())
    , m_document(new DesignDocument(m_catalog, this))
    , m_recovery(std::make_unique<RecoveryStore>()) {
    setObjectName(QStringLiteral("mainWindow"));
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    createCentral();
    createActions();
    createMenus();
    createToolBars();
    createDocks();
    createStatusBar();
    new FieldUndoRouter(this, m_document->undoStack());
    m_evaluator = new Evaluator(m_document, this);
    connect(m_evaluator, &Evaluator::evaluated, this, &MainWindow::showEvaluation);
    m_dashboard->addNotice(new StrategyHint(m_document, m_evaluator, m_dashboard));
    connect(m_evaluator, &Evaluator::busyChanged, this, [this](bool busy) {
        m_dashboard->setBusy(busy);
        // Only a slow evaluation shows the bar, so quick edits do not flicker.
        if (!busy) {
            m_busy->hide();
            m_cancel->hide();
        } else {
            QTimer::singleShot(400, this, [this] {
                const bool stillBusy = m_evaluator->isBusy();
                m_busy->setVisible(stillBusy);
                m_cancel->setVisible(stillBusy);
            });
        }
    });
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_document, &DesignDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_document, &DesignDocument::sectionChanged, this, &MainWindow::updateTitle);
    connect(m_document, &DesignDocument::designReset, this,
            [this] { QTimer::singleShot(0, m_view, &DesignView::fitAll); });
    m_autosaveTimer = new QTimer(this);
    m_autosaveTimer->setInterval(kAutosaveMs);
    connect(m_autosaveTimer, &QTimer::timeout, this, &MainWindow::autosave);
    m_autosaveTimer->start();
    readSettings();
    updateTitle();
    updateActions();
}

MainWindow::~MainWindow() {
    m_document->undoStack()->disconnect(this);
    m_document->disconnect(this);
}

void MainWindow::createCentral() {
    m_scene = new DesignScene(m_document, this);
    m_view = new DesignView(m_scene, this);
    setCentralWidget(m_view);
    connect(m_scene, &DesignScene::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 6000); });
}

void MainWindow::createDocks() {
    auto addDock = [this](QWidget* widget, const QString& title, const QString& name,
                          Qt::DockWidgetArea area, bool scroll) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(name);
        if (scroll) {
            auto* area = new QScrollArea(dock);
            area->setWidgetResizable(true);
            area->setFrameShape(QFrame::NoFrame);
            area->setWidget(widget);
            dock->setWidget(area);
        } else {
            dock->setWidget(widget);
        }
        addDockWidget(area, dock);
        m_viewMenu->addAction(dock->toggleViewAction());
        return dock;
    };
    m_palette = new PaletteWidget(*m_catalog, this);
    connect(m_palette, &PaletteWidget::linkTypeChosen, this, [this](const QString& ref) {
        m_linkType->setCurrentIndex(m_linkType->findData(ref));
        m_actions.connectTool->trigger();
    });
    QDockWidget* palette = addDock(m_palette, tr("Parts"), QStringLiteral("paletteDock"),
                                   Qt::LeftDockWidgetArea, false);

    m_inspector = new InspectorWidget(m_document, this);
    connect(m_scene, &DesignScene::selectionIdsChanged, this, [this] {
        m_inspector->setSelection(m_scene->selectedIds(), m_scene->selectedLinks());
        updateActions();
    });
    QDockWidget* inspector = addDock(m_inspector, tr("Inspector"), QStringLiteral("inspectorDock"),
                                     Qt::RightDockWidgetArea, false);
    m_workload = new WorkloadPanel(m_document, this);
    QDockWidget* workload = addDock(m_workload, tr("Workload"), QStringLiteral("workloadDock"),
                                    Qt::RightDockWidgetArea, true);
    m_strategy = new StrategyPanel(m_document, this);
    QDockWidget* strategy = addDock(m_strategy, tr("Strategy"), QStringLiteral("strategyDock"),
                                    Qt::RightDockWidgetArea, true);
    QDockWidget* facility = addDock(new FacilityPanel(m_document, this), tr("Facility and Cost"),
                                    QStringLiteral("facilityDock"), Qt::RightDockWidgetArea, true);
    tabifyDockWidget(inspector, workload);
    tabifyDockWidget(workload, strategy);
    tabifyDockWidget(strategy, facility);
    inspector->raise();

    m_dashboard = new DashboardWidget(this);
    connect(m_dashboard, &DashboardWidget::itemActivated, m_view, &DesignView::revealItem);
    QDockWidget* results = addDock(m_dashboard, tr("Results"), QStringLiteral("resultsDock"),
                                   Qt::BottomDockWidgetArea, false);
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    resizeDocks({palette, inspector}, {270, 360}, Qt::Horizontal);
    resizeDocks({results}, {320}, Qt::Vertical);
}

void MainWindow::createStatusBar() {
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setMaximumHeight(14);
    m_busy->setAccessibleName(tr("Evaluating"));
    m_busy->hide();
    m_cancel = new QToolButton(this);
    m_cancel->setObjectName(QStringLiteral("cancelEvaluation"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setAutoRaise(true);
    m_cancel->hide();
    connect(m_cancel, &QToolButton::clicked, this, [this] { m_evaluator->cancel(); });
    m_metricsLabel = new QLabel(this);
    m_metricsLabel->setObjectName(QStringLiteral("metricsLabel"));
    m_metricsLabel->setAccessibleName(tr("Headline metrics"));
    m_zoomLabel = new QLabel(QStringLiteral("100 %"), this);
    m_zoomLabel->setMinimumWidth(50);
    m_zoomLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    connect(m_view, &DesignView::zoomChanged, this, [this](qreal zoom) {
        m_zoomLabel->setText(QStringLiteral("%1 %").arg(qRound(zoom * 100)));
    });
    statusBar()->addPermanentWidget(m_busy);
    statusBar()->addPermanentWidget(m_cancel);
    statusBar()->addPermanentWidget(m_metricsLabel);
    statusBar()->addPermanentWidget(m_zoomLabel);
    statusBar()->showMessage(
        tr("Drag parts from the palette onto the canvas; press L to draw links."), 8000);
}

void MainWindow::showEvaluation(const Evaluation& evaluation) {
    const WorkloadMode mode = m_document->design().workload.mode;
    m_dashboard->showEvaluation(evaluation, mode);
    const QString binding = bindingBottleneckItem(evaluation.results.bottlenecks);
    m_scene->setBottleneck(
        binding, binding.isEmpty() ? QString()
                                   : bottleneckExplanation(evaluation.results.bottlenecks.front()));
    const QHash<QString, LinkLoad> loads = linkLoads(evaluation.json);
    m_scene->setLinkLoads(loads);
    m_inspector->setLinkLoads(loads);
    // Status bar: the first few headline metrics that exist for this mode.
    QStringList parts;
    if (!evaluation.results.feasible) parts << tr("not feasible");
    for (const Metric& m : headlineMetrics()) {
        if (!m.appliesTo(mode)) continue;
        if (const auto v = m.valueIn(evaluation.json))
            parts << QStringLiteral("%1 %2").arg(m.title(), *v);
        if (parts.size() >= 4) break;
    }
    m_metricsLabel->setText(parts.join(QStringLiteral("   ·   ")));
    if (!m_pendingScreenshot.isEmpty()) {
        const QString file = m_pendingScreenshot;
        m_pendingScreenshot.clear();
        QTimer::singleShot(300, this, [this, file] { captureScreenshot(file); });
    }
}

void MainWindow::captureScreenshot(const QString& file) {
    const bool ok = grab().save(file);
    if (!ok) qWarning("infraplan: cannot write the screenshot %s", qPrintable(file));
    QApplication::exit(ok ? 0 : 1);
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
    if (!restoreGeometry(settings.value("mainWindow/geometry").toByteArray())) {
        // 1600x1000 where it fits; on a smaller screen (a 1280x800 laptop) the whole screen.
        const QScreen* where = screen() ? screen() : QGuiApplication::primaryScreen();
        const QSize room = where ? where->availableGeometry().size() : QSize(1600, 1000);
        resize(QSize(1600, 1000).boundedTo(room));
    }
    restoreState(settings.value("mainWindow/state").toByteArray());
}

void MainWindow::writeSettings() {
    QSettings settings;
    settings.setValue("mainWindow/geometry", saveGeometry());
    settings.setValue("mainWindow/state", saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    m_recovery->clear();  // a clean exit leaves nothing to recover
    event->accept();
}

// Non-modal, one at a time: the guide stays open beside the design.
void MainWindow::showUserGuide() {
    auto* guide = findChild<UserGuideDialog*>();
    if (!guide) {
        guide = new UserGuideDialog(userGuideDocuments(QApplication::applicationDirPath()), this);
        guide->setAttribute(Qt::WA_DeleteOnClose);
    }
    guide->show();
    guide->raise();
    guide->activateWindow();
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About Infraplan"), aboutText());
}

}  // namespace infraplan::ui
