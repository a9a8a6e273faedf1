#pragma once
// The measurements `infraplan-cli calibrate` fits to (docs/planning.md, "Calibration"): a CSV
// with a `metric` and a `value` column, an optional `note`, and one column per design field
// the run changed (strategy.tp, /strategy/microbatch, ...; an empty cell keeps the design's).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/comm/comm_model.h"
#include "core/results/results.h"

namespace infraplan {

struct MeasuredMetric {
    const char* id;  // "step_time_s"
    const char* label;
    bool training;  // a training metric (else serving)
    // Read from the design's results; null for a collective benchmark (bus_bandwidth_gb_s),
    // which the communication model predicts for any design.
    std::optional<double> (*read)(const Results&);
};
// step_time_s, tokens_per_s (training); ttft_ms, tpot_ms, output_tokens_per_s (serving);
// bus_bandwidth_gb_s (nccl-tests, either mode).
const std::vector<MeasuredMetric>& measuredMetrics();
const MeasuredMetric* measuredMetric(std::string_view id);

// An nccl-tests run (its `collective`, `bytes` and `ranks` columns): `bytes` is the test's size
// S and the result its bus bandwidth (NVIDIA/nccl-tests doc/PERFORMANCE.md).
struct CollectiveRun {
    Collective op = Collective::all_reduce;
    double bytes = 0;
    long long ranks = 0;
};

struct Measurement {
    int line = 0;  // in the CSV, for messages
    const MeasuredMetric* metric = nullptr;
    double value = 0;
    std::vector<std::string> assignments;  // "strategy.tp=4", applied to the design in order
    std::string note;
    std::optional<CollectiveRun> collective;  // bus_bandwidth_gb_s rows only
};

inline constexpr std::size_t kMaxMeasurements = 200;
inline constexpr std::size_t kMaxMeasurementBytes = 4u << 20;  // the CSV file at most

// Every problem as "LINE: column: why" in `errors`; nullopt when there is any.
std::optional<std::vector<Measurement>> parseMeasurements(std::string_view csv_text,
                                                          std::vector<std::string>& errors);
// Reads the CSV at `path` (at most kMaxMeasurementBytes) and parses it. nullopt when it cannot
// be read (`errors` holds why) or has problems (each as "PATH:LINE: column: why").
std::optional<std::vector<Measurement>> readMeasurementsFile(const std::string& path,
                                                             std::vector<std::string>& errors);

}  // namespace infraplan
