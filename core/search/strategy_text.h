#pragma once
// A strategy in one line, as the search and sizing outputs and the Plan dialog list it:
// "tp=4 pp=8 dp=8 cp=1 ep=1 mb=1 zero=1 selective v=1 sp" (then overlap-tp, no-overlap-dp,
// offload=ID where set; serving: tp, pp, replicas, max batch).

#include <string>

#include "core/design/design.h"

namespace infraplan {

std::string describeStrategy(const Strategy& strategy, bool inference);

}  // namespace infraplan
