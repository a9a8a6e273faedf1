#include "ui/evaluation/evaluator.h"

#include <QtConcurrent/QtConcurrentRun>
#include <chrono>
#include <exception>

#include "core/design/resolve.h"
#include "core/evaluate/evaluate.h"
#include "core/results/results_json.h"
#include "ui/document/designdocument.h"

namespace infraplan::ui {
namespace {

Evaluation run(quint64 generation, const Design& design, const catalog::Catalog& catalog,
               const CancelToken* token, std::shared_ptr<const PreparedDesign> prepared) {
    const auto start = std::chrono::steady_clock::now();
    Evaluation e;
    e.generation = generation;
    try {
        EvaluateOptions options;
        options.cancel = token;
        e.results = evaluate(design, catalog, options, prepared);
        e.prepared = std::move(prepared);
        if (e.results.cancelled) return e;  // nobody will look at it
        const DeviceSummary devices = summarizeDevices(design, catalog);
        const DevicePool* pool = devices.primary();
        if (pool && pool->accelerator) e.device = *pool->accelerator;
        e.precision = design.workload.precision;
    } catch (const std::exception& error) {
        // evaluate() promises not to throw; if it ever does, say so instead of dying.
        e.results = Results{};
        e.results.feasible = false;
        e.results.reasons.push_back(std::string("internal error in the engine: ") + error.what());
    }
    e.json = resultsToJson(e.results);
    e.elapsed_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return e;
}

}  // namespace

Evaluator::Evaluator(DesignDocument* document, QObject* parent)
    : QObject(parent), m_document(document) {
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &Evaluator::launch);
    connect(&m_watcher, &QFutureWatcher<Evaluation>::finished, this, &Evaluator::finished);
    connect(document, &DesignDocument::contentChanged, this, &Evaluator::schedule);
    connect(document, &DesignDocument::designReset, this, &Evaluator::evaluateNow);
}

Evaluator::~Evaluator() {
    m_debounce.stop();
    if (m_token) m_token->cancel();  // nobody will see its result: stop it soon
    m_watcher.waitForFinished();     // the job holds its own snapshot; no thread outlives us
}

void Evaluator::schedule() {
    const bool wasBusy = isBusy();  // before this edit counts as waiting
    ++m_requested;
    m_debounce.start();
    if (!wasBusy) {
        // Leading edge: an edit after a pause is evaluated at once; the quiet period started
        // above gathers the rest of a burst into one more evaluation, for its last edit.
        Q_EMIT busyChanged(true);
        launch();
    } else if (m_watcher.isRunning() && m_token) {
        m_token->cancel();  // within a burst the running job is stale already
    }
}

void Evaluator::evaluateNow() {
    ++m_requested;
    m_debounce.stop();
    Q_EMIT busyChanged(true);
    launch();
}

void Evaluator::cancel() {
    m_cancelled = m_requested;
    if (m_watcher.isRunning() && m_token) m_token->cancel();
    m_debounce.stop();
    m_pending = false;
    Q_EMIT busyChanged(false);
}

void Evaluator::launch() {
    if (m_launched == m_requested) {  // this edit is evaluated or being evaluated already
        if (!isBusy()) Q_EMIT busyChanged(false);
        return;
    }
    if (m_watcher.isRunning()) {
        // The running job answers an older edit: stop it, and run the newest when it returns.
        if (m_token) m_token->cancel();
        m_pending = true;
        return;
    }
    const quint64 generation = m_requested;
    m_launched = generation;
    const catalog::Catalog* catalog = &m_document->catalog();
    m_token = std::make_shared<CancelToken>();
    // An edit that left the hardware alone reuses the last expansion of it (evaluate() checks
    // that the preparation matches the design, and prepares afresh when it does not).
    const Design& design = m_document->design();
    m_watcher.setFuture(
        QtConcurrent::run([generation, catalog, token = m_token, design, reuse = m_prepared] {
            return run(generation, design, *catalog, token.get(), reuse);
        }));
}

void Evaluator::finished() {
    Evaluation e = m_watcher.result();
    if (e.prepared) m_prepared = e.prepared;  // valid whether or not its results are wanted
    const bool wanted = m_requested > m_cancelled;
    const bool current = wanted && e.generation == m_requested && !e.results.cancelled;
    if (current) {
        m_latest = std::move(e);
        Q_EMIT evaluated(*m_latest);
    }
    // A newer edit arrived while this ran: evaluate it now, unless the debounce will.
    if ((m_pending || (wanted && !current)) && !m_debounce.isActive()) {
        m_pending = false;
        launch();
        return;
    }
    m_pending = false;
    if (!isBusy()) Q_EMIT busyChanged(false);
}

}  // namespace infraplan::ui
