#include "ui/document/backgroundload.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>

#include "catalog/json_limits.h"

namespace infraplan::ui {
namespace {

QString stepText(LoadStep step) {
    switch (step) {
        case LoadStep::reading:
            return QProgressDialog::tr("Reading the file…");
        case LoadStep::parsing:
            return QProgressDialog::tr("Parsing the design…");
        case LoadStep::checking:
            return QProgressDialog::tr("Checking it against the catalog…");
    }
    return {};
}

}  // namespace

DesignLoader::DesignLoader(QWidget* parent) : m_parent(parent) {}

DesignLoader::~DesignLoader() = default;

std::optional<DesignLoad> DesignLoader::load(const QString& path,
                                             std::shared_ptr<const catalog::Catalog> local) {
    const std::string file = QFile::encodeName(path).toStdString();
    const qint64 bytes = QFileInfo(path).size();
    if (bytes <= kBackgroundLoadBytes) return loadDesignForEvaluation(file, *local);

    // The worker only stores the step it is on; a timer here shows it. Nothing it touches
    // belongs to the GUI, so a cancelled load can finish after this has returned.
    auto step = std::make_shared<std::atomic<int>>(-1);
    DesignLoadOptions options;
    options.on_step = [step](LoadStep s) { step->store(int(s)); };
    QFuture<DesignLoad> future = QtConcurrent::run(
        [file, local, options] { return loadDesignForEvaluation(file, *local, options); });

    m_dialog = std::make_unique<QProgressDialog>(
        QProgressDialog::tr("Opening %1 (%2)…")
            .arg(QFileInfo(path).fileName(),
                 QString::fromStdString(formatBytes(std::uintmax_t(bytes)))),
        QProgressDialog::tr("Cancel"), 0, 4, m_parent);
    QProgressDialog& dialog = *m_dialog;
    dialog.setObjectName(QStringLiteral("loadProgress"));
    dialog.setWindowTitle(QProgressDialog::tr("Opening Design"));
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(0);
    dialog.setAutoReset(false);
    dialog.setAutoClose(false);
    dialog.setValue(0);

    QEventLoop loop;
    QFutureWatcher<DesignLoad> watcher;
    QObject::connect(&watcher, &QFutureWatcher<DesignLoad>::finished, &loop, &QEventLoop::quit);
    QObject::connect(&dialog, &QProgressDialog::canceled, &loop, &QEventLoop::quit);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &dialog, [&] {
        const int now = step->load();
        if (now < 0 || now == dialog.value()) return;
        dialog.setValue(now);
        dialog.setLabelText(stepText(LoadStep(now)));
    });
    poll.start(50);
    watcher.setFuture(future);
    if (!future.isFinished()) loop.exec();
    if (!future.isFinished()) {  // cancelled
        close();
        return std::nullopt;
    }
    return future.takeResult();
}

void DesignLoader::finishing(const QString& text) {
    if (!m_dialog) return;
    m_dialog->setValue(m_dialog->maximum() - 1);
    m_dialog->setLabelText(text);
    m_dialog->setCancelButton(nullptr);  // the load is done; what follows cannot be cancelled
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);  // paint it
}

void DesignLoader::close() {
    m_dialog.reset();
}

}  // namespace infraplan::ui
