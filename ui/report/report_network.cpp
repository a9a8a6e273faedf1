// The network as the flow-level model saw it: tiers, the busiest links and the collectives
// that load them (results.network, written by core/topology).
#include <algorithm>
#include <map>

#include "catalog/json_limits.h"
#include "ui/report/reportformat.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

constexpr std::size_t kBusiestLinks = 12;

// A cell of a records table: member `key` of an element of the array `list` ("network.tiers").
Cell number(const nlohmann::json& element, const char* list, const char* key) {
    return {formatField(std::string(list) + "[]." + key, valueAt(element, key)), true};
}

Cell text(const nlohmann::json& element, const char* key) {
    return {plainValue(valueAt(element, key))};
}

void tiers(HtmlBuilder& b, const nlohmann::json& list) {
    if (!list.is_array() || list.empty()) return;
    ChartSpec chart;
    chart.title = QStringLiteral("Peak link utilization by tier");
    chart.unit = QStringLiteral("%");
    chart.limit = 100;
    chart.limit_label = QStringLiteral("saturated");
    std::vector<std::vector<Cell>> rows;
    const char* tiers = "network.tiers";
    for (const auto& t : list) {
        rows.push_back({text(t, "name"), number(t, tiers, "links"),
                        number(t, tiers, "bandwidth_gb_s"), number(t, tiers, "max_utilization"),
                        text(t, "busiest_collective"), number(t, tiers, "oversubscription")});
        const double u = numberAt(t, "max_utilization").value_or(0);
        chart.bars.push_back({QString::fromStdString(t.value("name", std::string("tier"))), u * 100,
                              quantity(u, Unit::fraction)});
    }
    b.subheading(QStringLiteral("Tiers"));
    b.table({QStringLiteral("Tier"), QStringLiteral("Links"), QStringLiteral("Bandwidth"),
             QStringLiteral("Peak utilization"), QStringLiteral("Busiest collective"),
             QStringLiteral("Oversubscription")},
            rows, {14, 9, 13, 14, 30, 20});
    b.chart(chart);
}

// Links of replicated parts share their item ids: rows that read the same are merged, with
// how many links they stand for.
void busiestLinks(HtmlBuilder& b, const nlohmann::json& list) {
    if (!list.is_array() || list.empty()) return;
    struct Row {
        const nlohmann::json* link;
        int count;
    };
    std::vector<Row> rows;
    std::map<std::string, std::size_t> index;  // what a row reads -> its place in `rows`
    for (const auto& l : list) {
        std::string key;
        for (const char* field :
             {"from_item", "to_item", "tier", "collective", "bytes", "utilization"})
            key += dumpJson(l.value(field, nlohmann::json())) + '|';
        const auto [it, added] = index.emplace(key, rows.size());
        if (added)
            rows.push_back({&l, 1});
        else
            ++rows[it->second].count;
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row& x, const Row& y) {
        return numberAt(*x.link, "utilization").value_or(0) >
               numberAt(*y.link, "utilization").value_or(0);
    });
    std::vector<std::vector<Cell>> cells;
    for (std::size_t i = 0; i < rows.size() && i < kBusiestLinks; ++i) {
        const nlohmann::json& l = *rows[i].link;
        cells.push_back({{escaped(l.value("from_item", std::string())) + QStringLiteral(" → ") +
                          escaped(l.value("to_item", std::string()))},
                         {quantity(rows[i].count, Unit::count), true},
                         text(l, "tier"),
                         text(l, "collective"),
                         number(l, "network.links", "bytes"),
                         number(l, "network.links", "bandwidth_gb_s"),
                         number(l, "network.links", "utilization")});
    }
    b.subheading(QStringLiteral("Busiest links"));
    b.table({QStringLiteral("Between"), QStringLiteral("Links"), QStringLiteral("Tier"),
             QStringLiteral("Collective"), QStringLiteral("Bytes each"),
             QStringLiteral("Bandwidth"), QStringLiteral("Utilization")},
            cells, {22, 8, 12, 18, 13, 13, 14});
    if (rows.size() > kBusiestLinks)
        b.note(QStringLiteral("The %1 busiest of %2 kinds of loaded link.")
                   .arg(kBusiestLinks)
                   .arg(rows.size()));
}

void collectives(HtmlBuilder& b, const nlohmann::json& list) {
    if (!list.is_array() || list.empty()) return;
    std::vector<std::vector<Cell>> rows;
    for (const auto& c : list)
        rows.push_back({text(c, "name"), text(c, "algorithm"),
                        number(c, "network.collectives", "bytes"),
                        number(c, "network.collectives", "group_size"),
                        number(c, "network.collectives", "time_s"), text(c, "binding_tier"),
                        number(c, "network.collectives", "binding_utilization")});
    b.subheading(QStringLiteral("Collectives"));
    b.table({QStringLiteral("Collective"), QStringLiteral("Algorithm"), QStringLiteral("Bytes"),
             QStringLiteral("Ranks"), QStringLiteral("Time"), QStringLiteral("Binding tier"),
             QStringLiteral("Utilization")},
            rows, {20, 15, 13, 10, 12, 16, 14});
}

void memoryTiers(HtmlBuilder& b, const nlohmann::json& list) {
    if (!list.is_array() || list.empty()) return;
    std::vector<std::vector<Cell>> rows;
    const char* memory = "network.memory";
    for (const auto& m : list)
        rows.push_back({text(m, "item"), text(m, "type"), number(m, memory, "instances"),
                        number(m, memory, "capacity_gb"),
                        number(m, memory, "per_device_bandwidth_gb_s"),
                        number(m, memory, "latency_ns"), text(m, "binding")});
    b.subheading(QStringLiteral("Memory tiers beyond the devices"));
    b.table({QStringLiteral("Item"), QStringLiteral("Type"), QStringLiteral("Instances"),
             QStringLiteral("Capacity"), QStringLiteral("Per device"), QStringLiteral("Latency"),
             QStringLiteral("Binding")},
            rows, {18, 14, 11, 13, 16, 12, 16});
}

}  // namespace

void addNetwork(HtmlBuilder& b, const ReportInput& in) {
    const nlohmann::json* network = beginSection(b, in, "network", QStringLiteral("Network"));
    if (!network) return;
    b.jsonFields(in.results, "network");
    tiers(b, valueAt(*network, "tiers"));
    busiestLinks(b, valueAt(*network, "links"));
    collectives(b, valueAt(*network, "collectives"));
    memoryTiers(b, valueAt(*network, "memory"));
}

}  // namespace infraplan::report
