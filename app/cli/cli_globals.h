#pragma once
// Options every infraplan-cli subcommand shares (docs/cli.md).

#include <string>

namespace infraplan::cli {

struct CliGlobals {
    std::string user_catalog;  // --user-catalog FILE, or $INFRAPLAN_USER_CATALOG; "" = default
};

}  // namespace infraplan::cli
