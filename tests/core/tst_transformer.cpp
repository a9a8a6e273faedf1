// Transformer shapes against hand computation: parameter counts (Narayanan's GPT formula and
// published totals), KV-cache bytes, forward FLOPs (Narayanan et al. SC'21), activation memory
// (Korthikanti et al. 2022) and TP sharding of the operator list.
#include <QtTest>

#include <cmath>
#include <string>

#include "core/perf/transformer.h"

using namespace infraplan;

namespace {

catalog::Model gpt(int layers, int hidden, int heads, int vocab) {
    catalog::Model m;
    m.id = "gpt";
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.vocab = vocab;
    m.ffn = catalog::FfnKind::gelu;
    m.tied_embeddings = true;
    return m;
}

catalog::Model llama70b() {
    catalog::Model m;
    m.layers = 80;
    m.hidden = 8192;
    m.heads = 64;
    m.kv_heads = 8;
    m.ffn_hidden = 28672;
    m.ffn = catalog::FfnKind::swiglu;
    m.vocab = 128256;
    return m;
}

catalog::Model mixtral() {
    catalog::Model m;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kv_heads = 8;
    m.ffn_hidden = 14336;
    m.ffn = catalog::FfnKind::swiglu;
    m.vocab = 32000;
    m.moe = catalog::MoeSpec{8, 2, 14336, 0, 0};
    return m;
}

catalog::Model deepseekV3() {
    catalog::Model m;
    m.layers = 61;
    m.hidden = 7168;
    m.heads = 128;
    m.ffn_hidden = 18432;
    m.ffn = catalog::FfnKind::swiglu;
    m.vocab = 129280;
    m.moe = catalog::MoeSpec{256, 8, 2048, 1, 3};
    m.mla = catalog::MlaSpec{1536, 512, 64, 128, 128};
    return m;
}

double relErr(double a, double b) {
    return std::abs(a - b) / std::abs(b);
}

double sumFwdFlops(const std::vector<LayerOp>& ops) {
    double f = 0;
    for (const auto& op : ops)
        f += op.fwd_flops;
    return f;
}

}  // namespace

