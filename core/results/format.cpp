#include "core/results/format.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <vector>

#include "catalog/json_limits.h"

namespace infraplan {
namespace {

// One rung of a unit's ladder: values from `factor` up read as value / factor in `symbol`.
struct Step {
    double factor;
    const char* symbol;
};
using Ladder = std::vector<Step>;

std::string printed(const char* format, int digits, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, digits, value);
    return buffer;
}

// "1234567.5" -> "1,234,567.5" (the integer part only; a leading '-' stays in front).
std::string withSeparators(std::string text) {
    const std::size_t start = text[0] == '-' ? 1 : 0;
    const std::size_t point = std::min(text.find('.'), text.size());
    for (auto i = static_cast<std::ptrdiff_t>(point) - 3; i > static_cast<std::ptrdiff_t>(start);
         i -= 3)
        text.insert(static_cast<std::size_t>(i), ",");
    return text;
}

std::string trimmedZeros(std::string text) {
    if (text.find('.') == std::string::npos) return text;
    while (text.back() == '0')
        text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text == "-0" ? "0" : text;
}

// `home`: the rung of the field's own unit, which a zero reads in ("0 kW", not "0 W").
std::string scaled(double value, const Ladder& ladder, double home = 1) {
    const Step* chosen = &ladder.front();
    for (const Step& step : ladder)
        if (value == 0 ? step.factor == home : std::fabs(value) >= step.factor) chosen = &step;
    return formatNumber(value / chosen->factor) + " " + chosen->symbol;
}

// Seconds as the unit that keeps the figure short: "850 ns", "3.1 ms", "13.57 s", "25 min",
// "36 h", "24.6 days".
std::string duration(double seconds) {
    const double s = std::fabs(seconds);
    if (s == 0) return "0 s";
    if (s < 1e-6) return formatNumber(seconds * 1e9) + " ns";
    if (s < 1e-3) return formatNumber(seconds * 1e6) + " µs";
    if (s < 1) return formatNumber(seconds * 1e3) + " ms";
    if (s < 120) return formatNumber(seconds) + " s";
    if (s < 7200) return formatNumber(seconds / 60) + " min";
    if (s < 48 * 3600) return formatNumber(seconds / 3600) + " h";
    return formatNumber(seconds / 86400) + " days";
}

const Ladder kBytes = {{1, "B"}, {1e3, "kB"}, {1e6, "MB"}, {1e9, "GB"}, {1e12, "TB"}, {1e15, "PB"}};
const Ladder kGbPerS = {{1e-3, "MB/s"}, {1, "GB/s"}, {1e3, "TB/s"}, {1e6, "PB/s"}};
const Ladder kFlop = {{1, "FLOP"},     {1e3, "kFLOP"},  {1e6, "MFLOP"}, {1e9, "GFLOP"},
                      {1e12, "TFLOP"}, {1e15, "PFLOP"}, {1e18, "EFLOP"}};
const Ladder kTflopPerS = {{1e-3, "GFLOP/s"}, {1, "TFLOP/s"}, {1e3, "PFLOP/s"}, {1e6, "EFLOP/s"}};
const Ladder kWatts = {{1, "W"}, {1e3, "kW"}, {1e6, "MW"}, {1e9, "GW"}};
const Ladder kMwh = {{1e-3, "kWh"}, {1, "MWh"}, {1e3, "GWh"}};
const Ladder kJoules = {{1, "J"}, {1e3, "kJ"}, {1e6, "MJ"}, {1e9, "GJ"}};

struct UnitText {
    Unit unit;
    const char* name;    // in the contract and the CSV
    const char* suffix;  // after the number, for units without a ladder
};

constexpr std::array<UnitText, 32> kUnits = {{
    {Unit::none, "", ""},
    {Unit::fraction, "fraction", ""},
    {Unit::count, "count", ""},
    {Unit::seconds, "s", ""},
    {Unit::milliseconds, "ms", ""},
    {Unit::nanoseconds, "ns", ""},
    {Unit::hours, "h", ""},
    {Unit::days, "days", ""},
    {Unit::bytes, "B", ""},
    {Unit::gigabytes, "GB", ""},
    {Unit::gigabytes_per_s, "GB/s", ""},
    {Unit::bytes_per_token, "B/token", "/token"},
    {Unit::flop, "FLOP", ""},
    {Unit::tflop_per_s, "TFLOP/s", ""},
    {Unit::watts, "W", ""},
    {Unit::kilowatts, "kW", ""},
    {Unit::megawatt_hours, "MWh", ""},
    {Unit::joules, "J", ""},
    {Unit::joules_per_token, "J/token", " J/token"},
    {Unit::usd, "USD", ""},
    {Unit::usd_per_hour, "USD/h", "/h"},
    {Unit::usd_per_year, "USD/year", "/year"},
    {Unit::usd_per_million_tokens, "USD/M tokens", "/M tokens"},
    {Unit::tokens_per_s, "tokens/s", " tokens/s"},
    {Unit::samples_per_s, "samples/s", " samples/s"},
    {Unit::requests_per_s, "requests/s", " requests/s"},
    {Unit::per_hour, "1/h", " /h"},
    {Unit::tonnes_co2, "t CO2", " t CO₂"},
    {Unit::litres_per_minute, "L/min", " L/min"},
    {Unit::cubic_feet_per_minute, "CFM", " CFM"},
    {Unit::cubic_metres_per_year, "m3/year", " m³/year"},
    {Unit::refrigeration_tons, "RT", " RT"},
}};

const UnitText& textOf(Unit unit) {
    for (const UnitText& u : kUnits)
        if (u.unit == unit) return u;
    return kUnits.front();
}

}  // namespace

