#include "ui/report/reportformat.h"

#include <QStringList>
#include <array>
#include <cmath>
#include <cstring>
#include <utility>

#include "core/io/text_report.h"

namespace infraplan::report {
namespace {

bool endsWith(const std::string& text, std::string_view suffix) {
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

QString digits(double value) {
    return QString::fromStdString(formatScalar(value));
}

// value in `unit` scaled to the largest of `steps` (factor, name) it reaches.
QString scaled(double value, std::initializer_list<std::pair<double, const char*>> steps) {
    const std::pair<double, const char*>* chosen = steps.begin();
    for (const auto& step : steps)
        if (std::fabs(value) >= step.first) chosen = &step;
    return digits(value / chosen->first) + QLatin1Char(' ') + QLatin1String(chosen->second);
}

QString seconds(double s) {
    if (s == 0) return QStringLiteral("0 s");
    if (std::fabs(s) < 1e-3) return digits(s * 1e6) + QStringLiteral(" µs");
    if (std::fabs(s) < 1) return digits(s * 1e3) + QStringLiteral(" ms");
    if (std::fabs(s) < 120) return digits(s) + QStringLiteral(" s");
    if (std::fabs(s) < 7200) return digits(s / 60) + QStringLiteral(" min");
    return digits(s / 3600) + QStringLiteral(" h");
}

QString money(double usd) {
    if (std::fabs(usd) >= 1e9)
        return QStringLiteral("$") + digits(usd / 1e9) + QStringLiteral(" B");
    if (std::fabs(usd) >= 1e6)
        return QStringLiteral("$") + digits(usd / 1e6) + QStringLiteral(" M");
    if (std::fabs(usd) >= 100) return QStringLiteral("$") + digits(std::round(usd));
    if (usd == 0) return QStringLiteral("$0");
    return QStringLiteral("$") + QString::number(usd, 'f', std::fabs(usd) >= 0.01 ? 2 : 4);
}

QString percent(double fraction) {
    const double p = fraction * 100;
    return QString::number(p, 'f', std::fabs(p) >= 9.995 || p == 0 ? 1 : 2) + QStringLiteral(" %");
}

bool isFraction(const std::string& key) {
    static const std::array<const char*, 8> exact = {
        "mfu",           "hfu",         "slo_attainment", "ettr",
        "interest_rate", "utilization", "share_of_time",  "share"};
    for (const char* name : exact)
        if (key == name) return true;
    return endsWith(key, "_fraction") || endsWith(key, "_utilization");
}

// Field-name suffixes and how their numbers read (longest first where one ends another).
QString withUnit(const std::string& key, double v) {
    if (isFraction(key)) return percent(v);
    if (key.find("usd_per_") != std::string::npos) return money(v);
    if (endsWith(key, "_usd")) return money(v);
    if (endsWith(key, "_gb_s")) return scaled(v, {{1, "GB/s"}, {1e3, "TB/s"}, {1e6, "PB/s"}});
    if (endsWith(key, "_bytes_per_token"))
        return formatField("bytes", v) + QStringLiteral("/token");
    if (endsWith(key, "_bytes") || key == "bytes")
        return scaled(v, {{1, "B"}, {1e3, "kB"}, {1e6, "MB"}, {1e9, "GB"}, {1e12, "TB"}});
    if (endsWith(key, "_gb")) return scaled(v, {{1, "GB"}, {1e3, "TB"}, {1e6, "PB"}});
    if (endsWith(key, "_per_s") || endsWith(key, "_rps")) return digits(v) + QStringLiteral(" /s");
    if (endsWith(key, "_per_hour")) return digits(v) + QStringLiteral(" /h");
    if (endsWith(key, "_ms")) return digits(v) + QStringLiteral(" ms");
    if (endsWith(key, "_ns")) return digits(v) + QStringLiteral(" ns");
    if (endsWith(key, "_days")) return digits(v) + QStringLiteral(" days");
    if (endsWith(key, "_h")) return digits(v) + QStringLiteral(" h");
    if (endsWith(key, "_s")) return seconds(v);
    if (endsWith(key, "_mwh")) return digits(v) + QStringLiteral(" MWh");
    if (endsWith(key, "_kw") || key.rfind("kw_per_", 0) == 0)
        return scaled(v, {{1, "kW"}, {1e3, "MW"}});
    if (endsWith(key, "_w")) return scaled(v, {{1, "W"}, {1e3, "kW"}, {1e6, "MW"}});
    if (endsWith(key, "_j")) return scaled(v, {{1, "J"}, {1e3, "kJ"}, {1e6, "MJ"}});
    if (endsWith(key, "_co2_t")) return digits(v) + QStringLiteral(" t CO₂");
    if (endsWith(key, "_lpm")) return digits(v) + QStringLiteral(" L/min");
    if (endsWith(key, "_cfm")) return digits(v) + QStringLiteral(" CFM");
    if (endsWith(key, "_m3_per_year")) return digits(v) + QStringLiteral(" m³/year");
    if (endsWith(key, "_tons")) return digits(v) + QStringLiteral(" t refrigeration");
    if (endsWith(key, "joules_per_token")) return digits(v) + QStringLiteral(" J/token");
    if (endsWith(key, "tflops_per_device") || endsWith(key, "_tflops"))
        return digits(v) + QStringLiteral(" TFLOP/s");
    if (endsWith(key, "_flops_per_step")) return digits(v) + QStringLiteral(" FLOP");
    return digits(v);
}

}  // namespace

QString formatPlain(double value) {
    return digits(value);
}

QString formatField(const std::string& key, double value) {
    if (!std::isfinite(value)) return QStringLiteral("–");
    return withUnit(key, value);
}

QString formatField(const std::string& key, const nlohmann::json& value) {
    if (value.is_number()) return formatField(key, value.get<double>());
    return escaped(formatScalar(value));
}

QString fieldLabel(const std::string& key) {
    // Unit suffixes go (the value carries its unit); some leave a word in their place.
    static const std::array<std::pair<const char*, const char*>, 22> units = {
        {{"_usd", ""},
         {"_gb_s", ""},
         {"_bytes", ""},
         {"_gb", ""},
         {"_ms", ""},
         {"_ns", ""},
         {"_days", ""},
         {"_per_s", ""},
         {"_s", ""},
         {"_mwh", "_energy"},
         {"_kw", "_power"},
         {"_w", "_power"},
         {"_j", "_energy"},
         {"_co2_t", "_co2"},
         {"_lpm", "_flow"},
         {"_cfm", "_flow"},
         {"_m3_per_year", "_per_year"},
         {"_h", ""},
         {"_tons", ""},
         {"_rps", ""},
         {"_tflops", ""},
         {"_m3", ""}}};
    std::string name = key;
    for (const auto& [unit, word] : units)
        if (endsWith(name, unit) && name.size() > std::strlen(unit)) {
            name.resize(name.size() - std::strlen(unit));
            const std::string added = word;  // not when the name says it already ("heat power")
            if (!added.empty() && name.find(added.substr(1)) == std::string::npos &&
                name.find("heat") == std::string::npos)
                name += added;
            break;
        }
    static const std::array<std::pair<const char*, const char*>, 25> words = {
        {{"mfu", "MFU"},
         {"hfu", "HFU"},
         {"ttft", "TTFT"},
         {"tpot", "TPOT"},
         {"it", "IT"},
         {"pue", "PUE"},
         {"kv", "KV"},
         {"co2", "CO₂"},
         {"slo", "SLO"},
         {"ettr", "ETTR"},
         {"mtbi", "MTBI"},
         {"e2e", "end-to-end"},
         {"tp", "TP"},
         {"pp", "PP"},
         {"dp", "DP"},
         {"ep", "EP"},
         {"cp", "CP"},
         {"usd", "$"},
         {"tflops", "TFLOP/s"},
         {"comm", "communication"},
         {"rps", "requests/s"},
         {"nics", "NICs"},
         {"tco", "TCO"},
         {"kw", "kW"},
         {"capex", "capital cost"}}};
    QStringList parts;
    for (const QString& word :
         QString::fromStdString(name).split(QLatin1Char('_'), Qt::SkipEmptyParts)) {
        QString text = word;
        for (const auto& [from, to] : words)
            if (word == QLatin1String(from)) text = QString::fromUtf8(to);
        parts << text;
    }
    QString label = parts.join(QLatin1Char(' '));
    if (!label.isEmpty() && label[0].isLower() && !label.startsWith(QLatin1String("kW")))
        label[0] = label[0].toUpper();
    return label;
}

std::optional<double> numberAt(const nlohmann::json& root, const std::string& pointer) {
    const nlohmann::json& v = valueAt(root, pointer);
    if (!v.is_number()) return std::nullopt;
    const double x = v.get<double>();
    return std::isfinite(x) ? std::optional<double>(x) : std::nullopt;
}

const nlohmann::json& valueAt(const nlohmann::json& root, const std::string& pointer) {
    static const nlohmann::json null;
    try {
        const nlohmann::json::json_pointer ptr(pointer);
        return root.contains(ptr) ? root.at(ptr) : null;
    } catch (const nlohmann::json::exception&) {
        return null;
    }
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
