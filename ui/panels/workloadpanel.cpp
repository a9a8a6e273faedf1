#include "ui/panels/workloadpanel.h"

#include <QCollator>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/app/specsummary.h"
#include "ui/document/designdocument.h"
#include "ui/panels/formfields.h"

namespace infraplan::ui {
namespace {

std::vector<std::pair<QString, QString>> precisions() {
    std::vector<std::pair<QString, QString>> out;
    for (const char* p : {"fp32", "bf16", "fp16", "fp8", "fp4", "int8", "int4"})
        out.emplace_back(QString::fromLatin1(p), QString::fromLatin1(p));
    return out;
}

}  // namespace

WorkloadPanel::WorkloadPanel(DesignDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    setObjectName(QStringLiteral("workloadPanel"));
    auto* layout = new QVBoxLayout(this);
    auto* general = new QGroupBox(tr("Workload"), this);
    auto* form = new QFormLayout(general);
    m_mode = choiceField(
        this, {{tr("Training"), "training"}, {tr("Inference"), "inference"}},
        [this](const QString& v) {
            edit(tr("Set workload to %1").arg(v), [&](Workload& w) {
                w.mode = workloadModeFromString(v.toStdString()).value_or(w.mode);
            });
        },
        tr("workload mode"));
    form->addRow(tr("Mode"), m_mode);
    m_model = choiceField(
        this, {},
        [this](const QString& id) {
            edit(tr("Set model to %1").arg(id), [&](Workload& w) { w.model = id.toStdString(); });
        },
        tr("model"));
    m_model->setObjectName(QStringLiteral("modelPicker"));
    form->addRow(tr("Model"), m_model);
    m_modelInfo = new QLabel(this);
    m_modelInfo->setWordWrap(true);
    form->addRow(QString(), m_modelInfo);
    m_precision = choiceField(
        this, precisions(),
        [this](const QString& v) {
            edit(tr("Set precision to %1").arg(v), [&](Workload& w) {
                w.precision = catalog::precisionFromString(v.toStdString()).value_or(w.precision);
            });
        },
        tr("precision"));
    form->addRow(tr("Precision"), m_precision);
    m_seqLen = intField(
        this, 1, 1 << 24, tr(" tokens"),
        [this](int v) {
            edit(tr("Set sequence length to %1").arg(v), [v](Workload& w) { w.seq_len = v; });
        },
        tr("sequence length"));
    form->addRow(tr("Sequence length"), m_seqLen);
    layout->addWidget(general);

    m_training = new QGroupBox(tr("Training"), this);
    auto* train = new QFormLayout(m_training);
    m_globalBatch = intField(
        this, 1, 1 << 24, tr(" seq"),
        [this](int v) {
            edit(tr("Set global batch to %1").arg(v), [v](Workload& w) { w.global_batch = v; });
        },
        tr("global batch"));
    train->addRow(tr("Global batch"), m_globalBatch);
    m_trainTokens = realField(
        this, 0, 1e6, 1, tr(" B tokens"),
        [this](double v) {
            edit(tr("Set training tokens"), [v](Workload& w) { w.train_tokens = v * 1e9; });
        },
        tr("training tokens in billions"));
    train->addRow(tr("Token budget"), m_trainTokens);
    layout->addWidget(m_training);

    m_inference = new QGroupBox(tr("Serving"), this);
    auto* serve = new QFormLayout(m_inference);
    std::vector<std::pair<QString, QString>> kv = {{tr("same as weights"), QString()}};
    for (const auto& p : precisions())
        kv.push_back(p);
    m_kvPrecision = choiceField(
        this, kv,
        [this](const QString& v) {
            edit(tr("Set KV-cache precision"), [&](Workload& w) {
                w.kv_precision =
                    v.isEmpty() ? std::nullopt : catalog::precisionFromString(v.toStdString());
            });
        },
        tr("KV-cache precision"));
    serve->addRow(tr("KV cache"), m_kvPrecision);
    m_traffic = choiceField(
        this,
        {{tr("Static batch"), "batch"},
         {tr("Offline (max throughput)"), "offline"},
         {tr("Poisson arrivals"), "poisson"}},
        [this](const QString& v) {
            edit(tr("Set traffic to %1").arg(v), [&](Workload& w) {
                w.traffic.mode = trafficModeFromString(v.toStdString()).value_or(w.traffic.mode);
            });
        },
        tr("traffic"));
    serve->addRow(tr("Traffic"), m_traffic);
    m_batchSize = intField(
        this, 1, 1 << 20, tr(" req"),
        [this](int v) {
            edit(tr("Set batch size to %1").arg(v), [v](Workload& w) { w.traffic.batch_size = v; });
        },
        tr("batch size"));
    serve->addRow(tr("Batch size"), m_batchSize);
    m_rate = realField(
        this, 0, 1e7, 2, tr(" req/s"),
        [this](double v) {
            edit(tr("Set request rate"), [v](Workload& w) { w.traffic.rate_per_s = v; });
        },
        tr("request rate"));
    serve->addRow(tr("Arrival rate"), m_rate);
    m_prompt = intField(
        this, 1, 1 << 24, tr(" tokens"),
        [this](int v) {
            edit(tr("Set prompt length"), [v](Workload& w) { w.traffic.prompt_tokens.mean = v; });
        },
        tr("prompt tokens, mean"));
    serve->addRow(tr("Prompt (mean)"), m_prompt);
    m_output = intField(
        this, 1, 1 << 24, tr(" tokens"),
        [this](int v) {
            edit(tr("Set output length"), [v](Workload& w) { w.traffic.output_tokens.mean = v; });
        },
        tr("output tokens, mean"));
    serve->addRow(tr("Output (mean)"), m_output);
    m_ttft = realField(
        this, 0, 1e6, 0, tr(" ms"),
        [this](double v) { edit(tr("Set TTFT SLO"), [v](Workload& w) { w.slo.ttft_ms = v; }); },
        tr("time to first token SLO"));
    m_ttft->setSpecialValueText(tr("no bound"));
    serve->addRow(tr("TTFT SLO"), m_ttft);
    m_tpot = realField(
        this, 0, 1e5, 1, tr(" ms"),
        [this](double v) { edit(tr("Set TPOT SLO"), [v](Workload& w) { w.slo.tpot_ms = v; }); },
        tr("time per output token SLO"));
    m_tpot->setSpecialValueText(tr("no bound"));
    serve->addRow(tr("TPOT SLO"), m_tpot);
    addRequestStream(serve);
    layout->addWidget(m_inference);
    layout->addStretch(1);

    connect(document, &DesignDocument::designReset, this, [this] {
        fillModels();
        refresh();
    });
    connect(document, &DesignDocument::sectionChanged, this, &WorkloadPanel::refresh);
    fillModels();
    refresh();
}

// The simulated request stream: its length (0 shows as the engine's default) and its seed.
void WorkloadPanel::addRequestStream(QFormLayout* form) {
    m_requests = intField(
        this, 0, 1'000'000, tr(" req"),
        [this](int v) {
            edit(tr("Set simulated requests"), [v](Workload& w) {
                w.requests = v > 0 ? std::optional<long long>(v) : std::nullopt;
            });
        },
        tr("requests simulated"));
    m_requests->setSpecialValueText(tr("default (10,000)"));
    form->addRow(tr("Simulated requests"), m_requests);
    // A double spin box holds every seed the file allows (up to 1e15) exactly.
    m_seed = realField(
        this, 0, 1e15, 0, {},
        [this](double v) {
            edit(tr("Set random seed"), [v](Workload& w) { w.seed = std::uint64_t(v); });
        },
        tr("random seed of the request stream"));
    m_seed->setGroupSeparatorShown(false);
    form->addRow(tr("Random seed"), m_seed);
}

template <class F>
void WorkloadPanel::edit(const QString& text, F change) {
    Workload w = m_document->design().workload;
    change(w);
    m_document->setWorkload(w, text);
}

// The catalog's models by name as people read them ("Llama 3 8B" before "Llama 3 70B"), not by
// catalog id. Rebuilt whenever the document's catalog may have changed (a design with embedded
// models opened, a model imported), so that the picker never misses the design's own model.
void WorkloadPanel::fillModels() {
    std::vector<std::pair<QString, QString>> models;
    for (const auto& [id, m] : m_document->catalog().models())
        models.emplace_back(QString::fromStdString(m.name.empty() ? id : m.name),
                            QString::fromStdString(id));
    QCollator byName;
    byName.setNumericMode(true);
    byName.setCaseSensitivity(Qt::CaseInsensitive);
    std::sort(models.begin(), models.end(), [&byName](const auto& a, const auto& b) {
        return byName.compare(a.first, b.first) < 0;
    });
    const QSignalBlocker blocker(m_model);
    m_model->clear();
    for (const auto& [text, value] : models)
        m_model->addItem(text, value);
}

void WorkloadPanel::refresh() {
    const Workload& w = m_document->design().workload;
    setQuietly(m_mode, QString::fromLatin1(toString(w.mode)));
    if (const auto* id = std::get_if<std::string>(&w.model)) {
        setQuietly(m_model, QString::fromStdString(*id));
        const QString summary = entrySummary(m_document->catalog(), *id);
        m_modelInfo->setText(summary.isEmpty() && !id->empty()
                                 ? tr("Unknown model “%1”").arg(QString::fromStdString(*id))
                                 : summary);
    } else {
        setQuietly(m_model, QString());
        m_model->setEditText(tr("inline model"));
        m_modelInfo->setText(tr("An inline model defined in the design file."));
    }
    setQuietly(m_precision, QString::fromLatin1(catalog::toString(w.precision)));
    setQuietly(m_seqLen, int(std::min<long long>(w.seq_len, m_seqLen->maximum())));
    setQuietly(m_globalBatch, int(std::min<long long>(w.global_batch, m_globalBatch->maximum())));
    setQuietly(m_trainTokens, w.train_tokens / 1e9);
    setQuietly(m_kvPrecision, w.kv_precision
                                  ? QString::fromLatin1(catalog::toString(*w.kv_precision))
                                  : QString());
    setQuietly(m_traffic, QString::fromLatin1(toString(w.traffic.mode)));
    setQuietly(m_batchSize, int(std::min<long long>(w.traffic.batch_size, m_batchSize->maximum())));
    setQuietly(m_rate, w.traffic.rate_per_s);
    setQuietly(m_prompt, int(std::min(w.traffic.prompt_tokens.mean, double(m_prompt->maximum()))));
    setQuietly(m_output, int(std::min(w.traffic.output_tokens.mean, double(m_output->maximum()))));
    setQuietly(m_ttft, w.slo.ttft_ms);
    setQuietly(m_tpot, w.slo.tpot_ms);
    setQuietly(m_requests, int(std::min<long long>(w.requests.value_or(0), m_requests->maximum())));
    setQuietly(m_seed, double(w.seed));
    const bool training = w.mode == WorkloadMode::training;
    m_training->setVisible(training);
    m_inference->setVisible(!training);
    m_batchSize->setEnabled(w.traffic.mode == TrafficMode::batch);
    m_rate->setEnabled(w.traffic.mode == TrafficMode::poisson);
}

}  // namespace infraplan::ui
