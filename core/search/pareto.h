#pragma once
// The Pareto front of points to minimise in both coordinates (step time and cost, say): the
// points no other point beats in one coordinate without losing in the other.

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace infraplan {

// Indices of the non-dominated points, in increasing x (then y). Of points equal in both,
// the first is kept. Non-finite points are left out.
std::vector<std::size_t> paretoFront(const std::vector<std::pair<double, double>>& points);

// The front of found points (a search's, a merge of shards'), each read through `index`, `x`
// and `y`: of points equal in both coordinates the lowest index is kept, so the front does
// not depend on which worker or shard found which point.
template <class Point, class Index, class X, class Y>
std::vector<Point> paretoFrontByIndex(std::vector<Point> points, Index index, X x, Y y) {
    std::sort(points.begin(), points.end(),
              [&](const Point& a, const Point& b) { return index(a) < index(b); });
    std::vector<std::pair<double, double>> xy;
    xy.reserve(points.size());
    for (const Point& p : points)
        xy.emplace_back(x(p), y(p));
    std::vector<Point> front;
    for (std::size_t i : paretoFront(xy))
        front.push_back(std::move(points[i]));
    return front;
}

}  // namespace infraplan
