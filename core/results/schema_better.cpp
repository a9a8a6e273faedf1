// Which way a results field improves: the unit's default and the lookup the compare views use
// (the per-field directions are stated in schema_fields*.cpp).
#include "core/results/schema.h"

namespace infraplan {

const char* toString(Better better) {
    switch (better) {
        case Better::lower:
            return "lower";
        case Better::higher:
            return "higher";
        case Better::neither:
            return "neither";
    }
    return "";
}

std::optional<Better> betterByUnit(Unit unit) {
    switch (unit) {
        case Unit::seconds:
        case Unit::milliseconds:
        case Unit::nanoseconds:
        case Unit::days:
        case Unit::usd:
        case Unit::usd_per_hour:
        case Unit::usd_per_year:
        case Unit::usd_per_million_tokens:
        case Unit::watts:
        case Unit::kilowatts:
        case Unit::megawatt_hours:
        case Unit::joules:
        case Unit::joules_per_token:
        case Unit::tonnes_co2:
        case Unit::cubic_metres_per_year:
            return Better::lower;
        case Unit::tokens_per_s:
        case Unit::samples_per_s:
        case Unit::requests_per_s:
            return Better::higher;
        default:
            return std::nullopt;
    }
}

Better betterDirection(std::string_view key) {
    const ResultField* field = findResultField(key);
    return field && field->better ? *field->better : Better::neither;
}

}  // namespace infraplan
