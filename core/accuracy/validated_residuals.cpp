#include "core/accuracy/validated_residuals.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "catalog/csv.h"

namespace infraplan {
namespace {

constexpr const char* kColumns[] = {"id",     "split",   "family", "device",  "vendor",
                                    "metric", "devices", "moe",    "residual"};

template <typename T>
bool parseNumber(const std::string& text, T& out) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && ptr == end;
}

std::string formatResidual(double residual) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", residual);
    return text;
}

}  // namespace

std::vector<ValidatedResidual> parseResiduals(std::string_view text, std::string* error) {
    const auto table = parseCsvTable(text, error);
    if (!table) return {};
    for (const char* column : kColumns)
        if (!table->hasColumn(column)) {
            if (error) *error = std::string("residuals: no column ") + column;
            return {};
        }
    std::vector<ValidatedResidual> out;
    for (const CsvRow& row : table->rows) {
        ValidatedResidual r;
        r.id = table->cell(row, "id");
        r.split = table->cell(row, "split");
        r.family = table->cell(row, "family");
        r.device = table->cell(row, "device");
        r.vendor = table->cell(row, "vendor");
        r.metric = table->cell(row, "metric");
        r.moe = table->cell(row, "moe") == "1";
        if (!parseNumber(table->cell(row, "devices"), r.devices) ||
            !parseNumber(table->cell(row, "residual"), r.residual) || !std::isfinite(r.residual) ||
            r.residual <= -1) {
            if (error) *error = "residuals: line " + std::to_string(row.line) + " is malformed";
            return {};
        }
        out.push_back(std::move(r));
    }
    return out;
}

std::string residualsCsv(const std::vector<ValidatedResidual>& residuals) {
    std::string out;
    for (const char* column : kColumns)
        out += std::string(out.empty() ? "" : ",") + column;
    out += '\n';
    for (const ValidatedResidual& r : residuals)
        out += csvCell(r.id) + ',' + r.split + ',' + csvCell(r.family) + ',' + r.device + ',' +
               csvCell(r.vendor) + ',' + r.metric + ',' + std::to_string(r.devices) + ',' +
               (r.moe ? "1" : "0") + ',' + formatResidual(r.residual) + '\n';
    return out;
}

const std::vector<ValidatedResidual>& validatedResiduals() {
    static const std::vector<ValidatedResidual> all = [] {
        std::vector<ValidatedResidual> rows;
        for (const catalog::EmbeddedFile& file : catalog::validatedResidualFiles()) {
            std::vector<ValidatedResidual> part = parseResiduals(file.text, nullptr);
            rows.insert(rows.end(), part.begin(), part.end());
        }
        return rows;
    }();
    return all;
}

}  // namespace infraplan
