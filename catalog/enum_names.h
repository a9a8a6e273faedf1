#pragma once
// Enum <-> file-name mapping from one table of names in enum order, shared by every enum that
// appears in a catalog or design file.

#include <algorithm>
#include <array>
#include <iterator>
#include <optional>
#include <string>

namespace infraplan {

template <class Enum, std::size_t N>
const char* enumName(const std::array<const char*, N>& names, Enum value) {
    auto i = static_cast<std::size_t>(value);
    return i < N ? names[i] : "?";
}

template <class Enum, std::size_t N>
std::optional<Enum> enumValue(const std::array<const char*, N>& names, const std::string& name) {
    auto it = std::find_if(names.begin(), names.end(), [&](const char* n) { return name == n; });
    if (it == names.end()) return std::nullopt;
    return static_cast<Enum>(std::distance(names.begin(), it));
}

}  // namespace infraplan
