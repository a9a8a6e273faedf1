#include "catalog/entries.h"

#include "catalog/enum_names.h"

namespace infraplan::catalog {
namespace {

constexpr std::array<const char*, kPrecisionCount> kPrecisionNames{
    "fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "fp6", "fp4", "int8", "int4"};
constexpr std::array<const char*, 3> kProvenanceNames{"published", "derived", "estimate"};
constexpr std::array<const char*, 3> kOriginNames{"builtin", "user", "embedded"};
constexpr std::array<const char*, 4> kAcceleratorClassNames{"gpu", "npu", "asic", "wafer"};
constexpr std::array<const char*, 4> kMemoryNodeTypeNames{"hbm-pool", "cxl-expander", "cxl-pool",
                                                          "pim"};
constexpr std::array<const char*, 4> kLinkClassNames{"scale-up", "scale-out", "host", "memory"};
constexpr std::array<const char*, 5> kSwitchClassNames{"nvlink", "infiniband", "ethernet", "pcie",
                                                       "cxl"};
constexpr std::array<const char*, 5> kScaleUpTopologyNames{"switched", "full-mesh", "ring", "torus",
                                                           "pcie"};
constexpr std::array<const char*, 2> kFfnKindNames{"gelu", "swiglu"};

}  // namespace

const char* toString(Precision p) {
    return enumName(kPrecisionNames, p);
}
std::optional<Precision> precisionFromString(const std::string& name) {
    return enumValue<Precision>(kPrecisionNames, name);
}
double bytesPerElement(Precision p) {
    switch (p) {
        case Precision::fp64:
            return 8;
        case Precision::fp32:
        case Precision::tf32:
            return 4;
        case Precision::bf16:
        case Precision::fp16:
            return 2;
        case Precision::fp8:
        case Precision::int8:
            return 1;
        case Precision::fp6:
            return 0.75;
        case Precision::fp4:
        case Precision::int4:
            return 0.5;
    }
    return 2;
}

const char* toString(Provenance p) {
    return enumName(kProvenanceNames, p);
}
std::optional<Provenance> provenanceFromString(const std::string& name) {
    return enumValue<Provenance>(kProvenanceNames, name);
}
const char* toString(Origin o) {
    return enumName(kOriginNames, o);
}
const char* toString(AcceleratorClass c) {
    return enumName(kAcceleratorClassNames, c);
}
std::optional<AcceleratorClass> acceleratorClassFromString(const std::string& name) {
    return enumValue<AcceleratorClass>(kAcceleratorClassNames, name);
}
const char* toString(MemoryNodeType t) {
    return enumName(kMemoryNodeTypeNames, t);
}
std::optional<MemoryNodeType> memoryNodeTypeFromString(const std::string& name) {
    return enumValue<MemoryNodeType>(kMemoryNodeTypeNames, name);
}
const char* toString(LinkClass c) {
    return enumName(kLinkClassNames, c);
}
std::optional<LinkClass> linkClassFromString(const std::string& name) {
    return enumValue<LinkClass>(kLinkClassNames, name);
}
const char* toString(SwitchClass c) {
    return enumName(kSwitchClassNames, c);
}
std::optional<SwitchClass> switchClassFromString(const std::string& name) {
    return enumValue<SwitchClass>(kSwitchClassNames, name);
}
const char* toString(ScaleUpTopology t) {
    return enumName(kScaleUpTopologyNames, t);
}
std::optional<ScaleUpTopology> scaleUpTopologyFromString(const std::string& name) {
    return enumValue<ScaleUpTopology>(kScaleUpTopologyNames, name);
}
const char* toString(FfnKind f) {
    return enumName(kFfnKindNames, f);
}
std::optional<FfnKind> ffnKindFromString(const std::string& name) {
    return enumValue<FfnKind>(kFfnKindNames, name);
}

}  // namespace infraplan::catalog
