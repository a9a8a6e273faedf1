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
        const bool numeric = kind == FieldKind::number || kind == FieldKind::integer;
        m_out.push_back({m_prefix + key, kind, unit, std::move(label), m_modes, std::move(when),
                         std::move(meaning), numeric ? betterByUnit(unit) : std::nullopt});
        return *this;
    }
    // A number whose direction its unit gives (betterByUnit); undecided if the unit cannot tell.
    Section& number(const std::string& key, Unit unit, std::string label, std::string meaning,
                    std::string when = {}) {
        return add(key, FieldKind::number, unit, std::move(label), std::move(meaning),
                   std::move(when));
    }
    // A number with its direction stated: the unit cannot tell, or the field goes against it.
    Section& number(const std::string& key, Unit unit, Better better, std::string label,
                    std::string meaning, std::string when = {}) {
        number(key, unit, std::move(label), std::move(meaning), std::move(when));
        return stated(better);
    }
    Section& integer(const std::string& key, std::string label, std::string meaning,
                     std::string when = {}) {
        return add(key, FieldKind::integer, Unit::count, std::move(label), std::move(meaning),
                   std::move(when));
    }
    Section& integer(const std::string& key, Better better, std::string label, std::string meaning,
                     std::string when = {}) {
        integer(key, std::move(label), std::move(meaning), std::move(when));
        return stated(better);
    }
    Section& text(const std::string& key, std::string label, std::string meaning,
                  std::string when = {}) {
        return add(key, FieldKind::text, Unit::none, std::move(label), std::move(meaning),
                   std::move(when));
    }

private:
    Section& stated(Better better) {
        m_out.back().better = better;
        return *this;
    }

    std::vector<ResultField>& m_out;
    std::string m_prefix;
    Modes m_modes;
};

// The sections of schema_fields_serving.cpp and schema_fields_facility.cpp.
void addInferenceFields(std::vector<ResultField>& fields);
void addNetworkFields(std::vector<ResultField>& fields);
void addFacilityFields(std::vector<ResultField>& fields);

}  // namespace infraplan::schema_detail
