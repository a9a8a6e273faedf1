#pragma once
// Where the tests find the repository, their data and the built CLI. Only test_paths.cpp sees the
// build's absolute paths, so every test translation unit compiles the same in any checkout
// (and a compiler cache can share it between checkouts). Plain C++, for benchmarks too.

namespace infraplan::test {

const char* sourceDir();    // the repository root
const char* testDataDir();  // tests/data
const char* cliPath();      // the built infraplan-cli

}  // namespace infraplan::test
