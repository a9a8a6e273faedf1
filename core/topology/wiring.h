#pragma once
// Wiring rules from the catalog: which link kinds an item's end can take, how many ports it
// offers them, which link kind and how many lanes a new link between two items gets. Every
// figure is a catalog field: a node template's `nics` x its NIC's `ports` and `nic_link`, a
// switch's class, `radix` and `port_gbps`, a NIC's `ports` and `port_gbps`, an accelerator's
// `scaleup_link` and `scaleup_bw_gb_s`, a memory node's `link`, a link's class and bandwidth.
// Validation reports what does not fit (docs/topology.md, "Wiring rules"); the canvas asks the
// same functions before it adds a link.

#include <cstdint>
#include <optional>
#include <string>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/design/design.h"
#include "core/design/item_index.h"

namespace infraplan {

// The ports one instance of an item offers links of a kind, where the catalog counts them.
struct EndPorts {
    long long ports = 0;
    std::string what;    // "a nvidia-dgx-h100 has 8 NIC ports"
    bool exact = false;  // counted sockets (a node's NICs, a NIC's ports): more lanes is an error
};
std::optional<EndPorts> endPorts(const Item& item, const catalog::Link& link,
                                 const catalog::Catalog& catalog);

enum class EndFit : std::uint8_t { fits, odd, impossible };
struct EndVerdict {
    EndFit fit = EndFit::fits;
    std::string reason;  // for odd and impossible: what the catalog says the end takes
};

// Whether `end` can take a `linkId` link whose other end is `other`.
EndVerdict fitEnd(const Item& end, const Item& other, const std::string& linkId,
                  const catalog::Catalog& catalog);

// The ends of one link (`pointer` is its place, /hardware/links/K): an impossible end is an
// error at pointer/from or pointer/to, an odd one a warning. Unknown items or refs are left to
// the reference checks.
void checkLinkWiring(const ItemIndex& items, const DesignLink& link, const std::string& pointer,
                     const catalog::Catalog& catalog, Diagnostics& diagnostics);
// checkLinkWiring for every link of the design.
void checkWiring(const Design& design, const catalog::Catalog& catalog, Diagnostics& diagnostics);

// The catalog link kind a new link between `a` and `b` gets ("" when the catalog has none):
// the memory node's own link, the fabric's link, the node template's NIC link, PCIe between
// an accelerator and a host CPU or NIC, the accelerator's scale-up link to an accelerator or
// a scale-up switch, the switch's link; the first of these that fits both ends.
std::string suggestLinkKind(const Item& a, const Item& b, const catalog::Catalog& catalog);

// The link a switch's ports take whose lane rate is nearest the port rate; for InfiniBand and
// Ethernet switches one of the family's links first (the catalog's ids start "ib-", "eth-").
std::string linkForSwitch(const catalog::Catalog& catalog, const catalog::Switch& sw);

// The lanes a new `linkId` link between `a` and `b` gets: the ports its endpoint ends offer
// (8 for a DGX H100's NDR NICs, 18 NVLink 4 links for an H100), at most a switch's radix; 1
// where the catalog counts no ports.
long long defaultLanes(const Item& a, const Item& b, const std::string& linkId,
                       const catalog::Catalog& catalog);

}  // namespace infraplan
