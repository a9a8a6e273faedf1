#include "catalog/json_reader.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "catalog/json_limits.h"
#include "catalog/utf8.h"

namespace infraplan {

std::string Diagnostic::toString() const {
    // Pointers and messages may quote hostile text: keep the line printable and valid.
    std::string where = pointer.empty() ? std::string("(document)") : toValidUtf8(pointer);
    return where + ": " + (severity == Severity::warning ? "warning: " : "") + toValidUtf8(message);
}

void Diagnostics::error(std::string pointer, std::string message) {
    items.push_back({std::move(pointer), std::move(message), Diagnostic::Severity::error});
}

void Diagnostics::warning(std::string pointer, std::string message) {
    items.push_back({std::move(pointer), std::move(message), Diagnostic::Severity::warning});
}

bool Diagnostics::hasErrors() const {
    return errorCount() > 0;
}

std::size_t Diagnostics::errorCount() const {
    std::size_t n = 0;
    for (const auto& d : items)
        n += d.severity == Diagnostic::Severity::error;
    return n;
}

std::string Diagnostics::toString() const {
    std::string out;
    for (auto severity : {Diagnostic::Severity::error, Diagnostic::Severity::warning})
        for (const auto& d : items)
            if (d.severity == severity) out += d.toString() + "\n";
    return out;
}

std::string pointerEscape(const std::string& key) {
    std::string out;
    out.reserve(key.size());
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string describeValue(const nlohmann::json& value) {
    switch (value.type()) {
        case nlohmann::json::value_t::object:
            return "an object";
        case nlohmann::json::value_t::array:
            return "an array";
        case nlohmann::json::value_t::null:
            return "null";
        case nlohmann::json::value_t::string: {
            std::string s = value.get<std::string>();
            if (s.size() > 40) s = s.substr(0, 40) + "...";
            return dumpJson(nlohmann::json(s));
        }
        default:
            return dumpJson(value);
    }
}

ObjectReader::ObjectReader(const nlohmann::json& value, std::string pointer,
                           Diagnostics& diagnostics)
    : m_pointer(std::move(pointer)), m_diags(diagnostics) {
    if (value.is_object())
        m_object = &value;
    else
        m_diags.error(m_pointer, "must be an object, got " + describeValue(value));
}

std::string ObjectReader::pointerTo(const std::string& key) const {
    return m_pointer + "/" + pointerEscape(key);
}

bool ObjectReader::has(const std::string& key) const {
    return m_object && m_object->contains(key);
}

const nlohmann::json* ObjectReader::raw(const std::string& key) {
    if (!m_object) return nullptr;
    auto it = m_object->find(key);
    if (it == m_object->end()) return nullptr;
    m_read.insert(key);
    return &*it;
}

void ObjectReader::requireKey(const std::string& key) {
    if (m_object && !has(key)) m_diags.error(pointerTo(key), "is required");
}

bool ObjectReader::readString(const std::string& key, std::string& out, bool required) {
    const nlohmann::json* v = raw(key);
    if (!v) {
        if (required && m_object) m_diags.error(pointerTo(key), "is required");
        return false;
    }
    if (!v->is_string()) {
        m_diags.error(pointerTo(key), "must be a string, got " + describeValue(*v));
        return false;
    }
    const std::string& text = v->get_ref<const std::string&>();
    if (!isValidUtf8(text)) {
        m_diags.error(pointerTo(key), "must be UTF-8 text: " + describeInvalidUtf8(text));
        return false;
    }
    out = text;
    return true;
}

void ObjectReader::string(const std::string& key, std::string& out, bool required) {
    readString(key, out, required);
}

void ObjectReader::boolean(const std::string& key, bool& out) {
    const nlohmann::json* v = raw(key);
    if (!v) return;
    if (!v->is_boolean()) {
        m_diags.error(pointerTo(key), "must be true or false, got " + describeValue(*v));
        return;
    }
    out = v->get<bool>();
}

namespace {
// As people write limits: 1,000,000 and 0.001, not 1e+06; 1e-300 only where it has to be.
std::string formatNumber(double x) {
    char buffer[48];
    if (std::fabs(x) < 1e15 && std::floor(x) == x) {
        std::snprintf(buffer, sizeof buffer, "%.0f", std::fabs(x));
        std::string digits = buffer;
        for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
            digits.insert(static_cast<std::size_t>(i), ",");
        return (x < 0 ? "-" : "") + digits;
    }
    if (std::fabs(x) >= 1e-4 && std::fabs(x) < 1e15) {
        std::snprintf(buffer, sizeof buffer, "%.6g", x);
        return buffer;
    }
    std::snprintf(buffer, sizeof buffer, "%.3g", x);  // 1e+30 -> 1e30, 1e-06 -> 1e-6
    std::string text = buffer;
    if (auto e = text.find('e'); e != std::string::npos) {
        std::size_t digits = e + 1;
        if (text[digits] == '+')
            text.erase(digits, 1);
        else if (text[digits] == '-')
            ++digits;
        while (digits + 1 < text.size() && text[digits] == '0')
            text.erase(digits, 1);
    }
    return text;
}
}  // namespace

void ObjectReader::number(const std::string& key, double& out, double min, double max,
                          bool required) {
    const nlohmann::json* v = raw(key);
    if (!v) {
        if (required && m_object) m_diags.error(pointerTo(key), "is required");
        return;
    }
    if (!v->is_number()) {
        m_diags.error(pointerTo(key), "must be a number, got " + describeValue(*v));
        return;
    }
    double x = v->get<double>();
    if (!std::isfinite(x)) {
        m_diags.error(pointerTo(key), "must be a finite number");
        return;
    }
    if (x < min || x > max) {
        m_diags.error(pointerTo(key), "must be between " + formatNumber(min) + " and " +
                                          formatNumber(max) + ", got " + describeValue(*v));
        return;
    }
    out = x;
}

void ObjectReader::integer(const std::string& key, long long& out, long long min, long long max,
                           bool required) {
    const nlohmann::json* v = raw(key);
    if (!v) {
        if (required && m_object) m_diags.error(pointerTo(key), "is required");
        return;
    }
    const std::string what = min > 0    ? "a positive integer"
                             : min == 0 ? "a non-negative integer"
                                        : "an integer";
    long long value = 0;
    if (v->is_number_integer()) {
        if (v->is_number_unsigned() &&
            v->get<unsigned long long>() > static_cast<unsigned long long>(max)) {
            m_diags.error(pointerTo(key), "must be at most " +
                                              formatNumber(static_cast<double>(max)) + ", got " +
                                              describeValue(*v));
            return;
        }
        value = v->get<long long>();
    } else if (v->is_number_float()) {
        double x = v->get<double>();
        if (!std::isfinite(x) || std::floor(x) != x) {
            m_diags.error(pointerTo(key), "must be " + what + ", got " + describeValue(*v));
            return;
        }
        if (x < static_cast<double>(min) || x > static_cast<double>(max)) {
            m_diags.error(pointerTo(key), "must be " + what + " no larger than " +
                                              formatNumber(static_cast<double>(max)) + ", got " +
                                              describeValue(*v));
            return;
        }
        value = static_cast<long long>(x);
    } else {
        m_diags.error(pointerTo(key), "must be " + what + ", got " + describeValue(*v));
        return;
    }
    if (value < min) {
        m_diags.error(pointerTo(key), "must be " + what + ", got " + describeValue(*v));
        return;
    }
    if (value > max) {
        m_diags.error(pointerTo(key), "must be at most " + formatNumber(static_cast<double>(max)) +
                                          ", got " + describeValue(*v));
        return;
    }
    out = value;
}

void ObjectReader::integer(const std::string& key, int& out, int min, int max, bool required) {
    long long value = out;
    integer(key, value, min, max, required);
    out = static_cast<int>(value);
}

nlohmann::json ObjectReader::unknown() const {
    nlohmann::json out = nlohmann::json::object();
    if (!m_object) return out;
    for (auto it = m_object->begin(); it != m_object->end(); ++it)
        if (!m_read.count(it.key())) out[it.key()] = it.value();
    return out;
}

}  // namespace infraplan
