// The topology: the expanded hardware graph as levels (nodes and loose parts at the bottom,
// switch tiers above) with their counts, and the cables between levels with their count,
// bandwidth and the peak utilization the network model found on their tier
// (results.network.tiers), as a vector figure and a table.
#include <map>
#include <set>

#include "core/facility/cabling.h"
#include "core/topology/graph.h"
#include "core/topology/link_labels.h"
#include "ui/report/reportformat.h"
#include "ui/report/reportpalette.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

// Levels: 0 = endpoints (nodes, loose accelerators, memory, NICs), 1 + tier for switches
// outside nodes (tier 0 scale-up, 1 leaf, 2 spine, 3 core).
constexpr int kLevels = 5;

int levelOf(const Vertex& v, const Design& d) {
    const bool inNode =
        v.item < d.hardware.items.size() && d.hardware.items[v.item].kind == ItemKind::node;
    if (v.kind != VertexKind::switch_ || inNode) return 0;
    return 1 + std::clamp(v.tier, 0, 3);
}

QString levelName(int level) {
    static const char* const names[kLevels] = {"Nodes", "Scale-up switches", "Leaf", "Spine",
                                               "Core"};
    return QString::fromUtf8(names[level]);
}

struct LevelTally {
    long long count = 0;
    std::set<std::string> models;  // catalog ids
};

struct BandTally {
    long long cables = 0;
    double bandwidth_gb_s = 0;
    std::set<std::string> tiers;  // results.network.tiers names
};

struct Tally {
    LevelTally levels[kLevels];
    std::map<std::pair<int, int>, BandTally> bands;
};

Tally tallyGraph(const Design& d, const catalog::Catalog& cat, const Graph& g) {
    Tally t;
    std::set<std::pair<std::uint32_t, std::uint32_t>> nodesSeen;
    for (const Vertex& v : g.vertices) {
        const int level = levelOf(v, d);
        const bool inNode =
            v.item < d.hardware.items.size() && d.hardware.items[v.item].kind == ItemKind::node;
        if (inNode && !nodesSeen.insert({v.item, v.instance}).second) continue;
        ++t.levels[level].count;
        const std::string* ref = inNode ? &d.hardware.items[v.item].ref : g.ref(v.ref);
        if (ref) t.levels[level].models.insert(*ref);
    }
    const LinkLabels labels(g, d);
    for (std::uint32_t ei = 0; ei < g.edges.size(); ++ei) {
        const Edge& e = g.edges[ei];
        if (!cableLink(e, d.hardware.items, g, cat)) continue;
        int a = levelOf(g.vertices[e.a], d), b = levelOf(g.vertices[e.b], d);
        if (a > b) std::swap(a, b);
        BandTally& band = t.bands[{a, b}];
        band.cables += std::max<std::uint32_t>(1, e.lanes);
        band.bandwidth_gb_s += e.bandwidth_gb_s;
        band.tiers.insert(labels.tier(ei));
    }
    return t;
}

// The highest peak utilization among the results' tiers of these names; none when absent.
std::optional<double> peakUtilization(const nlohmann::json& results,
                                      const std::set<std::string>& names) {
    const nlohmann::json& tiers = valueAt(results, "network.tiers");
    if (!tiers.is_array()) return std::nullopt;
    std::optional<double> peak;
    for (const auto& tier : tiers)
        if (names.count(tier.value("name", std::string())))
            if (auto u = numberAt(tier, "max_utilization")) peak = std::max(peak.value_or(0.0), *u);
    return peak;
}

QString modelsText(const LevelTally& level) {
    if (level.models.size() == 1)
        return QStringLiteral("%1 × %2").arg(quantity(double(level.count), Unit::count),
                                             shortened(*level.models.begin(), 40));
    return QStringLiteral("%1 (%2 models)")
        .arg(quantity(double(level.count), Unit::count))
        .arg(level.models.size());
}

}  // namespace

void addTopology(HtmlBuilder& b, const ReportInput& in, const Graph* graph) {
    if (!graph || graph->vertices.empty()) return;
    const Tally t = tallyGraph(in.design, in.catalog, *graph);
    ChartSpec figure;
    figure.kind = ChartSpec::Kind::topology;
    figure.title = QStringLiteral("Topology: equipment by level and the cables between levels");
    int index[kLevels];
    for (int level = 0; level < kLevels; ++level) {
        index[level] = -1;
        if (t.levels[level].count == 0) continue;
        index[level] = static_cast<int>(figure.levels.size());
        figure.levels.push_back(
            {levelName(level), modelsText(t.levels[level]), t.levels[level].count});
    }
    std::vector<std::vector<Cell>> rows;
    for (const auto& [pair, band] : t.bands) {
        const std::optional<double> peak = peakUtilization(in.results, band.tiers);
        const QString peakText =
            peak ? quantity(*peak, Unit::fraction) : QStringLiteral("not modelled");
        const QString links = quantity(double(band.cables), Unit::count);
        const QString bandwidth = quantity(band.bandwidth_gb_s, Unit::gigabytes_per_s);
        figure.bands.push_back(
            {index[pair.first], index[pair.second],
             QStringLiteral("%1 cables · %2\npeak %3").arg(links, bandwidth, peakText), peak});
        rows.push_back({{levelName(pair.first) + QStringLiteral(" – ") + levelName(pair.second)},
                        {links, true},
                        {bandwidth, true},
                        {peakText, true, peak && *peak > 1 ? kBad : QString()}});
    }
    b.section(QStringLiteral("topology"), QStringLiteral("Topology"));
    b.chart(figure);
    std::vector<std::vector<Cell>> levels;
    for (int level = 0; level < kLevels; ++level)
        if (t.levels[level].count > 0)
            levels.push_back(
                {{levelName(level)}, {escaped(modelsText(t.levels[level]).toStdString())}});
    b.table({QStringLiteral("Level"), QStringLiteral("Equipment")}, levels, {30, 70});
    if (!rows.empty())
        b.table({QStringLiteral("Cables between"), QStringLiteral("Cables"),
                 QStringLiteral("Bandwidth (per direction)"), QStringLiteral("Peak utilization")},
                rows, {40, 16, 24, 20});
    b.note(QStringLiteral(
        "Nodes count node instances (their accelerators, NICs and scale-up switches inside); "
        "the boxes and lines are a sample when a level has more than 12 members. Peak "
        "utilization is the busiest link of the tier under the workload's collectives."));
}

}  // namespace infraplan::report
