#include "catalog/json_limits.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <vector>

#include "catalog/json_reader.h"

namespace infraplan {
namespace {

// Follows the parser's events to know where it is, and records the first key that repeats
// within one object, as a JSON pointer.
class DuplicateKeyFinder {
public:
    bool onEvent(nlohmann::json::parse_event_t event, const nlohmann::json& parsed) {
        using Event = nlohmann::json::parse_event_t;
        switch (event) {
            case Event::object_start:
            case Event::array_start:
                enterElement();
                m_frames.push_back({event == Event::array_start, 0, {}, {}});
                break;
            case Event::object_end:
            case Event::array_end:
                if (!m_frames.empty()) m_frames.pop_back();
                break;
            case Event::key:
                onKey(parsed.get<std::string>());
                break;
            case Event::value:
                enterElement();
                break;
        }
        return true;
    }
    const std::optional<std::string>& duplicate() const { return m_duplicate; }

private:
    struct Frame {
        bool array = false;
        std::size_t next_index = 0;
        std::string key;
        std::set<std::string> keys;
    };

    void enterElement() {
        if (!m_frames.empty() && m_frames.back().array) ++m_frames.back().next_index;
    }
    void onKey(const std::string& key) {
        if (m_frames.empty()) return;
        Frame& top = m_frames.back();
        top.key = key;
        if (top.keys.insert(key).second || m_duplicate) return;
        std::string pointer;
        for (const Frame& f : m_frames) {
            pointer += '/';
            pointer += f.array ? std::to_string(f.next_index - 1) : pointerEscape(f.key);
        }
        m_duplicate = pointer;
    }

    std::vector<Frame> m_frames;
    std::optional<std::string> m_duplicate;
};

}  // namespace

std::string formatBytes(std::uintmax_t bytes) {
    if (bytes < 1000) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    const char* units[] = {"KB", "MB", "GB", "TB", "PB", "EB"};
    double value = static_cast<double>(bytes) / 1000;
    std::size_t unit = 0;
    while (value >= 999.95 && unit + 1 < std::size(units)) {
        value /= 1000;
        ++unit;
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f %s", value, units[unit]);
    return buffer;
}

std::string dumpJson(const nlohmann::json& value, int indent) {
    return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string dumpJson(const nlohmann::ordered_json& value, int indent) {
    return value.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
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
        return fail("the file is " + formatBytes(text.size()) + "; the limit is " +
                    formatBytes(max_bytes));
    if (auto problem = checkJsonNesting(text, max_depth)) return fail(*problem);
    try {
        DuplicateKeyFinder duplicates;
        nlohmann::json document = nlohmann::json::parse(
            text, [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
                return duplicates.onEvent(event, parsed);
            });
        if (duplicates.duplicate())
            return fail(*duplicates.duplicate() +
                        ": this key appears twice in its object (each key may appear once)");
        return document;
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
