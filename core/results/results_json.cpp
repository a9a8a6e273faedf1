#include "core/results/results_json.h"

#include <cmath>

#include "catalog/json_reader.h"
#include "core/results/facility_json.h"
#include "core/results/network_json.h"
#include "core/results/schema.h"

namespace infraplan {
namespace {

nlohmann::json inventoryToJson(const Inventory& inv) {
    nlohmann::json peaks = nlohmann::json::object();
    for (std::size_t p = 0; p < catalog::kPrecisionCount; ++p)
        if (inv.peak_tflops[p] > 0)
            peaks[catalog::toString(static_cast<catalog::Precision>(p))] = inv.peak_tflops[p];
    return {{"items_by_kind", inv.items_by_kind},
            {"devices", inv.devices},
            {"peak_tflops", peaks},
            {"memory_capacity_gb", inv.memory_capacity_gb},
            {"memory_bandwidth_gb_s", inv.memory_bandwidth_gb_s},
            {"memory_node_capacity_gb", inv.memory_node_capacity_gb},
            {"links_by_type", inv.links_by_type}};
}

nlohmann::json bottleneckToJson(const Bottleneck& b) {
    nlohmann::json j = {{"resource", b.resource},
                        {"phase", b.phase},
                        {"share_of_time", b.share_of_time},
                        {"utilization", b.utilization},
                        {"advice", b.advice}};
    if (!b.item_id.empty()) j["item_id"] = b.item_id;
    return j;
}

nlohmann::json errorBandToJson(const ErrorBand& b) {
    nlohmann::json j = {
        {"metric", b.metric}, {"low_factor", b.low_factor}, {"high_factor", b.high_factor},
        {"runs", b.runs},     {"basis", b.basis},           {"validated", b.validated}};
    if (!b.validated) j["caveat"] = b.caveat;
    return j;
}

// Training and memory sections (docs/results.md); breakdown phases in seconds and bytes.
nlohmann::json trainingToJson(const TrainingResults& t) {
    const TrainingBreakdown& b = t.breakdown;
    return {{"step_time_s", t.step_time_s},
            {"tokens_per_s", t.tokens_per_s},
            {"samples_per_s", t.samples_per_s},
            {"mfu", t.mfu},
            {"hfu", t.hfu},
            {"model_tflops_per_device", t.model_tflops_per_device},
            {"hardware_tflops_per_device", t.hardware_tflops_per_device},
            {"time_to_train_days", t.time_to_train_days},
            {"model_flops_per_step", t.model_flops_per_step},
            {"hardware_flops_per_step", t.hardware_flops_per_step},
            {"energy_per_step_j", t.energy_per_step_j},
            {"device_power_w", t.device_power_w},
            {"training_energy_mwh", t.training_energy_mwh},
            {"bubble_fraction", t.bubble_fraction},
            {"devices_used", t.devices_used},
            {"devices_idle", t.devices_idle},
            {"dp", t.dp},
            {"micro_batches", t.micro_batches},
            {"breakdown",
             {{"compute", b.compute_s},
              {"memory_bound", b.memory_bound_s},
              {"tp_comm", b.tp_comm_s},
              {"pp_comm", b.pp_comm_s},
              {"dp_comm", b.dp_comm_s},
              {"ep_comm", b.ep_comm_s},
              {"cp_comm", b.cp_comm_s},
              {"bubble", b.bubble_s},
              {"overlap", b.overlap_s},
              {"optimizer", b.optimizer_s},
              {"offload", b.offload_s}}}};
}

nlohmann::json memoryToJson(const MemoryResults& m) {
    const MemoryBreakdown& b = m.breakdown;
    return {{"per_device_bytes", m.per_device_bytes},
            {"capacity_bytes", m.capacity_bytes},
            {"offloaded_bytes", m.offloaded_bytes},
            {"breakdown",
             {{"weights", b.weights},
              {"master_weights", b.master_weights},
              {"gradients", b.gradients},
              {"optimizer", b.optimizer},
              {"activations", b.activations},
              {"kv_cache", b.kv_cache},
              {"workspace", b.workspace},
              {"fragmentation", b.fragmentation},
              {"runtime_reserve", b.runtime_reserve}}}};
}

}  // namespace

std::vector<std::string> scrubNonFinite(nlohmann::json& value, const std::string& pointer) {
    std::vector<std::string> fixed;
    if (value.is_number_float() && !std::isfinite(value.get<double>())) {
        value = nullptr;
        fixed.push_back(pointer);
    } else if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it) {
            auto inner = scrubNonFinite(it.value(), pointer + "/" + pointerEscape(it.key()));
            fixed.insert(fixed.end(), inner.begin(), inner.end());
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i) {
            auto inner = scrubNonFinite(value[i], pointer + "/" + std::to_string(i));
            fixed.insert(fixed.end(), inner.begin(), inner.end());
        }
    }
    return fixed;
}

nlohmann::json operatorsToJson(const OperatorList& operators) {
    nlohmann::json out = nlohmann::json::array();
    for (const OperatorResult& o : operators)
        out.push_back({{"name", o.name},
                       {"flops", o.flops},
                       {"bytes", o.bytes},
                       {"time_s", o.time_s},
                       {"calls_per_step", o.calls_per_step},
                       {"bound", o.bound}});
    return out;
}

nlohmann::json resultsToJson(const Results& r) {
    nlohmann::json j = {{"feasible", r.feasible},
                        {"reasons", r.reasons},
                        {"warnings", r.warnings},
                        {"bottlenecks", nlohmann::json::array()},
                        {"devices", r.devices}};
    if (r.cancelled) j["cancelled"] = true;
    for (const Bottleneck& b : r.bottlenecks)
        j["bottlenecks"].push_back(bottleneckToJson(b));
    j["error_bands"] = nlohmann::json::array();
    for (const ErrorBand& b : r.error_bands)
        j["error_bands"].push_back(errorBandToJson(b));
    j["inventory"] = inventoryToJson(r.inventory);
    if (r.training) j["training"] = trainingToJson(*r.training);
    if (r.training && !r.training->operators.empty())
        j["training"]["operators"] = operatorsToJson(r.training->operators);
    if (r.memory) j["memory"] = memoryToJson(*r.memory);
    writeFacilityJson(r, j);
    writeInferenceJson(r, j);
    writeNetworkJson(r, j);

    for (const std::string& where : scrubNonFinite(j))
        j["warnings"].push_back("internal error: a non-finite value at " + where +
                                " was replaced by null; please report this design");
    for (const std::string& key : undescribedKeys(j))
        j["warnings"].push_back("internal error: results field " + key +
                                " is not in the results contract; please report this design");
    return j;
}

}  // namespace infraplan
