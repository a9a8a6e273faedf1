#pragma once
// The one way to load a design for evaluation, shared by infraplan-cli and the GUI: read the
// file (or bytes) under the size and depth guards, apply `--set` overrides, read the design,
// lay the catalog entries it embeds over the local catalog (built-in + user), and validate it
// against the result. Where an embedded entry differs from the local one, the differences are
// reported field by field and a choice says which wins (docs/design-file.md, "catalog").

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/embedded_entries.h"
#include "core/design/validate.h"
#include "core/io/design_json.h"

namespace infraplan {

// What to do with embedded entries whose id the local catalog has with other content.
enum class EmbeddedChoice : std::uint8_t {
    keep_file,    // the file's entries are used: it evaluates as it was saved (the default)
    adopt_local,  // the local entries are used; the file's only fill ids missing locally
    import_file   // the file's entries are written into the user catalog, then used
};
const char* toString(EmbeddedChoice c);  // "file", "local", "import"
std::optional<EmbeddedChoice> embeddedChoiceFromString(const std::string& name);

// The steps of a load, in order, for a progress display.
enum class LoadStep : std::uint8_t { reading, parsing, checking };

struct DesignLoadOptions {
    LoadOptions read;          // size and depth guards, `--set` overrides
    ValidateOptions validate;  // the device limit
    EmbeddedChoice embedded = EmbeddedChoice::keep_file;
    std::string user_catalog;  // where import_file writes ("" = the default user catalog)
    // Called as each step starts, on the loading thread (the GUI loads off its own).
    std::function<void(LoadStep)> on_step;
};

struct DesignLoad {
    // Set when the document could be read as a design (semantic errors may remain: see valid()).
    std::optional<Design> design;
    // The local catalog with the design's embedded entries laid over it: what to evaluate with.
    std::shared_ptr<const catalog::Catalog> catalog;
    Diagnostics diagnostics;  // the file's own problems: reading, overrides, embedded entries
    Diagnostics validation;   // problems against the catalog (unknown parts, bad references)
    catalog::EmbeddedReport embedded;  // entries the local catalog lacked, and those that differ
    EmbeddedChoice choice = EmbeddedChoice::keep_file;  // how the differences were resolved
    std::vector<std::string> imported;  // ids written to the user catalog (import_file)

    bool readable() const { return design.has_value(); }
    bool valid() const {
        return design.has_value() && !diagnostics.hasErrors() && !validation.hasErrors();
    }
    // Both lists, the file's first: what the CLI prints.
    Diagnostics allDiagnostics() const;
};

// "FILE#NAME" names the variant NAME of FILE (docs/design-file.md, "variants"): where the
// whole path is no file but the part before its last '#' is. Otherwise the path itself.
struct DesignReference {
    std::string path;
    std::string variant;  // "" = the design itself
};
DesignReference splitDesignReference(const std::string& reference);

// `path` may name a variant (FILE#NAME, above).
DesignLoad loadDesignForEvaluation(const std::string& path, const catalog::Catalog& local,
                                   const DesignLoadOptions& options = {});
DesignLoad parseDesignForEvaluation(std::string_view text, const catalog::Catalog& local,
                                    const DesignLoadOptions& options = {});
// The second half alone, for a design already read (recovered work, or a differences choice
// made after opening): overlay its embedded entries, import them if asked, validate.
DesignLoad resolveDesign(Design design, const catalog::Catalog& local,
                         const DesignLoadOptions& options = {});

// One warning per differing entry, naming each field (file's value, local value) and which
// one is used: what the CLI prints.
Diagnostics embeddedDifferenceNotes(const DesignLoad& load);

}  // namespace infraplan
