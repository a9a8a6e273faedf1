#include "core/results/likely_range.h"

#include <nlohmann/json.hpp>

#include "core/results/schema.h"

namespace infraplan {
namespace {

// The band covering `key`: its metric is the key itself or a parent of it.
const nlohmann::json* bandFor(const nlohmann::json& results, std::string_view key) {
    const auto bands = results.find("error_bands");
    if (bands == results.end() || !bands->is_array()) return nullptr;
    for (const nlohmann::json& band : *bands) {
        if (!band.is_object() || !band.contains("metric") || !band["metric"].is_string()) continue;
        const std::string& metric = band["metric"].get_ref<const std::string&>();
        const bool covers =
            key == metric || (key.size() > metric.size() &&
                              key.substr(0, metric.size()) == metric && key[metric.size()] == '.');
        if (covers) return &band;
    }
    return nullptr;
}

std::string textAt(const nlohmann::json* band, const char* name) {
    if (!band || !band->contains(name) || !(*band)[name].is_string()) return "";
    return (*band)[name].get<std::string>();
}

}  // namespace

bool LikelyRange::validated() const {
    return band && band->value("validated", false);
}

std::string LikelyRange::basis() const {
    return textAt(band, "basis");
}

std::string LikelyRange::caveat() const {
    return textAt(band, "caveat");
}

std::optional<LikelyRange> likelyRange(const nlohmann::json& results, std::string_view key) {
    const nlohmann::json* band = bandFor(results, key);
    const auto value = resultNumber(results, key);
    if (!band || !value) return std::nullopt;
    const auto low = resultNumber(*band, "low_factor");
    const auto high = resultNumber(*band, "high_factor");
    if (!low || !high || *low <= 0 || *high < *low) return std::nullopt;
    return LikelyRange{*value * *low, *value * *high, band};
}

std::string likelyRangeText(const nlohmann::json& results, std::string_view key) {
    const auto range = likelyRange(results, key);
    if (!range) return "";
    const ResultField* field = findResultField(key);
    const Unit unit = field ? field->unit : Unit::none;
    std::string text = "likely " + formatQuantity(range->low, unit) + " \u2013 " +
                       formatQuantity(range->high, unit);
    if (!range->validated()) return text + ", not validated";
    // A band wholly on one side of the figure reads as a contradiction unless it says why.
    const double value = *resultNumber(results, key);  // likelyRange found it
    if (range->high < value) text += ": the engine reads high on published runs like it";
    if (range->low > value) text += ": the engine reads low on published runs like it";
    return text;
}

}  // namespace infraplan
