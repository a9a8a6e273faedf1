#pragma once
// A planning computation (search, sensitivity, sizing, calibration) off the GUI thread that
// can be cancelled. The run's cancel token is shared with its thread, so a cancelled run
// still winding down after a new one started keeps a live token; destroying the job cancels
// the run and waits for it, so no thread outlives the dialog that started it.

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>
#include <memory>
#include <utility>

#include "core/common/cancel.h"

namespace infraplan::ui {

// The part of a job that does not depend on its result type.
class PlanningJobBase : public QObject {
    Q_OBJECT
public:
    // Asks the running computation to stop; it ends soon after with what it has.
    void cancel();

Q_SIGNALS:
    // A run ended (cancelled or not): its result is ready.
    void finished();

protected:
    PlanningJobBase() = default;
    // A fresh token for the next run; the previous one stays alive with its thread.
    std::shared_ptr<CancelToken> renewToken();

private:
    std::shared_ptr<CancelToken> m_token;
};

template <typename Result>
class PlanningJob : public PlanningJobBase {
public:
    PlanningJob() {
        connect(&m_watcher, &QFutureWatcher<Result>::finished, this, &PlanningJobBase::finished);
    }
    ~PlanningJob() override {
        cancel();
        m_watcher.waitForFinished();
    }
    PlanningJob(const PlanningJob&) = delete;
    PlanningJob& operator=(const PlanningJob&) = delete;

    // Runs `work(const CancelToken*)` on the thread pool. `work` must own (capture by value)
    // everything it reads: the design, the catalog, the options.
    template <typename Work>
    void start(Work work) {
        m_watcher.setFuture(QtConcurrent::run(
            [work = std::move(work), token = renewToken()] { return work(token.get()); }));
    }
    bool isRunning() const { return m_watcher.isRunning(); }
    // The result of the run that finished.
    Result result() const { return m_watcher.result(); }

private:
    QFutureWatcher<Result> m_watcher;
};

}  // namespace infraplan::ui
