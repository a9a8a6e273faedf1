#pragma once
// How many lanes of a design link one instance of an item can physically take: a switch has
// its radix in ports, a NIC its ports, a node the ports of its NICs, an accelerator its
// scale-up links for a scale-up link (the counts are core/topology/wiring.h's endPorts). A
// link count far past that is a typo or an attack (1e9 lanes gave 8 GPUs 144 GW of optics),
// refused where it is written.

#include <string>

#include "catalog/catalog.h"
#include "core/design/design.h"

namespace infraplan {

// Lanes past a part's ports are a warning up to this many times the ports, an error beyond;
// past counted sockets (a node's NIC ports, a NIC's ports) any lane is an error.
inline constexpr long long kLaneSlack = 4;

// Kinds without a port count (memory, CPUs, groups of parts) take at most this many lanes of
// one link per instance: more than the largest switch of the catalog has ports.
inline constexpr long long kMaxLanesPerInstance = 4096;

struct LaneLimit {
    long long lanes = kMaxLanesPerInstance;
    std::string what;    // "a nvidia-quantum-2-qm9700 has 64 ports"
    bool exact = false;  // counted sockets: no slack
};

// The limit for one instance of `item` on a link of catalog kind `link`. Fabrics size
// themselves to what attaches: no limit (lanes = 0).
LaneLimit laneLimit(const Item& item, const catalog::Link& link, const catalog::Catalog& catalog);

}  // namespace infraplan
