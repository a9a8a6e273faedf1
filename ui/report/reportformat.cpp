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

QString escaped(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

}  // namespace infraplan::report
