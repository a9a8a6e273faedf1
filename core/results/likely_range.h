#pragma once
// A headline figure's likely range, read from the results' `error_bands` (docs/results.md):
// what the dashboard, the CLI text and the report print beside the figure ("likely 27.5-31.0 s").

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace infraplan {

struct LikelyRange {
    double low = 0;
    double high = 0;
    const nlohmann::json* band = nullptr;  // the error_bands record it comes from
    bool validated() const;
    std::string basis() const;
    std::string caveat() const;  // "" when validated
};

// The range of the number at `key` ("training.step_time_s", "inference.ttft_ms.p99"): the band
// whose metric is the key or its parent; nullopt when there is none or no number there.
std::optional<LikelyRange> likelyRange(const nlohmann::json& results, std::string_view key);

// "likely 27.5 s – 31.0 s" in the key's unit, with ", not validated" when the band's
// runs do not cover the design, and why the range misses the figure when it lies wholly above
// or below it ("the engine reads high on published runs like it"); "" when there is no band.
std::string likelyRangeText(const nlohmann::json& results, std::string_view key);

}  // namespace infraplan
