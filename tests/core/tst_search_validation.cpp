// The strategy search against the published runs: for every training row of
// tests/data/validation/training.csv, the row's design (its node, fabric, model, batch and
// framework) is searched for the fastest strategy, and the best found must take no longer to
// train than the published layout, as the same engine predicts it. Where the search does
// worse, the row must say why: a search with nothing to try (a published run that leaves some
// of its nodes' devices idle, so no layout of all of them exists) says so, and is listed. The
// table prints the gain the search finds per row.
#include <QtTest>

#include <algorithm>

#include "core/evaluate/evaluate.h"
#include "core/search/objective.h"
#include "core/search/strategy_search.h"
#include "core/search/strategy_text.h"
#include "tests/support/sanitizer_build.h"
#include "validation_cases.h"

using namespace infraplan;

namespace {

// The sanitizer build runs the engines several times slower: it searches every eighth row (memory
// safety of the search on real designs); the release build checks every row.
constexpr std::size_t kRowStride = test::kSanitizerBuild ? 8 : 1;

struct RowOutcome {
    std::string id;
    double published = 0;  // days to train, the published layout
    double found = 0;      // days to train, the search's best
    std::string best;      // the best strategy, described
    long long evaluated = 0;
};

// Settled quickly: the search's own budgets stay at their defaults (a truncated search would
// show in `truncated` and fail the row).
SearchOptions fastestFirst() {
    SearchOptions options;
    options.objective = SearchObjective::time;
    options.top = 1;
    return options;
}

}  // namespace

class TestSearchValidation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void searchMatchesOrBeatsEveryPublishedLayout() {
        std::string error;
        const std::vector<validation::TrainingCase> cases = validation::loadTrainingCases(error);
        QVERIFY2(error.empty(), error.c_str());
        QVERIFY(cases.size() >= 40);
        const catalog::Catalog& catalog = catalog::builtinCatalog();
        std::vector<RowOutcome> outcomes;
        std::vector<std::string> unsearched;
        for (std::size_t row = 0; row < cases.size(); row += kRowStride) {
            const validation::TrainingCase& c = cases[row];
            const Design design = validation::trainingDesign(c);
            const Results published = evaluate(design, catalog);
            const auto own = objectiveScore(SearchObjective::time, design.workload, published);
            QVERIFY2(own, c.id.c_str());  // every published layout is feasible
            const SearchResult search = searchStrategies(design, catalog, fastestFirst());
            QVERIFY2(!search.truncated, (c.id + ": " + search.truncation).c_str());
            if (search.best.empty()) {  // the search must say why, and the row is listed
                QVERIFY2(search.space == 0 && !search.reasons.empty(), c.id.c_str());
                unsearched.push_back(c.id + ": " + search.reasons.front());
                continue;
            }
            const SearchCandidate& best = search.best.front();
            outcomes.push_back({c.id, own->value, best.score,
                                describeStrategy(best.strategy, false), search.evaluated});
        }
        int better = 0;
        for (const RowOutcome& o : outcomes) {
            const double gain = 1 - o.found / o.published;
            better += gain > 0.01;
            qDebug("%-34s published %9.2f d  found %9.2f d  (%+6.1f%%, %6lld tried)  %s",
                   o.id.c_str(), o.published, o.found, -100 * gain, o.evaluated, o.best.c_str());
            QVERIFY2(o.found <= o.published * (1 + 1e-9), o.id.c_str());
        }
        for (const std::string& why : unsearched)
            qDebug("not searched: %s", why.c_str());
        qDebug("%d of %zu rows: the search finds a layout over 1%% faster than the published one",
               better, outcomes.size());
        QVERIFY(unsearched.size() <= 2);  // the published runs that leave devices idle
    }
};

QTEST_GUILESS_MAIN(TestSearchValidation)
#include "tst_search_validation.moc"
