#pragma once
// Every key an output emits, dotted, arrays of objects as "[]" ("inputs[].up.change"), for the
// tests that hold an output to its schema. `opaque` keys are listed but not entered: objects
// another contract describes (a design's strategy and results, a catalog entry).
#include <nlohmann/json.hpp>

#include <set>
#include <string>

namespace infraplan::test {

inline void collectEmittedKeys(const nlohmann::json& j, const std::string& prefix,
                               const std::set<std::string>& opaque, std::set<std::string>& out) {
    for (const auto& [key, value] : j.items()) {
        const std::string path = prefix + key;
        out.insert(path);
        if (opaque.contains(path)) continue;
        if (value.is_object()) collectEmittedKeys(value, path + ".", opaque, out);
        if (value.is_array() && !value.empty() && value.front().is_object())
            for (const auto& e : value)
                collectEmittedKeys(e, path + "[].", opaque, out);
    }
}

inline std::set<std::string> emittedKeys(const nlohmann::json& j,
                                         const std::set<std::string>& opaque = {}) {
    std::set<std::string> out;
    collectEmittedKeys(j, "", opaque, out);
    return out;
}

}  // namespace infraplan::test
