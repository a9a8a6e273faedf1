#pragma once
// Numbers and units as people read them: the one formatter behind the CLI text, compare and
// CSV output, the PDF report, the dashboard and the catalog summaries. Plain C++ (UTF-8
// strings); the Qt side wraps the results in QString::fromStdString.

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

namespace infraplan {

// The unit of a number, as the results schema (core/results/schema.h) declares it and the
// formatter scales it: 0.0031 seconds reads "3.1 ms", 1530 kW reads "1.53 MW".
enum class Unit {
    none,      // a plain number or a ratio (PUE, oversubscription, mean batch)
    fraction,  // 0..1, shown as a percentage
    count,     // things: devices, racks, requests
    seconds,
    milliseconds,
    nanoseconds,
    hours,
    days,
    bytes,
    gigabytes,
    gigabytes_per_s,
    bytes_per_token,
    flop,
    tflop_per_s,
    watts,
    kilowatts,
    megawatt_hours,
    joules,
    joules_per_token,
    usd,
    usd_per_hour,
    usd_per_year,
    usd_per_million_tokens,
    tokens_per_s,
    samples_per_s,
    requests_per_s,
    per_hour,
    tonnes_co2,
    litres_per_minute,
    cubic_feet_per_minute,
    cubic_metres_per_year,
    refrigeration_tons,
};

// The unit's name in the results contract (docs/results.md) and the CSV: "s", "GB/s", "USD/h".
std::string_view unitName(Unit unit);

// A plain number: `significant` digits, thousands separators, no exponent for everyday sizes:
// 1234567 -> "1,234,567", 13.5714 -> "13.57", 0.1234567 -> "0.1235"; "–" when not finite.
std::string formatNumber(double value, int significant = 4);
// A whole number with thousands separators: 1234567 -> "1,234,567".
std::string formatInteger(long long value);
// A fraction as a percentage, one decimal from 10 % up and two below: 0.521 -> "52.1 %".
std::string formatPercent(double fraction);
// Dollars with decimals that suit the size: "$0.0042", "$2.24", "$12,345", "$3.214 M", "$1.2 B".
std::string formatMoney(double usd);
// A number in `unit`, scaled to the step that reads best, with its symbol: "13.57 s".
std::string formatQuantity(double value, Unit unit);
// Any scalar of the results JSON: numbers with `unit`, true/false as "yes"/"no", null as "–",
// strings as they are, an array of scalars joined by "; ".
std::string formatValue(const nlohmann::json& value, Unit unit = Unit::none);
// The exact number as JSON writes it (shortest text that reads back the same double): what the
// CSV holds, so a spreadsheet gets the results' numbers, not rounded ones.
std::string formatExact(const nlohmann::json& value);

}  // namespace infraplan
