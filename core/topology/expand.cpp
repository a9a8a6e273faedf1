// expand(): a design's replication (item and group counts), node templates and fabrics as an
// explicit graph (docs/design-file.md Replication). Everything is counted before anything is
// allocated, so a design past the limits is refused with a message instead of exhausting memory.

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <tuple>

#include "core/topology/checked_count.h"
#include "core/topology/fabric.h"
#include "core/topology/graph.h"
#include "core/topology/item_tree.h"
#include "core/topology/link_lanes.h"
#include "core/topology/node_parts.h"
#include "core/topology/switch_tiers.h"
#include "core/topology/wiring.h"

namespace infraplan {
namespace {

std::string withSeparators(long long n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

struct ItemPlan {
    long long instances = 0;
    long long stride = 0;  // vertices per instance (0 for groups and fabrics)
    long long base = 0;    // first vertex of instance 0
    std::optional<NodeLayout> node;
    FabricLoad attached;                // fabrics: what attaches to them, all instances together
    long long vertices = 0, edges = 0;  // what this item adds (nodes: their insides too)
    long long lanes = 0;                // per instance, from every link that lands on it
    long long firstLink = -1;           // the first of those links
};

struct LinkPlan {
    int from = -1, to = -1;
    const catalog::Link* link = nullptr;
    long long scopes = 1;        // instances of the common enclosing group
    long long perScopeFrom = 0;  // instances of `from` under one scope instance
    long long perScopeTo = 0;
    long long portsFrom = 1, portsTo = 1;  // endpoints per instance (NICs of a node)
    long long lanePairs = 0;               // distinct (port, port) pairs per instance pair
    long long edges = 0;                   // all scopes and instances together
};

class Expander {
public:
    Expander(const Design& design, const catalog::Catalog& catalog, const ExpandOptions& options,
             ExpandResult& result)
        : m_design(design)
        , m_catalog(catalog)
        , m_options(options)
        , m_result(result)
        , m_diags(result.diagnostics) {}

    // Count everything, allocate nothing; false when the design cannot or may not be built.
    bool plan() {
        if (!m_tree.build(m_design, m_diags)) return false;
        planItems();
        planLinks();
        warnUnusedPorts();
        planFabrics();
        return !m_diags.hasErrors() && withinLimits();
    }

    void run() {
        if (!plan()) return;
        emitItems();
        emitLinks();
        emitFabrics();
        assignSwitchTiers(m_design, m_result.graph);
    }

private:
    const Item& item(int i) const { return m_design.hardware.items[static_cast<std::size_t>(i)]; }

    void planItems() {
        const auto& items = m_design.hardware.items;
        m_items.assign(items.size(), ItemPlan{});
        for (std::size_t i = 0; i < items.size(); ++i) {
            const Item& it = items[i];
            ItemPlan& plan = m_items[i];
            plan.instances = m_tree.instances(static_cast<int>(i));
            const std::string refPointer = itemPointer(i) + "/ref";
            auto unknown = [&](const char* what) {
                m_diags.error(refPointer,
                              "no " + std::string(what) + " '" + it.ref + "' in the catalog");
            };
            switch (it.kind) {
                case ItemKind::group:
                    break;
                case ItemKind::fabric:
                    if (!it.fabric) {
                        m_diags.error(itemPointer(i), "fabric item without fabric parameters");
                    } else if (!m_catalog.switchEntry(it.fabric->switch_ref)) {
                        m_diags.error(itemPointer(i) + "/switch",
                                      "no switch '" + it.fabric->switch_ref + "' in the catalog");
                    } else if (!it.fabric->link.empty() && !m_catalog.link(it.fabric->link)) {
                        m_diags.error(itemPointer(i) + "/link",
                                      "no link '" + it.fabric->link + "' in the catalog");
                    }
                    break;
                case ItemKind::node: {
                    const catalog::NodeTemplate* node = m_catalog.node(it.ref);
                    NodeLayout layout;
                    if (!node) {
                        unknown("node template");
                    } else if (makeNodeLayout(*node, m_catalog, refPointer, m_diags, layout)) {
                        plan.stride = layout.stride();
                        m_devices = checkedAdd(
                            m_devices, checkedMultiply(plan.instances, layout.accelerators));
                        m_edgeBound = checkedAdd(
                            m_edgeBound, checkedMultiply(plan.instances, layout.internalEdges()));
                        m_nodes = checkedAdd(m_nodes, plan.instances);
                        plan.node = layout;
                    }
                    break;
                }
                case ItemKind::accelerator:
                    if (!m_catalog.accelerator(it.ref)) unknown("accelerator");
                    plan.stride = 1;
                    m_devices = checkedAdd(m_devices, plan.instances);
                    break;
                case ItemKind::memory:
                    if (!m_catalog.memory(it.ref)) unknown("memory node");
                    plan.stride = 1;
                    break;
                case ItemKind::switch_:
                    if (!m_catalog.switchEntry(it.ref)) unknown("switch");
                    plan.stride = 1;
                    break;
                case ItemKind::nic:
                    if (!m_catalog.nic(it.ref)) unknown("NIC");
                    plan.stride = 1;
                    break;
                case ItemKind::cpu:
                    plan.stride = 1;
                    break;  // ref optional: no CPU catalog
            }
            plan.base = m_vertexBound;
            plan.vertices = checkedMultiply(plan.instances, plan.stride);
            if (plan.node) plan.edges = checkedMultiply(plan.instances, plan.node->internalEdges());
            m_vertexBound = checkedAdd(m_vertexBound, plan.vertices);
        }
    }

    // Endpoints per instance a link can attach to, or 0 when the item cannot carry links.
    long long portsOf(int i) const {
        const ItemPlan& plan = m_items[static_cast<std::size_t>(i)];
        if (plan.node) return plan.node->ports();
        return item(i).kind == ItemKind::group ? 0 : 1;
    }

    void planLinks() {
        const auto& links = m_design.hardware.links;
        m_links.assign(links.size(), LinkPlan{});
        for (std::size_t k = 0; k < links.size(); ++k) {
            const DesignLink& l = links[k];
            LinkPlan& plan = m_links[k];
            const std::string p = linkPointer(k);
            plan.from = m_tree.indexOf(l.from);
            plan.to = m_tree.indexOf(l.to);
            plan.link = m_catalog.link(l.ref);
            bool ok = true;
            auto check = [&](bool good, const std::string& where, const std::string& message) {
                if (!good) m_diags.error(p + where, message);
                ok = ok && good;
            };
            check(plan.from >= 0, "/from", "no item with id '" + l.from + "'");
            check(plan.to >= 0, "/to", "no item with id '" + l.to + "'");
            check(plan.link != nullptr, "/ref", "no link '" + l.ref + "' in the catalog");
            check(l.count >= 0, "/count", "count must not be negative");
            if (!ok) continue;
            check(plan.from != plan.to, "", "a link must connect two different items");
            check(portsOf(plan.from) > 0, "/from", "'" + l.from + "' is a group; link its parts");
            check(portsOf(plan.to) > 0, "/to", "'" + l.to + "' is a group; link its parts");
            check(
                item(plan.from).kind != ItemKind::fabric || item(plan.to).kind != ItemKind::fabric,
                "", "a link between two fabrics is not supported");
            if (!ok) continue;
            const int scope = m_tree.commonScope(plan.from, plan.to);
            plan.scopes = m_tree.scopeInstances(scope);
            if (plan.scopes <= 0) continue;  // a zero count above: nothing to connect
            plan.perScopeFrom =
                m_items[static_cast<std::size_t>(plan.from)].instances / plan.scopes;
            plan.perScopeTo = m_items[static_cast<std::size_t>(plan.to)].instances / plan.scopes;
            const long long big = std::max(plan.perScopeFrom, plan.perScopeTo);
            const long long small = std::min(plan.perScopeFrom, plan.perScopeTo);
            if (small > 0 && big % small != 0) {
                const std::string under =
                    scope < 0 ? "in the design" : "under each '" + item(scope).id + "'";
                m_diags.error(p, "cannot pair " + std::to_string(plan.perScopeFrom) + " '" +
                                     l.from + "' with " + std::to_string(plan.perScopeTo) + " '" +
                                     l.to + "' " + under +
                                     ": neither count is a multiple of the other");
                continue;
            }
            if (small == 0 || l.count == 0) continue;
            if (!lanesFit(k, plan, big)) continue;
            plan.portsFrom = portsOf(plan.from);
            plan.portsTo = portsOf(plan.to);
            const long long period = std::lcm(plan.portsFrom, plan.portsTo);
            plan.lanePairs = std::min(l.count, period);
            const long long edges =
                checkedMultiply(checkedMultiply(plan.scopes, big), plan.lanePairs);
            plan.edges = edges;
            m_edgeBound = checkedAdd(m_edgeBound, edges);
            for (int end : {plan.from, plan.to}) {
                if (item(end).kind != ItemKind::fabric) continue;
                FabricLoad& load = m_items[static_cast<std::size_t>(end)].attached;
                const long long pairs = checkedMultiply(plan.scopes, big);
                load.lanes = checkedAdd(load.lanes, checkedMultiply(pairs, l.count));
                load.attachments = checkedAdd(load.attachments, edges);
                const int other = end == plan.from ? plan.to : plan.from;
                load.owners =
                    checkedAdd(load.owners, m_items[static_cast<std::size_t>(other)].instances);
            }
        }
    }

    // Each end of a link takes count x (instances of the other end it pairs with) lanes per
    // instance. Past a switch's or a chip's ports is a warning (a drawing may simplify a cable
    // plan: one NVSwitch drawn for four); past kLaneSlack times them no cable plan exists and
    // it is refused. Past counted sockets (a node's NIC ports, a NIC's ports) it is refused.
    bool lanesFit(std::size_t k, const LinkPlan& plan, long long big) {
        const DesignLink& l = m_design.hardware.links[k];
        bool fit = true;
        for (const auto& [end, perScope] :
             {std::pair{plan.from, plan.perScopeFrom}, std::pair{plan.to, plan.perScopeTo}}) {
            const LaneLimit limit = laneLimit(item(end), *plan.link, m_catalog);
            const long long lanes = checkedMultiply(l.count, big / perScope);
            ItemPlan& endPlan = m_items[static_cast<std::size_t>(end)];
            endPlan.lanes = checkedAdd(endPlan.lanes, lanes);
            if (endPlan.firstLink < 0) endPlan.firstLink = static_cast<long long>(k);
            if (limit.lanes <= 0 || lanes <= limit.lanes) continue;
            const std::string message = "gives each '" + item(end).id + "' " +
                                        withSeparators(lanes) + " lanes of " + l.ref + ", but " +
                                        limit.what;
            if (!limit.exact && lanes <= kLaneSlack * limit.lanes) {
                m_diags.warning(linkPointer(k) + "/count", message);
                continue;
            }
            m_diags.error(linkPointer(k) + "/count", message);
            fit = false;
        }
        return fit;
    }

    // A node whose links use fewer of its NIC ports than it has: possible, seldom meant (a DGX
    // H100 drawn with 1 lane of its 8 NDR ports). Said at its first link's count.
    void warnUnusedPorts() {
        for (std::size_t i = 0; i < m_items.size(); ++i) {
            const ItemPlan& plan = m_items[i];
            const Item& it = m_design.hardware.items[i];
            if (it.kind != ItemKind::node || plan.firstLink < 0) continue;
            const auto k = static_cast<std::size_t>(plan.firstLink);
            const catalog::Link* link = m_catalog.link(m_design.hardware.links[k].ref);
            const auto ports = link ? endPorts(it, *link, m_catalog) : std::nullopt;
            if (!ports || plan.lanes >= ports->ports) continue;
            m_diags.warning(linkPointer(k) + "/count",
                            "gives each '" + it.id + "' " + withSeparators(plan.lanes) +
                                (plan.lanes == 1 ? " lane" : " lanes") + ", but " + ports->what +
                                "; the other " + withSeparators(ports->ports - plan.lanes) +
                                " stay unwired");
        }
    }

    // Each fabric instance, sized by its generator's rules from what attaches to it (pairing
    // spreads the attachments evenly over the instances).
    void planFabrics() {
        for (std::size_t i = 0; i < m_items.size(); ++i) {
            const Item& it = m_design.hardware.items[i];
            const ItemPlan& plan = m_items[i];
            if (it.kind != ItemKind::fabric || !it.fabric || plan.instances <= 0) continue;
            const FabricLoad each{plan.attached.lanes / plan.instances,
                                  plan.attached.attachments / plan.instances,
                                  plan.attached.owners / plan.instances};
            const catalog::Switch* sw = m_catalog.switchEntry(it.fabric->switch_ref);
            const FabricSize size = fabricSize(*it.fabric, sw ? sw->radix : 0, each);
            m_items[i].vertices = checkedMultiply(plan.instances, size.switches);
            m_items[i].edges = checkedMultiply(plan.instances, size.cables);
            m_fabricVertexBound = checkedAdd(m_fabricVertexBound, m_items[i].vertices);
            m_fabricEdgeBound = checkedAdd(m_fabricEdgeBound, m_items[i].edges);
        }
    }

public:
    ExpansionCount count() const {
        return {m_devices,
                checkedAdd(m_vertexBound, m_fabricVertexBound),
                checkedAdd(m_edgeBound, m_fabricEdgeBound),
                {}};
    }

private:
    // Refused with the place that adds the most: the item (or link) a user would change.
    bool withinLimits() {
        const ExpansionCount n = count();
        auto refuse = [&](const char* what, long long total, long long limit, bool edges) {
            std::string place = "/hardware";
            long long most = -1;
            for (std::size_t i = 0; i < m_items.size(); ++i)
                if (const long long v = edges ? m_items[i].edges : m_items[i].vertices; v > most)
                    std::tie(place, most) = std::pair{itemPointer(i) + "/count", v};
            for (std::size_t k = 0; edges && k < m_links.size(); ++k)
                if (m_links[k].edges > most)
                    std::tie(place, most) = std::pair{linkPointer(k) + "/count", m_links[k].edges};
            m_diags.error(place, "the design expands to " + withSeparators(total) + " " + what +
                                     " (" + withSeparators(most) + " from here); the limit is " +
                                     withSeparators(limit) + " (nothing was built)");
        };
        const long long vertexLimit =
            std::min<long long>(m_options.max_vertices, std::numeric_limits<std::uint32_t>::max());
        if (m_devices > m_options.max_devices)
            m_diags.error("/hardware", "the design expands to " + withSeparators(m_devices) +
                                           " devices; the limit is " +
                                           withSeparators(m_options.max_devices) +
                                           " (nothing was built)");
        else if (n.vertices > vertexLimit)
            refuse("graph vertices", n.vertices, vertexLimit, false);
        else if (n.edges > m_options.max_edges)
            refuse("graph edges", n.edges, m_options.max_edges, true);
        return !m_diags.hasErrors();
    }

    void emitItems() {
        Graph& g = m_result.graph;
        // Exact for items and nodes; generated fabrics (bounded above, usually far smaller)
        // grow the vectors as they are built.
        g.vertices.reserve(static_cast<std::size_t>(m_vertexBound));
        g.edges.reserve(static_cast<std::size_t>(m_edgeBound));
        g.accelerators.reserve(static_cast<std::size_t>(m_devices));
        g.nodes = m_nodes;
        for (std::size_t i = 0; i < m_items.size(); ++i) {
            const Item& it = m_design.hardware.items[i];
            ItemPlan& plan = m_items[i];
            plan.base = static_cast<long long>(g.vertices.size());
            const auto index = static_cast<std::uint32_t>(i);
            const RefId ref =
                plan.stride <= 0 || plan.node || it.ref.empty() ? kNoRef : g.internRef(it.ref);
            for (long long n = 0; n < plan.instances && plan.stride > 0; ++n) {
                const auto instance = static_cast<std::uint32_t>(n);
                if (plan.node) {
                    emitNodeInstance(*plan.node, index, instance, g);
                    continue;
                }
                if (it.kind == ItemKind::accelerator)
                    g.accelerators.push_back(static_cast<std::uint32_t>(g.vertices.size()));
                g.vertices.push_back(Vertex{vertexKind(it.kind), index, instance, -1, 0, ref});
            }
        }
    }

    static VertexKind vertexKind(ItemKind k) {
        switch (k) {
            case ItemKind::memory:
                return VertexKind::memory;
            case ItemKind::switch_:
                return VertexKind::switch_;
            case ItemKind::nic:
                return VertexKind::nic;
            case ItemKind::cpu:
                return VertexKind::cpu;
            default:
                return VertexKind::accelerator;
        }
    }

    // The vertex a lane of a link reaches on one instance of an item (not for fabrics).
    std::uint32_t portVertex(int i, long long instance, long long lane) const {
        const ItemPlan& plan = m_items[static_cast<std::size_t>(i)];
        const long long part = plan.node ? plan.node->portPart(lane) : 0;
        return static_cast<std::uint32_t>(plan.base + instance * plan.stride + part);
    }

    // Which rail an endpoint is on: its NIC position in a node, or its replica in its group.
    int railOf(int i, long long instance, long long lane) const {
        const ItemPlan& plan = m_items[static_cast<std::size_t>(i)];
        if (plan.node) return static_cast<int>(lane % plan.node->ports());
        const long long count = std::max<long long>(1, item(i).count);
        return static_cast<int>(instance % count);
    }

    void emitLinks() {
        for (std::size_t i = 0; i < m_items.size(); ++i)
            if (item(static_cast<int>(i)).kind == ItemKind::fabric)
                m_fabricSlots.emplace(static_cast<int>(i),
                                      std::vector<std::vector<FabricAttachment>>(
                                          static_cast<std::size_t>(m_items[i].instances)));
        for (std::size_t k = 0; k < m_links.size(); ++k)
            emitLink(k);
    }

    void emitLink(std::size_t k) {
        const LinkPlan& plan = m_links[k];
        if (plan.lanePairs <= 0) return;
        const DesignLink& l = m_design.hardware.links[k];
        const long long big = std::max(plan.perScopeFrom, plan.perScopeTo);
        const long long period = std::lcm(plan.portsFrom, plan.portsTo);
        const bool fromFabric = item(plan.from).kind == ItemKind::fabric;
        const bool toFabric = item(plan.to).kind == ItemKind::fabric;
        const RefId ref = m_result.graph.internRef(l.ref);
        for (long long s = 0; s < plan.scopes; ++s) {
            for (long long n = 0; n < big; ++n) {
                // Star, one-to-one and round-robin striping are all "n modulo the side's size".
                const long long a = s * plan.perScopeFrom + n % plan.perScopeFrom;
                const long long b = s * plan.perScopeTo + n % plan.perScopeTo;
                for (long long j = 0; j < plan.lanePairs; ++j) {
                    const auto lanes = static_cast<std::uint32_t>(l.count / period +
                                                                  (j < l.count % period ? 1 : 0));
                    if (fromFabric || toFabric) {
                        const int end = fromFabric ? plan.to : plan.from;
                        const long long endInstance = fromFabric ? b : a;
                        const std::uint64_t owner = (static_cast<std::uint64_t>(end) << 40) |
                                                    static_cast<std::uint64_t>(endInstance);
                        FabricAttachment att{portVertex(end, endInstance, j),
                                             lanes,
                                             railOf(end, endInstance, j),
                                             owner,
                                             static_cast<int>(k),
                                             plan.link,
                                             ref};
                        const int fabric = fromFabric ? plan.from : plan.to;
                        m_fabricSlots[fabric][static_cast<std::size_t>(fromFabric ? a : b)]
                            .push_back(att);
                        continue;
                    }
                    m_result.graph.edges.push_back(Edge{
                        portVertex(plan.from, a, j), portVertex(plan.to, b, j),
                        plan.link->bandwidth_gb_s * lanes, plan.link->latency_ns, lanes,
                        static_cast<std::int32_t>(k), static_cast<std::uint32_t>(plan.from), ref});
                }
            }
        }
    }

    void emitFabrics() {
        for (auto& [index, instances] : m_fabricSlots) {
            for (std::size_t n = 0; n < instances.size(); ++n) {
                const FabricContext context{item(index), static_cast<std::uint32_t>(index),
                                            static_cast<std::uint32_t>(n), m_catalog,
                                            itemPointer(static_cast<std::size_t>(index))};
                emitFabric(context, instances[n], m_result.graph, m_diags);
            }
        }
    }

    const Design& m_design;
    const catalog::Catalog& m_catalog;
    const ExpandOptions& m_options;
    ExpandResult& m_result;
    Diagnostics& m_diags;
    ItemTree m_tree;
    std::vector<ItemPlan> m_items;
    std::vector<LinkPlan> m_links;
    std::map<int, std::vector<std::vector<FabricAttachment>>> m_fabricSlots;
    long long m_devices = 0, m_vertexBound = 0, m_edgeBound = 0, m_nodes = 0;
    long long m_fabricVertexBound = 0, m_fabricEdgeBound = 0;
};

}  // namespace

ExpandResult expand(const Design& design, const catalog::Catalog& catalog,
                    const ExpandOptions& options) {
    ExpandResult result;
    Expander(design, catalog, options, result).run();
    return result;
}

ExpansionCount countExpansion(const Design& design, const catalog::Catalog& catalog,
                              const ExpandOptions& options) {
    ExpandResult scratch;
    Expander expander(design, catalog, options, scratch);
    expander.plan();
    ExpansionCount count = expander.count();
    count.diagnostics = std::move(scratch.diagnostics);
    return count;
}

}  // namespace infraplan
