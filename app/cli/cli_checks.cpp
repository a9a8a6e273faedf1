#include "app/cli/cli_checks.h"

#include <cstdio>
#include <iostream>

#include "app/cli/design_loading.h"
#include "catalog/file_io.h"
#include "core/common/shard.h"

namespace infraplan::cli {

std::string withThousands(long long value) {
    std::string digits = std::to_string(value < 0 ? -value : value);
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(static_cast<std::size_t>(i), ",");
    return (value < 0 ? "-" : "") + digits;
}

CLI::Validator wholeNumberBetween(long long min, long long max) {
    const std::string range = "from " + withThousands(min) + " to " + withThousands(max);
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            long long value = 0;
            std::size_t used = 0;
            try {
                value = std::stoll(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used == text.size() && used > 0 && value >= min && value <= max) return {};
            return "must be a whole number " + range + ", got \"" + text + "\"";
        },
        "INT " + range);
}

CLI::Validator shardSpec() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            if (shardFromString(text)) return {};
            return "must be K/N with 1 <= K <= N <= 100,000, got \"" + text + "\"";
        },
        "K/N");
}

CLI::Validator secondsUpTo(double max) {
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            double value = 0;
            std::size_t used = 0;
            try {
                value = std::stod(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used == text.size() && used > 0 && value > 0 && value <= max) return {};
            char limit[32];
            std::snprintf(limit, sizeof limit, "%g", max);
            return std::string("must be a number of seconds above 0 and at most ") + limit +
                   ", got \"" + text + "\"";
        },
        "SECONDS");
}

CLI::Validator assignment() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            const auto eq = text.find('=');
            if (eq != std::string::npos && eq > 0) return {};
            return "expects PATH=VALUE (e.g. strategy.tp=4), got \"" + text + "\"";
        },
        "PATH=VALUE");
}

bool outputOverwritesInput(const std::string& command, const std::string& output,
                           const std::vector<std::string>& inputs) {
    for (const std::string& input : inputs) {
        if (!sameFile(output, input)) continue;
        std::cerr << "infraplan-cli " << command << ": " << output << " is the input " << input
                  << "; writing it would replace it (choose another output file)\n";
        return true;
    }
    return false;
}

bool writeOutputFile(const std::string& command, const std::string& path,
                     const std::string& bytes) {
    std::string error;
    if (writeFileAtomically(path, bytes, &error)) return true;
    std::cerr << "infraplan-cli " << command << ": " << error << "\n";
    return false;
}

}  // namespace infraplan::cli