class TestTransformer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void gptParametersMatchNarayanan() {
        // Narayanan et al. SC'21 §5.1: P = 12lh^2 (1 + 13/(12h) + (V+s)/(12lh)); we count no
        // learned position embeddings (the s term) and add the final LayerNorm (2h).
        const double l = 96, h = 12288, V = 51200;
        const auto c = countParameters(gpt(96, 12288, 96, 51200));
        const double expected = 12 * l * h * h + 13 * l * h + V * h + 2 * h;
        QCOMPARE(c.total, expected);
        QCOMPARE(c.active, c.total);
        QCOMPARE(c.lm_head, 0.0);
        QVERIFY(relErr(c.total, 175e9) < 0.01);
    }
    void publishedTotals() {
        QVERIFY(relErr(countParameters(llama70b()).total, 70.55e9) < 0.005);
        const auto mx = countParameters(mixtral());
        QVERIFY2(relErr(mx.total, 46.7e9) < 0.01, QByteArray::number(mx.total));
        QVERIFY2(relErr(mx.active, 12.9e9) < 0.01, QByteArray::number(mx.active));
        const auto ds = countParameters(deepseekV3());
        // 671B total / 37B activated (DeepSeek-V3 report, main model without the MTP module).
        QVERIFY2(relErr(ds.total, 671e9) < 0.01, QByteArray::number(ds.total));
        QVERIFY2(relErr(ds.active, 37e9) < 0.03, QByteArray::number(ds.active));
        QCOMPARE(ds.moe_layers, 58);
        QCOMPARE(ds.dense_layers, 3);
    }
    void kvCacheBytes() {
        QCOMPARE(kvBytesPerToken(llama70b(), 2), 2.0 * 80 * 8 * 128 * 2);
        QCOMPARE(kvBytesPerToken(deepseekV3(), 1), 61.0 * (512 + 64));
    }
    void forwardFlopsMatchNarayanan() {
        // 72 B s l h^2 (1 + s/6h + V/12lh) per step without recompute = 3x forward.
        const double l = 24, h = 2304, V = 51200, s = 2048;
        const double perToken = 72 * l * h * h * (1 + s / (6 * h) + V / (12 * l * h)) / 3;
        QVERIFY(relErr(forwardFlopsPerToken(gpt(24, 2304, 24, 51200), s), perToken) < 1e-12);
        // ~2N for a model whose attention term is small.
        const auto m = llama70b();
        QVERIFY(relErr(forwardFlopsPerToken(m, 128), 2 * countParameters(m).total) < 0.02);
    }
    void tensorParallelShardsFlops() {
        const auto m = gpt(4, 4096, 32, 51200);
        LayerSharding one;
        one.microbatch = 2;
        one.flash_attention = false;
        std::vector<LayerOp> ops;
        layerOps(m, LayerKind::dense, one, ops);
        const double full = sumFwdFlops(ops);
        // Per layer forward: 24 b s h^2 + 4 b s^2 h.
        const double b = 2, s = 2048, h = 4096;
        QVERIFY(relErr(full, 24 * b * s * h * h + 4 * b * s * s * h) < 1e-12);
        LayerSharding tp = one;
        tp.tp = 8;
        layerOps(m, LayerKind::dense, tp, ops);
        QVERIFY(relErr(sumFwdFlops(ops) * 8, full) < 1e-12);
        LayerSharding cp = one;
        cp.cp = 2;
        layerOps(m, LayerKind::dense, cp, ops);
        QVERIFY(relErr(sumFwdFlops(ops) * 2, full) < 1e-12);
    }
    void moeExpertFlopsFollowTopK() {
        const auto m = mixtral();
        LayerSharding sh;
        sh.ep = 8;
        std::vector<LayerOp> ops;
        layerOps(m, LayerKind::moe, sh, ops);
        double expert = 0;
        for (const auto& op : ops)
            if (op.expert) expert += op.fwd_flops;
        // top_k=2 experts of 3 h f weights per token.
        QVERIFY(relErr(expert, 2.0 * 2048 * 2 * 3 * 4096 * 14336) < 1e-12);
    }
    void activationMemoryMatchesKorthikanti() {
        const auto m = gpt(4, 12288, 96, 51200);
        const double s = 2048, b = 1, h = 12288, a = 96, t = 8;
        LayerSharding sh;
        sh.flash_attention = false;
        const double none = activationBytesPerLayer(m, LayerKind::dense, sh, Recompute::none);
        QVERIFY(relErr(none, s * b * h * (34 + 5 * a * s / h)) < 1e-12);
        sh.tp = 8;
        const double tpOnly = activationBytesPerLayer(m, LayerKind::dense, sh, Recompute::none);
        QVERIFY(relErr(tpOnly, s * b * h * (10 + 24 / t + 5 * a * s / (h * t))) < 1e-12);
        sh.sequence_parallel = true;
        const double tpsp = activationBytesPerLayer(m, LayerKind::dense, sh, Recompute::none);
        QVERIFY(relErr(tpsp, s * b * h / t * (34 + 5 * a * s / h)) < 1e-12);
        const double sel = activationBytesPerLayer(m, LayerKind::dense, sh, Recompute::selective);
        QVERIFY(relErr(sel, s * b * h / t * 34) < 1e-12);
        QCOMPARE(activationBytesPerLayer(m, LayerKind::dense, sh, Recompute::full),
                 2 * s * b * h / t);
        sh.flash_attention = true;
        const double flash = activationBytesPerLayer(m, LayerKind::dense, sh, Recompute::none);
        QVERIFY(flash < sel * 1.001 && flash > sel);
    }
    // A block run eagerly (torchtitan without torch.compile) moves, per token of a Llama 3
    // 70B layer at TP 1 in bf16, beyond the fused kernels: two RMSNorms of six kernels over
    // an fp32 copy (8 + 28 bytes per element against 4), rotary on q and k in fp32 complex
    // numbers (16 bytes more per element), SwiGLU as silu then multiply (4 bytes more).
    void eagerBlocksAddTheUnfusedTraffic() {
        const catalog::Model m = llama70b();
        LayerSharding sh;
        sh.microbatch = 1;
        sh.seq_len = 1;
        std::vector<LayerOp> fused, eager;
        layerOps(m, LayerKind::dense, sh, fused);
        sh.eager_elementwise = true;
        layerOps(m, LayerKind::dense, sh, eager);
        auto bytes = [](const std::vector<LayerOp>& ops) {
            double b = 0;
            for (const LayerOp& op : ops)
                b += op.fwd_bytes;
            return b;
        };
        const double norms = 2 * 8192 * 32.0;
        const double rotary = (8192 + 1024) * 16.0;  // q plus k (8 KV heads x 128)
        const double swiglu = 28672 * 4.0;
        QCOMPARE(bytes(eager) - bytes(fused), norms + rotary + swiglu);
        for (const LayerOp& op : eager)
            if (std::string(op.name).rfind("eager", 0) == 0)
                QCOMPARE(op.bwd_bytes, 1.5 * op.fwd_bytes);
        std::vector<LayerOp> head, eagerHead;
        headOps(m, sh, eagerHead);
        sh.eager_elementwise = false;
        headOps(m, sh, head);
        QCOMPARE(bytes(eagerHead) - bytes(head), 8192 * 32.0);
    }
    void degenerateModelGivesZeroNotNan() {
        catalog::Model empty;
        const auto c = countParameters(empty);
        QCOMPARE(c.total, 0.0);
        std::vector<LayerOp> ops;
        layerOps(empty, LayerKind::dense, LayerSharding{}, ops);
        for (const auto& op : ops)
            QVERIFY(std::isfinite(op.fwd_flops) && op.fwd_bytes >= 0);
        QVERIFY(std::isfinite(forwardFlopsPerToken(empty, 0)));
    }
};

QTEST_GUILESS_MAIN(TestTransformer)
#include "tst_transformer.moc"
