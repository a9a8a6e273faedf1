#pragma once
// How far a headline figure may be from what the hardware will measure, from the engine's
// residuals on published runs like the design (docs/results.md, `error_bands`).

#include <string>

namespace infraplan {

struct ErrorBand {
    // The results key the band covers: a number ("training.step_time_s") or a statistics
    // object whose every figure it covers ("inference.ttft_ms": mean, p50, p90, p99).
    std::string metric;
    // The measured value is likely within [value x low_factor, value x high_factor].
    double low_factor = 1;
    double high_factor = 1;
    int runs = 0;       // published runs the band is drawn from
    std::string basis;  // which runs, and which part of their spread
    // False when the design lies outside what those runs cover (another accelerator, fewer
    // than three runs on its own, a larger scale, a mixture of experts); `caveat` says which.
    bool validated = true;
    std::string caveat;
};

}  // namespace infraplan
