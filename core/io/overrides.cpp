#include "core/io/overrides.h"

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

}  // namespace

bool applyOverride(nlohmann::json& document, const std::string& assignment, Diagnostics& diags) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) {
        diags.error("",
                    "--set expects PATH=VALUE (e.g. strategy.tp=4), got \"" + assignment + "\"");
        return false;
    }
    const std::string path = assignment.substr(0, eq);
    const std::string text = assignment.substr(eq + 1);
    nlohmann::json value = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (value.is_discarded()) value = text;  // bare words are strings: --set workload.precision=fp8

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
