#pragma once
// The fields of each entry kind, described once: name (JSON key, SQL column, CSV header, with
// its unit), type, valid range, whether it is required, which kind a reference points to, and
// whether spec sheets never state it (so the seed must give it its own source). Reading,
// writing, validation and the "every figure has a source" check all walk these tables.
// Models are the exception: their fields are the design file's inline model object
// (catalog/model_json.h), flattened for SQL/CSV by catalog/entry_json.cpp.

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"

namespace infraplan::catalog {

enum class FieldType : std::uint8_t { real, integer, text, enumeration, reference };

template <class T>
struct FieldSpec {
    std::string name;
    FieldType type = FieldType::real;
    double min = 0;
    double max = 0;
    bool required = false;
    bool own_source = false;  // not on spec sheets: needs a field_sources entry in the seed
    EntryKind ref_kind = EntryKind::link;                // for references
    std::string allowed;                                 // for enumerations, listed in messages
    std::function<nlohmann::json(const T&)> get;         // null = not set
    std::function<bool(T&, const nlohmann::json&)> set;  // false = value not allowed
};

const std::vector<FieldSpec<Accelerator>>& acceleratorFields();
const std::vector<FieldSpec<MemoryNode>>& memoryFields();
const std::vector<FieldSpec<Link>>& linkFields();
const std::vector<FieldSpec<Switch>>& switchFields();
const std::vector<FieldSpec<Nic>>& nicFields();
const std::vector<FieldSpec<NodeTemplate>>& nodeFields();
const std::vector<FieldSpec<Default>>& defaultFields();

// Overload set so templates can find the table of a kind.
inline const auto& fieldSpecs(const Accelerator*) {
    return acceleratorFields();
}
inline const auto& fieldSpecs(const MemoryNode*) {
    return memoryFields();
}
inline const auto& fieldSpecs(const Link*) {
    return linkFields();
}
inline const auto& fieldSpecs(const Switch*) {
    return switchFields();
}
inline const auto& fieldSpecs(const Nic*) {
    return nicFields();
}
inline const auto& fieldSpecs(const NodeTemplate*) {
    return nodeFields();
}
inline const auto& fieldSpecs(const Default*) {
    return defaultFields();
}

// Numeric model fields in their flat (SQL/CSV) names, e.g. "layers", "moe_experts".
const std::vector<std::string>& modelNumericFields();

}  // namespace infraplan::catalog
