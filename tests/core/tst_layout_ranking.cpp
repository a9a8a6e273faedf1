// Does the engine rank parallel layouts the way measurements do? The layout ablations of the
// Megatron-LM SC'21 paper (tests/data/validation/training-layouts.csv, 61 runs on DGX A100
// read from Figs 11-16; how they were read: megatron-sc21-layout-ablations.md) vary one choice
// at a time at a fixed model, GPU count and batch: tensor against pipeline parallel size
// (Fig 13), pipeline against data (Fig 14), tensor against data (Fig 15), the micro-batch
// (Fig 16), interleaving (Fig 12) and pipeline weak scaling (Fig 11).
//
// Each run is evaluated as a design through evaluate(); every row is printed with its error,
// and each figure's batch-size group with its pairwise agreement: of the pairs of layouts
// whose measurements differ by more than kTie, the share the engine orders the same way.
// Asserted: every run is feasible (they ran), the engine ranks at least the share of pairs it
// ranks today (a regression guard; docs/training-engine.md, "Layout ranking"), and in every
// group the measured best layout is among the engine's best two.

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/evaluate/evaluate.h"
#include "validation_cases.h"

using namespace infraplan;
using validation::TrainingCase;

namespace {

// Measurements closer than this are a tie (the figures' values are read to +-0.5 TFLOP/s).
constexpr double kTie = 0.02;
// The share of untied pairs the engine orders as measured today (92 of 92), less two pairs.
constexpr double kAgreementNow = 0.97;

struct Ranked {
    const TrainingCase* c = nullptr;
    double measured = 0;   // TFLOP/s per GPU, as published
    double predicted = 0;  // the same count over the engine's step time
};

struct Agreement {
    int agree = 0;
    int pairs = 0;
    double share() const { return pairs ? double(agree) / pairs : 1; }
};

Agreement pairwise(const std::vector<Ranked>& group) {
    Agreement a;
    for (std::size_t i = 0; i < group.size(); ++i)
        for (std::size_t j = i + 1; j < group.size(); ++j) {
            const double m = group[i].measured - group[j].measured;
            if (std::abs(m) <= kTie * std::max(group[i].measured, group[j].measured)) continue;
            ++a.pairs;
            a.agree += (m > 0) == (group[i].predicted > group[j].predicted);
        }
    return a;
}

// Where the measured best layout of `group` stands in the engine's order (0 = first).
std::size_t predictedRankOfMeasuredBest(const std::vector<Ranked>& group) {
    const auto best = std::max_element(group.begin(), group.end(),
                                       [](auto& a, auto& b) { return a.measured < b.measured; });
    std::size_t rank = 0;
    for (const Ranked& r : group)
        rank += r.predicted > best->predicted;
    return rank;
}

std::string layoutOf(const TrainingCase& c) {
    return "t" + std::to_string(c.tp) + " p" + std::to_string(c.pp) + " d" + std::to_string(c.dp) +
           " b" + std::to_string(c.microbatch) + (c.vpp > 1 ? " v" + std::to_string(c.vpp) : "");
}

}  // namespace

class TestLayoutRanking : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        std::string error;
        m_cases = validation::loadTrainingCases(error, "training-layouts.csv");
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(m_cases.size(), std::size_t(61));
    }

    void everyLayoutRunsAndTheEngineRanksThemAsMeasured() {
        std::map<std::string, std::vector<Ranked>> groups;
        for (const TrainingCase& c : m_cases) {
            const Results r = evaluate(validation::trainingDesign(c), catalog::builtinCatalog());
            QVERIFY2(r.feasible && r.training, (c.id + " is refused although it ran: " +
                                                (r.reasons.empty() ? "" : r.reasons.front()))
                                                   .c_str());
            const double predicted = c.value * c.measured_step_s / r.training->step_time_s;
            qInfo("%-14s %-10s B %4lld %-16s measured %5.0f predicted %6.1f TFLOP/s %+6.1f%%",
                  c.id.c_str(), c.family.c_str(), c.global_batch, layoutOf(c).c_str(), c.value,
                  predicted, 100 * (predicted / c.value - 1));
            groups[c.family + " B " + std::to_string(c.global_batch)].push_back(
                {&c, c.value, predicted});
        }
        Agreement all;
        for (const auto& [name, group] : groups) {
            const Agreement a = pairwise(group);
            const std::size_t bestRank = predictedRankOfMeasuredBest(group);
            std::vector<double> errors;
            for (const Ranked& r : group)
                errors.push_back(std::abs(r.predicted / r.measured - 1));
            std::sort(errors.begin(), errors.end());
            qInfo(
                "%-22s %2zu layouts: %2d of %2d pairs ordered as measured; measured best is "
                "the engine's #%zu; |error| %.0f%% to %.0f%%",
                name.c_str(), group.size(), a.agree, a.pairs, bestRank + 1, 100 * errors.front(),
                100 * errors.back());
            all.agree += a.agree;
            all.pairs += a.pairs;
            QVERIFY2(bestRank <= 1, (name + ": the measured best layout is not among the "
                                            "engine's best two")
                                        .c_str());
        }
        qInfo("all groups: %d of %d pairs (%.0f%%) ordered as measured", all.agree, all.pairs,
              100 * all.share());
        QVERIFY(all.pairs >= 80);  // 99 pairs in all, less the ties
        QVERIFY2(all.share() >= kAgreementNow, "the engine orders fewer layout pairs as measured");
    }

private:
    std::vector<TrainingCase> m_cases;
};

QTEST_GUILESS_MAIN(TestLayoutRanking)
#include "tst_layout_ranking.moc"
