#include "core/comm/rank_layout.h"

#include <optional>
#include <sstream>

namespace infraplan {
namespace {

constexpr std::size_t idx(ParallelDim d) {
    return static_cast<std::size_t>(d);
}

std::optional<ParallelDim> dimFromName(const std::string& s) {
    if (s == "tp") return ParallelDim::tp;
    if (s == "cp") return ParallelDim::cp;
    if (s == "dp") return ParallelDim::dp;
    if (s == "pp") return ParallelDim::pp;
    return std::nullopt;
}

}  // namespace

bool parsePlacement(const std::string& text, RankLayout& layout) {
    if (text.empty() || text == "tp-first") return true;
    const auto first = text.size() > 6 && text.ends_with("-first")
                           ? dimFromName(text.substr(0, text.size() - 6))
                           : std::nullopt;
    if (first) {
        std::array<ParallelDim, 4> order{*first};
        std::size_t n = 1;
        for (ParallelDim d : {ParallelDim::tp, ParallelDim::cp, ParallelDim::dp, ParallelDim::pp})
            if (d != *first) order[n++] = d;
        layout.order = order;
        return true;
    }
    std::array<ParallelDim, 4> order{};
    std::array<bool, 5> seen{};
    std::stringstream in(text);
    std::string part;
    std::size_t n = 0;
    while (std::getline(in, part, '-')) {
        const auto d = dimFromName(part);
        if (!d || n >= 4 || seen[idx(*d)]) return false;
        seen[idx(*d)] = true;
        order[n++] = *d;
    }
    if (n != 4) return false;
    layout.order = order;
    return true;
}

}  // namespace infraplan
