#include "core/design/design.h"

#include "catalog/enum_names.h"

#include <algorithm>
#include <array>

namespace infraplan {
namespace {

constexpr std::array<const char*, 8> kItemKindNames{"accelerator", "memory", "switch", "nic",
                                                    "cpu",         "node",   "group",  "fabric"};
constexpr std::array<const char*, 6> kFabricTopologyNames{
    "fat-tree", "rail-optimized", "rail-only", "torus", "dragonfly", "full-mesh"};
constexpr std::array<const char*, 2> kWorkloadModeNames{"training", "inference"};
constexpr std::array<const char*, 3> kTrafficModeNames{"batch", "offline", "poisson"};
constexpr std::array<const char*, 4> kScheduleNames{"1f1b", "interleaved", "gpipe", "zero-bubble"};
constexpr std::array<const char*, 3> kRecomputeNames{"none", "selective", "full"};
constexpr std::array<const char*, 2> kSchedulerNames{"static", "continuous"};
constexpr std::array<const char*, 3> kOverlapTpScopeNames{"full", "backward", "forward"};
constexpr std::array<const char*, 6> kTrainingFrameworkNames{
    "megatron-core",   "nemo", "nemo-bf16-grads", "torchtitan", "torchtitan-compiled-loss",
    "torchtitan-eager"};
constexpr std::array<const char*, 2> kDecodeAttentionNames{"grouped", "per-head"};
constexpr std::array<const char*, 6> kInferenceRuntimeNames{
    "generic", "trt-llm", "vllm", "sglang", "vllm-rocm", "trt-llm-engine"};
constexpr std::array<const char*, 4> kCoolingNames{"air", "rear-door", "direct-liquid",
                                                   "immersion"};

}  // namespace

const char* toString(ItemKind k) {
    return enumName(kItemKindNames, k);
}
std::optional<ItemKind> itemKindFromString(const std::string& name) {
    return enumValue<ItemKind>(kItemKindNames, name);
}
const char* toString(FabricTopology t) {
    return enumName(kFabricTopologyNames, t);
}
std::optional<FabricTopology> fabricTopologyFromString(const std::string& name) {
    return enumValue<FabricTopology>(kFabricTopologyNames, name);
}
const char* toString(WorkloadMode m) {
    return enumName(kWorkloadModeNames, m);
}
std::optional<WorkloadMode> workloadModeFromString(const std::string& name) {
    return enumValue<WorkloadMode>(kWorkloadModeNames, name);
}
const char* toString(TrafficMode m) {
    return enumName(kTrafficModeNames, m);
}
std::optional<TrafficMode> trafficModeFromString(const std::string& name) {
    return enumValue<TrafficMode>(kTrafficModeNames, name);
}
const char* toString(PipelineSchedule s) {
    return enumName(kScheduleNames, s);
}
std::optional<PipelineSchedule> pipelineScheduleFromString(const std::string& name) {
    return enumValue<PipelineSchedule>(kScheduleNames, name);
}
const char* toString(Recompute r) {
    return enumName(kRecomputeNames, r);
}
std::optional<Recompute> recomputeFromString(const std::string& name) {
    return enumValue<Recompute>(kRecomputeNames, name);
}
const char* toString(BatchScheduler s) {
    return enumName(kSchedulerNames, s);
}
std::optional<BatchScheduler> batchSchedulerFromString(const std::string& name) {
    return enumValue<BatchScheduler>(kSchedulerNames, name);
}
const char* toString(OverlapTpScope s) {
    return enumName(kOverlapTpScopeNames, s);
}
std::optional<OverlapTpScope> overlapTpScopeFromString(const std::string& name) {
    return enumValue<OverlapTpScope>(kOverlapTpScopeNames, name);
}
const char* toString(TrainingFramework f) {
    return enumName(kTrainingFrameworkNames, f);
}
std::optional<TrainingFramework> trainingFrameworkFromString(const std::string& name) {
    return enumValue<TrainingFramework>(kTrainingFrameworkNames, name);
}
const char* toString(DecodeAttention a) {
    return enumName(kDecodeAttentionNames, a);
}
std::optional<DecodeAttention> decodeAttentionFromString(const std::string& name) {
    return enumValue<DecodeAttention>(kDecodeAttentionNames, name);
}
const char* toString(InferenceRuntime r) {
    return enumName(kInferenceRuntimeNames, r);
}
std::optional<InferenceRuntime> inferenceRuntimeFromString(const std::string& name) {
    return enumValue<InferenceRuntime>(kInferenceRuntimeNames, name);
}
const char* toString(Cooling c) {
    return enumName(kCoolingNames, c);
}
std::optional<Cooling> coolingFromString(const std::string& name) {
    return enumValue<Cooling>(kCoolingNames, name);
}

const Item* Design::findItem(const std::string& id) const {
    auto it = std::find_if(hardware.items.begin(), hardware.items.end(),
                           [&](const Item& i) { return i.id == id; });
    return it == hardware.items.end() ? nullptr : &*it;
}

Item* Design::findItem(const std::string& id) {
    return const_cast<Item*>(std::as_const(*this).findItem(id));
}

std::string itemPointer(std::size_t index) {
    return "/hardware/items/" + std::to_string(index);
}

std::string linkPointer(std::size_t index) {
    return "/hardware/links/" + std::to_string(index);
}

}  // namespace infraplan
