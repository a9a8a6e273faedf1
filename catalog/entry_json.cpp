#include "catalog/entry_json.h"

#include <algorithm>

#include "catalog/entry_fields.h"
#include "catalog/json_limits.h"
#include "catalog/model_json.h"
#include "catalog/utf8.h"

namespace infraplan::catalog {
namespace {
using nlohmann::json;

constexpr std::size_t kMaxIdLength = 80;
constexpr std::size_t kMaxTextLength = 4000;
constexpr const char* kModelPrefixes[] = {"moe_", "mla_"};

// The flat form (SQL/CSV) in the nested form; nested input passes unchanged. SQL NULLs and
// empty CSV cells arrive as null and mean "not given".
json nestFlat(const json& in, const std::string& pointer, Diagnostics& diags) {
    if (!in.is_object()) return in;
    json out = json::object();
    for (const auto& [key, value] : in.items())
        if (!value.is_null()) out[key] = value;
    if (out.contains("source_document") || out.contains("source_provenance")) {
        json source = json::object();
        if (out.contains("source_document")) source["document"] = out["source_document"];
        if (out.contains("source_provenance")) source["provenance"] = out["source_provenance"];
        out.erase("source_document");
        out.erase("source_provenance");
        out["source"] = source;
    }
    if (auto it = out.find("field_sources"); it != out.end() && it->is_string()) {
        std::string error;
        auto parsed = parseJsonGuarded(it->get<std::string>(), 1 << 20, 8, &error);
        if (!parsed) diags.error(pointer + "/field_sources", "is not valid JSON: " + error);
        *it = parsed ? *parsed : json::object();
    }
    if (out.contains("kind") && out["kind"] == "model") {
        // SQLite has no boolean: 0/1 from a row means false/true.
        if (auto t = out.find("tied_embeddings"); t != out.end() && t->is_number_integer())
            *t = t->get<long long>() != 0;
        for (const char* prefix : kModelPrefixes) {
            const std::string p = prefix;
            json group = json::object();
            for (auto it = out.begin(); it != out.end();) {
                if (it.key().rfind(p, 0) == 0) {
                    group[it.key().substr(p.size())] = it.value();
                    it = out.erase(it);
                } else {
                    ++it;
                }
            }
            if (!group.empty()) out[p.substr(0, 3)] = group;
        }
    }
    return out;
}

FieldSource readSource(const json& value, const std::string& pointer, Diagnostics& diags) {
    FieldSource source;
    if (value.is_string()) {
        source.document = value.get<std::string>();
        if (!isValidUtf8(source.document)) {
            diags.error(pointer, "must be UTF-8 text: " + describeInvalidUtf8(source.document));
            return source;
        }
    } else {
        ObjectReader r(value, pointer, diags);
        r.string("document", source.document, true);
        r.enumeration("provenance", source.provenance, provenanceFromString,
                      "published, derived, estimate");
        const nlohmann::json unread = r.unknown();  // items() must not outlive it
        for (const auto& [key, v] : unread.items())
            diags.error(r.pointerTo(key), "is not a source field (document, provenance)");
    }
    if (source.document.empty() || source.document.size() > kMaxTextLength)
        diags.error(pointer, "must name a document (1 to 4000 characters)");
    return source;
}

template <class T>
void readSpecFields(ObjectReader& r, T& e) {
    Diagnostics& diags = r.diagnostics();
    for (const auto& f : fieldSpecs(static_cast<const T*>(nullptr))) {
        const std::size_t before = diags.errorCount();
        json value;
        switch (f.type) {
            case FieldType::real: {
                double x = 0;
                r.number(f.name, x, f.min, f.max, f.required);
                value = x;
                break;
            }
            case FieldType::integer: {
                long long x = 0;
                r.integer(f.name, x, static_cast<long long>(f.min), static_cast<long long>(f.max),
                          f.required);
                value = x;
                break;
            }
            default: {
                std::string text;
                r.string(f.name, text, f.required);
                if (f.type == FieldType::reference && !text.empty() && !isValidId(text))
                    diags.error(r.pointerTo(f.name), "must be a catalog id, got \"" + text + "\"");
                value = text;
                break;
            }
        }
        if (!r.has(f.name) || diags.errorCount() != before) continue;
        if (!f.set(e, value))
            diags.error(r.pointerTo(f.name),
                        "must be one of " + f.allowed + ", got " + describeValue(value));
    }
}

void checkConsistency(const AnyEntry& entry, ObjectReader& r) {
    Diagnostics& diags = r.diagnostics();
    if (const auto* a = std::get_if<Accelerator>(&entry)) {
        if (a->launch_year > 0 && a->launch_year < 1990)
            diags.error(r.pointerTo("launch_year"), "must be 0 (unknown) or a year from 1990");
        if (a->idle_w > a->tdp_w && a->tdp_w > 0)
            diags.error(r.pointerTo("idle_w"), "must not exceed tdp_w");
    } else if (const auto* n = std::get_if<NodeTemplate>(&entry)) {
        if (n->nics > 0 && n->nic.empty())
            diags.error(r.pointerTo("nic"), "is required when nics > 0");
        if (n->scaleup_switches > 0 && n->scaleup_switch.empty())
            diags.error(r.pointerTo("scaleup_switch"), "is required when scaleup_switches > 0");
        if (n->max_power_w > 0 && n->host_power_w > n->max_power_w)
            diags.error(r.pointerTo("host_power_w"), "must not exceed max_power_w");
    }
}

AnyEntry makeEntry(EntryKind kind) {
    switch (kind) {
        case EntryKind::accelerator:
            return Accelerator{};
        case EntryKind::memory:
            return MemoryNode{};
        case EntryKind::link:
            return Link{};
        case EntryKind::switch_:
            return Switch{};
        case EntryKind::nic:
            return Nic{};
        case EntryKind::node:
            return NodeTemplate{};
        case EntryKind::model:
            return Model{};
        case EntryKind::default_:
            return Default{};
    }
    return Default{};
}

json sourceToJson(const FieldSource& s) {
    return {{"document", s.document}, {"provenance", toString(s.provenance)}};
}

// Fields of the kind (nested form); `flat` flattens model moe/mla.
json kindFieldsToJson(const AnyEntry& entry, bool flat) {
    if (const auto* m = std::get_if<Model>(&entry)) {
        json j = modelFieldsToJson(*m);
        if (!flat) return j;
        for (const char* group : {"moe", "mla"}) {
            if (!j.contains(group)) continue;
            for (const auto& [key, value] : j[group].items())
                j[std::string(group) + "_" + key] = value;
            j.erase(group);
        }
        return j;
    }
    return std::visit(
        [](const auto& e) {
            json j = json::object();
            using T = std::decay_t<decltype(e)>;
            if constexpr (!std::is_same_v<T, Model>) {
                for (const auto& f : fieldSpecs(static_cast<const T*>(nullptr))) {
                    json v = f.get(e);
                    if (!v.is_null()) j[f.name] = v;
                }
            }
            return j;
        },
        entry);
}

}  // namespace

std::string withArticle(const std::string& noun) {
    const bool vowel =
        !noun.empty() && std::string("aeiou").find(noun.front()) != std::string::npos;
    return (vowel ? "an " : "a ") + noun;
}

EntryKind kindOf(const AnyEntry& entry) {
    return static_cast<EntryKind>(entry.index());
}
const EntryBase& baseOf(const AnyEntry& entry) {
    return std::visit([](const auto& e) -> const EntryBase& { return e; }, entry);
}
EntryBase& baseOf(AnyEntry& entry) {
    return std::visit([](auto& e) -> EntryBase& { return e; }, entry);
}

bool isValidId(const std::string& id) {
    if (id.empty() || id.size() > kMaxIdLength) return false;
    auto ok = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
    if (!ok(id.front())) return false;
    return std::all_of(id.begin(), id.end(), [&](char c) {
        return ok(c) || c == '-' || c == '_' || c == '.' || c == '+';
    });
}

std::vector<std::string> numericFieldNames(EntryKind kind) {
    if (kind == EntryKind::model) return modelNumericFields();
    std::vector<std::string> names;
    std::visit(
        [&](const auto& e) {
            using T = std::decay_t<decltype(e)>;
            if constexpr (!std::is_same_v<T, Model>) {
                for (const auto& f : fieldSpecs(static_cast<const T*>(nullptr)))
                    if (f.type == FieldType::real || f.type == FieldType::integer)
                        names.push_back(f.name);
            }
        },
        makeEntry(kind));
    return names;
}

std::optional<AnyEntry> entryFromJson(const json& value, const std::string& pointer,
                                      Diagnostics& diags, Origin origin) {
    const std::size_t before = diags.errorCount();
    const json nested = nestFlat(value, pointer, diags);
    ObjectReader r(nested, pointer, diags);
    if (!r.valid()) return std::nullopt;
    std::optional<EntryKind> kind;
    std::string kind_name;
    r.string("kind", kind_name, true);
    if (!kind_name.empty() && !(kind = entryKindFromString(kind_name)))
        diags.error(r.pointerTo("kind"),
                    "must be one of accelerator, memory, link, switch, nic, "
                    "node, model, default, got \"" +
                        kind_name + "\"");
    if (!kind) return std::nullopt;

    AnyEntry entry = makeEntry(*kind);
    EntryBase& base = baseOf(entry);
    base.origin = origin;
    r.string("id", base.id, true);
    if (r.has("id") && !isValidId(base.id))
        diags.error(r.pointerTo("id"),
                    "must be a lowercase slug of a-z, 0-9 and - _ . + "
                    "(at most 80 characters), got \"" +
                        base.id + "\"");
    r.string("name", base.name, true);
    r.string("vendor", base.vendor);
    r.string("notes", base.notes);
    for (const std::string* text : {&base.name, &base.vendor, &base.notes})
        if (text->size() > kMaxTextLength)
            diags.error(pointer, "text fields must be at most 4000 characters");
    r.raw("origin");  // output only: where an entry comes from is decided by who loads it
    r.raw("overrides_builtin");
    if (const json* source = r.raw("source"))
        base.source = readSource(*source, r.pointerTo("source"), diags);
    else
        r.requireKey("source");

    std::visit(
        [&](auto& e) {
            using T = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<T, Model>)
                readModelFields(r, e);
            else
                readSpecFields(r, e);
        },
        entry);
    checkConsistency(entry, r);

