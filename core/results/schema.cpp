#include "core/results/schema.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <unordered_map>

namespace infraplan {
namespace {

const std::unordered_map<std::string_view, std::size_t>& indexByKey() {
    static const auto index = [] {
        std::unordered_map<std::string_view, std::size_t> out;
        const auto& fields = resultsSchema();
        for (std::size_t i = 0; i < fields.size(); ++i)
            out.emplace(fields[i].key, i);
        return out;
    }();
    return index;
}

const ResultField* exactField(std::string_view key) {
    const auto& index = indexByKey();
    const auto it = index.find(key);
    return it == index.end() ? nullptr : &resultsSchema()[it->second];
}

bool isIndex(std::string_view segment) {
    return !segment.empty() &&
           std::all_of(segment.begin(), segment.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::vector<std::string_view> segments(std::string_view key) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start <= key.size()) {
        const std::size_t dot = std::min(key.find('.', start), key.size());
        out.push_back(key.substr(start, dot - start));
        start = dot + 1;
    }
    return out;
}

std::string joined(const std::string& parent, std::string_view child) {
    return parent.empty() ? std::string(child) : parent + "." + std::string(child);
}

void walk(const nlohmann::json& value, const std::string& key, const std::string& schemaKey,
          const std::function<void(const ResultVisit&)>& visit) {
    const ResultField* field = key.empty() ? nullptr : exactField(schemaKey);
    if (!key.empty()) visit({key, schemaKey, value, field});
    if (value.is_object()) {
        const bool map = field && field->kind == FieldKind::map;
        for (auto it = value.begin(); it != value.end(); ++it)
            walk(*it, joined(key, it.key()), map ? schemaKey + ".*" : joined(schemaKey, it.key()),
                 visit);
    } else if (value.is_array() && !(field && field->kind == FieldKind::texts)) {
        // Records: their members stand for the element ("links[].bytes"); anything else in an
        // array is reported as "key[]", which no field describes.
        for (std::size_t i = 0; i < value.size(); ++i) {
            const std::string element = key + "." + std::to_string(i);
            if (!value[i].is_object()) {
                walk(value[i], element, schemaKey + "[]", visit);
                continue;
            }
            for (auto it = value[i].begin(); it != value[i].end(); ++it)
                walk(*it, element + "." + it.key(), schemaKey + "[]." + it.key(), visit);
        }
    }
}

}  // namespace

const char* toString(FieldKind kind) {
    switch (kind) {
        case FieldKind::number:
            return "number";
        case FieldKind::integer:
            return "integer";
        case FieldKind::flag:
            return "boolean";
        case FieldKind::text:
            return "string";
        case FieldKind::texts:
            return "strings";
        case FieldKind::object:
            return "object";
        case FieldKind::records:
            return "array of objects";
        case FieldKind::map:
            return "object by name";
    }
    return "";
}

const char* toString(Modes modes) {
    switch (modes) {
        case Modes::training:
            return "training";
        case Modes::inference:
            return "inference";
        case Modes::both:
            return "both";
    }
    return "";
}

const ResultField* findResultField(std::string_view key) {
    if (const ResultField* field = exactField(key)) return field;
    // A concrete key: array indices become "[]", then a map's data key becomes "*".
    std::string pattern;
    for (std::string_view segment : segments(key)) {
        if (isIndex(segment))
            pattern += "[]";
        else
            pattern += (pattern.empty() ? "" : ".") + std::string(segment);
    }
    if (const ResultField* field = exactField(pattern)) return field;
    const auto dot = pattern.rfind('.');
    if (dot == std::string::npos) return nullptr;
    const ResultField* parent = exactField(std::string_view(pattern).substr(0, dot));
    if (!parent || parent->kind != FieldKind::map) return nullptr;
    return exactField(pattern.substr(0, dot) + ".*");
}

const ResultField& resultField(std::string_view key) {
    if (const ResultField* field = findResultField(key)) return *field;
    throw std::out_of_range("results schema: no field '" + std::string(key) +
                            "' (docs/results.md lists them)");
}

std::size_t schemaOrder(const ResultField* field) {
    const auto& fields = resultsSchema();
    if (!field) return fields.size();
    return static_cast<std::size_t>(field - fields.data());
}

const nlohmann::json* resultAt(const nlohmann::json& results, std::string_view key) {
    const nlohmann::json* at = &results;
    for (std::string_view segment : segments(key)) {
        if (at->is_object()) {
            const auto it = at->find(std::string(segment));
            if (it == at->end()) return nullptr;
            at = &*it;
        } else if (at->is_array() && isIndex(segment)) {
            const std::size_t i = std::stoul(std::string(segment));
            if (i >= at->size()) return nullptr;
            at = &(*at)[i];
        } else {
            return nullptr;
        }
    }
    return at;
}

std::optional<double> resultNumber(const nlohmann::json& results, std::string_view key) {
    const nlohmann::json* value = resultAt(results, key);
    if (!value || !value->is_number()) return std::nullopt;
    const double x = value->get<double>();
    return std::isfinite(x) ? std::optional<double>(x) : std::nullopt;
}

std::string formatResult(const nlohmann::json& results, std::string_view key) {
    const nlohmann::json* value = resultAt(results, key);
    if (!value) return "–";
    const ResultField* field = findResultField(key);
    return formatValue(*value, field ? field->unit : Unit::none);
}

std::string presentWhen(const nlohmann::json& results, std::string_view key) {
    std::string prefix;
    for (std::string_view segment : segments(key)) {
        prefix = joined(prefix, segment);
        const nlohmann::json* value = resultAt(results, prefix);
        if (value && !value->is_null()) continue;
        const ResultField* field = findResultField(prefix);
        return field ? field->when : std::string();
    }
    return {};
}

std::string resultLabel(std::string_view key) {
    const ResultField* field = findResultField(key);
    if (!field) return std::string(key);
    if (field->key.size() < 2 || field->key.compare(field->key.size() - 2, 2, ".*") != 0)
        return field->label;
    return field->label + " (" + std::string(key.substr(key.rfind('.') + 1)) + ")";
}

std::vector<std::string> membersInOrder(const nlohmann::json& object, std::string_view key) {
    std::vector<std::string> members;
    if (!object.is_object()) return members;
    for (auto it = object.begin(); it != object.end(); ++it)
        members.push_back(it.key());
    const std::string prefix = key.empty() ? std::string() : std::string(key) + ".";
    std::stable_sort(members.begin(), members.end(), [&](const auto& a, const auto& b) {
        return schemaOrder(findResultField(prefix + a)) < schemaOrder(findResultField(prefix + b));
    });
    return members;
}

void forEachResult(const nlohmann::json& results,
                   const std::function<void(const ResultVisit&)>& visit) {
    walk(results, "", "", visit);
}

std::vector<std::string> undescribedKeys(const nlohmann::json& results) {
    std::vector<std::string> keys;
    forEachResult(results, [&keys](const ResultVisit& visit) {
        if (visit.field) return;
        // One report per unknown key: not again for its members or its other elements.
        const std::string& last = keys.empty() ? std::string() : keys.back();
        const bool inside =
            !last.empty() && visit.schema_key.size() > last.size() &&
            visit.schema_key.compare(0, last.size(), last) == 0 &&
            (visit.schema_key[last.size()] == '.' || visit.schema_key[last.size()] == '[');
        if (!inside && visit.schema_key != last) keys.push_back(visit.schema_key);
    });
    return keys;
}

std::string unitColumn(const ResultField& field) {
    const bool numeric = field.kind == FieldKind::number || field.kind == FieldKind::integer;
    if (!numeric || field.unit == Unit::none) return "";
    return std::string(unitName(field.unit));
}

}  // namespace infraplan
