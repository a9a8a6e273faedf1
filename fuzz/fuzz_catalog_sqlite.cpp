// libFuzzer target: an SQLite file as `catalog import FILE.sqlite` and the user catalog read
// it: the bytes are written to a file and read through the hardened connection (schema
// checks, row, size and time caps). Whatever is read must be valid entries.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "catalog/catalog.h"
#include "catalog/import_export.h"
#include "catalog/user_catalog.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace infraplan::catalog;
    static const std::string path = "/tmp/infraplan-fuzz-" + std::to_string(::getpid()) + ".sqlite";
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) return 0;
    std::fwrite(data, 1, size, file);
    std::fclose(file);
    std::vector<AnyEntry> entries;
    (void)readCatalogFile(path, builtinCatalog(), {}, &entries);
    std::vector<std::string> messages;
    (void)loadCatalog(path, &messages);  // as the user catalog: read, never migrated in place
    std::remove(path.c_str());
    std::remove((path + "-wal").c_str());
    std::remove((path + "-shm").c_str());
    return 0;
}
