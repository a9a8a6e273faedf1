#include "catalog/csv.h"

#include <algorithm>

namespace infraplan {

std::optional<std::vector<CsvRow>> parseCsv(std::string_view text, std::string* error) {
    std::vector<CsvRow> rows;
    CsvRow row;
    std::string cell;
    bool quoted = false;
    bool row_has_content = false;
    int line = 1;
    int quote_line = 0;
    row.line = 1;
    auto endCell = [&] {
        row.cells.push_back(std::move(cell));
        cell.clear();
    };
    auto endRow = [&] {
        endCell();
        if (row_has_content) rows.push_back(std::move(row));
        row = CsvRow{};
        row.line = line + 1;
        row_has_content = false;
    };
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 byte order mark
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                if (c == '\n') ++line;
                cell += c;
            }
            continue;
        }
        if (c == '"') {
            quoted = true;
            quote_line = line;
            row_has_content = true;
        } else if (c == ',') {
            endCell();
            row_has_content = true;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            endRow();
            ++line;
        } else {
            cell += c;
            row_has_content = true;
        }
    }
    if (quoted) {
        if (error) *error = "line " + std::to_string(quote_line) + ": unterminated quoted field";
        return std::nullopt;
    }
    endRow();
    return rows;
}

std::string csvCell(const std::string& text) {
    const bool needs_quotes = text.find_first_of(",\"\r\n") != std::string::npos ||
                              (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!needs_quotes) return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

bool CsvTable::hasColumn(std::string_view name) const {
    return std::find(header.begin(), header.end(), name) != header.end();
}

const std::string& CsvTable::cell(const CsvRow& row, std::string_view name) const {
    static const std::string empty;
    const auto column = std::size_t(std::find(header.begin(), header.end(), name) - header.begin());
    return column < row.cells.size() ? row.cells[column] : empty;
}

std::optional<CsvTable> parseCsvTable(std::string_view text, std::string* error) {
    auto rows = parseCsv(text, error);
    if (!rows) return std::nullopt;
    auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return std::nullopt;
    };
    if (rows->empty()) return fail("the file is empty (expected a header row of column names)");
    CsvTable table;
    table.header = std::move(rows->front().cells);
    for (std::size_t c = 0; c < table.header.size(); ++c)
        if (std::find(table.header.begin(), table.header.begin() + c, table.header[c]) !=
            table.header.begin() + c)
            return fail("line 1: column \"" + table.header[c] + "\" appears twice");
    for (std::size_t r = 1; r < rows->size(); ++r) {
        CsvRow& row = (*rows)[r];
        if (row.cells.size() > table.header.size())
            return fail("line " + std::to_string(row.line) + ": " +
                        std::to_string(row.cells.size()) + " cells, the header names " +
                        std::to_string(table.header.size()));
        table.rows.push_back(std::move(row));
    }
    return table;
}

}  // namespace infraplan
