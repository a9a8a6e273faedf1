// The fast search is evaluate(), not a copy: a candidate scored in search detail (the layout's
// comm model and the worker's layer times reused, no network report or bottlenecks, memory
// checked before the step) gets the score evaluate() gives it under every objective; one pruned
// on memory is one evaluate() finds infeasible; the listed winners carry evaluate()'s own results;
// threads do not change the answer; every emitted key is described in docs/results.md.
#include <QtTest>

#include <functional>
#include <random>

#include "catalog/catalog.h"
#include "core/design/resolve.h"
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluate_search.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "core/search/objective.h"
#include "core/search/search_schema.h"
#include "core/search/search_space.h"
#include "core/search/strategy_search.h"
#include "docs_table.h"
#include "emitted_keys.h"
#include "example_designs.h"
#include "search_designs.h"

using namespace infraplan;

namespace {

using test::gpt3on1024;
using test::gpt3on64;
using test::kAllObjectives;

// Which candidates of a space to compare: a random draw, or a stretch of consecutive ones.
using PickCandidates = std::function<std::vector<std::size_t>(const SearchSpace&)>;

PickCandidates drawn(int draws) {
    return [draws](const SearchSpace& space) {
        std::mt19937_64 random(15);
        std::vector<std::size_t> indices(static_cast<std::size_t>(draws));
        for (std::size_t& i : indices)
            i = std::uniform_int_distribution<std::size_t>(0, space.size() - 1)(random);
        std::sort(indices.begin(), indices.end());  // as a worker walks them: layouts reused
        return indices;
    };
}

// `count` consecutive candidates from the middle of the space: one worker's claim, where the
// memo of layer times answers most candidates.
PickCandidates stretch(std::size_t count) {
    return [count](const SearchSpace& space) {
        std::vector<std::size_t> indices;
        for (std::size_t i = space.size() / 2; i < space.size() && indices.size() < count; ++i)
            indices.push_back(i);
        return indices;
    };
}

// Candidates of `design`'s space: search detail vs the full path. Returns how many were pruned
// on memory and how many were scored.
std::pair<int, int> compareCandidates(const Design& design, const PickCandidates& pick) {
    const catalog::Catalog& catalog = catalog::builtinCatalog();
    const PreparedDesign prepared = prepareDesign(design, catalog);
    if (!prepared.ok()) qFatal("the example does not prepare");
    const catalog::Model* model = resolveModel(design, catalog);
    const SearchSpace space(design, *model, prepared.base.devices);
    const std::vector<std::size_t> indices = pick(space);
    const SearchHardware hardware = describeSearchHardware(prepared, design, catalog, {});
    SearchEvaluator evaluator(prepared, hardware, catalog, {});
    int pruned = 0, scored = 0;
    Design variant = design;
    for (std::size_t i : indices) {
        variant.strategy = space.at(i);
        const SearchEvaluation fast = evaluator.evaluate(variant);
        const Results full = evaluatePrepared(prepared, variant, catalog);
        if (fast.memory_pruned) {
            ++pruned;
            if (full.feasible) qFatal("candidate %zu pruned on memory but feasible", i);
            continue;
        }
        for (SearchObjective o : kAllObjectives) {
            const auto a = objectiveScore(o, variant.workload, fast.results);
            const auto b = objectiveScore(o, variant.workload, full);
            if (a.has_value() != b.has_value() || (a && a->value != b->value))
                qFatal("candidate %zu, objective %s: search %.17g, evaluate %.17g", i, toString(o),
                       a ? a->value : -1.0, b ? b->value : -1.0);
            scored += a.has_value();
        }
    }
    return {pruned, scored};
}

nlohmann::json withoutClock(nlohmann::json j) {
    j.erase("elapsed_s");
    j.erase("configurations_per_s");
    return j;
}

}  // namespace

