#pragma once
// The repository's example and template designs for tests and benchmarks: their paths, and the
// designs loaded. A design that does not load stops the program with the loader's messages:
// the examples are part of the product. Plain C++ (no Qt), so benchmarks use it too.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/io/design_json.h"
#include "tests/support/test_paths.h"

namespace infraplan::test {

inline std::string repositoryPath(const std::string& relativePath) {
    return std::string(sourceDir()) + "/" + relativePath;
}

inline std::string examplePath(const std::string& file) {
    return repositoryPath("resources/examples/" + file);
}

inline Design repositoryDesign(const std::string& relativePath) {
    LoadResult r = loadDesignFile(repositoryPath(relativePath));
    if (!r.ok()) {
        std::fprintf(stderr, "cannot load %s:\n%s", relativePath.c_str(),
                     r.diagnostics.toString().c_str());
        std::abort();
    }
    return *r.design;
}

inline Design example(const std::string& file) {
    return repositoryDesign("resources/examples/" + file);
}

inline Design templateDesign(const std::string& file) {
    return repositoryDesign("resources/templates/" + file);
}

// A design from a `hardware` JSON object, serving or training `model` with the defaults; a
// hardware block that does not parse stops the program with the reader's messages.
inline Design designWithHardware(const std::string& hardware, const std::string& model) {
    LoadResult r = parseDesign(R"({"format":"infraplan-design","version":1,"hardware":)" +
                               hardware + R"(,"workload":{"model":")" + model + R"("}})");
    if (!r.ok()) {
        std::fprintf(stderr, "test hardware does not parse:\n%s", r.diagnostics.toString().c_str());
        std::abort();
    }
    return *r.design;
}

}  // namespace infraplan::test
