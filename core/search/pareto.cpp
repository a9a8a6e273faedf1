#include "core/search/pareto.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace infraplan {

std::vector<std::size_t> paretoFront(const std::vector<std::pair<double, double>>& points) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (std::isfinite(points[i].first) && std::isfinite(points[i].second)) order.push_back(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return points[a] < points[b]; });
    // Sweeping in increasing x, a point is on the front when its y beats every y before it.
    std::vector<std::size_t> front;
    for (std::size_t i : order)
        if (front.empty() || points[i].second < points[front.back()].second) front.push_back(i);
    return front;
}

}  // namespace infraplan
