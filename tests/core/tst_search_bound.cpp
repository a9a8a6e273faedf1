// Lower-bound pruning (core/search/search_bound.h, core/perf/step_bound.h) is sound: the bound
// a candidate is tested on never exceeds what evaluate() finds for it, under every objective
// and every pipeline schedule; and a whole search with pruning gives the same best strategies
// and the same time-vs-cost front as the search that times every strategy that fits.
#include <QtTest>

#include <random>

#include "catalog/catalog.h"
#include "core/design/resolve.h"
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluate_search.h"
#include "core/search/objective.h"
#include "core/search/search_counts.h"
#include "core/search/search_space.h"
#include "core/search/strategy_search.h"
#include "example_designs.h"
#include "search_designs.h"
#include "tests/support/sanitizer_build.h"

using namespace infraplan;

namespace {

using test::gpt3on64;
using test::kAllObjectives;

Design designRow(int which) {
    switch (which) {
        case 0:
            return gpt3on64();
        case 1:
            return test::example("dgx-h100-training.json");
        default:
            return test::mixtralOnDgxH100();
    }
}

// The sanitizer build runs the engines several times slower: it draws fewer candidates and searches
// under one objective (the memory safety of the bound and of pruning); the release build checks
// every objective on 400 draws.
constexpr int kDraws = test::kSanitizerBuild ? 60 : 400;
constexpr std::size_t kSearchedObjectives = test::kSanitizerBuild ? 1 : std::size(kAllObjectives);

void addDesignRows() {
    QTest::addColumn<int>("which");
    QTest::newRow("gpt3-64-a100") << 0;
    QTest::newRow("dgx-h100-training") << 1;
    QTest::newRow("mixtral-moe") << 2;
}

// The search's output without the clock and without the counts that pruning changes.
nlohmann::json answerOf(const SearchResult& r, const SearchOptions& options) {
    nlohmann::json j = searchResultToJson(r, options, false);
    for (const char* key :
         {"elapsed_s", "configurations_per_s", "pruned_bound", "timed", "feasible"})
        j.erase(key);
    return j;
}

}  // namespace

class TestSearchBound : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The search tries 1F1B and interleaved schedules; the bound also holds for the others
    // (a candidate's schedule replaced where it has no interleave).
    void boundNeverExceedsEvaluate_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<int>("schedule");  // -1: the candidate's own
        QTest::newRow("gpt3-64-a100") << 0 << -1;
        QTest::newRow("gpt3-64-a100 zero-bubble") << 0 << int(PipelineSchedule::zero_bubble);
        QTest::newRow("gpt3-64-a100 gpipe") << 0 << int(PipelineSchedule::gpipe);
        QTest::newRow("dgx-h100-training") << 1 << -1;
        QTest::newRow("mixtral-moe") << 2 << -1;
    }
    void boundNeverExceedsEvaluate() {
        QFETCH(int, which);
        QFETCH(int, schedule);
        const Design design = designRow(which);
        const catalog::Catalog& catalog = catalog::builtinCatalog();
        const PreparedDesign prepared = prepareDesign(design, catalog);
        QVERIFY(prepared.ok());
        const SearchSpace space(design, *resolveModel(design, catalog), prepared.base.devices);
        const SearchHardware hardware = describeSearchHardware(prepared, design, catalog, {});
        SearchEvaluator evaluator(prepared, hardware, catalog, {});
        std::optional<Results> bound;
        const ResultsBoundTest record = [&bound](const TrainingResults& b,
                                                 const BoundFigures& figures) {
            bound = figures(b);
            return false;  // never prune: the candidate is then timed as well
        };
        std::mt19937_64 random(12);
        Design variant = design;
        int compared = 0;
        std::vector<double> ratios;  // bound / step
        for (int draw = 0; draw < kDraws; ++draw) {
            variant.strategy =
                space.at(std::uniform_int_distribution<std::size_t>(0, space.size() - 1)(random));
            if (schedule >= 0 && variant.strategy.schedule == PipelineSchedule::one_f_one_b)
                variant.strategy.schedule = static_cast<PipelineSchedule>(schedule);
            bound.reset();
            evaluator.evaluate(variant, &record);
            if (!bound) continue;  // did not fit: no bound was asked for
            const Results full = evaluatePrepared(prepared, variant, catalog);
            if (!full.feasible) continue;
            QVERIFY(bound->training->step_time_s <= full.training->step_time_s);
            ratios.push_back(bound->training->step_time_s / full.training->step_time_s);
            for (SearchObjective o : kAllObjectives) {
                const auto lower = objectiveScore(o, variant.workload, *bound);
                const auto actual = objectiveScore(o, variant.workload, full);
                if (!lower || !actual) continue;
                QVERIFY2(lower->value <= actual->value,
                         qPrintable(QStringLiteral("%1: bound %2 above %3")
                                        .arg(toString(o))
                                        .arg(lower->value, 0, 'g', 17)
                                        .arg(actual->value, 0, 'g', 17)));
                ++compared;
            }
        }
        QVERIFY(compared > kDraws / 4);
        // A bound worth testing: most of the step is compute and memory time.
        std::sort(ratios.begin(), ratios.end());
        const double median = ratios[ratios.size() / 2];
        qInfo("bound / step over %zu candidates: least %.3f, median %.3f", ratios.size(),
              ratios.front(), median);
        QVERIFY(median > 0.3);
    }

    // The whole space of each design, under every objective: pruning on and off give the same
    // best N and front, and pruning does prune.
    void pruningKeepsTheAnswer_data() { addDesignRows(); }
    void pruningKeepsTheAnswer() {
        QFETCH(int, which);
        const Design design = designRow(which);
        long long pruned = 0;
        for (std::size_t k = 0; k < kSearchedObjectives; ++k) {
            const SearchObjective objective = kAllObjectives[k];
            SearchOptions options;
            options.objective = objective;
            options.top = 5;
            options.time_budget_s = 3600;  // no cut: the answer must not depend on speed
            options.prune_on_bounds = false;
            const SearchResult every = searchStrategies(design, catalog::builtinCatalog(), options);
            options.prune_on_bounds = true;
            const SearchResult bounded =
                searchStrategies(design, catalog::builtinCatalog(), options);
            QVERIFY(!every.truncated && !bounded.truncated);
            QVERIFY(!every.best.empty());
            QCOMPARE(every.pruned_bound, 0LL);
            QCOMPARE(bounded.timed + bounded.pruned_bound, every.timed);
            QCOMPARE(answerOf(bounded, options).dump(), answerOf(every, options).dump());
            pruned += bounded.pruned_bound;
            // What the CLI, the dialog and the report say: pruned ones are not called infeasible.
            const std::string counts = searchCountsText(bounded);
            QCOMPARE(counts.find("beaten on a lower bound") != std::string::npos,
                     bounded.pruned_bound > 0);
        }
        QVERIFY(pruned > 0);
    }
};

QTEST_GUILESS_MAIN(TestSearchBound)

#include "tst_search_bound.moc"