    if (const json* fields = r.raw("field_sources")) {
        const std::string fp = r.pointerTo("field_sources");
        static const json kEmpty = json::object();
        if (!fields->is_object()) diags.error(fp, "must be an object of field: source");
        const auto numeric = numericFieldNames(*kind);
        for (const auto& [field, source] : (fields->is_object() ? *fields : kEmpty).items()) {
            const std::string p = fp + "/" + pointerEscape(field);
            if (std::find(numeric.begin(), numeric.end(), field) == numeric.end())
                diags.error(p, "is not a numeric field of " + withArticle(kind_name));
            else
                base.fields[field] = readSource(source, p, diags);
        }
    }
    const nlohmann::json unread = r.unknown();  // items() must not outlive it
    for (const auto& [key, v] : unread.items())
        diags.error(r.pointerTo(key), "is not a field of " + withArticle(kind_name) +
                                          " (check the name and its unit)");
    if (diags.errorCount() != before) return std::nullopt;
    return entry;
}

json entryToJson(const AnyEntry& entry) {
    const EntryBase& b = baseOf(entry);
    json j = {{"id", b.id}, {"kind", toString(kindOf(entry))}, {"name", b.name}};
    j["vendor"] = b.vendor;
    if (!b.notes.empty()) j["notes"] = b.notes;
    j.update(kindFieldsToJson(entry, false));
    j["source"] = sourceToJson(b.source);
    if (!b.fields.empty()) {
        json fields = json::object();
        for (const auto& [field, source] : b.fields)
            fields[field] = sourceToJson(source);
        j["field_sources"] = fields;
    }
    j["origin"] = toString(b.origin);
    if (b.overrides_builtin) j["overrides_builtin"] = true;
    return j;
}

