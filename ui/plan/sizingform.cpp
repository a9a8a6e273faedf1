#include "ui/plan/sizingform.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSpinBox>
#include <QStackedWidget>
#include <set>

#include "core/io/design_json.h"
#include "ui/plan/checklist.h"

namespace infraplan::ui {
namespace {

constexpr Cooling kSizingCoolings[] = {Cooling::air, Cooling::rear_door, Cooling::direct_liquid,
                                       Cooling::immersion};

QDoubleSpinBox* sizingSpin(double min, double max, int decimals, const QString& suffix,
                           QWidget* parent) {
    auto* spin = new QDoubleSpinBox(parent);
    spin->setRange(min, max);
    spin->setDecimals(decimals);
    spin->setSuffix(suffix);
    spin->setGroupSeparatorShown(true);
    return spin;
}

}  // namespace

SizingForm::SizingForm(const Design& design, const catalog::Catalog& catalog, QWidget* parent)
    : QWidget(parent)
    , m_design(design)
    , m_mode(new QComboBox(this))
    , m_model(new QComboBox(this))
    , m_goal(new QStackedWidget(this))
    , m_tokens(sizingSpin(0.001, 1e6, 1, tr(" B tokens"), this))
    , m_deadline(sizingSpin(0.01, 36500, 1, tr(" days"), this))
    , m_rate(sizingSpin(0.01, 1e6, 2, tr(" requests/s"), this))
    , m_ttft(sizingSpin(0, 1e6, 0, tr(" ms"), this))
    , m_tpot(sizingSpin(0, 1e6, 0, tr(" ms"), this))
    , m_power(sizingSpin(0, 1e5, 2, tr(" MW"), this))
    , m_budget(sizingSpin(0, 1e7, 1, tr(" M$"), this))
    , m_basis(new QComboBox(this))
    , m_vendors(makeCheckList(this))
    , m_cooling(makeCheckList(this))
    , m_maxNodes(new QSpinBox(this)) {
    m_mode->addItem(tr("Training job"));
    m_mode->addItem(tr("Serving load"));
    if (std::holds_alternative<catalog::Model>(design.workload.model))
        m_model->addItem(
            tr("%1 (the design's own)")
                .arg(QString::fromStdString(std::get<catalog::Model>(design.workload.model).name)),
            QString());
    for (const auto& [id, model] : catalog.models())
        m_model->addItem(QString::fromStdString(model.name.empty() ? id : model.name),
                         QString::fromStdString(id));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(createTargetBox(), 1);
    layout->addWidget(createConstraintsBox(), 1);
    layout->addWidget(createCandidatesBox(catalog), 1);
    connect(m_mode, &QComboBox::currentIndexChanged, m_goal, &QStackedWidget::setCurrentIndex);
    fillFromDesign();
}

QWidget* SizingForm::createTargetBox() {
    auto* box = new QGroupBox(tr("Target"), this);
    auto* form = new QFormLayout(box);
    form->addRow(tr("Plan for:"), m_mode);
    form->addRow(tr("Model:"), m_model);
    auto* trainingPage = new QWidget(m_goal);
    auto* trainingForm = new QFormLayout(trainingPage);
    trainingForm->setContentsMargins(0, 0, 0, 0);
    trainingForm->addRow(tr("Train on:"), m_tokens);
    trainingForm->addRow(tr("Deadline:"), m_deadline);
    auto* servingPage = new QWidget(m_goal);
    auto* servingForm = new QFormLayout(servingPage);
    servingForm->setContentsMargins(0, 0, 0, 0);
    servingForm->addRow(tr("Poisson rate:"), m_rate);
    servingForm->addRow(tr("SLO TTFT:"), m_ttft);
    servingForm->addRow(tr("SLO TPOT:"), m_tpot);
    m_ttft->setSpecialValueText(tr("no bound"));
    m_tpot->setSpecialValueText(tr("no bound"));
    m_goal->addWidget(trainingPage);
    m_goal->addWidget(servingPage);
    form->addRow(m_goal);
    return box;
}

QWidget* SizingForm::createConstraintsBox() {
    auto* box = new QGroupBox(tr("Constraints"), this);
    auto* form = new QFormLayout(box);
    m_power->setSpecialValueText(tr("no limit"));
    m_power->setToolTip(tr("Provisioned facility power at most (nameplate with margin, × PUE)"));
    m_budget->setSpecialValueText(tr("no limit"));
    m_basis->addItem(tr("TCO (capex + opex over the lifetime)"),
                     static_cast<int>(BudgetBasis::tco));
    m_basis->addItem(tr("Capex (the purchase)"), static_cast<int>(BudgetBasis::capex));
    m_maxNodes->setRange(1, 16384);
    m_maxNodes->setValue(16384);
    m_maxNodes->setSuffix(tr(" nodes"));
    form->addRow(tr("Power budget:"), m_power);
    form->addRow(tr("Budget:"), m_budget);
    form->addRow(tr("Budget limits:"), m_basis);
    form->addRow(tr("Largest cluster:"), m_maxNodes);
    return box;
}

QWidget* SizingForm::createCandidatesBox(const catalog::Catalog& catalog) {
    auto* box = new QGroupBox(tr("Hardware to try (none ticked: all)"), this);
    auto* form = new QFormLayout(box);
    std::set<std::string> vendorNames;  // vendors with node templates: what the sweep tries
    for (const auto& [id, node] : catalog.nodes())
        if (!node.vendor.empty()) vendorNames.insert(node.vendor);
    for (const std::string& vendor : vendorNames)
        addCheckItem(m_vendors, QString::fromStdString(vendor), QString::fromStdString(vendor),
                     false);
    for (Cooling c : kSizingCoolings)
        addCheckItem(m_cooling, QString::fromUtf8(toString(c)), QString::fromUtf8(toString(c)),
                     false);
    m_vendors->setMaximumHeight(110);
    m_cooling->setMaximumHeight(80);
    m_cooling->setToolTip(tr("None ticked: the open design's cooling"));
    form->addRow(tr("Vendors:"), m_vendors);
    form->addRow(tr("Cooling:"), m_cooling);
    return box;
}

// Starts from the open design's own workload, so a design already planned sizes as it is.
void SizingForm::fillFromDesign() {
    const Workload& w = m_design.workload;
    const bool training = w.mode == WorkloadMode::training;
    m_mode->setCurrentIndex(training ? 0 : 1);
    m_goal->setCurrentIndex(training ? 0 : 1);
    if (const auto* id = std::get_if<std::string>(&w.model)) {
        const int index = m_model->findData(QString::fromStdString(*id));
        if (index >= 0) m_model->setCurrentIndex(index);
    }
    m_tokens->setValue(w.train_tokens > 0 ? w.train_tokens / 1e9 : 1000);
    m_deadline->setValue(30);
    m_rate->setValue(w.traffic.mode == TrafficMode::poisson && w.traffic.rate_per_s > 0
                         ? w.traffic.rate_per_s
                         : 10);
    m_ttft->setValue(w.slo.ttft_ms > 0 ? w.slo.ttft_ms : 500);
    m_tpot->setValue(w.slo.tpot_ms > 0 ? w.slo.tpot_ms : 50);
}

bool SizingForm::training() const {
    return m_mode->currentIndex() == 0;
}

// The target as a target file would say it, read by core's own reader: the form's target gets
// the same checks and messages (with their JSON pointers) as `infraplan-cli size`.
nlohmann::json SizingForm::targetJson() const {
    const nlohmann::json design = designToJson(m_design);
    nlohmann::json j = {{"format", kSizingTargetFormat}, {"version", 1}, {"name", m_design.name}};
    for (const char* section : {"workload", "strategy", "facility", "economics"})
        if (design.contains(section)) j[section] = design[section];
    nlohmann::json& w = j["workload"];
    const QString model = m_model->currentData().toString();
    if (!model.isEmpty()) w["model"] = model.toStdString();
    if (training()) {
        w["mode"] = "training";
        w["train_tokens"] = m_tokens->value() * 1e9;
        w["deadline_days"] = m_deadline->value();
    } else {
        w["mode"] = "inference";
        w["traffic"]["mode"] = "poisson";
        w["traffic"].erase("batch_size");
        w["traffic"]["rate_per_s"] = m_rate->value();
        w["slo"]["ttft_ms"] = m_ttft->value();
        w["slo"]["tpot_ms"] = m_tpot->value();
    }
    nlohmann::json constraints = nlohmann::json::object();
    if (m_power->value() > 0) constraints["power_budget_mw"] = m_power->value();
    if (m_budget->value() > 0) {
        constraints["budget_usd"] = m_budget->value() * 1e6;
        constraints["budget_basis"] =
            toString(static_cast<BudgetBasis>(m_basis->currentData().toInt()));
    }
    j["constraints"] = constraints;
    nlohmann::json candidates = {{"max_nodes", m_maxNodes->value()}};
    if (const auto vendors = checkedIds(m_vendors); !vendors.empty())
        candidates["vendors"] = vendors;
    if (const auto cooling = checkedIds(m_cooling); !cooling.empty())
        candidates["cooling"] = cooling;
    j["candidates"] = candidates;
    return j;
}

SizingTargetLoad SizingForm::target() const {
    return parseSizingTarget(targetJson().dump());
}

}  // namespace infraplan::ui
