#include "core/io/design_load.h"

#include <array>
#include <filesystem>

#include "catalog/enum_names.h"
#include "catalog/user_catalog.h"

namespace infraplan {
namespace {

constexpr std::array<const char*, 3> kEmbeddedChoiceNames{"file", "local", "import"};

// The embedded entries the local catalog lacks or has with other content: what an import writes.
std::vector<catalog::AnyEntry> entriesToImport(const catalog::EmbeddedReport& report) {
    std::vector<catalog::AnyEntry> out;
    auto listed = [&](const std::string& id) {
        for (const std::string& added : report.added)
            if (added == id) return true;
        for (const catalog::EntryDifference& d : report.differing)
            if (d.id == id) return true;
        return false;
    };
    for (const catalog::AnyEntry& entry : report.entries) {
        if (!listed(catalog::baseOf(entry).id)) continue;
        out.push_back(entry);
        catalog::baseOf(out.back()).origin = catalog::Origin::user;
        catalog::baseOf(out.back()).overrides_builtin = false;
    }
    return out;
}

// Writes the file's differing and missing entries into the user catalog and into `local`, as
// loading the user catalog again would show them. False (with an error in `load`) on failure.
bool importEntries(DesignLoad& load, catalog::Catalog& local, const std::string& userCatalog) {
    std::vector<catalog::AnyEntry> entries = entriesToImport(load.embedded);
    if (entries.empty()) return true;
    std::string error;
    if (!catalog::writeUserEntries(userCatalog, entries, &error)) {
        load.diagnostics.error("/catalog", "could not import the embedded entries: " + error);
        return false;
    }
    for (catalog::AnyEntry& entry : entries) {
        load.imported.push_back(catalog::baseOf(entry).id);
        catalog::putEntry(local, std::move(entry));
    }
    return true;
}

void announce(const DesignLoadOptions& options, LoadStep step) {
    if (options.on_step) options.on_step(step);
}

DesignLoad fromReadResult(LoadResult read, const catalog::Catalog& local,
                          const DesignLoadOptions& options) {
    if (!read.ok()) {
        DesignLoad load;
        load.diagnostics = std::move(read.diagnostics);
        load.catalog = std::make_shared<const catalog::Catalog>(local);
        return load;
    }
    DesignLoad load = resolveDesign(std::move(*read.design), local, options);
    // Reading's warnings first, in document order, then those of the overlay.
    read.diagnostics.items.insert(read.diagnostics.items.end(), load.diagnostics.items.begin(),
                                  load.diagnostics.items.end());
    load.diagnostics = std::move(read.diagnostics);
    return load;
}

}  // namespace

const char* toString(EmbeddedChoice c) {
    return enumName(kEmbeddedChoiceNames, c);
}

std::optional<EmbeddedChoice> embeddedChoiceFromString(const std::string& name) {
    return enumValue<EmbeddedChoice>(kEmbeddedChoiceNames, name);
}

DesignLoad resolveDesign(Design design, const catalog::Catalog& local,
                         const DesignLoadOptions& options) {
    announce(options, LoadStep::checking);
    DesignLoad load;
    load.choice = options.embedded;
    catalog::Catalog resolved = local;
    if (!design.catalog.empty()) {
        const auto policy = options.embedded == EmbeddedChoice::adopt_local
                                ? catalog::EmbeddedPolicy::use_local
                                : catalog::EmbeddedPolicy::use_design;
        load.embedded = catalog::overlayEmbedded(resolved, design.catalog, "/catalog",
                                                 load.diagnostics, policy);
        if (options.embedded == EmbeddedChoice::import_file && !load.diagnostics.hasErrors()) {
            catalog::Catalog imported = local;
            if (importEntries(load, imported, options.user_catalog)) {
                // Now the local catalog holds the file's entries: only their origin changes.
                Diagnostics same;
                catalog::overlayEmbedded(imported, design.catalog, "/catalog", same);
                resolved = std::move(imported);
            } else {
                load.choice = EmbeddedChoice::keep_file;  // nothing written: the file's are used
            }
        }
    }
    load.validation = validateDesign(design, resolved, options.validate);
    load.catalog = std::make_shared<const catalog::Catalog>(std::move(resolved));
    load.design = std::move(design);
    return load;
}

DesignReference splitDesignReference(const std::string& reference) {
    const std::size_t hash = reference.rfind('#');
    std::error_code ec;
    if (hash == std::string::npos || hash + 1 == reference.size() ||
        std::filesystem::exists(reference, ec) ||
        !std::filesystem::is_regular_file(reference.substr(0, hash), ec))
        return {reference, {}};
    return {reference.substr(0, hash), reference.substr(hash + 1)};
}

DesignLoad loadDesignForEvaluation(const std::string& path, const catalog::Catalog& local,
                                   const DesignLoadOptions& options) {
    announce(options, LoadStep::reading);
    const DesignReference reference = splitDesignReference(path);
    DesignLoadOptions selected = options;
    if (!reference.variant.empty()) selected.read.variant = reference.variant;
    std::string error;
    const auto text = readTextFile(reference.path, options.read.max_bytes, &error);
    if (text) return parseDesignForEvaluation(*text, local, selected);
    LoadResult unread;
    unread.diagnostics.error("", error);
    return fromReadResult(std::move(unread), local, options);
}

DesignLoad parseDesignForEvaluation(std::string_view text, const catalog::Catalog& local,
                                    const DesignLoadOptions& options) {
    announce(options, LoadStep::parsing);
    return fromReadResult(parseDesign(text, options.read), local, options);
}

Diagnostics DesignLoad::allDiagnostics() const {
    Diagnostics all = diagnostics;
    all.items.insert(all.items.end(), validation.items.begin(), validation.items.end());
    return all;
}

Diagnostics embeddedDifferenceNotes(const DesignLoad& load) {
    Diagnostics notes;
    for (const catalog::EntryDifference& d : load.embedded.differing) {
        std::string outcome;
        switch (load.choice) {
            case EmbeddedChoice::keep_file:
                outcome = "the file's entry is used";
                break;
            case EmbeddedChoice::adopt_local:
                outcome = "the local entry is used";
                break;
            case EmbeddedChoice::import_file:
                outcome = "the file's entry is used and was imported into the user catalog";
                break;
        }
        notes.warning(d.pointer, catalog::describeDifferences(d) + "; " + outcome);
    }
    return notes;
}

}  // namespace infraplan
