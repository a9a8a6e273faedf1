#pragma once
// What a dashboard card says for one evaluation: its value with a caption that says what the
// figure is (goodput next to the offered load, $/M tokens at which load), or why there is no
// value (an infeasible design, a workload without a token budget). Kept apart from the widget
// so each rule reads at once and tests can check it without a window.

#include <QString>
#include <optional>

#include "core/design/design.h"
#include "ui/dashboard/metrics.h"

namespace infraplan::ui {

struct Evaluation;

struct CardText {
    std::optional<QString> value;  // none: the card is greyed with `caption` saying why
    QString caption;               // empty: the metric's own caption; else with the likely range
    QString detail;  // tooltip: why a greyed card has no value, or what its likely range rests on
};

CardText cardText(const Metric& metric, const Evaluation& evaluation, WorkloadMode mode);

}  // namespace infraplan::ui
