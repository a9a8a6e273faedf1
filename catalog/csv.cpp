#include "catalog/csv.h"

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

}  // namespace infraplan
