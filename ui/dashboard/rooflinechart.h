#pragma once
// The roofline chart of a step's operators (Williams, Waterman & Patterson 2009): log-log,
// arithmetic intensity (FLOP/byte) against achieved FLOP/s, under the device's compute roofs
// (one per precision it lists) and its memory-bandwidth roof, both from the catalog. One point
// per operator of results `training.operators` / `inference.operators`; hovering one names it
// with its FLOPs, bytes and time.

#include <QString>
#include <nlohmann/json.hpp>
#include <vector>

#include "catalog/entries.h"

class QChart;

namespace infraplan::ui {

struct RooflinePoint {
    QString name;
    double intensity_flop_per_byte = 0;
    double achieved_flop_s = 0;
    bool compute_bound = false;
    QString tooltip;
};

struct RooflineData {
    std::vector<RooflinePoint> points;
    int without_flops = 0;  // operators with no FLOPs (norms, casts, optimizer): off the chart
    double without_flops_share = 0;  // their share of the operators' time in a step
};

// The points of an operators array (entries without FLOPs, time or bytes are counted, not drawn).
RooflineData rooflineData(const nlohmann::json& operators);

// nullptr when there are no operators to plot or no device to draw the roofs of. The roof of
// `precision` (the workload's) is drawn solid and labelled, the device's others dashed.
QChart* rooflineChart(const nlohmann::json& operators, const catalog::Accelerator* device,
                      catalog::Precision precision);

}  // namespace infraplan::ui
