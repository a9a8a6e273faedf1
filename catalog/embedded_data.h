#pragma once
// Text files compiled into the library by catalog/cmake/embed_files.cmake: the schema
// migrations (catalog/sql/NNN_*.sql) and the seed data (catalog/seed/*.json), in file order.

#include <string_view>
#include <vector>

namespace infraplan::catalog {

struct EmbeddedFile {
    std::string_view name;  // file name without folder, e.g. "001_initial.sql"
    std::string_view text;
};

const std::vector<EmbeddedFile>& migrationFiles();
const std::vector<EmbeddedFile>& seedFiles();

}  // namespace infraplan::catalog
