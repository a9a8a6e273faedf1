#include "core/search/search_schema.h"

#include "core/results/schema_section.h"
#include "core/results/schema_table.h"

namespace infraplan {
namespace {

void addSearchCounts(schema_detail::Section& top) {
    top.integer("space", "Space", "Strategies in the whole search space (docs/planning.md)")
        .integer("evaluated", "Evaluated",
                 "Strategies of this run's part (--shard) considered, pruned ones included")
        .integer("pruned_memory", "Pruned on memory",
                 "Of those, the ones whose memory does not fit the devices: infeasible, their "
                 "step is not timed")
        .integer("pruned_bound", "Pruned on bounds",
                 "Of those, the ones a lower bound of their step proves beaten (by the best N "
                 "and on the time-vs-cost front): not timed (docs/planning.md, Pruning)")
        .integer("timed", "Timed", "Of those, the ones whose step was timed")
        .integer("feasible", "Feasible", "Timed strategies that are feasible and scored")
        .number("elapsed_s", Unit::seconds, "Elapsed",
                "Wall time of the search, preparation and the top N's full evaluation included")
        .number("configurations_per_s", Unit::none, "Configurations per second",
                "evaluated / elapsed_s (a merge: over the longest shard's time)");
}

// A listed strategy: its place in the space and the strategy itself.
schema_detail::Section& strategyFields(schema_detail::Section& s) {
    return s.integer("index", "Index", "The strategy's index in the search space")
        .add("strategy", FieldKind::object, Unit::none, "Strategy",
             "The design file's strategy section");
}

void addSearchFields(std::vector<ResultField>& out) {
    using schema_detail::Section;
    const Modes both = Modes::both;
    Section top(out, "", both);
    addSearchCounts(top);
    top.text("objective", "Objective", "time, cost, energy or cost-per-token")
        .text("score_unit", "Score unit", "What `results[].score` measures")
        .add("cancelled", FieldKind::flag, Unit::none, "Cancelled", "The search was cancelled")
        .add("truncated", FieldKind::flag, Unit::none, "Truncated",
             "A budget (--max-candidates, --time-budget) stopped it before the whole space")
        .text("truncation", "Truncation", "Which budget and how far it got; empty if none")
        .add("reasons", FieldKind::texts, Unit::none, "Reasons",
             "Why nothing could be searched (an invalid design); empty otherwise")
        .text("shard", "Shard", "K/N: the part of the space this output holds (1/1 = whole)")
        .integer("top", "Top", "Strategies listed at most")
        .add("results", FieldKind::records, Unit::none, "Results",
             "The best strategies, best first")
        .add("pareto", FieldKind::object, Unit::none, "Pareto front",
             "Time vs cost over the timed, feasible strategies");
    Section result(out, "results[].", both);
    strategyFields(result)
        .number("score", Unit::none, "Score", "The objective's value (score_unit); lower is better")
        .add("results", FieldKind::object, Unit::none, "Results",
             "evaluate()'s results object for the design with this strategy");
    Section pareto(out, "pareto.", both);
    pareto.text("time_unit", "Time unit", "What `points[].time` measures (the time objective)")
        .text("cost_unit", "Cost unit", "What `points[].cost` measures (the cost objective)")
        .add("points", FieldKind::records, Unit::none, "Points",
             "The strategies no other timed strategy beats in both time and cost, fastest "
             "first");
    Section point(out, "pareto.points[].", both);
    strategyFields(point)
        .number("time", Unit::none, "Time", "The time objective's value (pareto.time_unit)")
        .number("cost", Unit::none, "Cost", "The cost objective's value (pareto.cost_unit)");
}

}  // namespace

const std::vector<ResultField>& searchSchema() {
    static const std::vector<ResultField> fields = [] {
        std::vector<ResultField> out;
        addSearchFields(out);
        return out;
    }();
    return fields;
}

std::string searchSchemaMarkdown() {
    return schemaTableMarkdown(searchSchema());
}

}  // namespace infraplan
