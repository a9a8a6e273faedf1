// Writes the built-in catalog (the compiled-in seed) as an SQLite catalog file, so that it can
// be installed, inspected with sqlite3, or handed to other tools. Usage: OUTPUT.sqlite
#include <iostream>

#include "catalog/builtin.h"
#include "catalog/import_export.h"
#include "catalog/query.h"

int main(int argc, char** argv) {
    using namespace infraplan::catalog;
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " OUTPUT.sqlite\n";
        return 2;
    }
    if (!builtinDiagnostics().items.empty()) {
        std::cerr << "the built-in seed has problems:\n" << builtinDiagnostics().toString();
        return 1;
    }
    std::string error;
    if (!exportEntries(findEntries(builtinCatalog()), argv[1], &error)) {
        std::cerr << error << "\n";
        return 1;
    }
    return 0;
}
