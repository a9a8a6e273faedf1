#pragma once
// The collectives a step issues, as an explicit list: the step builders (training step, serving
// iteration) cost each collective through a CommModel and note it here with how often one
// device runs it. The network report (results.network) is built from this list, so it says
// exactly what the step does, whatever else was ever asked of the model.

#include <vector>

#include "core/comm/comm_model.h"

namespace infraplan {

struct IssuedCollective {
    CollectiveRequest request;
    CollectiveCost cost;        // one call
    double calls_per_step = 0;  // on one device, per training step or serving iteration
};

class CollectiveLog {
public:
    // Costs `request` on `comm`, notes it as issued `calls` times and returns the cost.
    CollectiveCost issue(const CommModel& comm, const CollectiveRequest& request, double calls);
    // Notes an already costed collective.
    void add(const CollectiveRequest& request, const CollectiveCost& cost, double calls);
    // Another log's entries, each call count multiplied by `factor`.
    void append(const CollectiveLog& other, double factor);

    // Every distinct collective (same operation, dimension and size merge, their calls
    // added), ordered by operation, then dimension, then size.
    std::vector<IssuedCollective> list() const;
    bool empty() const { return m_entries.empty(); }

private:
    std::vector<IssuedCollective> m_entries;
};

}  // namespace infraplan
