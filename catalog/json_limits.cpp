#include "catalog/json_limits.h"

#include <algorithm>
#include <cstdio>

namespace infraplan {

std::string formatMegabytes(std::size_t bytes) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f MB", static_cast<double>(bytes) / 1e6);
    return buffer;
}

std::optional<std::string> checkJsonNesting(std::string_view text, int max_depth) {
    int depth = 0;
    int line = 1;
    std::size_t line_start = 0;
    bool in_string = false;
    bool escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            line_start = i + 1;
        }
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_depth)
                return "line " + std::to_string(line) + ", column " +
                       std::to_string(i - line_start + 1) + ": nesting deeper than " +
                       std::to_string(max_depth) + " levels";
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return std::nullopt;
}

std::optional<nlohmann::json> parseJsonGuarded(std::string_view text, std::size_t max_bytes,
                                               int max_depth, std::string* error) {
    auto fail = [&](std::string message) -> std::optional<nlohmann::json> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    if (text.size() > max_bytes)
        return fail("the file is " + formatMegabytes(text.size()) + "; the limit is " +
                    formatMegabytes(max_bytes));
    if (auto problem = checkJsonNesting(text, max_depth)) return fail(*problem);
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        // e.what() is "[json.exception.parse_error.101] parse error at line L, column C: ..."
        // (out_of_range.406 for numbers like 1e999)
        std::string message = e.what();
        if (auto pos = message.find("] "); pos != std::string::npos) message.erase(0, pos + 2);
        // Overflowing numbers come without a position: find the literal in the text.
        const std::string marker = "parsing '";
        if (auto at = message.find(marker); at != std::string::npos && !message.empty() &&
                                            message.find("line ") == std::string::npos) {
            const std::string literal =
                message.substr(at + marker.size(), message.size() - at - marker.size() - 1);
            if (auto where = text.find(literal); where != std::string_view::npos) {
                const auto before = text.substr(0, where);
                const auto line = 1 + std::count(before.begin(), before.end(), '\n');
                const auto lineStart = before.rfind('\n');
                const auto column =
                    where - (lineStart == std::string_view::npos ? 0 : lineStart + 1) + 1;
                message = "line " + std::to_string(line) + ", column " + std::to_string(column) +
                          ": " + message;
            }
        }
        return fail("not valid JSON: " + message);
    }
}

}  // namespace infraplan
