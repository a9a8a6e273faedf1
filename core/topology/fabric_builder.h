#pragma once
// Shared plumbing of the fabric generators: adding switches, cables between them, and
// attachment edges, with the fabric's catalog switch and link.

#include <vector>

#include "core/topology/fabric.h"

namespace infraplan {

class FabricBuilder {
public:
    FabricBuilder(const FabricContext& context, Graph& graph, Diagnostics& diagnostics);

    const FabricParams& params() const { return *m_context.item.fabric; }
    int radix() const { return m_radix; }
    Diagnostics& diagnostics() { return m_diags; }
    const std::string& pointer() const { return m_context.pointer; }

    std::uint32_t addSwitch(int tier);
    // A cable bundle between two fabric switches, `lanes` cables of the fabric's link.
    void connect(std::uint32_t a, std::uint32_t b, long long lanes);
    // The attachment's own edge (its design link) to a fabric switch.
    void attach(const FabricAttachment& a, std::uint32_t fabricSwitch);
    // Wire every lower switch to every upper one, `up` cables each, spread evenly and
    // rotated so that the uppers end up equally loaded.
    void wireEvenly(const std::vector<std::uint32_t>& lower,
                    const std::vector<std::uint32_t>& upper, long long up);

private:
    const FabricContext& m_context;
    Graph& m_graph;
    Diagnostics& m_diags;
    const catalog::Switch* m_switch = nullptr;
    const catalog::Link* m_link = nullptr;
    int m_radix = 0;
    RefId m_switchRef = kNoRef;
    RefId m_linkRef = kNoRef;
};

// The largest balanced dragonfly's group count for a router radix (a * h + 1).
long long dragonflyMaxGroups(int radix);

// Generators (fabric_clos.cpp, fabric_direct.cpp).
void buildFatTree(FabricBuilder& b, const std::vector<FabricAttachment>& attachments);
void buildRailOptimized(FabricBuilder& b, const std::vector<FabricAttachment>& attachments);
void buildRailOnly(FabricBuilder& b, const std::vector<FabricAttachment>& attachments);
void buildTorus(FabricBuilder& b, const std::vector<FabricAttachment>& attachments);
void buildDragonfly(FabricBuilder& b, const std::vector<FabricAttachment>& attachments);
void buildFullMesh(FabricBuilder& b, const std::vector<FabricAttachment>& attachments);

}  // namespace infraplan
