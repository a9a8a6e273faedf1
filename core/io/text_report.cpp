#include "core/io/text_report.h"

#include "core/results/format.h"
#include "core/results/likely_range.h"
#include "core/results/schema.h"

namespace infraplan {
namespace {

std::string childKey(const std::string& parent, const std::string& member) {
    return parent.empty() ? member : parent + "." + member;
}

std::string valueText(const nlohmann::json& value, const std::string& key) {
    const ResultField* field = findResultField(key);
    return formatValue(value, field ? field->unit : Unit::none);
}

// One element of an array of objects on a line: "resource nic, phase dp all-reduce, ...".
std::string recordLine(const nlohmann::json& element, const std::string& key) {
    if (!element.is_object()) return valueText(element, key);
    std::string line;
    for (const std::string& member : membersInOrder(element, key)) {
        const nlohmann::json& v = element[member];
        if (v.is_structured()) continue;
        line += (line.empty() ? "" : ", ") + member + " " + valueText(v, childKey(key, member));
    }
    return line;
}

// " (likely 27.5 s – 31.0 s)" after a figure with an error band, "" otherwise.
std::string rangeSuffix(const nlohmann::json& results, const std::string& key) {
    const std::string range = likelyRangeText(results, key);
    return range.empty() ? range : " (" + range + ")";
}

void append(std::string& out, const nlohmann::json& results, const std::string& name,
            const std::string& key, const nlohmann::json& v, int indent) {
    const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
    if (v.is_structured() && v.empty()) return;
    if (v.is_object()) {
        out += pad + name + ":\n";
        for (const std::string& member : membersInOrder(v, key))
            append(out, results, member, childKey(key, member), v[member], indent + 1);
    } else if (v.is_array()) {
        out += pad + name + ":\n";
        for (std::size_t i = 0; i < v.size(); ++i)
            out += pad + "  - " + recordLine(v[i], key + "." + std::to_string(i)) + "\n";
    } else {
        out += pad + name + ": " + valueText(v, key) + rangeSuffix(results, key) + "\n";
    }
}

}  // namespace

std::string formatResultsText(const std::string& design_name, const nlohmann::json& results) {
    std::string out = design_name.empty() ? std::string("(unnamed design)\n") : design_name + "\n";
    if (!results.is_object()) return out;
    for (const std::string& member : membersInOrder(results, ""))
        append(out, results, member, member, results[member], 1);
    return out;
}

}  // namespace infraplan
