#pragma once
// What every subcommand checks the same way: option values (usage errors, exit 2, in words
// people write) and outputs that would overwrite an input.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace infraplan::cli {

// "1,000,000".
std::string withThousands(long long value);
// An integer option within [min, max]: "must be a whole number from 1 to 10,000,000, got 0".
CLI::Validator wholeNumberBetween(long long min, long long max);
// A part of a sharded run: "K/N" with 1 <= K <= N <= 100,000 (core/common/shard.h).
CLI::Validator shardSpec();
// A number of seconds within (0, max].
CLI::Validator secondsUpTo(double max);
// One `--set` assignment: PATH=VALUE with a non-empty PATH.
CLI::Validator assignment();

// True (with a message on stderr) when `output` names one of `inputs`: writing it would
// destroy what is being read.
bool outputOverwritesInput(const std::string& command, const std::string& output,
                           const std::vector<std::string>& inputs);

// Write an output file whole or not at all (catalog/file_io.h); false, with the file and the
// system's reason on stderr, when it cannot be written.
bool writeOutputFile(const std::string& command, const std::string& path, const std::string& bytes);

}  // namespace infraplan::cli
