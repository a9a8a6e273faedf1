// libFuzzer target: `--set PATH=VALUE` assignments (one per line) applied to an example design
// as the CLI applies them, then read and validated like the file itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "catalog/catalog.h"
#include "core/design/validate.h"
#include "core/io/design_json.h"
#include "fuzz/fuzz_limits.h"

namespace {

constexpr const char* kDesign = R"({"format": "infraplan-design", "version": 1,
  "name": "fuzz",
  "hardware": {"items": [
    {"id": "node", "kind": "node", "ref": "nvidia-dgx-h100", "count": 2},
    {"id": "leaf", "kind": "switch", "ref": "nvidia-quantum-2-qm9700", "count": 1}],
   "links": [{"from": "node", "to": "leaf", "ref": "ib-ndr-400", "count": 8}]},
  "workload": {"mode": "training", "model": "llama3-8b", "precision": "bf16",
               "seq_len": 4096, "global_batch": 64},
  "strategy": {"tp": 8, "pp": 1, "dp": "auto"}})";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace infraplan;
    LoadOptions options;
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    while (!rest.empty() && options.overrides.size() < 8) {
        const auto end = rest.find('\n');
        options.overrides.emplace_back(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
    const LoadResult loaded = parseDesign(kDesign, options);
    if (!loaded.ok()) {
        (void)loaded.diagnostics.toString();
        return 0;
    }
    ValidateOptions validate;
    validate.max_devices = fuzz::kMaxDevices;
    (void)validateDesign(*loaded.design, catalog::builtinCatalog(), validate).toString();
    (void)serializeDesign(*loaded.design);
    return 0;
}
