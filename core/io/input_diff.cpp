#include "core/io/input_diff.h"

#include <map>

#include "core/io/design_json.h"
#include "core/io/results_table.h"

namespace infraplan {

InputComparison compareInputs(const Design& a, const Design& b) {
    const nlohmann::json ja = designToJson(a), jb = designToJson(b);
    InputComparison out;
    for (const char* section : {"workload", "strategy", "facility", "economics"}) {
        std::map<std::string, std::pair<nlohmann::json, nlohmann::json>> byKey;
        for (const ResultRow& r : flattenResults(ja.value(section, nlohmann::json::object())))
            byKey[r.path].first = r.value;
        for (const ResultRow& r : flattenResults(jb.value(section, nlohmann::json::object())))
            byKey[r.path].second = r.value;
        for (auto& [key, values] : byKey) {
            if (values.first == values.second) {
                ++out.same;
                continue;
            }
            out.differences.push_back({std::string(section) + "." + key, std::move(values.first),
                                       std::move(values.second)});
        }
    }
    return out;
}

}  // namespace infraplan
