#include "core/accuracy/error_bands.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/design/resolve.h"
#include "core/results/format.h"

namespace infraplan {
namespace {

constexpr std::size_t kFewRuns = 3;    // fewer on the accelerator: not validated
constexpr std::size_t kManyRuns = 10;  // this many: the middle 80%, not the whole range
constexpr double kScaleReach = 2;      // validated up to twice the largest run

using Rows = std::vector<const ValidatedResidual*>;

template <typename Keep>
Rows select(const Rows& rows, Keep keep) {
    Rows kept;
    for (const ValidatedResidual* r : rows)
        if (keep(*r)) kept.push_back(r);
    return kept;
}

// `q` in [0, 1] of sorted values, linear between neighbours.
double quantile(const std::vector<double>& sorted, double q) {
    const double at = q * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(at));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (at - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

std::string families(const Rows& rows) {
    std::set<std::string> names;
    for (const ValidatedResidual* r : rows)
        names.insert(r->family);
    std::string out;
    for (const std::string& name : names)
        out += (out.empty() ? "" : ", ") + name;
    return out;
}

// The runs the band is drawn from, and whether they are the design's own regime.
struct Pool {
    Rows rows;
    std::string runsOn;  // "NVIDIA H100 SXM", "NVIDIA accelerators", "all accelerators"
    std::string caveat;  // empty when the accelerator has enough runs of its own
};

Pool poolFor(const Rows& measured, const AccuracyRegime& regime) {
    const Rows own = select(measured, [&](const auto& r) { return r.device == regime.device; });
    const Rows ownTest = select(
        measured, [&](const auto& r) { return r.device == regime.device && r.split == "test"; });
    if (ownTest.size() >= kFewRuns) return {ownTest, regime.device_name, ""};
    if (own.size() >= kFewRuns) return {own, regime.device_name, ""};
    const std::string few = own.empty()
                                ? "no published run on " + regime.device_name
                                : "only " + std::to_string(own.size()) + " published run" +
                                      (own.size() == 1 ? "" : "s") + " on " + regime.device_name;
    Rows vendor = select(measured, [&](const auto& r) { return r.vendor == regime.vendor; });
    if (vendor.size() >= kFewRuns) return {vendor, regime.vendor + " accelerators", few};
    return {measured, "all accelerators", few};
}

// Why the design lies beyond the pool's runs other than by accelerator ("" if it does not).
std::string beyondRuns(const Rows& rows, const AccuracyRegime& regime) {
    long long largest = 0;
    bool anyMoe = false;
    for (const ValidatedResidual* r : rows) {
        largest = std::max(largest, r->devices);
        anyMoe = anyMoe || r->moe;
    }
    if (regime.devices > kScaleReach * static_cast<double>(largest))
        return formatInteger(regime.devices) + " accelerators, beyond twice the largest run (" +
               formatInteger(largest) + ")";
    if (regime.moe && !anyMoe) return "a mixture of experts, and none of these runs was one";
    return "";
}

std::string joined(const std::string& a, const std::string& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    return a + "; " + b;
}

}  // namespace

std::optional<ErrorBand> errorBand(const std::string& resultKey, const std::string& measured,
                                   const AccuracyRegime& regime,
                                   const std::vector<ValidatedResidual>& residuals) {
    Rows ofMetric;
    for (const ValidatedResidual& r : residuals)
        if (r.metric == measured) ofMetric.push_back(&r);
    if (ofMetric.empty()) return std::nullopt;
    const Pool pool = poolFor(ofMetric, regime);

    std::vector<double> errors;
    for (const ValidatedResidual* r : pool.rows)
        errors.push_back(r->residual);
    std::sort(errors.begin(), errors.end());
    const bool middle = pool.caveat.empty() && errors.size() >= kManyRuns;
    const double lowError = middle ? quantile(errors, 0.1) : errors.front();
    const double highError = middle ? quantile(errors, 0.9) : errors.back();

    ErrorBand band;
    band.metric = resultKey;
    // predicted / measured = 1 + error, so the measured value is predicted / (1 + error).
    band.low_factor = 1 / (1 + highError);
    band.high_factor = 1 / (1 + lowError);
    band.runs = static_cast<int>(pool.rows.size());
    band.basis = std::string(middle ? "the middle 80% of " : "every one of ") +
                 std::to_string(pool.rows.size()) + " published runs on " + pool.runsOn + " (" +
                 families(pool.rows) + ")";
    band.caveat = joined(pool.caveat, beyondRuns(pool.rows, regime));
    band.validated = band.caveat.empty();
    return band;
}

std::vector<ErrorBand> errorBands(const Results& results, const Design& design,
                                  const catalog::Catalog& catalog) {
    if (!results.feasible || results.cancelled) return {};
    const DeviceSummary devices = summarizeDevices(design, catalog);
    const DevicePool* primary = devices.primary();
    if (!primary || !primary->accelerator) return {};
    const catalog::Model* model = resolveModel(design, catalog);
    AccuracyRegime regime{primary->accelerator->id, primary->accelerator->name,
                          primary->accelerator->vendor, 0, model && model->moe.has_value()};

    const auto& residuals = validatedResiduals();
    std::vector<ErrorBand> bands;
    // `note`: what the basis must add when the runs measured another figure than the key's.
    const auto add = [&](const std::string& key, const std::string& measured,
                         const char* note = "") {
        auto band = errorBand(key, measured, regime, residuals);
        if (!band) return;
        band->basis += note;
        bands.push_back(std::move(*band));
    };
    if (results.training) {
        regime.devices = results.training->devices_used;
        add("training.step_time_s", "step_time_s");
        if (results.training->time_to_train_days > 0)
            add("training.time_to_train_days", "step_time_s");
    }
    if (results.inference) {
        regime.devices = results.inference->devices_per_replica;
        add("inference.ttft_ms", "ttft_ms");
        add("inference.tpot_ms", "tpot_ms");
        add("inference.output_tokens_per_s", "output_tokens_per_s");
        add("inference.goodput_rps", "output_tokens_per_s",
            ", as throughput: no run measured goodput itself");
    }
    return bands;
}

}  // namespace infraplan
