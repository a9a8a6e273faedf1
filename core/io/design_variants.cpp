#include "core/io/design_variants.h"

#include <set>

#include "core/design/variants.h"
#include "core/io/design_json.h"

namespace infraplan {
namespace {

using nlohmann::json;

// The sections a variant's object may not hold, and why.
struct ForbiddenKey {
    const char* key;
    const char* why;
};
constexpr ForbiddenKey kForbiddenInVariant[] = {
    {"variants", "a variant holds no variants of its own"},
    {"catalog", "the file's catalog (/catalog) serves every variant"},
};

bool holdsNoForbiddenKey(const json& variant, const std::string& pointer, Diagnostics& diags) {
    bool ok = true;
    for (const ForbiddenKey& f : kForbiddenInVariant)
        if (variant.contains(f.key)) {
            diags.error(pointer + "/" + f.key, f.why);
            ok = false;
        }
    return ok;
}

void prefixPointers(Diagnostics& diags, const std::string& prefix, Diagnostics& into) {
    for (Diagnostic& d : diags.items) {
        d.pointer = prefix + d.pointer;
        into.items.push_back(std::move(d));
    }
}

// One entry; nullopt when it is not a variant (problems reported).
std::optional<Design> readVariant(const json& value, const std::string& pointer,
                                  Diagnostics& diags) {
    if (!value.is_object()) {
        diags.error(pointer,
                    "must be an object (a design named by \"name\"), got " + describeValue(value));
        return std::nullopt;
    }
    bool ok = holdsNoForbiddenKey(value, pointer, diags);
    const auto name = value.find("name");
    if (name == value.end() || !name->is_string() || name->get<std::string>().empty()) {
        diags.error(pointer + "/name", "is required: the variant's name, a non-empty string");
        ok = false;
    }
    if (!ok) return std::nullopt;
    // The file's format and version are the variant's too.
    json variant = value;
    variant["format"] = kDesignFormatName;
    variant["version"] = kDesignFormatVersion;
    LoadResult read = designFromJson(variant);
    prefixPointers(read.diagnostics, pointer, diags);
    return std::move(read.design);
}

}  // namespace

void readVariants(const json& value, Diagnostics& diags, std::vector<Design>& out) {
    if (!value.is_array()) {
        diags.error("/variants", "must be an array of designs, got " + describeValue(value));
        return;
    }
    if (value.size() > kMaxVariants) {
        diags.error("/variants", "holds " + std::to_string(value.size()) + " variants; at most " +
                                     std::to_string(kMaxVariants) + " are read");
        return;
    }
    std::set<std::string> names;
    for (std::size_t k = 0; k < value.size(); ++k) {
        const std::string pointer = "/variants/" + std::to_string(k);
        std::optional<Design> variant = readVariant(value[k], pointer, diags);
        if (!variant) continue;
        if (!names.insert(variant->name).second) {
            diags.error(pointer + "/name",
                        "\"" + variant->name + "\" names an earlier variant too; names are unique");
            continue;
        }
        out.push_back(std::move(*variant));
    }
}

json variantsToJson(const std::vector<Design>& variants) {
    json out = json::array();
    for (const Design& v : variants) {
        json j = designToJson(v);
        for (const char* key : {"format", "version", "catalog", "variants"})
            j.erase(key);
        out.push_back(std::move(j));
    }
    return out;
}

bool selectVariantDocument(json& document, const std::string& name, Diagnostics& diags) {
    const auto variants = document.find("variants");
    std::string names;
    if (variants != document.end() && variants->is_array())
        for (std::size_t k = 0; k < variants->size(); ++k) {
            const json& v = (*variants)[k];
            if (!v.is_object() || !v.contains("name") || !v["name"].is_string()) continue;
            const std::string found = v["name"].get<std::string>();
            if (found == name) {
                if (!holdsNoForbiddenKey(v, "/variants/" + std::to_string(k), diags)) return false;
                json selected = v;
                for (const char* key : {"format", "version", "catalog"})
                    if (document.contains(key)) selected[key] = document[key];
                document = std::move(selected);
                return true;
            }
            names += (names.empty() ? "\"" : ", \"") + found + "\"";
        }
    diags.error("/variants", "the design has no variant named \"" + name + "\"" +
                                 (names.empty() ? "; it holds none" : "; it holds " + names));
    return false;
}

}  // namespace infraplan
