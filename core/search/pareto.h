#pragma once
// The Pareto front of points to minimise in both coordinates (step time and cost, say): the
// points no other point beats in one coordinate without losing in the other.

#include <cstddef>
#include <utility>
#include <vector>

namespace infraplan {

// Indices of the non-dominated points, in increasing x (then y). Of points equal in both,
// the first is kept. Non-finite points are left out.
std::vector<std::size_t> paretoFront(const std::vector<std::pair<double, double>>& points);

}  // namespace infraplan
