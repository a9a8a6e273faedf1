#include "ui/report/plansections.h"

#include <algorithm>
#include <cmath>

#include "core/results/format.h"
#include "core/search/search_counts.h"
#include "core/search/strategy_text.h"

namespace infraplan::report {
namespace {

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

QString quantityOr(std::optional<double> value, Unit unit) {
    return value && std::isfinite(*value) ? text(formatQuantity(*value, unit))
                                          : QStringLiteral("–");
}

// "+3.2 %" / "−1.0 %" for a relative change; "infeasible" where that side does not fit.
QString changeText(const Perturbation& p, std::optional<double> change) {
    if (!p.metrics.feasible) return QStringLiteral("infeasible");
    if (!change) return QStringLiteral("–");
    return (*change > 0 ? QStringLiteral("+") : QString()) + text(formatPercent(*change));
}

QString stepText(double change) {
    return (change > 0 ? QStringLiteral("+") : QString()) + text(formatPercent(change));
}

QString runNote(bool cancelled, bool truncated, const std::string& truncation) {
    QString note;
    if (cancelled) note += QStringLiteral(" It was cancelled: the best found so far are listed.");
    if (truncated) note += QStringLiteral(" It stopped early: %1.").arg(text(truncation));
    return note;
}

constexpr std::size_t kChartBars = 10;

}  // namespace

ExtraSection searchSection(const SearchResult& r, SearchObjective objective, bool inference) {
    ExtraSection s;
    s.anchor = QStringLiteral("search");
    s.title = QStringLiteral("Strategy search");
    if (!r.reasons.empty()) {
        s.intro = QStringLiteral("Nothing could be searched: %1").arg(text(r.reasons.front()));
        return s;
    }
    s.intro = QStringLiteral(
                  "The strategy search (objective: %1) on this design's hardware: %2, in %3 s. "
                  "The best %4 are listed, best first; the score is %5, lower is better.")
                  .arg(text(toString(objective)), text(searchCountsText(r)),
                       text(formatNumber(r.elapsed_s, 3)))
                  .arg(r.best.size())
                  .arg(text(r.score_unit)) +
              runNote(r.cancelled, r.truncated, r.truncation);
    s.headers = {QStringLiteral("Rank"),
                 QStringLiteral("Strategy"),
                 QStringLiteral("Score (%1)").arg(text(r.score_unit)),
                 inference ? QStringLiteral("Goodput") : QStringLiteral("Step time"),
                 QStringLiteral("MFU"),
                 QStringLiteral("$/M tokens"),
                 QStringLiteral("Facility power")};
    ChartSpec chart;
    chart.title = QStringLiteral("Score of the best strategies (%1, lower is better)")
                      .arg(text(r.score_unit));
    for (std::size_t i = 0; i < r.best.size(); ++i) {
        const SearchCandidate& c = r.best[i];
        const HeadlineMetrics m = headlineMetrics(c.results);
        const QString strategy = text(describeStrategy(c.strategy, inference));
        const QString score = text(formatNumber(c.score));
        s.rows.push_back({QString::number(i + 1), strategy, score,
                          inference ? quantityOr(m.goodput_rps, Unit::requests_per_s)
                                    : quantityOr(m.step_time_s, Unit::seconds),
                          c.results.training ? text(formatPercent(c.results.training->mfu))
                                             : QStringLiteral("–"),
                          quantityOr(m.usd_per_million_tokens, Unit::usd_per_million_tokens),
                          quantityOr(m.facility_kw, Unit::kilowatts)});
        if (i < kChartBars && std::isfinite(c.score) && c.score >= 0)
            chart.bars.push_back(
                {QStringLiteral("#%1 %2").arg(i + 1).arg(strategy), c.score, score});
    }
    if (!chart.bars.empty()) s.chart = std::move(chart);
    return s;
}

ExtraSection sizingSection(const SizingResult& r, const SizingTarget& target, SizingRank rank) {
    ExtraSection s;
    s.anchor = QStringLiteral("sizing");
    s.title = QStringLiteral("Hardware sizing");
    const bool training = target.training();
    const QString goal = training
                             ? QStringLiteral("train %1 tokens within %2 days")
                                   .arg(text(formatNumber(target.workload.train_tokens)),
                                        text(formatNumber(target.deadline_days)))
                             : QStringLiteral(
                                   "serve %1 requests/s (TTFT %2 ms, TPOT %3 ms at p%4; 0 = no "
                                   "bound)")
                                   .arg(text(formatNumber(target.workload.traffic.rate_per_s)),
                                        text(formatNumber(target.workload.slo.ttft_ms)),
                                        text(formatNumber(target.workload.slo.tpot_ms)),
                                        text(formatNumber(target.workload.slo.percentile)));
    if (!r.reasons.empty()) {
        s.intro = QStringLiteral("Not sized: %1").arg(text(r.reasons.front()));
        return s;
    }
    s.intro = QStringLiteral(
                  "The hardware sizing for the target to %1 tried %2 clusters and searched "
                  "the strategy of %3 (%4 strategies) in %5 s; the designs that meet it, "
                  "ranked by %6, best first.")
                  .arg(goal, text(formatInteger(r.candidates)), text(formatInteger(r.searched)),
                       text(formatInteger(r.strategies_evaluated)),
                       text(formatNumber(r.elapsed_s, 3)), text(toString(rank))) +
              runNote(r.cancelled, r.truncated, r.truncation);
    if (r.designs.empty() && !r.infeasible.empty())
        s.intro += QStringLiteral(" No design meets it: %1").arg(text(r.infeasible));
    s.headers = {QStringLiteral("Rank"),
                 QStringLiteral("Node template"),
                 QStringLiteral("Nodes"),
                 QStringLiteral("Devices"),
                 QStringLiteral("Cooling"),
                 training ? QStringLiteral("Days to train") : QStringLiteral("Goodput"),
                 QStringLiteral("Facility (avg / provisioned)"),
                 QStringLiteral("Capex"),
                 QStringLiteral("TCO"),
                 QStringLiteral("$/M tokens"),
                 QStringLiteral("Strategy")};
    for (std::size_t i = 0; i < r.designs.size(); ++i) {
        const SizedDesign& d = r.designs[i];
        s.rows.push_back(
            {QString::number(i + 1), text(d.candidate.node), text(formatInteger(d.candidate.nodes)),
             text(formatInteger(d.results.inventory.devices)), text(toString(d.cooling)),
             training ? quantityOr(d.days_to_train, Unit::days)
                      : quantityOr(d.goodput_rps, Unit::requests_per_s),
             QStringLiteral("%1 / %2 MW")
                 .arg(text(formatNumber(d.facility_mw)),
                      text(formatNumber(d.facility_capacity_mw))),
             text(formatMoney(d.capex_usd)), text(formatMoney(d.tco_usd)),
             quantityOr(d.usd_per_million_tokens, Unit::usd_per_million_tokens),
             text(describeStrategy(d.design.strategy, !training))});
    }
    return s;
}

ExtraSection sensitivitySection(const SensitivityResult& r) {
    ExtraSection s;
    s.anchor = QStringLiteral("sensitivity");
    s.title = QStringLiteral("Sensitivity");
    if (!r.reasons.empty()) {
        s.intro = QStringLiteral("Not analysed: %1").arg(text(r.reasons.front()));
        return s;
    }
    const double step = r.inputs.empty() ? 0.1 : std::abs(r.inputs.front().up.change);
    const QString down = stepText(-step), up = stepText(step);
    const QString perf = r.training ? QStringLiteral("Step time") : QStringLiteral("Goodput");
    s.intro = QStringLiteral(
                  "Each hardware and facility input moved %1 and %2 and the design evaluated "
                  "again: the relative change of the headline metrics, the input with the "
                  "largest effect on %3 first.")
                  .arg(down, up, perf.toLower());
    if (!r.base.feasible) s.intro += QStringLiteral(" The design as it is is not feasible.");
    s.headers = {QStringLiteral("Rank"),
                 QStringLiteral("Input"),
                 QStringLiteral("%1 at %2").arg(perf, down),
                 QStringLiteral("%1 at %2").arg(perf, up),
                 QStringLiteral("$/M tokens at %1").arg(down),
                 QStringLiteral("$/M tokens at %1").arg(up),
                 QStringLiteral("Facility power at %1").arg(down),
                 QStringLiteral("Facility power at %1").arg(up),
                 QStringLiteral("Feasibility")};
    ChartSpec chart;
    chart.title = QStringLiteral("Largest change of %1 for %2 / %3 of each input")
                      .arg(perf.toLower(), down, up);
    chart.unit = QStringLiteral("%");
    for (std::size_t i = 0; i < r.inputs.size(); ++i) {
        const InputSensitivity& in = r.inputs[i];
        s.rows.push_back(
            {QString::number(i + 1), text(in.label), changeText(in.down, in.down.performance),
             changeText(in.up, in.up.performance),
             changeText(in.down, in.down.usd_per_million_tokens),
             changeText(in.up, in.up.usd_per_million_tokens),
             changeText(in.down, in.down.facility_kw), changeText(in.up, in.up.facility_kw),
             in.flips_feasibility ? QStringLiteral("flips") : QString()});
        if (i < kChartBars && std::isfinite(in.effect))
            chart.bars.push_back({text(in.label), in.effect * 100,
                                  changeText(in.down, in.down.performance) + QStringLiteral(" / ") +
                                      changeText(in.up, in.up.performance)});
    }
    if (!chart.bars.empty()) s.chart = std::move(chart);
    return s;
}

}  // namespace infraplan::report
