// The inference engine end to end on designs whose answers can be computed by hand:
// batch-1 decode against the bandwidth bound, KV capacity, a Poisson load with an SLO,
// overload, speculative decoding, disaggregation, offload and the JSON section.

#include <QtTest>
#include <nlohmann/json.hpp>

#include "core/perf/inference_engine.h"
#include "core/perf/inference_setup.h"
#include "core/perf/inference_step.h"
#include "core/perf/transformer.h"
#include "inference_fixtures.h"

using namespace infraplan;
using catalog::Precision;

namespace {

// Llama 3 70B parameters by hand (config.json: 80 layers, h 8192, 64 heads, 8 KV heads of 128,
// SwiGLU 28672, vocab 128256, untied): attention q,o 8192^2 each, k,v 8192x1024 each; MLP
// 3 x 8192 x 28672; two RMSNorms per layer and a final one.
constexpr double kLlama70Embedding = 128256.0 * 8192;
constexpr double kLlama70PerLayer =
    2 * 8192.0 * 8192 + 2 * 8192.0 * 1024 + 3 * 8192.0 * 28672 + 2 * 8192;
constexpr double kLlama70Params = 2 * kLlama70Embedding + 80 * kLlama70PerLayer + 8192;

Design llama70(int devices, int tp) {
    Design d = test::servingDesign("nvidia-h100-sxm", devices, "llama3-70b", Precision::fp8, tp);
    d.workload.kv_precision = Precision::fp8;
    return d;
}

// Smaller goodput probes than the product's defaults keep the suite fast (also under ASan).
Results run(const Design& d, const CommModel* comm) {
    InferenceOptions options;
    options.goodput_requests = 600;
    options.bisection_steps = 8;
    return test::inferenceOnly(d, catalog::builtinCatalog(), comm, options);
}
}  // namespace

