// Generation-aware compute (docs/training-engine.md, "Compute"): the roofline takes each
// device's own measured GEMM efficiency per precision, quantizes GEMMs into waves over its
// SMs, and the framework's attention kernel picks the device's flash-attention figure.
#include <QtTest>

#include <cmath>

#include "catalog/catalog.h"
#include "core/perf/roofline.h"
#include "core/perf/training_framework.h"

using namespace infraplan;

namespace {

const catalog::Accelerator& device(const std::string& id) {
    const auto* a = catalog::builtinCatalog().accelerator(id);
    if (!a) qFatal("the built-in catalog has no %s", id.c_str());
    return *a;
}

}  // namespace

class TestGenerationCompute : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // fp8 GEMMs run at the device's measured fp8 fraction of the fp8 peak; a device without
    // one keeps its 16-bit fraction.
    void fp8GemmsUseTheMeasuredFp8Efficiency() {
        const auto& h100 = device("nvidia-h100-sxm");
        const Roofline bf16 = makeRoofline(h100, catalog::Precision::bf16);
        const Roofline fp8 = makeRoofline(h100, catalog::Precision::fp8);
        QCOMPARE(bf16.gemm_efficiency_max, h100.gemm_efficiency_max);
        QCOMPARE(fp8.gemm_efficiency_max, h100.gemm_efficiency_fp8);
        QVERIFY(fp8.gemm_efficiency_max < bf16.gemm_efficiency_max);
        QCOMPARE(fp8.peak_flops, h100.peak(catalog::Precision::fp8) * 1e12);

        catalog::Accelerator unmeasured = h100;
        unmeasured.gemm_efficiency_fp8 = 0;
        QCOMPARE(makeRoofline(unmeasured, catalog::Precision::fp8).gemm_efficiency_max,
                 h100.gemm_efficiency_max);
    }

    // A Megatron GPT-3 175B QKV GEMM at TP 8 on an A100 (m = 2,048 tokens, n = 4,608): 288
    // tiles of 128 x 256 over 108 SMs run in 3 waves, the last one 2/3 full.
    void wavesQuantizeOverTheSms() {
        const Roofline a100 =
            makeRoofline(device("nvidia-a100-sxm-80gb"), catalog::Precision::bf16);
        QCOMPARE(a100.compute_units, 108);
        QVERIFY(std::abs(waveFill(a100, {2048, 4608, 12288, 1}) - 288.0 / 324.0) < 1e-12);
        // Whole waves lose nothing; fewer tiles than SMs are the size factor's business.
        QCOMPARE(waveFill(a100, {128 * 12, 256 * 9, 4096, 1}), 1.0);
        QCOMPARE(waveFill(a100, {512, 512, 4096, 1}), 1.0);
        // The orientation that fills better is taken (tall 3 x 37 = 111 tiles -> 2 waves; wide
        // 6 x 19 = 114 -> 2 waves: 114/216).
        QVERIFY(std::abs(waveFill(a100, {768, 4736, 4096, 1}) - 114.0 / 216.0) < 1e-12);
        // A device without an SM count is not quantized.
        Roofline unknown = a100;
        unknown.compute_units = 0;
        QCOMPARE(waveFill(unknown, {2048, 4608, 12288, 1}), 1.0);
        QVERIFY(gemmEfficiency(a100, GemmShape{2048, 4608, 12288, 1}) <
                gemmEfficiency(unknown, GemmShape{2048, 4608, 12288, 1}));
    }

    // torchtitan's December 2024 stack ran FlashAttention-2 (PyTorch SDPA), the other
    // frameworks the generation's own kernel; on an H100 the two differ 2x.
    void frameworksPickTheirAttentionKernel() {
        QCOMPARE(frameworkAttentionKernel(TrainingFramework::torchtitan),
                 AttentionKernel::flash_attention_2);
        QCOMPARE(frameworkAttentionKernel(TrainingFramework::torchtitan_eager),
                 AttentionKernel::flash_attention_2);
        QCOMPARE(frameworkAttentionKernel(TrainingFramework::torchtitan_compiled_loss),
                 AttentionKernel::generation);
        QCOMPARE(frameworkAttentionKernel(TrainingFramework::megatron_core),
                 AttentionKernel::generation);
        QCOMPARE(frameworkAttentionKernel(TrainingFramework::nemo), AttentionKernel::generation);
        const auto& h100 = device("nvidia-h100-sxm");
        QVERIFY(h100.attention_efficiency > 2 * h100.attention_efficiency_fa2);
    }
};

QTEST_GUILESS_MAIN(TestGenerationCompute)
#include "tst_generation_compute.moc"
