#include "core/comm/issued_collectives.h"

#include <algorithm>
#include <tuple>

namespace infraplan {

CollectiveCost CollectiveLog::issue(const CommModel& comm, const CollectiveRequest& request,
                                    double calls) {
    CollectiveCost cost = comm.cost(request);
    add(request, cost, calls);
    return cost;
}

void CollectiveLog::add(const CollectiveRequest& request, const CollectiveCost& cost,
                        double calls) {
    if (!(request.bytes > 0)) return;  // nothing moves: not issued
    for (IssuedCollective& e : m_entries)
        if (e.request.op == request.op && e.request.dim == request.dim &&
            e.request.bytes == request.bytes) {
            e.calls_per_step += calls;
            return;
        }
    if (m_entries.empty()) m_entries.reserve(8);  // a step issues a handful: grow once
    m_entries.push_back({request, cost, calls});
}

void CollectiveLog::append(const CollectiveLog& other, double factor) {
    for (const IssuedCollective& e : other.m_entries)
        add(e.request, e.cost, e.calls_per_step * factor);
}

std::vector<IssuedCollective> CollectiveLog::list() const {
    std::vector<IssuedCollective> out = m_entries;
    std::stable_sort(out.begin(), out.end(),
                     [](const IssuedCollective& a, const IssuedCollective& b) {
                         return std::tuple(a.request.op, a.request.dim, a.request.bytes) <
                                std::tuple(b.request.op, b.request.dim, b.request.bytes);
                     });
    return out;
}

}  // namespace infraplan
