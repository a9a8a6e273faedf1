#pragma once
// One part of a sweep split over machines (`--shard K/N`, docs/planning.md "Shards"): the
// candidates whose index is K-1 modulo N. Every shard sees the same candidate list, so the
// parts are disjoint, cover it whole, and a merge of their outputs equals one run.

#include <cstddef>
#include <optional>
#include <string>

namespace infraplan {

struct Shard {
    int index = 0;  // 0-based: K-1
    int count = 1;  // N
    bool holds(std::size_t candidate) const {
        return candidate % static_cast<std::size_t>(count) == static_cast<std::size_t>(index);
    }
    bool whole() const { return count == 1; }
    std::string text() const { return std::to_string(index + 1) + "/" + std::to_string(count); }
};

// "K/N" with 1 <= K <= N <= 100,000; nullopt otherwise.
inline std::optional<Shard> shardFromString(const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 >= text.size()) return std::nullopt;
    const std::string k = text.substr(0, slash), n = text.substr(slash + 1);
    const auto digits = [](const std::string& s) {
        return s.size() <= 6 && s.find_first_not_of("0123456789") == std::string::npos;
    };
    if (!digits(k) || !digits(n)) return std::nullopt;
    const int kv = std::stoi(k), nv = std::stoi(n);
    if (kv < 1 || nv < 1 || kv > nv || nv > 100'000) return std::nullopt;
    return Shard{kv - 1, nv};
}

}  // namespace infraplan
