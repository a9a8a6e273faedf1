#pragma once
// The results contract as data: for every field resultsToJson() writes, its key, kind, unit,
// label, the workload modes it applies to, when it is present, and what it means. The CLI
// text and CSV output, the compare views, the report and the dashboard read labels and units
// from here; docs/results.md is generated from it (`infraplan-cli schema --markdown`), and
// tests/core/tst_results_schema.cpp holds the examples' results to it both ways.

#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/results/format.h"

namespace infraplan {

enum class FieldKind {
    number,   // a JSON number (double)
    integer,  // a whole JSON number
    flag,     // true / false
    text,     // a string
    texts,    // an array of strings
    object,   // fields of its own, listed as "key.field"
    records,  // an array of objects, whose fields are listed as "key[].field"
    map,      // an object whose keys are data (precisions, link ids): "key.*" describes a value
};

// The workload modes a field applies to (design `workload.mode`).
enum class Modes { training, inference, both };

// Which way a numeric field improves, all else equal: what the compare views mark better or
// worse. Neither for counts, configuration and inventory echoes, and choices such as the
// checkpoint interval.
enum class Better { lower, higher, neither };

// "number", "integer", "boolean", "string", "strings", "object", "array of objects",
// "object by name"; "training", "inference", "both"; "lower", "higher", "neither".
const char* toString(FieldKind kind);
const char* toString(Modes modes);
const char* toString(Better better);

// The direction a unit implies on its own: lower for times, money, energy, power and
// emissions; higher for tokens, samples and requests per second. Empty where the unit cannot
// tell (fractions, counts, hours, bytes, bandwidths, plain numbers...): such a field states
// its own, as does every field that goes against its unit's direction.
std::optional<Better> betterByUnit(Unit unit);

struct ResultField {
    std::string
        key;  // "training.step_time_s", "bottlenecks[].share_of_time", "inventory.peak_tflops.*"
    FieldKind kind = FieldKind::number;
    Unit unit = Unit::none;
    std::string label;  // "Step time": what a card, a table row or a report line calls it
    Modes modes = Modes::both;
    // Empty: present whenever its parent is (for its modes). Otherwise when it is present,
    // e.g. "when the workload sets train_tokens".
    std::string when;
    std::string meaning;  // one line
    // Numbers: which way the field improves (stated, or its unit's); empty for text, flags and
    // containers. tst_results_schema fails on a number of the results left undecided.
    std::optional<Better> better;
};

// Every field, in reading order (sections in the order the text output prints them).
const std::vector<ResultField>& resultsSchema();

// The field a key names: its schema key ("network.links[].bytes", "inventory.peak_tflops.*")
// or a concrete one ("network.links.3.bytes", "inventory.peak_tflops.bf16"); nullptr if none.
const ResultField* findResultField(std::string_view key);
// The same for a key the caller knows is in the contract (a consumer's headline list): throws
// std::out_of_range naming the key when it is not, so a renamed key fails loudly.
const ResultField& resultField(std::string_view key);
// Which way the field a concrete key names improves: neither when the key is unknown or its
// field has no direction.
Better betterDirection(std::string_view key);
// A field's place in resultsSchema() (the reading order); the schema's size when unknown.
std::size_t schemaOrder(const ResultField* field);

// The value at a concrete dotted key of a results object ("training.step_time_s",
// "inference.ttft_ms.p99", "inventory.peak_tflops.bf16"), or nullptr.
const nlohmann::json* resultAt(const nlohmann::json& results, std::string_view key);
// The finite number there, if any.
std::optional<double> resultNumber(const nlohmann::json& results, std::string_view key);
// The value at `key` with the field's unit ("13.57 s"), or "–" when absent.
std::string formatResult(const nlohmann::json& results, std::string_view key);
// Why `key` may be missing from `results`: the `when` of the first missing level of the key
// (the training section, then its field); "" when nothing on the way says.
std::string presentWhen(const nlohmann::json& results, std::string_view key);
// The label of a concrete key: the field's label, with the data key of a map entry after it
// ("Peak compute (bf16)").
std::string resultLabel(std::string_view key);

// The member names of the results object at `key` ("" for the top level) in the schema's
// reading order, members the schema does not know last.
std::vector<std::string> membersInOrder(const nlohmann::json& object, std::string_view key);

// Every value of `results` (objects and arrays too) with its concrete dotted key, its schema
// key and its field (nullptr when the schema does not describe it), parents before children.
struct ResultVisit {
    std::string key;         // "network.links.3.bytes"
    std::string schema_key;  // "network.links[].bytes"
    const nlohmann::json& value;
    const ResultField* field;
};
void forEachResult(const nlohmann::json& results,
                   const std::function<void(const ResultVisit&)>& visit);

// The keys of `results` the schema does not describe (empty when the writer keeps the
// contract): resultsToJson() reports them as internal errors, the tests fail on them.
std::vector<std::string> undescribedKeys(const nlohmann::json& results);

// docs/results.md's generated part: one table per section.
std::string resultsSchemaMarkdown();
// The schema as JSON, for tools: [{key, kind, unit, label, modes, when, better, meaning}]
// (better: "lower", "higher" or "neither", on numbers only).
nlohmann::json resultsSchemaJson();

// The unit of a field as the contract names it ("s", "USD/h"; "" for plain numbers, text
// and flags).
std::string unitColumn(const ResultField& field);

}  // namespace infraplan
