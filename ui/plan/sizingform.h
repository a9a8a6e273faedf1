#pragma once
// The form of Tools -> Size Hardware: what to size for (a training job: model, tokens,
// deadline; or a serving load: model, request rate, SLO), the constraints (provisioned power,
// a dollar budget on TCO or capex) and which hardware to try (vendors, cooling types, the
// largest cluster). Everything else of the target (precision, sequence length, batch, token
// counts, strategy settings, facility, economics) is the open design's, so the designs found
// are priced for the same site.

#include <QWidget>

#include "catalog/catalog.h"
#include "core/planning/sizing_target.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QListWidget;
class QSpinBox;
class QStackedWidget;

namespace infraplan::ui {

class SizingForm : public QWidget {
    Q_OBJECT
public:
    SizingForm(const Design& design, const catalog::Catalog& catalog, QWidget* parent = nullptr);

    // The target the form describes now, read by core's target reader (its messages when the
    // form describes no valid target); targetJson() is it as a target file.
    SizingTargetLoad target() const;
    nlohmann::json targetJson() const;
    bool training() const;

    QComboBox* modeCombo() const { return m_mode; }
    QComboBox* modelCombo() const { return m_model; }
    QDoubleSpinBox* tokensBillions() const { return m_tokens; }
    QDoubleSpinBox* deadlineDays() const { return m_deadline; }
    QDoubleSpinBox* rate() const { return m_rate; }
    QDoubleSpinBox* ttftMs() const { return m_ttft; }
    QDoubleSpinBox* tpotMs() const { return m_tpot; }
    QDoubleSpinBox* powerMw() const { return m_power; }
    QDoubleSpinBox* budgetMillions() const { return m_budget; }
    QComboBox* budgetBasis() const { return m_basis; }
    QListWidget* vendors() const { return m_vendors; }
    QListWidget* cooling() const { return m_cooling; }
    QSpinBox* maxNodes() const { return m_maxNodes; }

private:
    QWidget* createTargetBox();
    QWidget* createConstraintsBox();
    QWidget* createCandidatesBox(const catalog::Catalog& catalog);
    void fillFromDesign();

    Design m_design;  // the open design when the form was made: the rest of the target
    QComboBox* m_mode;
    QComboBox* m_model;
    QStackedWidget* m_goal;
    QDoubleSpinBox* m_tokens;
    QDoubleSpinBox* m_deadline;
    QDoubleSpinBox* m_rate;
    QDoubleSpinBox* m_ttft;
    QDoubleSpinBox* m_tpot;
    QDoubleSpinBox* m_power;
    QDoubleSpinBox* m_budget;
    QComboBox* m_basis;
    QListWidget* m_vendors;
    QListWidget* m_cooling;
    QSpinBox* m_maxNodes;
};

}  // namespace infraplan::ui
