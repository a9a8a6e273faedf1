#include "ui/panels/facilitypanel.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QVBoxLayout>

#include "ui/document/designdocument.h"
#include "ui/panels/formfields.h"

namespace infraplan::ui {

FacilityPanel::FacilityPanel(DesignDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    setObjectName(QStringLiteral("facilityPanel"));
    auto* layout = new QVBoxLayout(this);
    auto* facility = new QGroupBox(tr("Facility"), this);
    auto* form = new QFormLayout(facility);
    m_pue = realField(
        this, 1.0, 3.0, 2, {},
        [this](double v) {
            editFacility(tr("Set PUE to %1").arg(v), [v](Facility& f) { f.pue = v; });
        },
        tr("power usage effectiveness"));
    form->addRow(tr("PUE"), m_pue);
    m_cooling = choiceField(
        this,
        {{tr("Air"), "air"},
         {tr("Rear-door heat exchanger"), "rear-door"},
         {tr("Direct liquid"), "direct-liquid"},
         {tr("Immersion"), "immersion"}},
        [this](const QString& v) {
            editFacility(tr("Set cooling to %1").arg(v), [&](Facility& f) {
                f.cooling = coolingFromString(v.toStdString()).value_or(f.cooling);
            });
        },
        tr("cooling"));
    form->addRow(tr("Cooling"), m_cooling);
    m_price = realField(
        this, 0, 2, 3, tr(" $/kWh"),
        [this](double v) {
            editFacility(tr("Set power price"),
                         [v](Facility& f) { f.power_price_usd_per_kwh = v; });
        },
        tr("power price"));
    form->addRow(tr("Power price"), m_price);
    m_rackLimit = realField(
        this, 1, 500, 1, tr(" kW"),
        [this](double v) {
            editFacility(tr("Set rack power limit"),
                         [v](Facility& f) { f.rack_power_limit_kw = v; });
        },
        tr("rack power limit"));
    form->addRow(tr("Rack limit"), m_rackLimit);
    m_carbon = realField(
        this, 0, 2, 3, tr(" kg/kWh"),
        [this](double v) {
            editFacility(tr("Set carbon intensity"), [v](Facility& f) { f.carbon_kg_per_kwh = v; });
        },
        tr("carbon intensity"));
    form->addRow(tr("Carbon"), m_carbon);
    layout->addWidget(facility);

    auto* economics = new QGroupBox(tr("Economics"), this);
    auto* eform = new QFormLayout(economics);
    m_lifetime = realField(
        this, 0.5, 20, 1, tr(" years"),
        [this](double v) {
            editEconomics(tr("Set lifetime"), [v](Economics& e) { e.lifetime_years = v; });
        },
        tr("lifetime"));
    eform->addRow(tr("Lifetime"), m_lifetime);
    m_utilization = realField(
        this, 1, 100, 0, tr(" %"),
        [this](double v) {
            editEconomics(tr("Set utilization"), [v](Economics& e) { e.utilization = v / 100; });
        },
        tr("utilization"));
    eform->addRow(tr("Utilization"), m_utilization);
    m_interest = realField(
        this, 0, 50, 1, tr(" %"),
        [this](double v) {
            editEconomics(tr("Set interest rate"),
                          [v](Economics& e) { e.interest_rate = v / 100; });
        },
        tr("interest rate"));
    eform->addRow(tr("Interest rate"), m_interest);
    m_cloud = realField(
        this, 0, 1000, 2, tr(" $/device-h"),
        [this](double v) {
            editEconomics(tr("Set cloud price"),
                          [v](Economics& e) { e.cloud_price_usd_per_device_hour = v; });
        },
        tr("cloud price per device-hour"));
    m_cloud->setSpecialValueText(tr("no comparison"));
    eform->addRow(tr("Cloud price"), m_cloud);
    layout->addWidget(economics);
    layout->addStretch(1);

    connect(document, &DesignDocument::designReset, this, &FacilityPanel::refresh);
    connect(document, &DesignDocument::sectionChanged, this, &FacilityPanel::refresh);
    refresh();
}

template <class F>
void FacilityPanel::editFacility(const QString& text, F change) {
    Facility f = m_document->design().facility;
    change(f);
    m_document->setFacility(f, text);
}

template <class F>
void FacilityPanel::editEconomics(const QString& text, F change) {
    Economics e = m_document->design().economics;
    change(e);
    m_document->setEconomics(e, text);
}

void FacilityPanel::refresh() {
    const Facility& f = m_document->design().facility;
    const Economics& e = m_document->design().economics;
    setQuietly(m_pue, f.pue);
    setQuietly(m_cooling, QString::fromLatin1(toString(f.cooling)));
    setQuietly(m_price, f.power_price_usd_per_kwh);
    setQuietly(m_rackLimit, f.rack_power_limit_kw);
    setQuietly(m_carbon, f.carbon_kg_per_kwh);
    setQuietly(m_lifetime, e.lifetime_years);
    setQuietly(m_utilization, e.utilization * 100);
    setQuietly(m_interest, e.interest_rate * 100);
    setQuietly(m_cloud, e.cloud_price_usd_per_device_hour);
}

}  // namespace infraplan::ui
