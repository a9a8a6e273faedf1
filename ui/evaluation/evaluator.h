#pragma once
// Live evaluation. An edit after a pause is evaluated at once; edits that follow within 150 ms
// (a burst) are debounced into one evaluation of the last. A snapshot of the design is
// evaluated off the GUI thread with QtConcurrent, one job at a time; the result of the latest
// edit is shown and results of designs edited since are dropped. The engine is core's evaluate(),
// run under a CancelToken: Cancel (and a newer edit, which makes the running job stale) stops it
// early, and a cancelled job's results are never shown.

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QTimer>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "catalog/entries.h"
#include "core/common/cancel.h"
#include "core/evaluate/evaluate.h"
#include "core/results/results.h"

namespace infraplan::ui {

class DesignDocument;

struct Evaluation {
    quint64 generation = 0;  // which edit it answers
    Results results;
    nlohmann::json json;    // the results contract (docs/results.md): what the dashboard reads
    double elapsed_ms = 0;  // engine time, off the GUI thread
    // The accelerator the engines modelled (the design's primary pool): the roofline's roofs.
    std::optional<catalog::Accelerator> device;
    catalog::Precision precision = catalog::Precision::bf16;  // the workload's
    // The hardware's expansion, reused by the next evaluation if its hardware is the same.
    std::shared_ptr<const PreparedDesign> prepared;
};

class Evaluator : public QObject {
    Q_OBJECT
public:
    explicit Evaluator(DesignDocument* document, QObject* parent = nullptr);
    ~Evaluator() override;

    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }
    const std::optional<Evaluation>& latest() const { return m_latest; }
    // A job runs, or an edit waits for the end of its burst.
    bool isBusy() const {
        return m_watcher.isRunning() || (m_debounce.isActive() && m_launched != m_requested);
    }
    quint64 requested() const { return m_requested; }
    // Evaluates now, skipping the debounce.
    void evaluateNow();
    // Stops the running job (its token) and drops its result; pending edits are forgotten.
    void cancel();
    // The running job's token (null when idle): what Cancel sets.
    const CancelToken* runningToken() const {
        return m_watcher.isRunning() ? m_token.get() : nullptr;
    }

Q_SIGNALS:
    void busyChanged(bool busy);
    void evaluated(const infraplan::ui::Evaluation& evaluation);

private:
    void schedule();
    void launch();
    void finished();

    DesignDocument* m_document;
    QTimer m_debounce;
    QFutureWatcher<Evaluation> m_watcher;
    quint64 m_requested = 0;
    quint64 m_cancelled = 0;
    quint64 m_launched = 0;  // the edit the latest job answers
    bool m_pending = false;
    std::shared_ptr<CancelToken> m_token;              // the running job's; shared with its thread
    std::shared_ptr<const PreparedDesign> m_prepared;  // the latest hardware expansion
    std::optional<Evaluation> m_latest;
};

}  // namespace infraplan::ui
