#pragma once
// The headline metrics of the dashboard cards, the status bar and the compare view: results
// fields by their schema key (core/results/schema.h gives each its label, unit, modes and
// meaning), so these three show whatever the engines fill and say why when they do not.

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/design/design.h"

namespace infraplan::ui {

struct Metric {
    std::string key;  // results schema key: "training.step_time_s", "inference.ttft_ms.p99"
    QString caption;  // a short qualifier shown under the value: "per optimizer step"

    QString title() const;    // the schema's label: "Step time"
    QString meaning() const;  // the schema's one-line meaning, for tooltips
    bool appliesTo(WorkloadMode mode) const;
    // The value with its unit ("13.57 s"), if the results have a finite number there.
    std::optional<QString> valueIn(const nlohmann::json& results) const;
    // Why the results lack it: when its field (or the section holding it) is present.
    QString absence(const nlohmann::json& results) const;
};

// In display order. Every key is checked against the schema when the list is built.
const std::vector<Metric>& headlineMetrics();

}  // namespace infraplan::ui
