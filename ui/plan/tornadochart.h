#pragma once
// The sensitivity tornado: for one headline metric, one pair of horizontal bars per input (the
// metric's relative change at -10% and at +10% of the input), the input with the largest
// effect on top. Inputs whose change flips feasibility come first and say so in their label.

#include <QString>
#include <optional>
#include <vector>

#include "core/planning/sensitivity.h"

class QChart;

namespace infraplan::ui {

// The headline metrics a sensitivity reports, as the dialog's combo offers them.
enum class SensitivityMetric { performance, usdPerMillionTokens, facilityPower };

// "−10%" or "+10%" for a relative change `step` (0.1) down (sign < 0) or up.
QString sensitivityStepText(double step, double sign);
// "Step time" or "Goodput", "$/M tokens", "Facility power".
QString sensitivityMetricName(SensitivityMetric metric, bool training);
// The metric's relative change on one side; nullopt where the side has none (infeasible).
std::optional<double> metricChange(const Perturbation& side, SensitivityMetric metric);
// The inputs of `result` ranked by their effect on `metric`: feasibility flips first, then the
// larger |change| of the two sides (ties keep core's order).
std::vector<const InputSensitivity*> rankedBy(const SensitivityResult& result,
                                              SensitivityMetric metric);
// "HBM capacity (flips feasibility)" or the input's own label.
QString sensitivityInputLabel(const InputSensitivity& input);

// A new tornado chart of `result` for `metric`; `step` is the relative change (0.1).
QChart* tornadoChart(const SensitivityResult& result, SensitivityMetric metric, double step);

}  // namespace infraplan::ui
