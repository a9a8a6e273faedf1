// The schema written out: docs/results.md's field tables (`infraplan-cli schema --markdown`)
// and JSON for tools (`infraplan-cli schema --json`), each number with the way it improves.
#include <nlohmann/json.hpp>
#include <string>

#include "core/results/schema.h"
#include "core/results/schema_table.h"

namespace infraplan {
namespace {

std::string cell(std::string text) {
    std::string out;
    for (char c : text)
        out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

std::string capitalized(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = char(text[0] - 'a' + 'A');
    return text;
}

// The top-level container a field belongs to ("" for the top-level scalars).
std::string sectionOf(const ResultField& field) {
    const std::string top = field.key.substr(0, field.key.find_first_of(".["));
    const ResultField* container = findResultField(top);
    const bool nested =
        container && (container->kind == FieldKind::object ||
                      container->kind == FieldKind::records || container->kind == FieldKind::map);
    return nested ? top : std::string();
}

std::string heading(const std::string& section) {
    if (section.empty()) return "### Top level\n\n";
    return "### `" + section + "`: " + resultField(section).label + "\n\n";
}

// The columns every schema table has, up to the modes.
std::string leadingCells(const ResultField& field) {
    return "| `" + field.key + "` | " + cell(field.label) + " | " + toString(field.kind) + " | " +
           (unitColumn(field).empty() ? "–" : cell(unitColumn(field))) + " | " +
           toString(field.modes) + " | ";
}

std::string meaningCell(const ResultField& field) {
    std::string meaning = field.meaning + ".";
    if (!field.when.empty()) meaning += " _" + capitalized(field.when) + "._";
    return cell(meaning) + " |\n";
}

// The results tables also say which way each number improves ("–" for text and containers).
std::string resultsRow(const ResultField& field) {
    return leadingCells(field) + (field.better ? toString(*field.better) : "–") + " | " +
           meaningCell(field);
}

}  // namespace

std::string resultsSchemaMarkdown() {
    std::string out;
    std::string current = "-";  // no section yet
    for (const ResultField& field : resultsSchema()) {
        const std::string section = sectionOf(field);
        if (section != current) {
            current = section;
            out += (out.empty() ? "" : "\n") + heading(section) +
                   "| Key | Label | Kind | Unit | Modes | Better | Meaning |\n"
                   "|---|---|---|---|---|---|---|\n";
        }
        out += resultsRow(field);
    }
    return out;
}

std::string schemaTableMarkdown(const std::vector<ResultField>& fields) {
    std::string out =
        "| Key | Label | Kind | Unit | Modes | Meaning |\n|---|---|---|---|---|---|\n";
    for (const ResultField& field : fields)
        out += leadingCells(field) + meaningCell(field);
    return out;
}

nlohmann::json resultsSchemaJson() {
    nlohmann::json out = nlohmann::json::array();
    for (const ResultField& f : resultsSchema()) {
        nlohmann::json entry = {
            {"key", f.key},     {"kind", toString(f.kind)},   {"unit", unitColumn(f)},
            {"label", f.label}, {"modes", toString(f.modes)}, {"meaning", f.meaning}};
        if (!f.when.empty()) entry["when"] = f.when;
        if (f.better) entry["better"] = toString(*f.better);
        out.push_back(std::move(entry));
    }
    return out;
}

}  // namespace infraplan
