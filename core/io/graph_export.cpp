#include "core/io/graph_export.h"

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>
#include "core/topology/link_labels.h"

namespace infraplan {
namespace {

std::string xmlEscaped(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

// JSON string literal (UTF-8 kept; the design's text is valid UTF-8 by the time it loads).
std::string jsonString(const std::string& text) {
    return nlohmann::json(text).dump();
}

std::string number(double v) {
    return nlohmann::json(v).dump();
}

const std::string& refOf(const Graph& g, RefId id) {
    static const std::string none;
    const std::string* ref = g.ref(id);
    return ref ? *ref : none;
}

struct KeySpec {
    const char* id;
    const char* domain;  // node | edge
    const char* type;    // string | int | double
};

constexpr KeySpec kKeys[] = {
    {"name", "node", "string"},
    {"kind", "node", "string"},
    {"item", "node", "string"},
    {"instance", "node", "int"},
    {"part", "node", "int"},
    {"tier", "node", "int"},
    {"ref", "node", "string"},
    {"link", "edge", "string"},
    {"link_tier", "edge", "string"},
    {"lanes", "edge", "int"},
    {"bandwidth_gb_s", "edge", "double"},
    {"latency_ns", "edge", "double"},
    {"design_link", "edge", "int"},
};

}  // namespace

void writeGraphMl(const Design& design, const Graph& graph, std::ostream& out) {
    const LinkLabels labels(graph, design);
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n";
    for (const KeySpec& k : kKeys)
        out << "  <key id=\"" << k.id << "\" for=\"" << k.domain << "\" attr.name=\"" << k.id
            << "\" attr.type=\"" << k.type << "\"/>\n";
    out << "  <graph id=\"" << xmlEscaped(design.name.empty() ? "design" : design.name)
        << "\" edgedefault=\"undirected\">\n";
    for (std::uint32_t i = 0; i < graph.vertices.size(); ++i) {
        const Vertex& v = graph.vertices[i];
        out << "    <node id=\"v" << i << "\"><data key=\"name\">" << xmlEscaped(labels.vertex(i))
            << "</data><data key=\"kind\">" << toString(v.kind) << "</data><data key=\"item\">"
            << xmlEscaped(labels.itemId(i)) << "</data><data key=\"instance\">" << v.instance
            << "</data><data key=\"part\">" << v.part << "</data><data key=\"tier\">" << v.tier
            << "</data><data key=\"ref\">" << xmlEscaped(refOf(graph, v.ref)) << "</data></node>\n";
    }
    for (std::uint32_t i = 0; i < graph.edges.size(); ++i) {
        const Edge& e = graph.edges[i];
        out << "    <edge id=\"e" << i << "\" source=\"v" << e.a << "\" target=\"v" << e.b
            << "\"><data key=\"link\">" << xmlEscaped(refOf(graph, e.ref))
            << "</data><data key=\"link_tier\">" << labels.tier(i) << "</data><data key=\"lanes\">"
            << e.lanes << "</data><data key=\"bandwidth_gb_s\">" << number(e.bandwidth_gb_s)
            << "</data><data key=\"latency_ns\">" << number(e.latency_ns)
            << "</data><data key=\"design_link\">" << e.design_link << "</data></edge>\n";
    }
    out << "  </graph>\n</graphml>\n";
}

void writeGraphJson(const Design& design, const Graph& graph, std::ostream& out) {
    const LinkLabels labels(graph, design);
    out << "{\"format\":\"infraplan-graph\",\"version\":1,\"design\":" << jsonString(design.name)
        << ",\n\"vertices\":[";
    for (std::uint32_t i = 0; i < graph.vertices.size(); ++i) {
        const Vertex& v = graph.vertices[i];
        out << (i ? ",\n" : "\n") << "{\"id\":" << i << ",\"name\":" << jsonString(labels.vertex(i))
            << ",\"kind\":\"" << toString(v.kind) << "\",\"item\":" << jsonString(labels.itemId(i))
            << ",\"instance\":" << v.instance << ",\"part\":" << v.part << ",\"tier\":" << v.tier
            << ",\"ref\":" << jsonString(refOf(graph, v.ref)) << "}";
    }
    out << "],\n\"edges\":[";
    for (std::uint32_t i = 0; i < graph.edges.size(); ++i) {
        const Edge& e = graph.edges[i];
        out << (i ? ",\n" : "\n") << "{\"source\":" << e.a << ",\"target\":" << e.b
            << ",\"link\":" << jsonString(refOf(graph, e.ref)) << ",\"tier\":\"" << labels.tier(i)
            << "\",\"lanes\":" << e.lanes << ",\"bandwidth_gb_s\":" << number(e.bandwidth_gb_s)
            << ",\"latency_ns\":" << number(e.latency_ns) << ",\"design_link\":" << e.design_link
            << "}";
    }
    out << "]}\n";
}

}  // namespace infraplan
