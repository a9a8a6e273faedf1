#pragma once
// The in-memory hardware catalog: every entry by id, by kind. Built from the built-in seed,
// then overlaid by the user's catalog and by entries embedded in a design file. Lookups are
// plain map reads, so the engine can query it freely on a hot path.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/entries.h"

namespace infraplan::catalog {

enum class EntryKind : std::uint8_t {
    accelerator,
    memory,
    link,
    switch_,
    nic,
    node,
    model,
    default_
};
const char* toString(EntryKind k);
std::optional<EntryKind> entryKindFromString(const std::string& name);

class Catalog {
public:
    const Accelerator* accelerator(std::string_view id) const { return find(m_accelerators, id); }
    const MemoryNode* memory(std::string_view id) const { return find(m_memory, id); }
    const Link* link(std::string_view id) const { return find(m_links, id); }
    const Switch* switchEntry(std::string_view id) const { return find(m_switches, id); }
    const Nic* nic(std::string_view id) const { return find(m_nics, id); }
    const NodeTemplate* node(std::string_view id) const { return find(m_nodes, id); }
    const Model* model(std::string_view id) const { return find(m_models, id); }
    const Default* defaultValue(std::string_view id) const { return find(m_defaults, id); }

    // The kind of the entry with this id, if any.
    std::optional<EntryKind> kindOf(std::string_view id) const;
    const EntryBase* entry(std::string_view id) const;

    const std::map<std::string, Accelerator, std::less<>>& accelerators() const {
        return m_accelerators;
    }
    const std::map<std::string, MemoryNode, std::less<>>& memoryNodes() const { return m_memory; }
    const std::map<std::string, Link, std::less<>>& links() const { return m_links; }
    const std::map<std::string, Switch, std::less<>>& switches() const { return m_switches; }
    const std::map<std::string, Nic, std::less<>>& nics() const { return m_nics; }
    const std::map<std::string, NodeTemplate, std::less<>>& nodes() const { return m_nodes; }
    const std::map<std::string, Model, std::less<>>& models() const { return m_models; }
    const std::map<std::string, Default, std::less<>>& defaults() const { return m_defaults; }

    // Insert or replace. Replacing an entry of another origin marks the new one as an override.
    void put(Accelerator e) { upsert(m_accelerators, std::move(e)); }
    void put(MemoryNode e) { upsert(m_memory, std::move(e)); }
    void put(Link e) { upsert(m_links, std::move(e)); }
    void put(Switch e) { upsert(m_switches, std::move(e)); }
    void put(Nic e) { upsert(m_nics, std::move(e)); }
    void put(NodeTemplate e) { upsert(m_nodes, std::move(e)); }
    void put(Model e) { upsert(m_models, std::move(e)); }
    void put(Default e) { upsert(m_defaults, std::move(e)); }

    std::size_t size() const;

    // Identifies the catalog's content: every change (put) takes a value no catalog held
    // before, and a copy keeps it (same content). A preparation of a design records it to know
    // whether its expansion still holds.
    std::uint64_t revision() const { return m_revision; }

private:
    template <class T>
    static const T* find(const std::map<std::string, T, std::less<>>& m, std::string_view id) {
        auto it = m.find(id);
        return it == m.end() ? nullptr : &it->second;
    }
    static std::uint64_t nextRevision();
    template <class T>
    void upsert(std::map<std::string, T, std::less<>>& m, T e) {
        m_revision = nextRevision();
        auto it = m.find(e.id);
        if (it != m.end() && it->second.origin != e.origin) e.overrides_builtin = true;
        std::string key = e.id;
        m.insert_or_assign(std::move(key), std::move(e));
    }

    std::map<std::string, Accelerator, std::less<>> m_accelerators;
    std::map<std::string, MemoryNode, std::less<>> m_memory;
    std::map<std::string, Link, std::less<>> m_links;
    std::map<std::string, Switch, std::less<>> m_switches;
    std::map<std::string, Nic, std::less<>> m_nics;
    std::map<std::string, NodeTemplate, std::less<>> m_nodes;
    std::map<std::string, Model, std::less<>> m_models;
    std::map<std::string, Default, std::less<>> m_defaults;
    std::uint64_t m_revision = 0;  // 0: empty, never changed
};

// The catalog compiled into the binaries (no file needed at run time).
const Catalog& builtinCatalog();

}  // namespace infraplan::catalog
