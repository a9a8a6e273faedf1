#include "core/planning/calibration_input.h"

#include <cmath>
#include <cstdlib>

#include "catalog/csv.h"
#include "catalog/utf8.h"
#include "core/io/design_json.h"

namespace infraplan {
namespace {

std::optional<double> positiveMeasure(double v) {
    return v > 0 && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

std::optional<double> readStepTime(const Results& r) {
    return r.training ? positiveMeasure(r.training->step_time_s) : std::nullopt;
}
std::optional<double> readTrainingTokens(const Results& r) {
    return r.training ? positiveMeasure(r.training->tokens_per_s) : std::nullopt;
}
std::optional<double> readTtft(const Results& r) {
    return r.inference ? positiveMeasure(r.inference->ttft_ms.mean) : std::nullopt;
}
std::optional<double> readTpot(const Results& r) {
    return r.inference ? positiveMeasure(r.inference->tpot_ms.mean) : std::nullopt;
}
std::optional<double> readOutputTokens(const Results& r) {
    return r.inference ? positiveMeasure(r.inference->output_tokens_per_s) : std::nullopt;
}

bool isDesignPath(const std::string& column) {
    return column.starts_with('/') || column.find('.') != std::string::npos;
}

std::optional<double> parseMeasuredValue(const std::string& text) {
    if (text.empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) return std::nullopt;
    return positiveMeasure(v);
}

bool isCollectiveColumn(const std::string& column) {
    return column == "collective" || column == "bytes" || column == "ranks";
}

// Columns other than metric, value, note and the collective ones must name a design field.
bool checkColumns(const CsvTable& table, std::vector<std::string>& errors) {
    for (const char* required : {"metric", "value"})
        if (!table.hasColumn(required))
            errors.push_back(std::string("1: the header has no '") + required + "' column");
    for (const std::string& column : table.header)
        if (column != "metric" && column != "value" && column != "note" &&
            !isCollectiveColumn(column) && !isDesignPath(column))
            errors.push_back("1: column '" + column +
                             "' is not metric, value, note, collective, bytes, ranks or a design "
                             "field (strategy.tp or /strategy/tp)");
    return errors.empty();
}

std::optional<Collective> measuredCollective(const std::string& name) {
    if (name == "all_reduce") return Collective::all_reduce;
    if (name == "all_gather") return Collective::all_gather;
    if (name == "reduce_scatter") return Collective::reduce_scatter;
    if (name == "alltoall" || name == "all_to_all") return Collective::all_to_all;
    return std::nullopt;
}

// The nccl-tests columns of a bus_bandwidth_gb_s row; other rows must leave them empty.
void readCollectiveRun(const CsvTable& table, const CsvRow& row, Measurement& m,
                       std::vector<std::string>& errors) {
    const std::string where = std::to_string(row.line) + ": ";
    auto cell = [&](const char* column) {
        return table.hasColumn(column) ? table.cell(row, column) : std::string();
    };
    const bool wanted = m.metric && m.metric->read == nullptr;
    if (!wanted) {
        for (const char* column : {"collective", "bytes", "ranks"})
            if (!cell(column).empty())
                errors.push_back(where + column + ": only bus_bandwidth_gb_s rows name one");
        return;
    }
    CollectiveRun run;
    const auto op = measuredCollective(cell("collective"));
    if (op)
        run.op = *op;
    else
        errors.push_back(where + "collective: '" + cell("collective") +
                         "' is not all_reduce, all_gather, reduce_scatter or alltoall");
    const auto bytes = parseMeasuredValue(cell("bytes"));
    if (bytes && *bytes <= 1e13)
        run.bytes = *bytes;
    else
        errors.push_back(where + "bytes: '" + cell("bytes") +
                         "' is not a size in bytes from 1 to 10^13 (nccl-tests' size column)");
    const auto ranks = parseMeasuredValue(cell("ranks"));
    if (ranks && *ranks >= 2 && *ranks <= 1e7 && *ranks == std::floor(*ranks))
        run.ranks = static_cast<long long>(*ranks);
    else
        errors.push_back(where + "ranks: '" + cell("ranks") +
                         "' is not a whole number of GPUs from 2 to 10,000,000");
    m.collective = run;
}

Measurement readRow(const CsvTable& table, const CsvRow& row, std::vector<std::string>& errors) {
    Measurement m;
    m.line = row.line;
    const std::string where = std::to_string(row.line) + ": ";
    const std::string& metric = table.cell(row, "metric");
    m.metric = measuredMetric(metric);
    if (!m.metric)
        errors.push_back(where + "metric: '" + metric +
                         "' is not one of step_time_s, tokens_per_s, ttft_ms, tpot_ms, "
                         "output_tokens_per_s, bus_bandwidth_gb_s");
    const std::string& value = table.cell(row, "value");
    if (const auto v = parseMeasuredValue(value))
        m.value = *v;
    else
        errors.push_back(where + "value: '" + value + "' is not a positive number");
    for (const std::string& column : table.header)
        if (isDesignPath(column) && !table.cell(row, column).empty())
            m.assignments.push_back(column + "=" + table.cell(row, column));
    if (table.hasColumn("note")) m.note = table.cell(row, "note");
    readCollectiveRun(table, row, m, errors);
    return m;
}

}  // namespace

const std::vector<MeasuredMetric>& measuredMetrics() {
    static const std::vector<MeasuredMetric> all = {
        {"step_time_s", "Step time (s)", true, readStepTime},
        {"tokens_per_s", "Training tokens/s", true, readTrainingTokens},
        {"ttft_ms", "Mean TTFT (ms)", false, readTtft},
        {"tpot_ms", "Mean TPOT (ms)", false, readTpot},
        {"output_tokens_per_s", "Output tokens/s", false, readOutputTokens},
        {"bus_bandwidth_gb_s", "Bus bandwidth (GB/s)", false, nullptr}};
    return all;
}

const MeasuredMetric* measuredMetric(std::string_view id) {
    for (const MeasuredMetric& m : measuredMetrics())
        if (id == m.id) return &m;
    return nullptr;
}

std::optional<std::vector<Measurement>> parseMeasurements(std::string_view csv_text,
                                                          std::vector<std::string>& errors) {
    if (!isValidUtf8(csv_text)) {
        errors.push_back(describeInvalidUtf8(csv_text));
        return std::nullopt;
    }
    std::string parse_error;
    const auto table = parseCsvTable(csv_text, &parse_error);
    if (!table) {
        errors.push_back(parse_error);
        return std::nullopt;
    }
    if (!checkColumns(*table, errors)) return std::nullopt;
    if (table->rows.empty()) errors.push_back("the file has no measurement rows");
    if (table->rows.size() > kMaxMeasurements)
        errors.push_back(std::to_string(table->rows.size()) + " measurements: at most " +
                         std::to_string(kMaxMeasurements) + " are fitted at once");
    if (!errors.empty()) return std::nullopt;
    std::vector<Measurement> out;
    for (const CsvRow& row : table->rows)
        out.push_back(readRow(*table, row, errors));
    if (!errors.empty()) return std::nullopt;
    return out;
}

std::optional<std::vector<Measurement>> readMeasurementsFile(const std::string& path,
                                                             std::vector<std::string>& errors) {
    std::string error;
    const auto text = readTextFile(path, kMaxMeasurementBytes, &error);
    if (!text) {
        errors.push_back(error);
        return std::nullopt;
    }
    std::vector<std::string> problems;
    auto measurements = parseMeasurements(*text, problems);
    for (const std::string& problem : problems)
        errors.push_back(path + ":" + problem);
    return measurements;
}

}  // namespace infraplan
