#include "core/comm/comm_model.h"

#include <array>

#include "catalog/enum_names.h"

namespace infraplan {
namespace {
constexpr std::array<const char*, 5> kCollectiveNames{"all-reduce", "reduce-scatter", "all-gather",
                                                      "all-to-all", "send-recv"};
constexpr std::array<const char*, 5> kDimNames{"tp", "cp", "ep", "dp", "pp"};
}  // namespace

const char* toString(Collective c) {
    return enumName(kCollectiveNames, c);
}
const char* toString(ParallelDim d) {
    return enumName(kDimNames, d);
}

std::string collectiveName(const CollectiveRequest& r) {
    return std::string(toString(r.dim)) + " " + toString(r.op);
}

}  // namespace infraplan
