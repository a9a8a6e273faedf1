#include "ui/report/reportformat.h"

#include "core/results/schema.h"

namespace infraplan::report {

QString formatField(const std::string& key, const nlohmann::json& value) {
    return escaped(formatValue(value, resultField(key).unit));
}

QString quantity(double value, Unit unit) {
    return QString::fromStdString(formatQuantity(value, unit));
}

QString fieldLabel(const std::string& key) {
    return QString::fromStdString(resultLabel(key));
}

QString formatPlain(double value) {
    return QString::fromStdString(formatNumber(value));
}

QString plainValue(const nlohmann::json& value) {
    return escaped(formatValue(value));
}

const nlohmann::json& valueAt(const nlohmann::json& root, const std::string& key) {
    static const nlohmann::json null;
    const nlohmann::json* value = resultAt(root, key);
    return value ? *value : null;
}

std::optional<double> numberAt(const nlohmann::json& root, const std::string& key) {
    return resultNumber(root, key);
}

QString shortened(const std::string& text, qsizetype max_chars) {
    QString out = QString::fromStdString(text);
    if (out.size() <= max_chars) return out;
    qsizetype cut = max_chars - 1;
    if (cut > 0 && out.at(cut - 1).isHighSurrogate()) --cut;  // never half a character
    return out.left(cut) + QChar(0x2026);                     // …
}

QString escaped(const std::string& text, qsizetype max_chars) {
    return shortened(text, max_chars).toHtmlEscaped();
}

}  // namespace infraplan::report
