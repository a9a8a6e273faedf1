#include "core/design/variants.h"

#include <algorithm>
#include <utility>

namespace infraplan {

const Design* findVariant(const Design& design, const std::string& name) {
    const auto it = std::find_if(design.variants.begin(), design.variants.end(),
                                 [&](const Design& v) { return v.name == name; });
    return it == design.variants.end() ? nullptr : &*it;
}

Design variantOf(const Design& design, std::string name) {
    Design variant;
    variant.name = std::move(name);
    Design state = design;
    swapVariantState(variant, state);
    return variant;
}

Design standaloneVariant(const Design& base, const Design& variant) {
    Design out = variant;
    out.variants.clear();
    out.catalog = base.catalog;
    out.extra = base.extra;
    return out;
}

void swapVariantState(Design& design, Design& state) {
    std::swap(design.hardware, state.hardware);
    std::swap(design.workload, state.workload);
    std::swap(design.strategy, state.strategy);
    std::swap(design.facility, state.facility);
    std::swap(design.economics, state.economics);
    std::swap(design.layout, state.layout);
}

std::string uniqueVariantName(const Design& design, const std::string& stem) {
    std::string name = stem;
    for (int n = 2; findVariant(design, name); ++n)
        name = stem + " (" + std::to_string(n) + ")";
    return name;
}

}  // namespace infraplan
