// Shared by every fuzz target: the built-in catalog is built before the first input. Under the
// sanitizers that takes seconds, which must not count against libFuzzer's per-input timeout.
#include "catalog/catalog.h"

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
    (void)infraplan::catalog::builtinCatalog();
    return 0;
}
