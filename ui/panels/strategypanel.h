#pragma once
// The parallelism strategy: TP, PP, DP (or auto), CP and EP restricted to values the model and
// the device count allow, ZeRO stage, micro-batch, schedule, recompute, overlaps and the training
// framework whose memory the engine models; for
// inference designs the replicas, batch limit and scheduler, and the serving runtime
// (servingruntimebox.h). Fields that do not apply to the workload's mode are hidden. Every
// change is one undo step.

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
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
    QComboBox* overlapTpScope() const { return m_overlapTpScope; }
    QDoubleSpinBox* moeImbalance() const { return m_moeImbalance; }
    QComboBox* framework() const { return m_framework; }
    class ServingRuntimeBox* servingRuntime() const {
        return m_runtime;
    }

private:
    void refresh();
    void fillChoices();
    void addTrainingOptions(QFormLayout* form);
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
    QComboBox* m_overlapTpScope;
    QDoubleSpinBox* m_moeImbalance;
    QComboBox* m_framework;
    QFormLayout* m_trainingForm;
    QGroupBox* m_training;
    QGroupBox* m_inference;
    QSpinBox* m_replicas;
    QSpinBox* m_maxBatch;
    QComboBox* m_scheduler;
    class ServingRuntimeBox* m_runtime;
    QLabel* m_summary;
};

}  // namespace infraplan::ui
