#include "core/io/results_table.h"
#include "catalog/json_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace infraplan {
namespace {

void flattenInto(const nlohmann::json& value, const std::string& path,
                 std::vector<ResultRow>& rows) {
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it)
            flattenInto(*it, path.empty() ? it.key() : path + "." + it.key(), rows);
    } else if (value.is_array()) {
        if (value.empty()) return;
        if (std::any_of(value.begin(), value.end(),
                        [](const auto& e) { return e.is_structured(); }))
            return;
        std::string joined;
        for (const auto& e : value)
            joined +=
                (joined.empty() ? "" : "; ") + (e.is_string() ? e.get<std::string>() : dumpJson(e));
        rows.push_back({path, joined});
    } else {
        rows.push_back({path, value});
    }
}

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string scalarText(const nlohmann::json& v) {
    if (v.is_null()) return "-";
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_float()) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.6g", v.get<double>());
        return buffer;
    }
    return dumpJson(v);
}

}  // namespace

std::vector<ResultRow> flattenResults(const nlohmann::json& results) {
    std::vector<ResultRow> rows;
    flattenInto(results, "", rows);
    return rows;
}

std::string resultsToCsv(const nlohmann::json& results) {
    std::string csv = "metric,value\n";
    for (const ResultRow& row : flattenResults(results))
        csv += csvField(row.path) + "," + csvField(scalarText(row.value)) + "\n";
    return csv;
}

std::vector<ComparisonRow> compareResults(const nlohmann::json& a, const nlohmann::json& b) {
    std::vector<ComparisonRow> rows;
    std::map<std::string, std::size_t> index;
    for (const ResultRow& r : flattenResults(a)) {
        index[r.path] = rows.size();
        rows.push_back({r.path, r.value, nullptr, std::nullopt});
    }
    for (const ResultRow& r : flattenResults(b)) {
        auto it = index.find(r.path);
        if (it == index.end())
            rows.push_back({r.path, nullptr, r.value, std::nullopt});
        else
            rows[it->second].b = r.value;
    }
    for (ComparisonRow& row : rows) {
        if (row.a.is_number() && row.b.is_number() && !row.a.is_boolean()) {
            const double x = row.a.get<double>();
            const double y = row.b.get<double>();
            if (x != 0 && std::isfinite(x) && std::isfinite(y)) row.change = (y - x) / std::fabs(x);
        }
    }
    return rows;
}

nlohmann::json comparisonToJson(const std::string& name_a, const std::string& name_b,
                                const std::vector<ComparisonRow>& rows) {
    nlohmann::json metrics = nlohmann::json::array();
    for (const ComparisonRow& row : rows) {
        nlohmann::json m = {{"metric", row.path}, {"a", row.a}, {"b", row.b}};
        if (row.change) m["change"] = *row.change;
        metrics.push_back(m);
    }
    return {{"a", name_a}, {"b", name_b}, {"metrics", metrics}};
}

std::string comparisonToText(const std::string& name_a, const std::string& name_b,
                             const std::vector<ComparisonRow>& rows) {
    std::size_t width = 6;
    for (const ComparisonRow& row : rows)
        width = std::max(width, row.path.size());
    std::string out = "A: " + name_a + "\nB: " + name_b + "\n\n";
    char line[512];
    std::snprintf(line, sizeof line, "%-*s  %16s  %16s  %8s\n", static_cast<int>(width), "metric",
                  "A", "B", "B vs A");
    out += line;
    for (const ComparisonRow& row : rows) {
        std::string change = "";
        if (row.change) {
            char c[32];
            std::snprintf(c, sizeof c, "%+.1f%%", *row.change * 100);
            change = c;
        }
        std::snprintf(line, sizeof line, "%-*s  %16s  %16s  %8s\n", static_cast<int>(width),
                      row.path.c_str(), scalarText(row.a).substr(0, 16).c_str(),
                      scalarText(row.b).substr(0, 16).c_str(), change.c_str());
        out += line;
    }
    return out;
}

}  // namespace infraplan
