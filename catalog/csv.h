#pragma once
// RFC 4180 CSV: quoted fields with "" escapes, embedded commas and newlines, CRLF or LF.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infraplan {

struct CsvRow {
    int line = 0;  // 1-based line where the row starts
    std::vector<std::string> cells;
};

// nullopt and a message with the line on an unterminated quote. Blank lines are skipped.
std::optional<std::vector<CsvRow>> parseCsv(std::string_view text, std::string* error);
// One cell, quoted when it holds a comma, quote, CR or LF (or leading/trailing space).
std::string csvCell(const std::string& text);

// A CSV whose first row names its columns, read by column name.
struct CsvTable {
    std::vector<std::string> header;
    std::vector<CsvRow> rows;  // the data rows, header excluded

    bool hasColumn(std::string_view name) const;
    // The cell of `row` under column `name`; empty when the row is short of it.
    // Precondition: hasColumn(name).
    const std::string& cell(const CsvRow& row, std::string_view name) const;
};

// nullopt and a message on a parse error, an empty file, a column named twice or a row with
// more cells than the header has names.
std::optional<CsvTable> parseCsvTable(std::string_view text, std::string* error);

}  // namespace infraplan
