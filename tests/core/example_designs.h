#pragma once
// The repository's example and template designs, loaded for tests (fails the test run when
// one does not load: the examples are part of the product).
#include <QtGlobal>

#include <string>

#include "core/io/design_json.h"

namespace infraplan::test {

inline Design repositoryDesign(const std::string& relativePath) {
    LoadResult r = loadDesignFile(std::string(INFRAPLAN_SOURCE_DIR) + "/" + relativePath);
    if (!r.ok()) qFatal("cannot load %s", relativePath.c_str());
    return *r.design;
}

inline Design example(const char* file) {
    return repositoryDesign(std::string("resources/examples/") + file);
}

}  // namespace infraplan::test
