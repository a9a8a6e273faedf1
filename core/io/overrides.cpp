#include "core/io/overrides.h"

#include <algorithm>

#include "catalog/json_limits.h"
#include "catalog/utf8.h"

namespace infraplan {
namespace {

// "strategy.tp" -> "/strategy/tp"; a path that already starts with '/' is used as is.
std::string toPointer(const std::string& path) {
    if (!path.empty() && path.front() == '/') return path;
    std::string pointer = "/";
    for (char c : path) {
        if (c == '.')
            pointer += '/';
        else if (c == '~')
            pointer += "~0";
        else if (c == '/')
            pointer += "~1";
        else
            pointer += c;
    }
    return pointer;
}

// The value of an assignment at `pointer`: JSON when it is JSON, else the text itself.
std::optional<nlohmann::json> parseValue(const std::string& pointer, const std::string& text,
                                         std::size_t max_bytes, int max_depth, Diagnostics& diags) {
    if (!isValidUtf8(text)) {
        diags.error(pointer, "--set value must be UTF-8 text: " + describeInvalidUtf8(text));
        return std::nullopt;
    }
    const int depth_left =
        max_depth - static_cast<int>(std::count(pointer.begin(), pointer.end(), '/'));
    if (auto problem = checkJsonNesting(text, std::max(depth_left, 0))) {
        diags.error(pointer, "--set value: " + *problem +
                                 " (with the path, the design's limit is " +
                                 std::to_string(max_depth) + ")");
        return std::nullopt;
    }
    if (!nlohmann::json::accept(text)) return nlohmann::json(text);  // --set precision=fp8
    std::string error;
    auto value = parseJsonGuarded(text, max_bytes, max_depth, &error);
    if (!value) diags.error(pointer, "--set value: " + error);
    return value;
}

}  // namespace

bool applyOverride(nlohmann::json& document, const std::string& assignment, Diagnostics& diags,
                   std::size_t max_bytes, int max_depth) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) {
        diags.error("",
                    "--set expects PATH=VALUE (e.g. strategy.tp=4), got \"" + assignment + "\"");
        return false;
    }
    const std::string path = assignment.substr(0, eq);
    if (!isValidUtf8(path)) {
        diags.error("", "--set path must be UTF-8 text: " + describeInvalidUtf8(path));
        return false;
    }
    if (assignment.size() > max_bytes) {
        diags.error(toPointer(path), "--set value is " + formatBytes(assignment.size()) +
                                         "; the limit is " + formatBytes(max_bytes));
        return false;
    }
    const auto parsed =
        parseValue(toPointer(path), assignment.substr(eq + 1), max_bytes, max_depth, diags);
    if (!parsed) return false;
    const nlohmann::json& value = *parsed;

    try {
        const nlohmann::json::json_pointer pointer(toPointer(path));
        const nlohmann::json::json_pointer parent = pointer.parent_pointer();
        if (!document.contains(parent) || !document[parent].is_structured()) {
            diags.error(pointer.to_string(),
                        "--set cannot reach this path: " + parent.to_string() + " does not exist");
            return false;
        }
        if (document[parent].is_array() && !document.contains(pointer)) {
            diags.error(pointer.to_string(), "--set: no such array element");
            return false;
        }
        document[pointer] = value;
        return true;
    } catch (const nlohmann::json::exception& e) {
        diags.error(toPointer(path), std::string("--set: invalid path (") + e.what() + ")");
        return false;
    }
}

}  // namespace infraplan