json entryToFlatJson(const AnyEntry& entry) {
    const EntryBase& b = baseOf(entry);
    json j = {{"id", b.id},
              {"kind", toString(kindOf(entry))},
              {"name", b.name},
              {"vendor", b.vendor},
              {"notes", b.notes}};
    j.update(kindFieldsToJson(entry, true));
    j["source_document"] = b.source.document;
    j["source_provenance"] = toString(b.source.provenance);
    json fields = json::object();
    for (const auto& [field, source] : b.fields)
        fields[field] = sourceToJson(source);
    j["field_sources"] = fields;
    return j;
}

std::vector<EntryReference> referencesOf(const AnyEntry& entry) {
    std::vector<EntryReference> refs;
    std::visit(
        [&](const auto& e) {
            using T = std::decay_t<decltype(e)>;
            if constexpr (!std::is_same_v<T, Model>) {
                for (const auto& f : fieldSpecs(static_cast<const T*>(nullptr))) {
                    if (f.type != FieldType::reference) continue;
                    const json v = f.get(e);
                    if (v.is_string()) refs.push_back({f.name, f.ref_kind, v.get<std::string>()});
                }
            }
        },
        entry);
    return refs;
}

void checkReferences(const AnyEntry& entry, const Catalog& context, const std::string& pointer,
                     Diagnostics& diags) {
    for (const auto& ref : referencesOf(entry)) {
        const auto kind = context.kindOf(ref.id);
        if (kind == ref.kind) continue;
        diags.error(pointer + "/" + ref.field,
                    "must name " + withArticle(toString(ref.kind)) + " of the catalog, got \"" +
                        ref.id + "\"" +
                        (kind ? " (" + withArticle(toString(*kind)) + ")" : std::string()));
    }
}

void putEntry(Catalog& catalog, AnyEntry entry) {
    std::visit([&](auto&& e) { catalog.put(std::move(e)); }, std::move(entry));
}

std::optional<AnyEntry> findEntry(const Catalog& c, std::string_view id) {
    if (auto* e = c.accelerator(id)) return *e;
    if (auto* e = c.memory(id)) return *e;
    if (auto* e = c.link(id)) return *e;
    if (auto* e = c.switchEntry(id)) return *e;
    if (auto* e = c.nic(id)) return *e;
    if (auto* e = c.node(id)) return *e;
    if (auto* e = c.model(id)) return *e;
    if (auto* e = c.defaultValue(id)) return *e;
    return std::nullopt;
}

}  // namespace infraplan::catalog
