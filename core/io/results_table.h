#pragma once
// Results JSON flattened into rows of (dotted path, value): the shape behind `compare` and the
// CSV report. Generic over the contract, so every engine's section shows up without code here;
// units come from the results schema (core/results/schema.h).

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infraplan {

struct ResultRow {
    std::string path;      // "training.step_time_s", "memory.breakdown.weights"
    nlohmann::json value;  // a scalar
};

// Every scalar of `results` in document order; arrays of objects (bottlenecks, links) are
// left out, arrays of scalars are joined by "; ".
std::vector<ResultRow> flattenResults(const nlohmann::json& results);

// CSV with a header line `metric,value,unit` (RFC 4180 quoting): the numbers exactly as the
// results JSON has them, the unit as docs/results.md names it.
std::string resultsToCsv(const nlohmann::json& results);

// B against A by the direction the results schema gives the field: none when the field has
// none (or is not a number), the values are equal, or either side is missing.
enum class Verdict { none, better, worse };
// "better", "worse"; "" for none.
const char* toString(Verdict verdict);
Verdict compareVerdict(std::string_view key, double a, double b);

struct ComparisonRow {
    std::string path;
    nlohmann::json a;              // null when only B has it
    nlohmann::json b;              // null when only A has it
    std::optional<double> change;  // (b - a) / |a| for numbers, when a != 0
    Verdict verdict = Verdict::none;
};

std::vector<ComparisonRow> compareResults(const nlohmann::json& a, const nlohmann::json& b);
nlohmann::json comparisonToJson(const std::string& name_a, const std::string& name_b,
                                const std::vector<ComparisonRow>& rows);
std::string comparisonToText(const std::string& name_a, const std::string& name_b,
                             const std::vector<ComparisonRow>& rows);

}  // namespace infraplan
