#pragma once
// What an engine has to say besides its numbers: reasons that make the design infeasible and
// warnings worth knowing. evaluate() appends them to Results in pipeline order.

#include <string>
#include <vector>

namespace infraplan {

struct EngineMessages {
    bool feasible = true;
    std::vector<std::string> reasons;   // why not feasible
    std::vector<std::string> warnings;  // feasible, but worth knowing

    void fail(std::string reason) {
        feasible = false;
        reasons.push_back(std::move(reason));
    }
};

}  // namespace infraplan
