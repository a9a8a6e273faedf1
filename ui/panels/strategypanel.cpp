#include "ui/panels/strategypanel.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "core/design/resolve.h"
#include "ui/app/theme.h"
#include "ui/document/designdocument.h"
#include "ui/panels/formfields.h"
#include "ui/panels/servingruntimebox.h"

namespace infraplan::ui {
namespace {

// Powers of two up to `limit` that divide `divisorOf` (when it is positive).
std::vector<int> powerOfTwoChoices(long long limit, long long divisorOf) {
    std::vector<int> out;
    for (long long v = 1; v <= std::max(1LL, std::min(limit, 1LL << 20)); v *= 2)
        if (divisorOf <= 0 || divisorOf % v == 0) out.push_back(int(v));
    return out;
}

// Divisors of n up to `limit`.
std::vector<int> divisorChoices(long long n, long long limit) {
    std::vector<int> out;
    for (long long v = 1; v <= std::min(n, limit) && v <= (1 << 20); ++v)
        if (n % v == 0) out.push_back(int(v));
    if (out.empty()) out.push_back(1);
    return out;
}

void setChoices(QComboBox* box, const std::vector<int>& values, int current,
                bool withAuto = false) {
    const QSignalBlocker blocker(box);
    box->clear();
    if (withAuto) box->addItem(QObject::tr("auto"), 0);
    bool found = withAuto && current == 0;
    for (int v : values) {
        box->addItem(QString::number(v), v);
        found = found || v == current;
    }
    // A value in the file that the choices do not offer is kept, and marked.
    if (!found) box->addItem(QObject::tr("%1 (invalid)").arg(current), current);
    box->setCurrentIndex(box->findData(current));
}

}  // namespace

StrategyPanel::StrategyPanel(DesignDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    setObjectName(QStringLiteral("strategyPanel"));
    auto* layout = new QVBoxLayout(this);
    m_training = new QGroupBox(tr("Parallelism"), this);
    auto* form = new QFormLayout(m_training);
    auto intCombo = [this](const QString& name, auto apply) {
        auto* box = new QComboBox(this);
        box->setAccessibleName(name);
        connect(box, &QComboBox::activated, this, [this, box, name, apply](int index) {
            const int v = box->itemData(index).toInt();
            edit(tr("Set %1 to %2").arg(name, v == 0 ? tr("auto") : QString::number(v)),
                 [&](Strategy& s) { apply(s, v); });
        });
        return box;
    };
    m_tp = intCombo(tr("tensor parallel"), [](Strategy& s, int v) { s.tp = v; });
    m_pp = intCombo(tr("pipeline parallel"), [](Strategy& s, int v) { s.pp = v; });
    m_dp = intCombo(tr("data parallel"), [](Strategy& s, int v) { s.dp = v; });
    m_cp = intCombo(tr("context parallel"), [](Strategy& s, int v) { s.cp = v; });
    m_ep = intCombo(tr("expert parallel"), [](Strategy& s, int v) { s.ep = v; });
    m_zero = intCombo(tr("ZeRO stage"), [](Strategy& s, int v) { s.zero = v; });
    form->addRow(tr("Tensor (TP)"), m_tp);
    form->addRow(tr("Pipeline (PP)"), m_pp);
    form->addRow(tr("Data (DP)"), m_dp);
    form->addRow(tr("Context (CP)"), m_cp);
    form->addRow(tr("Expert (EP)"), m_ep);
    form->addRow(tr("ZeRO stage"), m_zero);
    m_microbatch = intField(
        this, 1, 1 << 20, tr(" seq"),
        [this](int v) {
            edit(tr("Set micro-batch to %1").arg(v), [v](Strategy& s) { s.microbatch = v; });
        },
        tr("micro-batch size"));
    form->addRow(tr("Micro-batch"), m_microbatch);
    m_schedule = choiceField(
        this,
        {{tr("1F1B"), "1f1b"},
         {tr("Interleaved 1F1B"), "interleaved"},
         {tr("GPipe"), "gpipe"},
         {tr("Zero bubble"), "zero-bubble"}},
        [this](const QString& v) {
            edit(tr("Set pipeline schedule"), [&](Strategy& s) {
                s.schedule = pipelineScheduleFromString(v.toStdString()).value_or(s.schedule);
            });
        },
        tr("pipeline schedule"));
    form->addRow(tr("Schedule"), m_schedule);
    m_interleave = intField(
        this, 1, 64, {},
        [this](int v) {
            edit(tr("Set interleave to %1").arg(v), [v](Strategy& s) { s.interleave = v; });
        },
        tr("virtual stages per device"));
    form->addRow(tr("Virtual stages"), m_interleave);
    m_recompute = choiceField(
        this, {{tr("None"), "none"}, {tr("Selective"), "selective"}, {tr("Full"), "full"}},
        [this](const QString& v) {
            edit(tr("Set recompute to %1").arg(v), [&](Strategy& s) {
                s.recompute = recomputeFromString(v.toStdString()).value_or(s.recompute);
            });
        },
        tr("activation recompute"));
    form->addRow(tr("Recompute"), m_recompute);
    auto check = [this, form](const QString& text, bool Strategy::*field) {
        auto* box = new QCheckBox(text, this);
        connect(box, &QCheckBox::clicked, this, [this, text, field](bool on) {
            edit(on ? tr("Turn on %1").arg(text) : tr("Turn off %1").arg(text),
                 [&](Strategy& s) { s.*field = on; });
        });
        form->addRow(QString(), box);
        return box;
    };
    m_sequenceParallel = check(tr("Sequence parallel"), &Strategy::sequence_parallel);
    m_overlapDp = check(tr("Overlap DP communication"), &Strategy::overlap_dp);
    m_overlapTp = check(tr("Overlap TP communication"), &Strategy::overlap_tp);
    m_flash = check(tr("Flash attention"), &Strategy::flash_attention);
    m_trainingForm = form;
    addTrainingOptions(form);
    layout->addWidget(m_training);

    m_inference = new QGroupBox(tr("Serving"), this);
    auto* serving = new QFormLayout(m_inference);
    m_replicas = intField(
        this, 0, 1 << 20, {},
        [this](int v) {
            edit(tr("Set replicas to %1").arg(v), [v](Strategy& s) { s.replicas = v; });
        },
        tr("replicas"));
    m_replicas->setSpecialValueText(tr("auto"));
    m_maxBatch = intField(
        this, 1, 1 << 16, tr(" seq"),
        [this](int v) {
            edit(tr("Set max batch to %1").arg(v), [v](Strategy& s) { s.max_batch = v; });
        },
        tr("maximum batch"));
    m_scheduler = choiceField(
        this, {{tr("Continuous batching"), "continuous"}, {tr("Static batches"), "static"}},
        [this](const QString& v) {
            edit(tr("Set batch scheduler"), [&](Strategy& s) {
                s.scheduler = batchSchedulerFromString(v.toStdString()).value_or(s.scheduler);
            });
        },
        tr("batch scheduler"));
    serving->addRow(tr("Replicas"), m_replicas);
    serving->addRow(tr("Max batch"), m_maxBatch);
    serving->addRow(tr("Scheduler"), m_scheduler);
    layout->addWidget(m_inference);
    m_runtime = new ServingRuntimeBox(document, this);
    layout->addWidget(m_runtime);

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    layout->addStretch(1);

    connect(document, &DesignDocument::designReset, this, &StrategyPanel::refresh);
    connect(document, &DesignDocument::contentChanged, this, &StrategyPanel::refresh);
    refresh();
}

// How much tensor-parallel traffic the overlap hides, the MoE router's imbalance, and the
// training framework whose memory behaviour the engine models.
void StrategyPanel::addTrainingOptions(QFormLayout* form) {
    m_overlapTpScope = choiceField(
        this,
        {{tr("Forward and backward"), "full"},
         {tr("Backward only"), "backward"},
         {tr("Forward only"), "forward"}},
        [this](const QString& v) {
            edit(tr("Set TP overlap scope"), [&](Strategy& s) {
                s.overlap_tp_scope =
                    overlapTpScopeFromString(v.toStdString()).value_or(s.overlap_tp_scope);
            });
        },
        tr("tensor-parallel overlap scope"));
    form->addRow(tr("TP overlap hides"), m_overlapTpScope);
    m_moeImbalance = realField(
        this, 1, 64, 2, tr(" × mean"),
        [this](double v) {
            edit(tr("Set MoE imbalance"), [v](Strategy& s) { s.moe_imbalance = v; });
        },
        tr("busiest expert's load over the mean"));
    m_moeImbalance->setSingleStep(0.05);
    form->addRow(tr("MoE imbalance"), m_moeImbalance);
    m_framework = choiceField(
        this,
        {{tr("Megatron-Core"), "megatron-core"},
         {tr("NeMo"), "nemo"},
         {tr("NeMo, bf16 gradients"), "nemo-bf16-grads"},
         {tr("torchtitan"), "torchtitan"},
         {tr("torchtitan, compiled loss"), "torchtitan-compiled-loss"},
         {tr("torchtitan, eager (not compiled)"), "torchtitan-eager"}},
        [this](const QString& v) {
            edit(tr("Set training framework to %1").arg(v), [&](Strategy& s) {
                s.framework = trainingFrameworkFromString(v.toStdString()).value_or(s.framework);
            });
        },
        tr("training framework"));
    form->addRow(tr("Framework"), m_framework);
}

template <class F>
void StrategyPanel::edit(const QString& text, F change) {
    Strategy s = m_document->design().strategy;
    change(s);
    m_document->setStrategy(s, text);
}

void StrategyPanel::fillChoices() {
    const Design& d = m_document->design();
    const Strategy& s = d.strategy;
    const DeviceSummary devices = summarizeDevices(d, m_document->catalog());
    const long long n = std::max(1LL, devices.devices);
    const catalog::Model* model = resolveModel(d, m_document->catalog());
    // TP splits heads, so it must divide them; PP splits layers; EP splits experts.
    setChoices(m_tp, powerOfTwoChoices(std::min(n, 64LL), model ? model->heads : 0), s.tp);
    // Stages that leave a whole number of replicas on the devices TP and CP leave (TP 8 on 32
    // devices offers PP 1, 2, 4, never 5, 10 or 20), each with at least one layer. Stages
    // need not hold equal layer counts: the engine splits unevenly (docs/training-engine.md).
    const long long room = std::max(1LL, n / std::max(1, s.tp * s.cp));
    std::vector<int> stages = divisorChoices(room, room);
    if (model && model->layers > 0) std::erase_if(stages, [&](int v) { return v > model->layers; });
    setChoices(m_pp, stages.empty() ? std::vector<int>{1} : stages, s.pp);
    const long long perReplica = std::max(1, s.tp * s.pp * s.cp);
    setChoices(m_dp, divisorChoices(std::max(1LL, n / perReplica), n), s.dp, true);
    setChoices(m_cp, powerOfTwoChoices(std::min(n, 32LL), 0), s.cp);
    setChoices(m_ep,
               model && model->moe ? divisorChoices(model->moe->experts, n) : std::vector<int>{1},
               s.ep);
    m_ep->setEnabled(model && model->moe);
    setChoices(m_zero, {0, 1, 2, 3}, s.zero);
}

void StrategyPanel::refresh() {
    const Design& d = m_document->design();
    const Strategy& s = d.strategy;
    fillChoices();
    setQuietly(m_microbatch, s.microbatch);
    setQuietly(m_interleave, s.interleave);
    m_interleave->setEnabled(s.schedule == PipelineSchedule::interleaved);
    setQuietly(m_schedule, QString::fromLatin1(toString(s.schedule)));
    setQuietly(m_recompute, QString::fromLatin1(toString(s.recompute)));
    for (auto [box, on] :
         {std::pair{m_sequenceParallel, s.sequence_parallel}, std::pair{m_overlapDp, s.overlap_dp},
          std::pair{m_overlapTp, s.overlap_tp}, std::pair{m_flash, s.flash_attention}}) {
        const QSignalBlocker blocker(box);
        box->setChecked(on);
    }
    setQuietly(m_replicas, s.replicas);
    setQuietly(m_maxBatch, s.max_batch);
    setQuietly(m_scheduler, QString::fromLatin1(toString(s.scheduler)));
    const bool inference = d.workload.mode == WorkloadMode::inference;
    m_inference->setVisible(inference);
    for (QWidget* w : std::initializer_list<QWidget*>{
             m_zero, m_microbatch, m_schedule, m_interleave, m_recompute, m_overlapDp, m_flash})
        w->setEnabled(!inference || w == m_flash);
    setQuietly(m_overlapTpScope, QString::fromLatin1(toString(s.overlap_tp_scope)));
    setQuietly(m_moeImbalance, s.moe_imbalance);
    setQuietly(m_framework, QString::fromLatin1(toString(s.framework)));
    m_overlapTpScope->setEnabled(s.overlap_tp);
    const catalog::Model* model = resolveModel(d, m_document->catalog());
    m_moeImbalance->setEnabled(model && model->moe);
    m_trainingForm->setRowVisible(m_overlapTpScope, !inference);
    m_trainingForm->setRowVisible(m_moeImbalance, !inference);
    m_trainingForm->setRowVisible(m_framework, !inference);
    m_runtime->setVisible(inference);
    if (inference) m_runtime->refresh();

    const long long devices = summarizeDevices(d, m_document->catalog()).devices;
    const long long perReplica = (long long)s.tp * s.pp * s.cp;
    const long long dp = s.dpIsAuto() ? (perReplica > 0 ? devices / perReplica : 0) : s.dp;
    const long long used = perReplica * dp;
    const Theme& t = theme();
    const bool ok = used > 0 && used <= devices;
    m_summary->setText(
        tr("TP×PP×CP×DP = <b>%1</b> of %2 devices%3")
            .arg(used)
            .arg(devices)
            .arg(ok ? (used < devices ? tr(" (%1 idle)").arg(devices - used) : QString())
                    : tr(" — <span style='color:%1'>does not fit</span>").arg(t.bad.name())));
}

}  // namespace infraplan::ui
