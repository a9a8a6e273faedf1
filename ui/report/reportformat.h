#pragma once
// The report's side of the results contract: labels and units from the results schema
// (core/results/schema.h), digits from core's formatter (core/results/format.h), as QString.

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/results/format.h"

namespace infraplan::report {

// A results value with the unit its schema field declares: ("training.step_time_s", 13.57) ->
// "13.57 s", ("network.links.3.utilization", 0.52) -> "52.0 %". HTML-escaped.
QString formatField(const std::string& key, const nlohmann::json& value);
// A number in a unit the caller knows (catalog specs, design inputs): "80 GB", "52.0 %".
QString quantity(double value, Unit unit);
// A results field's label from the schema: "training.time_to_train_days" -> "Time to train".
QString fieldLabel(const std::string& key);
// A plain number (no unit): 1234567 -> "1,234,567", 0.1234567 -> "0.1235".
QString formatPlain(double value);
// Any JSON scalar without a unit (design inputs): "yes", "–", "0.6", text; HTML-escaped.
QString plainValue(const nlohmann::json& value);

// The value at dotted `key` under `root` ("breakdown", "ttft_ms.p99"), or null.
const nlohmann::json& valueAt(const nlohmann::json& root, const std::string& key);
// The finite number there, if there is one.
std::optional<double> numberAt(const nlohmann::json& root, const std::string& key);

// Text from the design or the catalog as HTML, cut with an ellipsis past `max_chars` so that a
// 100 KB name cannot fill a hundred pages (the JSON and CSV reports keep it whole).
inline constexpr qsizetype kMaxTextChars = 200;
QString escaped(const std::string& text, qsizetype max_chars = kMaxTextChars);
// The same cut, as plain text.
QString shortened(const std::string& text, qsizetype max_chars = kMaxTextChars);

}  // namespace infraplan::report
