#include "core/io/text_report.h"
#include "catalog/json_limits.h"

#include <cmath>
#include <cstdio>

namespace infraplan {

std::string formatScalar(const nlohmann::json& v) {
    if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
    if (v.is_string()) return v.get<std::string>();
    if (v.is_null()) return "-";
    if (v.is_number_integer()) return std::to_string(v.get<long long>());
    if (v.is_number()) {
        const double x = v.get<double>();
        char buffer[48];
        if (std::fabs(x) >= 1e4 && std::fabs(x) < 1e15) {
            // Large figures in full with thousands separators: 857,600 not 8.576e+05.
            std::snprintf(buffer, sizeof buffer, "%.0f", x);
            std::string digits = buffer;
            const std::size_t first = digits[0] == '-' ? 1 : 0;
            for (auto i = static_cast<std::ptrdiff_t>(digits.size()) - 3;
                 i > static_cast<std::ptrdiff_t>(first); i -= 3)
                digits.insert(static_cast<std::size_t>(i), ",");
            return digits;
        }
        std::snprintf(buffer, sizeof buffer, "%.4g", x);
        return buffer;
    }
    return dumpJson(v);
}

namespace {

bool isScalarArray(const nlohmann::json& v) {
    for (const auto& e : v)
        if (e.is_structured()) return false;
    return true;
}

void appendValue(std::string& out, const std::string& key, const nlohmann::json& v, int indent) {
    const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
    if (v.is_object()) {
        if (v.empty()) return;
        out += pad + key + ":\n";
        for (auto it = v.begin(); it != v.end(); ++it)
            appendValue(out, it.key(), *it, indent + 1);
    } else if (v.is_array()) {
        if (v.empty()) return;
        if (isScalarArray(v)) {
            out += pad + key + ":\n";
            for (const auto& e : v)
                out += pad + "  - " + formatScalar(e) + "\n";
        } else {
            out += pad + key + ":\n";
            for (const auto& e : v) {
                std::string line;
                if (e.is_object()) {
                    for (auto it = e.begin(); it != e.end(); ++it) {
                        if (it->is_structured()) continue;
                        line += (line.empty() ? "" : ", ") + it.key() + " " + formatScalar(*it);
                    }
                } else {
                    line = dumpJson(e);
                }
                out += pad + "  - " + line + "\n";
            }
        }
    } else {
        out += pad + key + ": " + formatScalar(v) + "\n";
    }
}

}  // namespace

std::string formatResultsText(const std::string& design_name, const nlohmann::json& results) {
    std::string out = design_name.empty() ? std::string("(unnamed design)\n") : design_name + "\n";
    // Verdict first, then scalars, then sections.
    for (const char* key : {"feasible", "devices", "reasons", "warnings"})
        if (results.contains(key)) appendValue(out, key, results[key], 1);
    for (auto it = results.begin(); it != results.end(); ++it) {
        const std::string& key = it.key();
        if (key == "feasible" || key == "devices" || key == "reasons" || key == "warnings")
            continue;
        appendValue(out, key, *it, 1);
    }
    return out;
}

}  // namespace infraplan
