#pragma once
// ASCII case folding for names, extensions and roles (not for general Unicode text).

#include <algorithm>
#include <cctype>
#include <string>

namespace infraplan::catalog {

inline std::string asciiLower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

}  // namespace infraplan::catalog
