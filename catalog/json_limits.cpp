#include "catalog/json_limits.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <vector>

#include "catalog/json_reader.h"

namespace infraplan {
namespace {

// Builds the document through nlohmann's plain DOM builder and records the first key that
// repeats within one object, as a JSON pointer. nlohmann's callback parser would do both, but
// it rescans the enclosing array after every object it closes: quadratic in a list of items.
class GuardedDomBuilder : public nlohmann::json_sax<nlohmann::json> {
public:
    explicit GuardedDomBuilder(nlohmann::json& result) : m_dom(result) {}

    bool null() override { return value(), m_dom.null(); }
    bool boolean(bool v) override { return value(), m_dom.boolean(v); }
    bool number_integer(number_integer_t v) override { return value(), m_dom.number_integer(v); }
    bool number_unsigned(number_unsigned_t v) override { return value(), m_dom.number_unsigned(v); }
    bool number_float(number_float_t v, const string_t& s) override {
        return value(), m_dom.number_float(v, s);
    }
    bool string(string_t& v) override { return value(), m_dom.string(v); }
    bool binary(binary_t& v) override { return value(), m_dom.binary(v); }
    bool start_object(std::size_t n) override { return enter(false), m_dom.start_object(n); }
    bool key(string_t& v) override { return onKey(v), m_dom.key(v); }
    bool end_object() override { return leave(), m_dom.end_object(); }
    bool start_array(std::size_t n) override { return enter(true), m_dom.start_array(n); }
    bool end_array() override { return leave(), m_dom.end_array(); }
    bool parse_error(std::size_t position, const std::string& token,
                     const nlohmann::detail::exception& e) override {
        return m_dom.parse_error(position, token, e);  // throws, with nlohmann's message
    }

    const std::optional<std::string>& duplicate() const { return m_duplicate; }

private:
    struct Frame {
        bool array = false;
        std::size_t next_index = 0;
        std::string key;
        std::set<std::string> keys;
    };

    void value() {
        if (!m_frames.empty() && m_frames.back().array) ++m_frames.back().next_index;
    }
    void enter(bool array) {
        value();
        m_frames.push_back({array, 0, {}, {}});
    }
    void leave() {
        if (!m_frames.empty()) m_frames.pop_back();
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

    nlohmann::detail::json_sax_dom_parser<nlohmann::json> m_dom;
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
        nlohmann::json document;
        GuardedDomBuilder builder(document);
        nlohmann::json::sax_parse(text, &builder);
        if (builder.duplicate())
            return fail(*builder.duplicate() +
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
