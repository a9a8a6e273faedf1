#pragma once
// Numbers of the results JSON as the report prints them. The unit is read from the field
// name's suffix (DESIGN.md: numbers carry their units in their names), so a new engine field
// prints with its unit without code here; the digits come from core's formatScalar().

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace infraplan::report {

// The value of results field `key` with its unit: ("step_time_s", 13.57) -> "13.57 s",
// ("mfu", 0.52) -> "52.1 %", ("capex_usd", 3.2e6) -> "$3.21 M".
QString formatField(const std::string& key, const nlohmann::json& value);
QString formatField(const std::string& key, double value);
// A label for a field: "time_to_train_days" -> "Time to train", "ttft_ms" -> "TTFT".
QString fieldLabel(const std::string& key);
// A plain number (no unit): 1234567 -> "1,234,567", 0.1234567 -> "0.1235".
QString formatPlain(double value);

// The finite number at `pointer` ("/training/mfu"), if there is one.
std::optional<double> numberAt(const nlohmann::json& root, const std::string& pointer);
// The value at `pointer`, or null.
const nlohmann::json& valueAt(const nlohmann::json& root, const std::string& pointer);

// Text from the design or the catalog as HTML, cut with an ellipsis past `max_chars` so that a
// 100 KB name cannot fill a hundred pages (the JSON and CSV reports keep it whole).
inline constexpr qsizetype kMaxTextChars = 200;
QString escaped(const std::string& text, qsizetype max_chars = kMaxTextChars);
// The same cut, as plain text.
QString shortened(const std::string& text, qsizetype max_chars = kMaxTextChars);

}  // namespace infraplan::report
