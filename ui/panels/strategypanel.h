#pragma once
// The parallelism strategy: TP, PP, DP (or auto), CP and EP restricted to values the model and
// the device count allow, ZeRO stage, micro-batch, schedule, recompute and overlaps; for
// inference designs the replicas, batch limit and scheduler. Every change is one undo step.

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QGroupBox;

namespace infraplan::ui {

class DesignDocument;

class StrategyPanel : public QWidget {
    Q_OBJECT
public:
    explicit StrategyPanel(DesignDocument* document, QWidget* parent = nullptr);
    QComboBox* tensorParallel() const { return m_tp; }
    QComboBox* pipelineParallel() const { return m_pp; }

private:
    void refresh();
    void fillChoices();
    template <class F>
    void edit(const QString& text, F change);

    DesignDocument* m_document;
    QComboBox* m_tp;
    QComboBox* m_pp;
    QComboBox* m_dp;
    QComboBox* m_cp;
    QComboBox* m_ep;
    QComboBox* m_zero;
    QSpinBox* m_microbatch;
    QSpinBox* m_interleave;
    QComboBox* m_schedule;
    QComboBox* m_recompute;
    QCheckBox* m_sequenceParallel;
    QCheckBox* m_overlapDp;
    QCheckBox* m_overlapTp;
    QCheckBox* m_flash;
    QGroupBox* m_training;
    QGroupBox* m_inference;
    QSpinBox* m_replicas;
    QSpinBox* m_maxBatch;
    QComboBox* m_scheduler;
    QLabel* m_summary;
};

}  // namespace infraplan::ui