class TestSearchExact : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void searchDetailScoresAsEvaluate_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("gpt3-1024-a100") << 0;
        QTest::newRow("dgx-h100-training") << 1;
        QTest::newRow("mixtral-moe") << 2;
    }
    void searchDetailScoresAsEvaluate() {
        QFETCH(int, which);
        const Design design = which == 0   ? gpt3on1024()
                              : which == 1 ? test::example("dgx-h100-training.json")
                                           : test::mixtralOnDgxH100();
        const auto [pruned, scored] = compareCandidates(design, drawn(which == 0 ? 150 : 400));
        QVERIFY(pruned > 0);  // the sample meets both kinds
        QVERIFY(scored > 0);
    }

    // Consecutive candidates differ mostly in knobs that leave a layer's times alone: the
    // worker's memo answers them, and they still score as evaluate() scores them.
    void memoizedLayerTimesScoreAsEvaluate() {
        const int scored = compareCandidates(gpt3on64(), stretch(400)).second;
        QVERIFY(scored > 100);
    }

    // A whole GPT-3 space, untruncated; the winners' results are evaluate()'s, byte for byte.
    void winnersCarryEvaluateResults() {
        const Design design = gpt3on64();
        SearchOptions options;
        options.top = 3;
        const SearchResult r = searchStrategies(design, catalog::builtinCatalog(), options);
        QVERIFY(!r.truncated);
        QCOMPARE(r.evaluated, r.space);
        QVERIFY(r.space > 30'000);
        QVERIFY(r.pruned_memory > 0);
        QVERIFY(r.pruned_memory + r.timed <= r.evaluated);
        QCOMPARE(r.best.size(), std::size_t(3));
        QVERIFY(!r.pareto.empty());
        for (const SearchCandidate& c : r.best) {
            Design chosen = design;
            chosen.strategy = c.strategy;
            const Results alone = evaluate(chosen, catalog::builtinCatalog());
            QCOMPARE(resultsToJson(c.results).dump(), resultsToJson(alone).dump());
            const auto score = objectiveScore(SearchObjective::time, chosen.workload, alone);
            QVERIFY(score && score->value == c.score);
        }
        // The fastest point of the front is the time objective's winner.
        QCOMPARE(r.pareto.front().index, r.best.front().index);
        QVERIFY(r.pareto.front().time == r.best.front().score);
    }

    void sameAnswerOnAnyThreadCount() {
        const Design design = test::example("dgx-h100-training.json");
        SearchOptions options;
        options.objective = SearchObjective::cost;
        options.top = 6;
        // No time budget: a cut would make the answer depend on the machine's speed (the
        // sanitizer build, running beside other suites, took over the default 60 s on 1 thread).
        options.time_budget_s = 3600;
        options.threads = 1;
        const SearchResult one = searchStrategies(design, catalog::builtinCatalog(), options);
        options.threads = 3;
        const SearchResult three = searchStrategies(design, catalog::builtinCatalog(), options);
        QVERIFY(!one.truncated);
        QCOMPARE(withoutClock(searchResultToJson(three, options, false)).dump(),
                 withoutClock(searchResultToJson(one, options, false)).dump());
    }

    void everyKnobIsSearched() {
        const Design design = test::example("hand-drawn-cxl.json");  // has a memory item
        const catalog::Model* model = catalog::builtinCatalog().model("llama3-8b");
        const SearchSpace space(design, *model, 8);
        std::set<int> mbs;
        bool sp[2] = {}, otp[2] = {}, odp[2] = {}, offload = false;
        for (std::size_t i = 0; i < space.size(); ++i) {
            const Strategy s = space.at(i);
            if (s.tp == 2 && s.dp == 4 && s.pp == 1) mbs.insert(s.microbatch);
            if (s.tp > 1) sp[s.sequence_parallel] = otp[s.overlap_tp] = true;
            if (s.dp > 1) odp[s.overlap_dp] = true;
            offload |= s.offload.active();
        }
        // Every micro-batch size dividing the local batch.
        const long long local = design.workload.global_batch / 4;
        for (long long mb = 1; mb <= local; ++mb)
            QCOMPARE(mbs.contains(static_cast<int>(mb)), local % mb == 0);
        QVERIFY(sp[0] && sp[1] && otp[0] && otp[1] && odp[0] && odp[1]);
        QVERIFY(offload);
    }

    // Every key the output emits is described in the search schema and docs/results.md, and
    // every described key is emitted.
    void schemaDescribesEveryKey() {
        Design design = test::example("hand-drawn-cxl.json");
        design.workload.model = std::string("llama3-8b");
        SearchOptions options;
        options.top = 2;
        const SearchResult r = searchStrategies(design, catalog::builtinCatalog(), options);
        const nlohmann::json j = searchResultToJson(r, options, false);
        const std::set<std::string> emitted = test::emittedKeys(
            j, {"results[].strategy", "results[].results", "pareto.points[].strategy"});
        std::set<std::string> described;
        for (const ResultField& f : searchSchema())
            described.insert(f.key);
        for (const std::string& key : emitted)
            QVERIFY2(described.contains(key), ("not in the search schema: " + key).c_str());
        for (const std::string& key : described)
            QVERIFY2(emitted.contains(key), ("never emitted: " + key).c_str());
        const auto table = test::resultsDocTable("search schema");
        QVERIFY2(table, "docs/results.md: the search table's markers are missing");
        QCOMPARE(*table, searchSchemaMarkdown());
    }
};

QTEST_GUILESS_MAIN(TestSearchExact)
#include "tst_search_exact.moc"
