#pragma once
// Validated reading of JSON objects: each read checks type and range and, on failure, records
// a diagnostic that names the place by JSON pointer ("/hardware/items/3/count: must be a
// positive integer, got -4"). Keys nobody read are handed back as `unknown()` so that files
// keep fields this build does not know. Shared by the design loader and catalog import.

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace infraplan {

struct Diagnostic {
    enum class Severity { error, warning };
    std::string pointer;  // JSON pointer of the offending value ("" = the whole document)
    std::string message;
    Severity severity = Severity::error;

    std::string toString() const;
};

struct Diagnostics {
    std::vector<Diagnostic> items;

    void error(std::string pointer, std::string message);
    void warning(std::string pointer, std::string message);
    bool hasErrors() const;
    std::size_t errorCount() const;
    // One line per diagnostic, "pointer: message", errors first.
    std::string toString() const;
};

// Escape a key for use inside a JSON pointer (RFC 6901: ~ -> ~0, / -> ~1).
std::string pointerEscape(const std::string& key);
// A short rendering of a JSON value for messages ("-4", "\"abc\"", "an object").
std::string describeValue(const nlohmann::json& value);

class ObjectReader {
public:
    // `value` must outlive the reader. A non-object value records one error and reads nothing.
    ObjectReader(const nlohmann::json& value, std::string pointer, Diagnostics& diagnostics);

    bool valid() const { return m_object != nullptr; }
    const std::string& pointer() const { return m_pointer; }
    std::string pointerTo(const std::string& key) const;
    Diagnostics& diagnostics() { return m_diags; }

    bool has(const std::string& key) const;
    // The raw value (marked as read), or nullptr when absent.
    const nlohmann::json* raw(const std::string& key);

    // Each reader leaves `out` untouched when the key is absent or the value is invalid.
    void string(const std::string& key, std::string& out, bool required = false);
    void boolean(const std::string& key, bool& out);
    // Finite number within [min, max].
    void number(const std::string& key, double& out, double min, double max, bool required = false);
    // Integer within [min, max]; integral floats (2.0, 1e3) are accepted.
    void integer(const std::string& key, long long& out, long long min, long long max,
                 bool required = false);
    void integer(const std::string& key, int& out, int min, int max, bool required = false);
    // A string that must be one of `names` (reported in the message when it is not).
    template <class Enum, class Parse>
    void enumeration(const std::string& key, Enum& out, Parse parse, const char* allowed) {
        std::string text;
        if (!readString(key, text, false)) return;
        if (auto value = parse(text)) {
            out = *value;
        } else {
            m_diags.error(pointerTo(key),
                          "must be one of " + std::string(allowed) + ", got \"" + text + "\"");
        }
    }

    void requireKey(const std::string& key);
    // Every member not read so far, as an object (for round-trip preservation).
    nlohmann::json unknown() const;

private:
    bool readString(const std::string& key, std::string& out, bool required);

    const nlohmann::json* m_object = nullptr;
    std::string m_pointer;
    Diagnostics& m_diags;
    std::set<std::string> m_read;
};

}  // namespace infraplan
