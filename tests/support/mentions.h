#pragma once
// Whether any of a list of messages (reasons, warnings, errors) contains `part`: how the tests
// check that a refusal says where and why without pinning its whole wording.
#include <string>
#include <vector>

namespace infraplan::test {

inline bool mentions(const std::vector<std::string>& messages, const std::string& part) {
    for (const std::string& m : messages)
        if (m.find(part) != std::string::npos) return true;
    return false;
}

}  // namespace infraplan::test
