#pragma once
// The `variants` array of a design file (docs/design-file.md, "variants"): each entry a design
// object of its own (hardware, workload, strategy, facility, economics, layout) named by its
// `name`, without format, version, catalog or variants.

#include <string>
#include <vector>

#include "catalog/json_reader.h"
#include "core/design/design.h"

namespace infraplan {

// Reads the array at /variants into `out`; problems are reported at their pointers inside it
// ("/variants/2/strategy/tp").
void readVariants(const nlohmann::json& value, Diagnostics& diags, std::vector<Design>& out);

nlohmann::json variantsToJson(const std::vector<Design>& variants);

// Makes `document` the variant named `name` (keeping the file's format, version and catalog),
// so that overrides and reading then see the variant alone. False, with an error at /variants
// that lists the names there are, when the file has no such variant.
bool selectVariantDocument(nlohmann::json& document, const std::string& name, Diagnostics& diags);

}  // namespace infraplan
