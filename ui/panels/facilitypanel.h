#pragma once
// Facility (PUE, cooling, power price, rack limit, carbon) and economics (lifetime,
// utilization, interest, cloud price) with their units.

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;

namespace infraplan::ui {

class DesignDocument;

class FacilityPanel : public QWidget {
    Q_OBJECT
public:
    explicit FacilityPanel(DesignDocument* document, QWidget* parent = nullptr);

private:
    void refresh();
    template <class F>
    void editFacility(const QString& text, F change);
    template <class F>
    void editEconomics(const QString& text, F change);

    DesignDocument* m_document;
    QDoubleSpinBox* m_pue;
    QComboBox* m_cooling;
    QDoubleSpinBox* m_price;
    QDoubleSpinBox* m_rackLimit;
    QDoubleSpinBox* m_carbon;
    QDoubleSpinBox* m_lifetime;
    QDoubleSpinBox* m_utilization;
    QDoubleSpinBox* m_interest;
    QDoubleSpinBox* m_cloud;
};

}  // namespace infraplan::ui
