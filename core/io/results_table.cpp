#include "core/io/results_table.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "catalog/json_limits.h"
#include "core/results/format.h"
#include "core/results/schema.h"

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

// What the schema says the unit of a row is ("" for text, flags and plain numbers).
std::string unitOf(const std::string& path) {
    const ResultField* field = findResultField(path);
    return field ? unitColumn(*field) : std::string();
}

// `text` padded with spaces to `width` characters (UTF-8 aware: "µs" is two characters).
std::string padded(const std::string& text, std::size_t width, bool right) {
    std::size_t characters = 0;
    for (unsigned char c : text)
        characters += (c & 0xC0) != 0x80;
    const std::string pad(width > characters ? width - characters : 0, ' ');
    return right ? pad + text : text + pad;
}

// A cell of the compare table: the value with its unit, "–" when that side lacks it.
std::string cellText(const std::string& path, const nlohmann::json& v) {
    const ResultField* field = findResultField(path);
    return formatValue(v, field ? field->unit : Unit::none);
}

}  // namespace

const char* toString(Verdict verdict) {
    switch (verdict) {
        case Verdict::better:
            return "better";
        case Verdict::worse:
            return "worse";
        case Verdict::none:
            break;
    }
    return "";
}

Verdict compareVerdict(std::string_view key, double a, double b) {
    const Better better = betterDirection(key);
    if (better == Better::neither || a == b || !std::isfinite(a) || !std::isfinite(b))
        return Verdict::none;
    return (b < a) == (better == Better::lower) ? Verdict::better : Verdict::worse;
}

std::vector<ResultRow> flattenResults(const nlohmann::json& results) {
    std::vector<ResultRow> rows;
    flattenInto(results, "", rows);
    return rows;
}

std::string resultsToCsv(const nlohmann::json& results) {
    std::string csv = "metric,value,unit\n";
    for (const ResultRow& row : flattenResults(results))
        csv += csvField(row.path) + "," + csvField(formatExact(row.value)) + "," +
               csvField(unitOf(row.path)) + "\n";
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
            row.verdict = compareVerdict(row.path, x, y);
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
        if (row.verdict != Verdict::none) m["verdict"] = toString(row.verdict);
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
    out += padded("metric", width, false) + "  " + padded("A", 18, true) + "  " +
           padded("B", 18, true) + "  " + padded("B vs A", 9, true) + "\n";
    for (const ComparisonRow& row : rows) {
        const std::string change =
            row.change ? (*row.change >= 0 ? "+" : "") + formatPercent(*row.change) : "";
        out += padded(row.path, width, false) + "  " + padded(cellText(row.path, row.a), 18, true) +
               "  " + padded(cellText(row.path, row.b), 18, true) + "  " + padded(change, 9, true) +
               (row.verdict == Verdict::none ? "" : "  " + std::string(toString(row.verdict))) +
               "\n";
    }
    return out;
}

}  // namespace infraplan
