#pragma once
// What an evaluation of a design produces (docs/results.md). Each engine fills its own section;
// toJson() in results_json.cpp writes the contract's field names.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catalog/entries.h"
#include "core/facility/facility_results.h"
#include "core/results/bottleneck_phase.h"
#include "core/results/error_band.h"
#include "core/results/inference_results.h"
#include "core/results/network_results.h"
#include "core/results/training_results.h"

namespace infraplan {

struct Bottleneck {
    std::string resource;  // "compute" | "hbm-bandwidth" | "scale-up link" | "nic" | ...
    BottleneckPhase phase = BottleneckPhase::compute;  // JSON: its text, "forward/backward" ...
    double share_of_time = 0;
    double utilization = 0;
    std::string advice;
    std::string item_id;  // design item to select when the user clicks it ("" = none)
};

// What the hardware adds up to, before any workload: the foundation's evaluation.
struct Inventory {
    std::map<std::string, long long> items_by_kind;  // accelerator, nic, switch, memory, ...
    long long devices = 0;                           // accelerators
    std::array<double, catalog::kPrecisionCount> peak_tflops{};  // summed over all devices
    double memory_capacity_gb = 0;                               // device memory, summed
    double memory_bandwidth_gb_s = 0;                            // device memory bandwidth, summed
    double memory_node_capacity_gb = 0;                          // memory items (HBM/CXL pools)
    std::map<std::string, long long> links_by_type;  // catalog link id -> physical links
};

struct Results {
    bool feasible = true;
    bool cancelled = false;  // stopped on request (EvaluateOptions::cancel): no numbers, not final
    std::vector<std::string> reasons;   // why not feasible
    std::vector<std::string> warnings;  // feasible, but worth knowing
    std::vector<Bottleneck> bottlenecks;
    long long devices = 0;
    Inventory inventory;
    std::optional<TrainingResults> training;  // training-mode designs
    std::optional<MemoryResults> memory;      // per-device memory (training engine fills it)
    // power.*, cooling.*, cost.*, energy.*, reliability.* (core/facility)
    std::optional<FacilityResults> facility;
    std::optional<InferenceResults> inference;  // inference-mode designs
    std::optional<NetworkResults> network;      // flow-level fabric model (core/topology)
    // The likely range of the headline figures (core/accuracy/error_bands.h); empty in a
    // search's candidates and for infeasible designs.
    std::vector<ErrorBand> error_bands;
};

}  // namespace infraplan
