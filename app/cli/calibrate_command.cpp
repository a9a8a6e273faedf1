#include "app/cli/calibrate_command.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/cli/design_loading.h"
#include "catalog/import_export.h"
#include "catalog/json_limits.h"
#include "catalog/user_catalog.h"
#include "core/io/design_json.h"
#include "core/planning/calibration_json.h"
#include "core/results/format.h"

namespace infraplan::cli {
namespace {

struct CalibrateArgs {
    DesignArgs design;
    std::string design_path;
    std::string measurements;
    std::vector<std::string> fit;
    std::string output;  // catalog file to write the calibrated entries to
    bool save = false;   // into the user catalog
};

std::string percent(double fraction) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", fraction * 100);
    return text;
}

void printText(const CalibrationResult& r) {
    std::cout << calibratedIds(r) << ": " << r.rows.size() << " measurements, " << r.iterations
              << " iterations, " << r.evaluations << " evaluations\n  parameter"
              << std::string(28, ' ') << "before      after\n";
    for (const FittedParameter& p : r.parameters) {
        char line[160];
        std::snprintf(line, sizeof line, "  %-36s %-11.4g %.4g%s\n", p.label.c_str(), p.before,
                      p.after, p.at_bound ? " (at its bound)" : "");
        std::cout << line;
    }
    std::cout << "  line  metric                  measured     before      after\n";
    for (const CalibratedRow& row : r.rows) {
        char line[200];
        std::snprintf(line, sizeof line, "  %4d  %-22s %10.4g %10.4g %10.4g  %s\n", row.line,
                      row.metric.c_str(), row.measured, row.before, row.after, row.note.c_str());
        std::cout << line;
    }
    std::cout << "  error (RMS / largest): before " << percent(r.rms_before) << " / "
              << percent(r.max_before) << ", after " << percent(r.rms_after) << " / "
              << percent(r.max_after) << "\n";
}

std::optional<std::vector<Measurement>> readMeasurements(const std::string& path) {
    std::vector<std::string> errors;
    auto measurements = readMeasurementsFile(path, errors);
    // Problems in the file are named "PATH:LINE: ..."; a file it cannot read is the command's.
    for (const std::string& e : errors)
        std::cerr << (e.rfind(path + ":", 0) == 0 ? "" : "infraplan-cli calibrate: ") << e << "\n";
    return measurements;
}

// -o FILE and --save: where the calibrated entries go. False (and why on stderr) on failure.
bool writeEntries(const CalibrateArgs& args, const CliGlobals& globals,
                  const std::vector<catalog::AnyEntry>& entries) {
    std::string error;
    if (!args.output.empty() && !catalog::exportEntries(entries, args.output, &error)) {
        std::cerr << "infraplan-cli calibrate: " << error << "\n";
        return false;
    }
    if (!args.save) return true;
    const std::string user =
        globals.user_catalog.empty() ? catalog::defaultUserCatalogPath() : globals.user_catalog;
    if (user.empty() || !catalog::writeUserEntries(user, entries, &error)) {
        std::cerr << "infraplan-cli calibrate: "
                  << (user.empty() ? "no user catalog path (set --user-catalog)" : error) << "\n";
        return false;
    }
    for (const catalog::AnyEntry& entry : entries)
        std::cerr << "saved " << catalog::baseOf(entry).id << " into " << user << "\n";
    return true;
}

void run(const CalibrateArgs& args, const CliGlobals& globals, int& exit_code) {
    const auto loaded =
        loadValidDesign(args.design_path, args.design, globals, cliCatalog(globals));
    const auto measurements = readMeasurements(args.measurements);
    if (!loaded || !measurements) {
        exit_code = kExitInvalid;
        return;
    }
    CalibrationOptions options;
    options.fit = args.fit;
    options.max_devices = args.design.max_devices;
    options.measurements_name = std::filesystem::path(args.measurements).filename().string();
    const CalibrationResult result =
        calibrate(loaded->design, *loaded->catalog, *measurements, options);
    for (const std::string& reason : result.reasons)
        std::cerr << "infraplan-cli calibrate: " << reason << "\n";
    if (args.design.json)
        std::cout << dumpJson(calibrationToJson(result), 2) << "\n";
    else if (result.ok())
        printText(result);
    exit_code =
        result.ok() && writeEntries(args, globals, result.calibrated) ? kExitOk : kExitInvalid;
}

}  // namespace

void addCalibrateCommand(CLI::App& app, const CliGlobals& globals, int& exit_code) {
    auto args = std::make_shared<CalibrateArgs>();
    CLI::App* cmd = designSubcommand(
        app, "calibrate",
        "Fit the accelerator's and links' efficiency parameters to measured step times, serving "
        "figures or nccl-tests bus bandwidth (bounded least squares) and write them as catalog "
        "overrides",
        args->design, true);
    cmd->add_option("DESIGN", args->design_path, "Design file (.json)")->required();
    cmd->add_option("MEASURED", args->measurements,
                    "CSV of measurements: metric,value[,note][,collective,bytes,ranks]"
                    "[,strategy.FIELD...]")
        ->required();
    cmd->add_option("--fit", args->fit,
                    "Parameters to fit (default gemm_efficiency_max,memory_efficiency)")
        ->delimiter(',');
    cmd->add_flag("--json", args->design.json, "Print the fit as JSON");
    cmd->add_option("-o,--output", args->output,
                    "Write the calibrated entries to a catalog file (.json, .csv, .sqlite)");
    cmd->add_flag("--save", args->save, "Save the calibrated entries into the user catalog");
    cmd->callback([&globals, &exit_code, args] { run(*args, globals, exit_code); });
}

}  // namespace infraplan::cli
