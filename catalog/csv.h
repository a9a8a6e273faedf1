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

}  // namespace infraplan
