#include "core/io/report_json.h"

#include "core/io/design_json.h"

namespace infraplan {

nlohmann::json reportToJson(const Design& design, const nlohmann::json& results,
                            const std::string& generator) {
    return {{"generated_by", generator}, {"design", designToJson(design)}, {"results", results}};
}

}  // namespace infraplan
