#include "core/results/results_json.h"

#include <cmath>

#include "catalog/json_reader.h"

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

nlohmann::json resultsToJson(const Results& r) {
    nlohmann::json j = {{"feasible", r.feasible},
                        {"reasons", r.reasons},
                        {"warnings", r.warnings},
                        {"bottlenecks", nlohmann::json::array()},
                        {"devices", r.devices}};
    for (const Bottleneck& b : r.bottlenecks)
        j["bottlenecks"].push_back(bottleneckToJson(b));
    j["inventory"] = inventoryToJson(r.inventory);

    for (const std::string& where : scrubNonFinite(j))
        j["warnings"].push_back("internal error: a non-finite value at " + where +
                                " was replaced by null; please report this design");
    return j;
}

}  // namespace infraplan
