#pragma once
// A model's architecture as JSON: the inline model object of a design file (docs/design-file.md)
// and the model rows of catalog import/export share this one mapping.

#include <nlohmann/json.hpp>

#include "catalog/entries.h"
#include "catalog/json_reader.h"

namespace infraplan::catalog {

// Read the architecture fields into `model` (id/name/source are the caller's). Checks ranges
// and consistency (heads divide hidden, kv_heads divide heads, top_k <= experts).
void readModelFields(ObjectReader& reader, Model& model);
// The architecture fields only, in the file's names.
nlohmann::json modelFieldsToJson(const Model& model);

}  // namespace infraplan::catalog
