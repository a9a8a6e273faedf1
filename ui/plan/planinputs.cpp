#include "ui/plan/planinputs.h"

#include "core/io/design_json.h"

namespace infraplan::ui {

nlohmann::json planInputs(const Design& design, PlanScope scope) {
    Design inputs = design;
    inputs.name.clear();
    inputs.description.clear();
    inputs.layout = nlohmann::json::object();
    if (scope == PlanScope::ignoreStrategy) inputs.strategy = {};
    return designToJson(inputs);
}

}  // namespace infraplan::ui
