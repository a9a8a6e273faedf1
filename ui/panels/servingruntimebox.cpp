#include "ui/panels/servingruntimebox.h"

#include <QFormLayout>
#include <QSignalBlocker>

#include "ui/document/designdocument.h"
#include "ui/panels/formfields.h"

namespace infraplan::ui {

ServingRuntimeBox::ServingRuntimeBox(DesignDocument* document, QWidget* parent)
    : QGroupBox(tr("Serving runtime"), parent), m_document(document) {
    setObjectName(QStringLiteral("servingRuntime"));
    auto* form = new QFormLayout(this);
    m_runtime = choiceField(
        this,
        {{tr("Generic (hardware only)"), "generic"},
         {tr("TensorRT-LLM"), "trt-llm"},
         {tr("vLLM"), "vllm"},
         {tr("SGLang"), "sglang"},
         {tr("vLLM on ROCm"), "vllm-rocm"},
         {tr("TensorRT-LLM engine (0.x)"), "trt-llm-engine"}},
        [this](const QString& v) {
            edit(tr("Set serving runtime to %1").arg(v), [&](Strategy& s) {
                s.runtime = inferenceRuntimeFromString(v.toStdString()).value_or(s.runtime);
            });
        },
        tr("serving runtime (host time per iteration, custom all-reduce, decode CUDA graphs)"));
    form->addRow(tr("Runtime"), m_runtime);
    m_decodeAttention = choiceField(
        this,
        {{tr("Grouped (GQA-aware)"), "grouped"}, {tr("Per head (older kernels)"), "per-head"}},
        [this](const QString& v) {
            edit(tr("Set decode attention to %1").arg(v), [&](Strategy& s) {
                s.decode_attention =
                    decodeAttentionFromString(v.toStdString()).value_or(s.decode_attention);
            });
        },
        tr("decode attention kernels"));
    form->addRow(tr("Decode attention"), m_decodeAttention);
    m_nearMemory = choiceField(
        this, {},
        [this](const QString& id) {
            edit(id.isEmpty() ? tr("Turn off near-memory attention")
                              : tr("Run decode attention in “%1”").arg(id),
                 [&](Strategy& s) { s.near_memory_attention = id.toStdString(); });
        },
        tr("near-memory attention device"));
    form->addRow(tr("Near-memory attention"), m_nearMemory);
    addSpeculativeFields(form);
    // -1 shows as "default": the field is absent and the scheduler's default applies.
    m_maxStepTokens = intField(
        this, -1, 1 << 22, tr(" tokens"),
        [this](int v) {
            edit(tr("Set the token budget per iteration"), [v](Strategy& s) {
                s.max_step_tokens = v < 0 ? std::nullopt : std::optional<int>(v);
            });
        },
        tr("token budget per iteration"));
    m_maxStepTokens->setSpecialValueText(tr("default"));
    m_maxStepTokens->setToolTip(
        tr("Chunked prefill: tokens per iteration (0 = whole prompts). Default: 8,192 with "
           "continuous batching, whole prompts with static batches."));
    form->addRow(tr("Tokens per step"), m_maxStepTokens);
    m_memoryUtilization = realField(
        this, 0.1, 1.0, 2, {},
        [this](double v) {
            edit(tr("Set serving memory share"), [v](Strategy& s) { s.memory_utilization = v; });
        },
        tr("share of device memory the runtime may use"));
    m_memoryUtilization->setSingleStep(0.05);
    form->addRow(tr("Memory share"), m_memoryUtilization);
    m_kvBlock = intField(
        this, 1, 4096, tr(" tokens"),
        [this](int v) {
            edit(tr("Set KV block size to %1").arg(v), [v](Strategy& s) { s.kv_block_tokens = v; });
        },
        tr("KV-cache block size"));
    form->addRow(tr("KV block"), m_kvBlock);
}

void ServingRuntimeBox::addSpeculativeFields(QFormLayout* form) {
    std::vector<std::pair<QString, QString>> models = {{tr("none"), QString()}};
    for (const auto& [id, m] : m_document->catalog().models())
        models.emplace_back(QString::fromStdString(m.name.empty() ? id : m.name),
                            QString::fromStdString(id));
    m_draftModel = choiceField(
        this, models,
        [this](const QString& id) {
            edit(id.isEmpty() ? tr("Turn off speculative decoding") : tr("Set draft model"),
                 [&](Strategy& s) {
                     if (id.isEmpty()) {
                         s.speculative.reset();
                         return;
                     }
                     if (!s.speculative) s.speculative.emplace();
                     s.speculative->draft_model = id.toStdString();
                 });
        },
        tr("speculative decoding draft model"));
    form->addRow(tr("Draft model"), m_draftModel);
    m_draftTokens = intField(
        this, 1, 16, tr(" tokens"),
        [this](int v) {
            edit(tr("Set draft tokens to %1").arg(v), [v](Strategy& s) {
                if (s.speculative) s.speculative->draft_tokens = v;
            });
        },
        tr("tokens drafted per verification"));
    form->addRow(tr("Draft tokens"), m_draftTokens);
    m_acceptance = realField(
        this, 0, 0.99, 2, {},
        [this](double v) {
            edit(tr("Set draft acceptance rate"), [v](Strategy& s) {
                if (s.speculative) s.speculative->acceptance_rate = v;
            });
        },
        tr("draft token acceptance rate"));
    m_acceptance->setSingleStep(0.05);
    form->addRow(tr("Acceptance rate"), m_acceptance);
}

template <class F>
void ServingRuntimeBox::edit(const QString& text, F change) {
    Strategy s = m_document->design().strategy;
    change(s);
    m_document->setStrategy(s, text);
}

// The design's memory items: candidates for near-memory attention.
void ServingRuntimeBox::fillMemoryItems() {
    const QSignalBlocker blocker(m_nearMemory);
    m_nearMemory->clear();
    m_nearMemory->addItem(tr("none"), QString());
    for (const Item& item : m_document->design().hardware.items)
        if (item.kind == ItemKind::memory)
            m_nearMemory->addItem(m_document->label(item), QString::fromStdString(item.id));
    const std::string& current = m_document->design().strategy.near_memory_attention;
    if (!current.empty() && m_nearMemory->findData(QString::fromStdString(current)) < 0)
        m_nearMemory->addItem(tr("%1 (not a memory item)").arg(QString::fromStdString(current)),
                              QString::fromStdString(current));
}

void ServingRuntimeBox::refresh() {
    const Strategy& s = m_document->design().strategy;
    setQuietly(m_runtime, QString::fromLatin1(toString(s.runtime)));
    setQuietly(m_decodeAttention, QString::fromLatin1(toString(s.decode_attention)));
    fillMemoryItems();
    setQuietly(m_nearMemory, QString::fromStdString(s.near_memory_attention));
    const QString draft =
        s.speculative ? QString::fromStdString(s.speculative->draft_model) : QString();
    if (!draft.isEmpty() && m_draftModel->findData(draft) < 0) {
        const QSignalBlocker blocker(m_draftModel);
        m_draftModel->addItem(draft, draft);  // an id this catalog lacks: kept, shown as is
    }
    setQuietly(m_draftModel, draft);
    const SpeculativeOptions spec = s.speculative.value_or(SpeculativeOptions{});
    setQuietly(m_draftTokens, spec.draft_tokens);
    setQuietly(m_acceptance, spec.acceptance_rate);
    m_draftTokens->setEnabled(s.speculative.has_value());
    m_acceptance->setEnabled(s.speculative.has_value());
    setQuietly(m_maxStepTokens, s.max_step_tokens.value_or(-1));
    setQuietly(m_memoryUtilization, s.memory_utilization);
    setQuietly(m_kvBlock, s.kv_block_tokens);
}

}  // namespace infraplan::ui
