// Training engine benchmarks: one evaluation of the 1T-parameter, 3,072-GPU Megatron case
// (well under 100 us on one core without link-level routing), and the fidelity summary over
// every published run of tests/data/validation/training.csv.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/evaluate/evaluate.h"
#include "validation_cases.h"

using namespace infraplan;

namespace {

// The published cases; the program stops with the reason when the data cannot be read.
const std::vector<validation::TrainingCase>& cases() {
    static const auto all = [] {
        std::string error;
        auto loaded = validation::loadTrainingCases(error);
        if (!error.empty()) {
            std::fprintf(stderr, "%s\n", error.c_str());
            std::exit(1);
        }
        return loaded;
    }();
    return all;
}

const catalog::Catalog& a100() {
    static const catalog::Catalog& c = catalog::builtinCatalog();
    return c;
}

// The 1T case of Narayanan et al. Table 1 (T1-10) as a design.
Design oneTrillion() {
    for (const auto& c : cases())
        if (c.id == "T1-10") return validation::trainingDesign(c);
    std::fprintf(stderr, "training.csv has no case T1-10\n");
    std::exit(1);
}

// The training engine alone (evaluatePrepared): what a strategy search pays per candidate.
void BM_TrainingEngine1T3072Gpus(benchmark::State& state) {
    const Design design = oneTrillion();
    const PreparedDesign prepared = prepareDesign(design, a100());
    for (auto _ : state) {
        Results r = evaluatePrepared(prepared, design, a100());
        benchmark::DoNotOptimize(r);
    }
    state.counters["feasible"] = evaluatePrepared(prepared, design, a100()).feasible;
}
BENCHMARK(BM_TrainingEngine1T3072Gpus)->Unit(benchmark::kMicrosecond);

// A whole evaluate(): design validation and graph expansion of the 384 nodes and their
// rail-optimized fabric included.
void BM_Evaluate1T3072Gpus(benchmark::State& state) {
    const Design design = oneTrillion();
    for (auto _ : state) {
        Results r = evaluate(design, a100());
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_Evaluate1T3072Gpus)->Unit(benchmark::kMicrosecond);

// Not a speed figure: evaluates every published case once and reports the error summary as
// counters (median/mean/max absolute step-time error, in percent).
void BM_ValidationSummary(benchmark::State& state) {
    std::vector<double> errors;
    for (auto _ : state) {
        errors.clear();
        for (const auto& c : cases()) {
            const Results r = evaluate(validation::trainingDesign(c), a100());
            if (!r.training) continue;
            errors.push_back(std::abs(r.training->step_time_s - c.measured_step_s) /
                             c.measured_step_s);
        }
    }
    if (errors.empty()) return;
    std::sort(errors.begin(), errors.end());
    const std::size_t n = errors.size();
    double mean = 0;
    for (double e : errors)
        mean += e / n;
    state.counters["cases"] = double(n);
    state.counters["median_err_pct"] =
        100 * (n % 2 ? errors[n / 2] : 0.5 * (errors[n / 2 - 1] + errors[n / 2]));
    state.counters["mean_err_pct"] = 100 * mean;
    state.counters["max_err_pct"] = 100 * errors.back();
}
BENCHMARK(BM_ValidationSummary)->Unit(benchmark::kMicrosecond)->Iterations(20);

}  // namespace

BENCHMARK_MAIN();