class TestInference : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void batchOneDecodeIsBandwidthBound() {
        Design d = llama70(4, 4);
        d.workload.traffic.mode = TrafficMode::batch;
        d.workload.traffic.batch_size = 1;
        d.workload.traffic.prompt_tokens = TokenCount::fixed(128);
        d.workload.traffic.output_tokens = TokenCount::fixed(257);
        const double beta = 0.8 * 450e9, alpha = 5e-6;
        test::RingComm comm(4, beta, alpha);
        Results r = run(d, &comm);
        QVERIFY2(r.feasible, r.reasons.empty() ? "" : r.reasons[0].c_str());
        // By hand: every step streams the weight shard (all but the embedding table, which is
        // only gathered) and the KV cache at the achieved HBM bandwidth, plus 2 ring
        // all-reduces of one token's activations per layer. Each weight GEMM also pays its
        // MMA time at the large-GEMM rate, which a GEMV cannot hide under its weight stream
        // (the engine's ridge term; ~0.4% here).
        const catalog::Accelerator& h100 =
            *catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
        const double bw = h100.memory_bw_gb_s * 1e9 * h100.memory_efficiency;
        const double weights = (kLlama70Params - kLlama70Embedding) * 1.0 / 4;
        const double meanContext = 128 + 1 + 255 / 2.0;
        const double kv = meanContext * 2 * 80 * 8 * 128 * 1.0 / 4;
        const double allReduce = 2.0 * 3 / 4 * 8192 * 2 / beta + 2 * 3 * alpha;
        const double gemm =
            2 * weights /
            (h100.peak(Precision::fp8) * 1e12 * h100.gemm_efficiency_max);  // 2 FLOPs per fp8 byte
        const double handMs = 1e3 * ((weights + kv) / bw + gemm + 160 * allReduce);
        const double modelMs = r.inference->tpot_ms.p50;
        qInfo("batch-1 decode: model %.3f ms, bandwidth bound by hand %.3f ms (%+.2f%%)", modelMs,
              handMs, 100 * (modelMs / handMs - 1));
        QVERIFY(std::abs(modelMs / handMs - 1) < 0.05);
        QCOMPARE(r.inference->binding_resource, std::string("hbm-bandwidth"));
    }

    void kvCapacityMatchesHandComputation() {
        Design d = llama70(4, 4);
        d.workload.traffic.mode = TrafficMode::offline;  // batches up to max_batch = 256
        d.workload.requests = 1000;
        Results r = run(d, nullptr);
        QVERIFY(r.feasible);
        // Per device: 90% of 80 GB usable, minus the fp8 weight shard, minus the activations
        // of one 8192-token pass (residual, normed input, attention output at full width; QKV
        // and 1.5x the SwiGLU up-projection sharded over 4; bf16) and 256 fp32 logit rows.
        const double usable = 0.9 * 80e9;
        const double weights = kLlama70Params / 4;
        const double perToken = 2.0 * (3 * 8192 + (10240 + 1.5 * 2 * 28672) / 4);
        const double activations = 8192 * perToken + 256 * 4.0 * 128256 / 4;
        const double kvPerToken = 2.0 * 80 * 8 * 128 * 1 / 4;  // fp8, 2 of 8 KV heads
        const long long tokens =
            static_cast<long long>((usable - weights - activations) / kvPerToken) / 16 * 16;
        qInfo("KV tokens per replica: engine %lld, by hand %lld",
              r.inference->kv_tokens_per_replica, tokens);
        QCOMPARE(r.inference->kv_tokens_per_replica, tokens);
        QCOMPARE(r.inference->kv_bytes_per_token, 2.0 * 80 * 8 * 128);
        // Default traffic: 512 + 128 tokens = 40 blocks a sequence.
        QCOMPARE(r.inference->max_concurrent_sequences, std::min(256LL, tokens / 640));
    }

    void gqaAndMlaKvPerDevice() {
        const catalog::Model& m = *catalog::builtinCatalog().model("llama3-70b");
        const catalog::Accelerator& h100 =
            *catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
        InferenceStepModel tp8(m, h100, {Precision::bf16, Precision::bf16, 2}, {8, 1, 1}, nullptr);
        QCOMPARE(tp8.kvBytesPerTokenPerDevice(), 2.0 * 80 * 1 * 128 * 2);
        // 16 ranks, 8 KV heads: each head is held twice, a device keeps one.
        InferenceStepModel tp16(m, h100, {Precision::bf16, Precision::bf16, 2}, {16, 1, 1},
                                nullptr);
        QCOMPARE(tp16.kvBytesPerTokenPerDevice(), 2.0 * 80 * 1 * 128 * 2);
        catalog::Model mla = m;
        mla.mla = catalog::MlaSpec{1536, 512, 64, 128, 128};
        InferenceStepModel latent(mla, h100, {Precision::fp8, Precision::fp8, 2}, {8, 1, 1},
                                  nullptr);
        QCOMPARE(latent.kvBytesPerTokenPerDevice(), 80.0 * (512 + 64) * 1);  // replicated
    }

    void poissonReportsLatencyAttainmentAndGoodput() {
        Design d = llama70(8, 4);
        d.workload.traffic.mode = TrafficMode::poisson;
        d.workload.traffic.rate_per_s = 2;
        d.workload.traffic.prompt_tokens = {1024, 4096, "", nlohmann::json::object()};
        d.workload.traffic.output_tokens = {256, 1024, "", nlohmann::json::object()};
        d.workload.slo = {2000, 100, 90, nlohmann::json::object()};
        d.workload.requests = 1500;
        test::RingComm comm(4, 0.8 * 450e9, 5e-6);
        Results r = run(d, &comm);
        QVERIFY(r.feasible);
        const InferenceResults& inf = *r.inference;
        qInfo(
            "poisson 2/s: TTFT p50 %.1f p99 %.1f ms, TPOT p50 %.2f p99 %.2f ms, attainment "
            "%.3f, goodput %.2f req/s",
            inf.ttft_ms.p50, inf.ttft_ms.p99, inf.tpot_ms.p50, inf.tpot_ms.p99, inf.slo_attainment,
            inf.goodput_rps.value_or(-1));
        QVERIFY(inf.ttft_ms.p50 > 0 && inf.ttft_ms.p99 >= inf.ttft_ms.p90);
        QVERIFY(inf.ttft_ms.p90 >= inf.ttft_ms.p50);
        QVERIFY(inf.tpot_ms.p50 > 0 && inf.tpot_ms.p99 >= inf.tpot_ms.p50);
        QVERIFY(inf.slo_attainment > 0.9);
        QVERIFY(inf.goodput_rps && *inf.goodput_rps > 2);
        QVERIFY(!inf.overloaded);

        // Far past the goodput: attainment falls, the run stays bounded and says why.
        d.workload.traffic.rate_per_s = 20 * *inf.goodput_rps;
        Results over = run(d, &comm);
        QVERIFY(over.inference->slo_attainment < inf.slo_attainment);
        QVERIFY(over.inference->slo_attainment < 0.5);
        QVERIFY(over.inference->overloaded);
        bool warned = false;
        for (const auto& w : over.warnings)
            warned |= w.find("exceeds the serving") != w.npos;
        QVERIFY(warned);
    }

    void speculativeDecodingCutsBatchOneLatency() {
        Design d = llama70(4, 4);
        d.workload.traffic.batch_size = 1;
        d.workload.traffic.output_tokens = TokenCount::fixed(200);
        Results plain = run(d, nullptr);
        d.strategy.speculative = SpeculativeOptions{"llama3-8b", 4, 0.8};
        Results spec = run(d, nullptr);
        QVERIFY(spec.feasible);
        QVERIFY(spec.inference->tokens_per_decode_step > 3);
        QVERIFY(spec.inference->tpot_ms.p50 < 0.7 * plain.inference->tpot_ms.p50);
        QVERIFY(spec.memory->breakdown.weights > plain.memory->breakdown.weights);
    }

    void disaggregatedPoolsServe() {
        Design d = llama70(16, 4);
        d.strategy.disaggregated = Disaggregation{1, 3};
        d.workload.traffic.mode = TrafficMode::poisson;
        d.workload.traffic.rate_per_s = 1;
        d.workload.requests = 500;
        test::RingComm comm(4, 0.8 * 450e9, 5e-6);
        Results r = run(d, &comm);
        QVERIFY(r.feasible);
        QCOMPARE(r.inference->requests_finished, 500LL);
        QCOMPARE(r.inference->devices_used, 16LL);
    }

    void kvOffloadAddsCapacityAtItsLinkBandwidth() {
        Design d = llama70(4, 4);
        d.workload.traffic.mode = TrafficMode::offline;
        d.workload.traffic.prompt_tokens = TokenCount::fixed(8192);
        d.workload.traffic.output_tokens = TokenCount::fixed(1024);  // ~256 resident
        d.workload.requests = 600;
        Results local = run(d, nullptr);
        QVERIFY(local.feasible);
        Item pool;
        pool.id = "pool";
        pool.kind = ItemKind::memory;
        pool.ref = "generic-cxl-pool-1tb";
        d.hardware.items.push_back(pool);
        d.hardware.links.push_back({"gpus", "pool", "cxl-2", 4, nlohmann::json::object()});
        d.strategy.kv_offload = "pool";
        Results offload = run(d, nullptr);
        QVERIFY(offload.feasible);
        const double perToken = 2.0 * 80 * 8 * 128;  // fp8 KV of a token, all 4 shards
        const long long added =
            offload.inference->kv_tokens_per_replica - local.inference->kv_tokens_per_replica;
        QCOMPARE(added, static_cast<long long>(1024e9 / perToken));
        QVERIFY(offload.inference->max_concurrent_sequences >
                local.inference->max_concurrent_sequences);
        bool linkShown = false;
        for (const auto& b : offload.bottlenecks)
            linkShown |= b.resource == "kv-offload-link";
        QVERIFY(linkShown);
    }

    void continuousBatchingBeatsStaticOnGoodput() {
        Design d = llama70(4, 4);
        d.workload.traffic.mode = TrafficMode::poisson;
        d.workload.traffic.rate_per_s = 1;
        d.workload.traffic.prompt_tokens = {512, 2048, "", nlohmann::json::object()};
        d.workload.traffic.output_tokens = {128, 1024, "", nlohmann::json::object()};
        d.workload.slo = {3000, 0, 90, nlohmann::json::object()};
        d.workload.requests = 500;
        d.strategy.max_batch = 64;
        Results continuous = run(d, nullptr);
        d.strategy.scheduler = BatchScheduler::static_;
        Results batched = run(d, nullptr);
        qInfo("goodput: continuous %.2f req/s, static %.2f req/s",
              *continuous.inference->goodput_rps, *batched.inference->goodput_rps);
        QVERIFY(*continuous.inference->goodput_rps > 1.2 * *batched.inference->goodput_rps);
    }

    // Pre-XQA decode kernels re-read each KV head once per query head of its group: Llama 3
    // 70B has 8 query heads per KV head, so a step reads 7 more copies of the KV cache.
    void perHeadDecodeAttentionRereadsKv() {
        Design d = llama70(4, 4);
        EngineMessages r;
        const auto grouped = buildServingSetup(d, catalog::builtinCatalog(), nullptr, 10, r);
        d.strategy.decode_attention = DecodeAttention::per_head;
        const auto perHead = buildServingSetup(d, catalog::builtinCatalog(), nullptr, 10, r);
        QVERIFY(grouped && perHead);
        const double context = 64 * 4096;  // 64 sequences of 4k tokens
        const StepShape shape{64, context, 0, 0, 0};
        const double extra_s =
            perHead->step->stepTime(shape).total_s - grouped->step->stepTime(shape).total_s;
        const catalog::Accelerator& h100 =
            *catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
        const double bw = h100.memory_bw_gb_s * 1e9 * h100.memory_efficiency;
        const double hand_s = 7 * context * (2.0 * 80 * 2 * 128) / bw;  // fp8, 2 KV heads/GPU
        qInfo("per-head attention: +%.3f ms per step, by hand %.3f ms", extra_s * 1e3,
              hand_s * 1e3);
        QVERIFY(std::abs(extra_s / hand_s - 1) < 1e-6);
    }

    void tooLargeModelIsInfeasibleWithReason() {
        Design d = test::servingDesign("nvidia-h100-sxm", 1, "llama3-70b", Precision::bf16, 1);
        Results r = run(d, nullptr);
        QVERIFY(!r.feasible);
        QVERIFY(!r.reasons.empty() && r.reasons[0].find("memory") != std::string::npos);
    }

    void hostileInputsStayFiniteAndBounded() {
        Design d = llama70(4, 3);  // TP 3: 64 heads and 8 KV heads do not divide evenly
        d.workload.seq_len = 10'000'000;
        d.workload.traffic.mode = TrafficMode::poisson;
        d.workload.traffic.rate_per_s = 1e9;
        d.workload.traffic.output_tokens = {20000, 9e6, "", nlohmann::json::object()};
        d.workload.slo = {100, 10, 99, nlohmann::json::object()};
        d.workload.requests = 500;
        Results r = run(d, nullptr);
        // 1e9 requests/s finishes none: infeasible with the reason, and no latencies (null).
        QVERIFY(r.inference && r.inference->requests_finished == 0);
        QVERIFY(!r.feasible);
        bool said = false;
        for (const std::string& reason : r.reasons)
            said |= reason.find("no request finished") != std::string::npos;
        QVERIFY(said);
        nlohmann::json j;
        writeInferenceJson(r, j);
        QVERIFY(j["inference"]["ttft_ms"].is_null());
        std::function<void(const nlohmann::json&)> finite = [&](const nlohmann::json& v) {
            if (v.is_number()) QVERIFY(std::isfinite(v.get<double>()) && v.get<double>() >= 0);
            if (v.is_structured())
                for (const auto& x : v)
                    finite(x);
        };
        finite(j);
        QVERIFY(r.inference->slo_attainment < 0.01);
        QVERIFY(!r.warnings.empty());
    }

    void jsonSectionUsesContractNames() {
        Design d = llama70(4, 4);
        Results r = run(d, nullptr);
        nlohmann::json j;
        writeInferenceJson(r, j);
        for (const char* key : {"ttft_ms", "tpot_ms", "output_tokens_per_s",
                                "throughput_tokens_per_s", "slo_attainment", "goodput_rps"})
            QVERIFY2(j["inference"].contains(key), key);
        QVERIFY(j["inference"]["ttft_ms"].contains("p99"));
        QVERIFY(j["inference"]["tpot_ms"].contains("p90"));
    }
};

QTEST_GUILESS_MAIN(TestInference)
#include "tst_inference.moc"
