#include "tests/support/test_paths.h"

namespace infraplan::test {

const char* sourceDir() {
    return INFRAPLAN_SOURCE_DIR;
}
const char* testDataDir() {
    return INFRAPLAN_TEST_DATA_DIR;
}
const char* cliPath() {
    return INFRAPLAN_CLI_PATH;
}

}  // namespace infraplan::test
