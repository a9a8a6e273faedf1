// Strategy search: ranked, deterministic, cancellable, never worse than the design's own
// strategy, and every listed strategy evaluates to the score it was ranked by.
#include <QtTest>

#include <set>

#include "catalog/catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/perf/pipeline_stages.h"
#include "core/results/results_json.h"
#include "core/search/objective.h"
#include "core/search/search_space.h"
#include "core/search/strategy_search.h"
#include "example_designs.h"

using namespace infraplan;

namespace {}  // namespace

class TestSearch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void spaceRespectsDivisibility() {
        const Design design = test::example("dgx-h100-training.json");
        const catalog::Model* model = catalog::builtinCatalog().model("gpt3-175b");
        QVERIFY(model);
        const SearchSpace space(design, *model, 256);
        QVERIFY(space.size() > 1000);
        QCOMPARE(static_cast<long long>(space.size()), space.whole());
        bool uneven = false;
        for (std::size_t i = 0; i < space.size(); ++i) {
            const Strategy s = space.at(i);
            QCOMPARE(static_cast<long long>(s.tp) * s.pp * s.cp * s.dp, 256LL);
            QCOMPARE(model->heads % s.tp, 0);
            // pp need not divide the layers: the default rule splits them unevenly.
            QVERIFY(splitPipelineLayers(s.pipeline_split, model->layers, s.pp).error.empty());
            uneven |= model->layers % s.pp != 0;
            QCOMPARE(design.workload.global_batch % (static_cast<long long>(s.dp) * s.microbatch),
                     0LL);
        }
        QVERIFY(uneven);  // 96 layers at pp 64
    }

    void explicitStageSplitHoldsOnlyAtItsPp() {
        Design design = test::example("dgx-h100-training.json");
        const catalog::Model* model = catalog::builtinCatalog().model("gpt3-175b");
        QVERIFY(model);
        design.strategy.pp = 8;
        design.strategy.pipeline_split.layers = {11, 12, 12, 13, 13, 12, 12, 11};
        const SearchSpace space(design, *model, 256);
        bool otherPp = false, ownPp = false;
        for (std::size_t i = 0; i < space.size(); ++i) {
            const Strategy s = space.at(i);
            QVERIFY(splitPipelineLayers(s.pipeline_split, model->layers, s.pp).error.empty());
            otherPp |= s.pp != 8;
            ownPp |= s.pp == 8 && s.pipeline_split == design.strategy.pipeline_split;
        }
        QVERIFY(otherPp);
        QVERIFY(ownPp);
    }

    void bestFirstDeterministicAndConsistent() {
        Design design = test::example("hand-drawn-cxl.json");
        design.workload.model = std::string("llama3-8b");  // 70B cannot train on 8 GPUs
        SearchOptions options;
        options.top = 5;
        const SearchResult first = searchStrategies(design, catalog::builtinCatalog(), options);
        QVERIFY(first.evaluated > 20);
        QVERIFY(first.feasible > 0);
        QCOMPARE(first.best.size(), std::size_t(5));
        for (std::size_t i = 1; i < first.best.size(); ++i)
            QVERIFY(first.best[i - 1].score <= first.best[i].score);
        options.threads = 1;
        const SearchResult again = searchStrategies(design, catalog::builtinCatalog(), options);
        for (std::size_t i = 0; i < first.best.size(); ++i) {
            QCOMPARE(again.best[i].score, first.best[i].score);
            QCOMPARE(strategyToJson(again.best[i].strategy, false),
                     strategyToJson(first.best[i].strategy, false));
        }
        // The listed score is what evaluating that strategy gives.
        Design best = design;
        best.strategy = first.best.front().strategy;
        const Results r = evaluate(best, catalog::builtinCatalog());
        const auto score = objectiveScore(SearchObjective::time, best.workload, r);
        QVERIFY(score.has_value());
        QCOMPARE(score->value, first.best.front().score);
        // Never worse than the strategy the design came with.
        const auto own = objectiveScore(SearchObjective::time, design.workload,
                                        evaluate(design, catalog::builtinCatalog()));
        if (own) QVERIFY(first.best.front().score <= own->value);
    }

    void cancelStopsEarly() {
        const Design design = test::example("dgx-h100-training.json");
        CancelToken cancel;
        cancel.cancel();
        SearchOptions options;
        options.cancel = &cancel;
        const SearchResult r = searchStrategies(design, catalog::builtinCatalog(), options);
        QVERIFY(r.cancelled);
        QVERIFY(r.evaluated < 10);
    }

    // Cancelling from inside the search (its progress callback, on a worker) stops the
    // workers and the evaluations under way: far fewer than all candidates are evaluated.
    void cancelMidwayStopsTheWorkers() {
        const Design design = test::example("dgx-h100-training.json");
        CancelToken cancel;
        SearchOptions options;
        options.threads = 2;
        options.cancel = &cancel;
        int calls = 0;
        options.progress = [&](double done) {
            if (done < 1 && ++calls == 2) cancel.cancel();
        };
        const SearchResult r = searchStrategies(design, catalog::builtinCatalog(), options);
        QVERIFY(r.cancelled);
        const long long all =
            SearchSpace(design, *catalog::builtinCatalog().model("gpt3-175b"), 256).whole();
        QVERIFY2(r.evaluated < all / 2, QByteArray::number(r.evaluated));
    }

    // The search ranks by the facility model's cost per token and energy per token: for the
    // strategy it chooses, its score is the figure the results contract gives the dashboard
    // (/cost/usd_per_million_tokens) and the report (/energy/joules_per_token).
    void costAndEnergyObjectivesAreTheFacilityFigures() {
        Design design = test::example("hand-drawn-cxl.json");
        design.workload.model = std::string("llama3-8b");
        const struct {
            SearchObjective objective;
            const char* pointer;
        } cases[] = {{SearchObjective::cost_per_token, "/cost/usd_per_million_tokens"},
                     {SearchObjective::energy, "/energy/joules_per_token"}};
        for (const auto& c : cases) {
            SearchOptions options;
            options.objective = c.objective;
            options.top = 3;
            const SearchResult r = searchStrategies(design, catalog::builtinCatalog(), options);
            QVERIFY(!r.best.empty());
            for (const SearchCandidate& candidate : r.best) {
                Design chosen = design;
                chosen.strategy = candidate.strategy;
                const nlohmann::json shown =
                    resultsToJson(evaluate(chosen, catalog::builtinCatalog()));
                const nlohmann::json::json_pointer at(c.pointer);
                QVERIFY2(shown.contains(at), c.pointer);
                QCOMPARE(candidate.score, shown.at(at).get<double>());
                QCOMPARE(resultsToJson(candidate.results).at(at).get<double>(), candidate.score);
            }
        }
    }

    // Serving: every layout fills the devices, mixed or split into prefill and decode pools;
    // hand count for Llama 3 70B (64 heads, 80 layers) on 16 devices: (tp, pp) pairs with
    // replicas 16, 8, 4, 2, 1 give 8, 8, 4, 2, 1 poolings (mixed + splits), 45 layouts in all,
    // times 5 max batches.
    void servingSpaceSplitsThePools() {
        const Design design = test::example("llama3-70b-inference.json");
        const catalog::Model* model = catalog::builtinCatalog().model("llama3-70b");
        QVERIFY(model);
        const SearchSpace space(design, *model, 16);
        QCOMPARE(space.size(), std::size_t{225});
        std::set<int> prefillAtTp1;
        for (std::size_t i = 0; i < space.size(); ++i) {
            const Strategy s = space.at(i);
            const int replicas = s.disaggregated ? s.disaggregated->prefill_replicas +
                                                       s.disaggregated->decode_replicas
                                                 : s.replicas;
            QCOMPARE(s.tp * s.pp * replicas, 16);
            if (s.disaggregated) {
                QVERIFY(s.disaggregated->prefill_replicas > 0);
                QVERIFY(s.disaggregated->decode_replicas > 0);
                QCOMPARE(s.replicas, 0);
                if (s.tp == 1 && s.pp == 1) prefillAtTp1.insert(s.disaggregated->prefill_replicas);
            }
        }
        // 16 replicas: seven splits an eighth apart, not fifteen.
        QCOMPARE(prefillAtTp1, (std::set<int>{2, 4, 6, 8, 10, 12, 14}));

        SearchSpaceLimits mixedOnly;
        mixedOnly.serving.vary_pools = false;
        QCOMPARE(SearchSpace(design, *model, 16, mixedOnly).size(), std::size_t{12 * 5});
    }

    // MoE serving varies ep inside the TP group; a design with a draft model varies how many
    // tokens it proposes (or none), keeping its acceptance rate.
    void servingSpaceVariesExpertsAndDrafts() {
        Design design = test::example("llama3-70b-inference.json");
        design.workload.model = std::string("mixtral-8x7b");
        design.strategy.speculative = SpeculativeOptions{"llama3-8b", 4, 0.6};
        const catalog::Model* model = catalog::builtinCatalog().model("mixtral-8x7b");
        QVERIFY(model && model->moe);
        SearchSpaceLimits limits;
        limits.serving.vary_pools = false;
        const SearchSpace space(design, *model, 16, limits);
        std::set<int> drafts, eps;
        for (std::size_t i = 0; i < space.size(); ++i) {
            const Strategy s = space.at(i);
            QCOMPARE(s.tp % s.ep, 0);
            QCOMPARE(model->moe->experts % s.ep, 0);
            eps.insert(s.ep);
            if (!s.speculative) {
                drafts.insert(0);
                continue;
            }
            QCOMPARE(s.speculative->acceptance_rate, 0.6);
            QCOMPARE(s.speculative->draft_model, std::string("llama3-8b"));
            drafts.insert(s.speculative->draft_tokens);
        }
        QCOMPARE(eps, (std::set<int>{1, 2, 4, 8}));
        QCOMPARE(drafts, (std::set<int>{0, 2, 4, 6, 8}));
    }

    // A serving search ranks disaggregated candidates with the rest: on this design a split
    // pool (tp 8, one prefill and one decode replica) has the lowest mean latency by a fifth
    // (1.6 s against 2.0 s for the best mixed pool), and it evaluates to its score.
    void servingSearchRanksPooledStrategies() {
        const Design design = test::example("llama3-70b-inference.json");
        SearchOptions options;
        options.objective = SearchObjective::time;
        options.top = 1;
        options.time_budget_s = 3600;  // the whole space, even under a sanitizer
        const SearchResult r = searchStrategies(design, catalog::builtinCatalog(), options);
        QVERIFY(!r.truncated);
        QCOMPARE(r.evaluated, 225LL);
        QCOMPARE(r.best.size(), std::size_t{1});
        const SearchCandidate& best = r.best.front();
        QVERIFY(best.strategy.disaggregated.has_value());
        // The candidates are ranked without the goodput bisection; the best are evaluated in
        // full, goodput included.
        QVERIFY(best.results.inference && best.results.inference->goodput_rps);
        Design chosen = design;
        chosen.strategy = best.strategy;
        const Results full = evaluate(chosen, catalog::builtinCatalog());
        QVERIFY(full.feasible);
        QCOMPARE(objectiveScore(options.objective, chosen.workload, full)->value, best.score);
    }

    void invalidDesignSaysWhy() {
        Design design = test::example("dgx-h100-training.json");
        design.workload.model = std::string("no-such-model");
        const SearchResult r = searchStrategies(design, catalog::builtinCatalog());
        QCOMPARE(r.evaluated, 0LL);
        QVERIFY(!r.reasons.empty());
    }
};

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
