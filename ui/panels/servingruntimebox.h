#pragma once
// The serving runtime of an inference design (part of the strategy panel): decode-attention
// kernels, near-memory attention, speculative decoding, the per-iteration token budget, the
// memory share the runtime may use and the KV-cache block size. Every change is one undo step.

#include <QGroupBox>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace infraplan {
struct Strategy;
}

namespace infraplan::ui {

class DesignDocument;

class ServingRuntimeBox : public QGroupBox {
    Q_OBJECT
public:
    explicit ServingRuntimeBox(DesignDocument* document, QWidget* parent = nullptr);
    void refresh();

    QComboBox* runtime() const { return m_runtime; }
    QComboBox* decodeAttention() const { return m_decodeAttention; }
    QComboBox* nearMemory() const { return m_nearMemory; }
    QComboBox* draftModel() const { return m_draftModel; }
    QSpinBox* draftTokens() const { return m_draftTokens; }
    QDoubleSpinBox* acceptanceRate() const { return m_acceptance; }
    QSpinBox* maxStepTokens() const { return m_maxStepTokens; }
    QDoubleSpinBox* memoryUtilization() const { return m_memoryUtilization; }
    QSpinBox* kvBlockTokens() const { return m_kvBlock; }

private:
    template <class F>
    void edit(const QString& text, F change);
    void addSpeculativeFields(class QFormLayout* form);
    void fillMemoryItems();

    DesignDocument* m_document;
    QComboBox* m_runtime;
    QComboBox* m_decodeAttention;
    QComboBox* m_nearMemory;
    QComboBox* m_draftModel;
    QSpinBox* m_draftTokens;
    QDoubleSpinBox* m_acceptance;
    QSpinBox* m_maxStepTokens;
    QDoubleSpinBox* m_memoryUtilization;
    QSpinBox* m_kvBlock;
};

}  // namespace infraplan::ui
