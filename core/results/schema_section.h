#pragma once
// How the schema tables (schema_fields*.cpp) write their entries: one Section per JSON object,
// whose entries share its key prefix and workload modes. Internal to core/results.

#include <string>
#include <vector>

#include "core/results/schema.h"

namespace infraplan::schema_detail {

// Fields of one section: every entry takes the section's modes unless it says otherwise.
class Section {
public:
    Section(std::vector<ResultField>& out, std::string prefix, Modes modes)
        : m_out(out), m_prefix(std::move(prefix)), m_modes(modes) {}

    Section& add(const std::string& key, FieldKind kind, Unit unit, std::string label,
                 std::string meaning, std::string when = {}) {
        m_out.push_back({m_prefix + key, kind, unit, std::move(label), m_modes, std::move(when),
                         std::move(meaning)});
        return *this;
    }
    Section& number(const std::string& key, Unit unit, std::string label, std::string meaning,
                    std::string when = {}) {
        return add(key, FieldKind::number, unit, std::move(label), std::move(meaning),
                   std::move(when));
    }
    Section& integer(const std::string& key, std::string label, std::string meaning,
                     std::string when = {}) {
        return add(key, FieldKind::integer, Unit::count, std::move(label), std::move(meaning),
                   std::move(when));
    }
    Section& text(const std::string& key, std::string label, std::string meaning,
                  std::string when = {}) {
        return add(key, FieldKind::text, Unit::none, std::move(label), std::move(meaning),
                   std::move(when));
    }

private:
    std::vector<ResultField>& m_out;
    std::string m_prefix;
    Modes m_modes;
};

// The sections of schema_fields_serving.cpp and schema_fields_facility.cpp.
void addInferenceFields(std::vector<ResultField>& fields);
void addNetworkFields(std::vector<ResultField>& fields);
void addFacilityFields(std::vector<ResultField>& fields);

}  // namespace infraplan::schema_detail
