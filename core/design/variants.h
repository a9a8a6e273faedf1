#pragma once
// Named variants (scenarios) of a design, "TP8 baseline", "TP4", "H200 instead": each is a
// whole design kept inside the file (docs/design-file.md, "variants"). The GUI creates, applies
// and compares them; the CLI evaluates one as FILE#NAME.

#include <cstddef>
#include <string>

#include "core/design/design.h"

namespace infraplan {

inline constexpr std::size_t kMaxVariants = 100;  // more is refused when the file is read

// The variant named `name`, or null.
const Design* findVariant(const Design& design, const std::string& name);

// The design as it is now, kept as a variant named `name`: it holds no variants or catalog
// of its own (the file's catalog serves every variant).
Design variantOf(const Design& design, std::string name);

// A variant as a design of its own, to evaluate, compare or save: the base's catalog entries
// and its unknown top-level fields come with it; it holds no variants.
Design standaloneVariant(const Design& base, const Design& variant);

// Swaps what the engines read and where the parts are drawn (hardware, workload, strategy,
// facility, economics, layout) between `design` and `state`; names, descriptions, variants
// and catalogs stay where they are. Applying a variant is one swap, undoing it another.
void swapVariantState(Design& design, Design& state);

// `stem`, or "stem (2)", "stem (3)", ...: the first that no variant of `design` is named.
std::string uniqueVariantName(const Design& design, const std::string& stem);

}  // namespace infraplan
