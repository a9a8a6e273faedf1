// The results contract, field by field (docs/results.md is generated from this table). A key
// added to resultsToJson() must be added here: tst_results_schema fails until it is.
#include "core/results/schema.h"
#include "core/results/schema_section.h"

namespace infraplan {
namespace {

using K = FieldKind;
using U = Unit;
using B = Better;
using schema_detail::Section;

void verdict(std::vector<ResultField>& f) {
    Section s(f, "", Modes::both);
    s.add("feasible", K::flag, U::none, "Feasible",
          "Whether the design can run the workload as planned");
    s.add("cancelled", K::flag, U::none, "Cancelled",
          "The evaluation was stopped on request: no other figure is final",
          "only when the evaluation was cancelled (GUI); then true");
    s.add("reasons", K::texts, U::none, "Reasons",
          "Why the design is not feasible (empty if it is)");
    s.add("warnings", K::texts, U::none, "Warnings",
          "Feasible, but worth knowing: assumptions made, limits approached");
    s.integer("devices", B::neither, "Accelerators", "Accelerators in the expanded design");
    s.add("bottlenecks", K::records, U::none, "Bottlenecks",
          "Where the time goes or what binds, with advice (empty when the engines did not run), "
          "most pressing first: memory beyond capacity, then by share of time, compute-bound "
          "phases last. The first is the leading bottleneck the canvas marks and the report names");
    Section b(f, "bottlenecks[].", Modes::both);
    b.text("resource", "Resource",
           "The resource that binds, e.g. compute, hbm-bandwidth, scale-up link, nic, kv-capacity");
    b.text("phase", "Phase", "The phase it binds in, e.g. forward, dp all-reduce, decode");
    b.number("share_of_time", U::fraction, B::neither, "Share of time",
             "Share of the step (or of serving time) this resource and phase take");
    b.number("utilization", U::fraction, B::neither, "Utilization",
             "How busy the resource is while it binds (0 when not measured)");
    b.text("advice", "Advice", "What would relieve it");
    b.text("item_id", "Design item", "The design item to select on the canvas",
           "when the bottleneck sits on one design item");
}

void errorBands(std::vector<ResultField>& f) {
    Section s(f, "", Modes::both);
    s.add("error_bands", K::records, U::none, "Error bands",
          "Where each headline figure is likely to be measured: the spread of the engine's "
          "residuals on published runs like this design (its accelerator, scale, dense or "
          "mixture of experts); empty for an infeasible design");
    Section b(f, "error_bands[].", Modes::both);
    b.text("metric", "Figure",
           "The results key it covers: a number (training.step_time_s) or every statistic of "
           "a latency (inference.ttft_ms)");
    b.number("low_factor", U::none, B::neither, "Low factor",
             "The measured value is likely at least the figure times this");
    b.number("high_factor", U::none, B::neither, "High factor",
             "The measured value is likely at most the figure times this");
    b.integer("runs", B::neither, "Published runs", "Published runs the band is drawn from");
    b.text("basis", "Basis", "Which runs, and which part of their spread");
    b.add("validated", K::flag, U::none, "Validated",
          "False when the design lies outside what those runs cover");
    b.text("caveat", "Caveat", "How the design lies outside the runs", "when validated is false");
}

void inventory(std::vector<ResultField>& f) {
    Section s(f, "inventory", Modes::both);
    s.add("", K::object, U::none, "Inventory",
          "What the hardware adds up to, before any workload (all zero for an invalid design)");
    Section i(f, "inventory.", Modes::both);
    i.add("items_by_kind", K::map, U::none, "Parts by kind", "Expanded parts, by item kind");
    i.integer("items_by_kind.*", B::neither, "Parts",
              "How many parts of this kind (accelerator, nic, switch, memory, cpu and so on)");
    i.integer("devices", B::neither, "Accelerators", "Accelerators in the expanded design");
    i.add("peak_tflops", K::map, U::none, "Peak compute",
          "Dense peak of all accelerators, by precision (precisions without a peak left out)");
    i.number("peak_tflops.*", U::tflop_per_s, B::neither, "Peak compute",
             "Dense peak at this precision (bf16, fp8 and so on), summed over all accelerators");
    i.number("memory_capacity_gb", U::gigabytes, B::neither, "Device memory",
             "Device memory, summed");
    i.number("memory_bandwidth_gb_s", U::gigabytes_per_s, B::neither, "Device memory bandwidth",
             "Device memory bandwidth, summed");
    i.number("memory_node_capacity_gb", U::gigabytes, B::neither, "Memory pools",
             "Capacity of the memory items (HBM or CXL pools), summed");
    i.add("links_by_type", K::map, U::none, "Links by type", "Physical links, by catalog link id");
    i.integer("links_by_type.*", B::neither, "Links", "Physical links of this catalog link type");
}

void trainingBreakdown(std::vector<ResultField>& f) {
    Section b(f, "training.breakdown", Modes::training);
    b.add("", K::object, U::none, "Step time by phase",
          "Seconds of one step on the critical path by phase; they add up to step_time_s "
          "(communication counts only what overlap does not hide)");
    Section p(f, "training.breakdown.", Modes::training);
    p.number("compute", U::seconds, "Compute", "GEMMs and attention products, recompute included");
    p.number("memory_bound", U::seconds, "Memory-bound",
             "Norms, activations, softmax, dropout, residuals, casts");
    p.number("tp_comm", U::seconds, "TP communication", "Exposed tensor-parallel collectives");
    p.number("pp_comm", U::seconds, "PP communication", "Exposed pipeline sends and receives");
    p.number("dp_comm", U::seconds, "DP communication",
             "Exposed data-parallel gradient collectives");
    p.number("ep_comm", U::seconds, "EP communication", "Exposed expert-parallel all-to-alls");
    p.number("cp_comm", U::seconds, "CP communication", "Exposed context-parallel exchanges");
    p.number("bubble", U::seconds, "Pipeline bubble", "Pipeline fill and drain");
    p.number("overlap", U::seconds, "Overlap interference",
             "Compute slowed by the collectives hidden behind it (their SMs and bandwidth)");
    p.number("optimizer", U::seconds, "Optimizer", "The optimizer update");
    p.number("offload", U::seconds, "Offload",
             "Exposed time streaming offloaded state to and from a memory pool");
}

void trainingOperators(std::vector<ResultField>& f) {
    Section s(f, "training.", Modes::training);
    s.add("operators", K::records, U::none, "Operators",
          "One layer's operators (and the LM head's and the optimizer's) on the slowest stage's "
          "device, as the roofline model timed them: the points of a roofline chart");
    Section o(f, "training.operators[].", Modes::training);
    o.text("name", "Operator",
           "The operator, e.g. qkv-projection, flash-attention, norm-1, optimizer");
    o.number("flops", U::flop, B::neither, "FLOPs",
             "Executed per call on one device, forward and backward");
    o.number("bytes", U::bytes, B::neither, "Memory traffic",
             "Device-memory traffic per call on one device");
    o.number("time_s", U::seconds, "Time per call", "Per call, launch overhead included");
    o.integer("calls_per_step", B::neither, "Calls per step",
              "How often one device runs it in a step");
    o.text("bound", "Bound", "compute or memory: the roof that sets its time");
}

void training(std::vector<ResultField>& f) {
    Section s(f, "training", Modes::training);
    s.add("", K::object, U::none, "Training",
          "What one optimizer step costs and where its time goes",
          "when the training engine could lay out the strategy (not for an invalid design or an "
          "impossible parallel layout)");
    Section t(f, "training.", Modes::training);
    t.number("step_time_s", U::seconds, "Step time", "Wall-clock time of one optimizer step");
    t.number("tokens_per_s", U::tokens_per_s, "Training throughput", "Tokens trained per second");
    t.number("samples_per_s", U::samples_per_s, "Sample throughput",
             "Sequences trained per second");
    t.number("mfu", U::fraction, B::higher, "MFU",
             "Model FLOPs utilization: model FLOPs (PaLM's definition) / (step time × devices "
             "used × peak)");
    t.number("hfu", U::fraction, B::higher, "HFU",
             "Hardware FLOPs utilization: executed FLOPs, recompute included, over the same peak");
    t.number("model_tflops_per_device", U::tflop_per_s, B::higher, "Model FLOP/s per device",
             "Model FLOPs per step / step time / devices used");
    t.number("hardware_tflops_per_device", U::tflop_per_s, B::higher, "Hardware FLOP/s per device",
             "Executed FLOPs per step / step time / devices used");
    t.number("time_to_train_days", U::days, "Time to train",
             "Time to train train_tokens at this throughput, without interruptions (0 when the "
             "workload sets no train_tokens)");
    t.number("model_flops_per_step", U::flop, B::neither, "Model FLOPs per step",
             "Model FLOPs of one step, all devices");
    t.number("hardware_flops_per_step", U::flop, B::neither, "Hardware FLOPs per step",
             "Executed FLOPs of one step (recompute included), all devices");
    t.number("energy_per_step_j", U::joules, "Device energy per step",
             "Devices only: used ones at their load, idle ones at idle power");
    t.number("device_power_w", U::watts, B::neither, "Device power",
             "Average draw of a used device over the step");
    t.number("training_energy_mwh", U::megawatt_hours, "Device energy of the run",
             "Devices only, for train_tokens (0 without train_tokens); energy.training_run_mwh "
             "is the facility's");
    t.number("bubble_fraction", U::fraction, B::lower, "Pipeline bubble",
             "Share of the step spent in pipeline fill and drain");
    t.integer("devices_used", B::neither, "Devices used",
              "Accelerators the parallel layout occupies");
    t.integer("devices_idle", B::lower, "Devices idle", "Accelerators the layout leaves unused");
    t.integer("dp", B::neither, "Data-parallel degree",
              "Resolved from the devices and the other degrees");
    t.integer("micro_batches", B::neither, "Micro-batches",
              "Per pipeline per step (gradient accumulation)");
    trainingBreakdown(f);
    trainingOperators(f);
}

void memory(std::vector<ResultField>& f) {
    Section s(f, "memory", Modes::both);
    s.add("", K::object, U::none, "Memory per device",
          "What one device holds at its peak (training: the most loaded pipeline stage; "
          "serving: weights, activations and the preallocated KV cache)",
          "when the training or inference engine sized the memory");
    Section m(f, "memory.", Modes::both);
    m.number("per_device_bytes", U::bytes, B::neither, "Memory per device",
             "Bytes one device holds at its peak");
    m.number("capacity_bytes", U::bytes, B::neither, "Device capacity",
             "The device's memory capacity");
    m.number("offloaded_bytes", U::bytes, B::neither, "Offloaded per device",
             "Kept in a memory pool per device (strategy.offload; 0 for serving)");
    m.add("breakdown", K::object, U::none, "Memory by component", "Bytes per device by component");
    Section b(f, "memory.breakdown.", Modes::both);
    b.number("weights", U::bytes, B::neither, "Weights",
             "Model parameters in their stored precision (fp8 when the framework keeps fp8 "
             "parameters), after ZeRO-3/FSDP sharding");
    b.number("master_weights", U::bytes, B::neither, "Master weights",
             "The fp32 copy of lower-precision parameters the optimizer updates, after "
             "distributed-optimizer sharding (training; 0 for serving)");
    b.number("gradients", U::bytes, B::neither, "Gradients",
             "Gradient buffers in the precision the framework accumulates and reduces them "
             "(training; 0 for serving)");
    b.number("optimizer", U::bytes, B::neither, "Optimizer state",
             "Adam first and second moments, after distributed-optimizer sharding (training)");
    b.number("activations", U::bytes, B::neither, "Activations",
             "Activations kept for the backward pass (training) or the peak of one forward pass "
             "(serving)");
    b.number("kv_cache", U::bytes, B::neither, "KV cache",
             "The preallocated KV cache pool (serving; 0 for training)");
    b.number("workspace", U::bytes, B::neither, "Workspace",
             "Training: gathered ZeRO-3/FSDP weights, the loss's logits buffers; serving: the "
             "runtime reserve (CUDA context, library workspaces, communication buffers)");
    b.number("fragmentation", U::bytes, B::neither, "Allocator fragmentation",
             "Held by the caching allocator beyond the live tensors (training; 0 for serving)");
    b.number("runtime_reserve", U::bytes, B::neither, "Runtime reserve",
             "CUDA context, library workspaces and communication buffers outside the "
             "framework's allocator (training; serving counts it in workspace)");
}

}  // namespace

const std::vector<ResultField>& resultsSchema() {
    static const std::vector<ResultField> fields = [] {
        std::vector<ResultField> f;
        verdict(f);
        errorBands(f);
        inventory(f);
        training(f);
        schema_detail::addInferenceFields(f);
        memory(f);
        schema_detail::addNetworkFields(f);
        schema_detail::addFacilityFields(f);
        return f;
    }();
    return fields;
}

}  // namespace infraplan
