// libFuzzer target: a design file as a user could write it, through the whole path the CLI
// takes: parse (size, depth, duplicate keys), read, embedded catalog entries, validation
// against the built-in catalog, evaluation, and the results written as JSON text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "catalog/catalog.h"
#include "catalog/embedded_entries.h"
#include "catalog/json_limits.h"
#include "core/design/validate.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "fuzz/fuzz_limits.h"
#include "fuzz/fuzz_watchdog.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace infraplan;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    LoadResult loaded = parseDesign(text);
    if (!loaded.ok()) return 0;
    catalog::Catalog catalog = catalog::builtinCatalog();
    Diagnostics checks;
    if (!loaded.design->catalog.empty())
        catalog::overlayEmbedded(catalog, loaded.design->catalog, "/catalog", checks);
    ValidateOptions validate;
    validate.max_devices = fuzz::kMaxDevices;
    const Diagnostics semantic = validateDesign(*loaded.design, catalog, validate);
    if (semantic.hasErrors()) return 0;
    Workload& workload = loaded.design->workload;
    workload.requests =
        std::min(workload.requests.value_or(fuzz::kMaxRequests), fuzz::kMaxRequests);
    workload.traffic.batch_size = std::min(workload.traffic.batch_size, fuzz::kMaxRequests);
    EvaluateOptions options;
    options.max_devices = fuzz::kMaxDevices;
    const fuzz::Watchdog watchdog(fuzz::kEvaluateBudget);
    options.cancel = watchdog.token();
    const Results results = evaluate(*loaded.design, catalog, options);
    (void)dumpJson(resultsToJson(results), 2);
    (void)serializeDesign(*loaded.design);
    return 0;
}