std::string_view unitName(Unit unit) {
    return textOf(unit).name;
}

std::string formatNumber(double value, int significant) {
    if (!std::isfinite(value)) return "–";
    if (value == 0) return "0";
    const double magnitude = std::fabs(value);
    if (magnitude < 1e-4 || magnitude >= 1e15)
        return printed("%.*g", significant, value);  // exponent: rare, and still exact enough
    const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
    const int decimals = std::max(0, significant - 1 - exponent);
    return withSeparators(trimmedZeros(printed("%.*f", decimals, value)));
}

std::string formatInteger(long long value) {
    return withSeparators(std::to_string(value));
}

std::string formatPercent(double fraction) {
    if (!std::isfinite(fraction)) return "–";
    const double percent = fraction * 100;
    const int decimals = std::fabs(percent) >= 9.995 || percent == 0 ? 1 : 2;
    return withSeparators(printed("%.*f", decimals, percent)) + " %";
}

std::string formatMoney(double usd) {
    if (!std::isfinite(usd)) return "–";
    const std::string sign = usd < 0 ? "-$" : "$";
    const double a = std::fabs(usd);
    if (a >= 1e9) return sign + formatNumber(a / 1e9) + " B";
    if (a >= 1e6) return sign + formatNumber(a / 1e6) + " M";
    if (a >= 100) return sign + formatInteger(std::llround(a));
    if (a == 0) return "$0";
    return sign + printed("%.*f", a >= 0.01 ? 2 : 4, a);
}

std::string formatQuantity(double value, Unit unit) {
    if (!std::isfinite(value)) return "–";
    switch (unit) {
        case Unit::none:
            return formatNumber(value);
        case Unit::count:
            return value == std::round(value) && std::fabs(value) < 9e18
                       ? formatInteger(std::llround(value))
                       : formatNumber(value);
        case Unit::fraction:
            return formatPercent(value);
        case Unit::seconds:
            return duration(value);
        case Unit::milliseconds:
            return duration(value * 1e-3);
        case Unit::nanoseconds:
            return duration(value * 1e-9);
        case Unit::hours:
            return duration(value * 3600);
        case Unit::days:
            return duration(value * 86400);
        case Unit::bytes:
        case Unit::bytes_per_token:
            return scaled(value, kBytes) + textOf(unit).suffix;
        case Unit::gigabytes:
            return scaled(value * 1e9, kBytes, 1e9);
        case Unit::gigabytes_per_s:
            return scaled(value, kGbPerS);
        case Unit::flop:
            return scaled(value, kFlop);
        case Unit::tflop_per_s:
            return scaled(value, kTflopPerS);
        case Unit::watts:
            return scaled(value, kWatts);
        case Unit::kilowatts:
            return scaled(value * 1e3, kWatts, 1e3);
        case Unit::megawatt_hours:
            return scaled(value, kMwh);
        case Unit::joules:
            return scaled(value, kJoules);
        case Unit::usd:
        case Unit::usd_per_hour:
        case Unit::usd_per_year:
        case Unit::usd_per_million_tokens:
            return formatMoney(value) + textOf(unit).suffix;
        default:
            return formatNumber(value) + textOf(unit).suffix;
    }
}

std::string formatValue(const nlohmann::json& value, Unit unit) {
    if (value.is_boolean()) return value.get<bool>() ? "yes" : "no";
    if (value.is_string()) return value.get<std::string>().empty() ? "–" : value.get<std::string>();
    if (value.is_null()) return "–";
    if (value.is_number_integer() && (unit == Unit::none || unit == Unit::count))
        return formatInteger(value.get<long long>());
    if (value.is_number()) return formatQuantity(value.get<double>(), unit);
    if (value.is_array()) {
        std::string joined;
        for (const nlohmann::json& element : value)
            joined += (joined.empty() ? "" : "; ") + formatValue(element, unit);
        return joined;
    }
    return dumpJson(value);
}

std::string formatExact(const nlohmann::json& value) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_null()) return "";
    return dumpJson(value);
}

}  // namespace infraplan
