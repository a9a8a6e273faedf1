#pragma once
// The workload: training or inference, the model (picked from the catalog), precision,
// sequence length, batch and token budget; for inference the traffic, the SLO and the
// simulated request stream (how many requests, which random seed).

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QSpinBox;

namespace infraplan::ui {

class DesignDocument;

class WorkloadPanel : public QWidget {
    Q_OBJECT
public:
    explicit WorkloadPanel(DesignDocument* document, QWidget* parent = nullptr);
    QComboBox* modelPicker() const { return m_model; }
    QSpinBox* requests() const { return m_requests; }
    QDoubleSpinBox* seed() const { return m_seed; }

private:
    void fillModels();
    void refresh();
    void addRequestStream(class QFormLayout* form);
    template <class F>
    void edit(const QString& text, F change);

    DesignDocument* m_document;
    QComboBox* m_mode;
    QComboBox* m_model;
    QLabel* m_modelInfo;
    QComboBox* m_precision;
    QSpinBox* m_seqLen;
    QSpinBox* m_globalBatch;
    QDoubleSpinBox* m_trainTokens;
    QGroupBox* m_training;
    QGroupBox* m_inference;
    QComboBox* m_kvPrecision;
    QComboBox* m_traffic;
    QSpinBox* m_batchSize;
    QDoubleSpinBox* m_rate;
    QSpinBox* m_prompt;
    QSpinBox* m_output;
    QDoubleSpinBox* m_ttft;
    QDoubleSpinBox* m_tpot;
    QSpinBox* m_requests;
    QDoubleSpinBox* m_seed;
};

}  // namespace infraplan::ui
