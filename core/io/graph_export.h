#pragma once
// The expanded hardware graph in open forms other tools read (docs/topology.md, "Exporting the
// graph"): GraphML (undirected, typed attributes) or JSON. Vertices carry their kind, design
// item, instance, part, switch tier and catalog id; edges their catalog link, tier, lanes,
// bandwidth per direction and latency. Streamed, so a million-vertex graph needs no copy.

#include <iosfwd>

#include "core/design/design.h"
#include "core/topology/graph.h"

namespace infraplan {

enum class GraphFormat { graphml, json };

void writeGraphMl(const Design& design, const Graph& graph, std::ostream& out);
void writeGraphJson(const Design& design, const Graph& graph, std::ostream& out);

}  // namespace infraplan
