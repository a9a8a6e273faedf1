// The built-in seed: it loads without a single problem, holds the ids the designs and DESIGN.md
// §5 name, states the acceptance figures, and every numeric field has a source.
#include <QtTest>

#include "catalog/builtin.h"
#include "catalog/catalog.h"
#include "catalog/entry_fields.h"
#include "catalog/entry_json.h"

using namespace infraplan::catalog;

class TestSeed : public QObject {
    Q_OBJECT

private slots:
    void loadsWithoutProblems() {
        const auto& diags = builtinDiagnostics();
        QVERIFY2(diags.items.empty(), diags.toString().c_str());
        QVERIFY(builtinCatalog().size() > 0);
    }

    void holdsTheExampleAndDesignIds() {
        const Catalog& c = builtinCatalog();
        for (const char* id : {"nvidia-h100-sxm", "nvidia-a100-sxm-80gb", "amd-mi300x"})
            QVERIFY2(c.accelerator(id), id);
        for (const char* id : {"nvidia-dgx-h100", "nvidia-dgx-a100-80gb"})
            QVERIFY2(c.node(id), id);
        for (const char* id :
             {"nvlink-3", "nvlink-4", "ib-ndr-400", "ib-hdr-200", "pcie-gen5-x16", "cxl-2"})
            QVERIFY2(c.link(id), id);
        for (const char* id :
             {"nvidia-nvswitch-gen3", "nvidia-quantum-2-qm9700", "nvidia-quantum-qm8700"})
            QVERIFY2(c.switchEntry(id), id);
        QVERIFY(c.nic("nvidia-connectx-7"));
        QVERIFY(c.memory("generic-cxl-pool-1tb"));
        for (const char* id : {"llama3-70b", "gpt3-175b"})
            QVERIFY2(c.model(id), id);
    }

    void h100AcceptanceFigures() {
        const Accelerator* h100 = builtinCatalog().accelerator("nvidia-h100-sxm");
        QVERIFY(h100);
        QCOMPARE(h100->peak(Precision::bf16), 989.0);
        QCOMPARE(h100->memory_gb, 80.0);
        QCOMPARE(h100->memory_bw_gb_s, 3350.0);
        QCOMPARE(h100->tdp_w, 700.0);
        QVERIFY(!h100->sourceOf("peak_bf16_tflops").document.empty());
        QCOMPARE(h100->sourceOf("price_usd").provenance, Provenance::estimate);
        QVERIFY(std::abs(h100->gemm_efficiency_max - 794.5 / 989) < 0.005);
    }

    void mi300xAcceptanceFigures() {
        const Accelerator* mi = builtinCatalog().accelerator("amd-mi300x");
        QVERIFY(mi);
        QCOMPARE(mi->peak(Precision::bf16), 1307.0);
        QCOMPARE(mi->memory_gb, 192.0);
        QCOMPARE(mi->memory_bw_gb_s, 5300.0);
        QCOMPARE(mi->tdp_w, 750.0);
        QVERIFY(mi->sourceOf("memory_bw_gb_s").document.find("MI300X") != std::string::npos);
    }

    void nodesAndLinksMeanWhatTheySay() {
        const Catalog& c = builtinCatalog();
        const NodeTemplate* dgx = c.node("nvidia-dgx-h100");
        QCOMPARE(dgx->accelerators, 8);
        QCOMPARE(dgx->scaleup_switches, 4);
        QCOMPARE(dgx->nics, 8);
        QCOMPARE(dgx->nic_link, std::string("ib-ndr-400"));
        QCOMPARE(dgx->max_power_w, 10200.0);
        // NVLink bandwidth is per link per direction: 18 links make an H100's 450 GB/s.
        QCOMPARE(c.link("nvlink-4")->bandwidth_gb_s * 18,
                 c.accelerator("nvidia-h100-sxm")->scaleup_bw_gb_s);
        QCOMPARE(c.link("nvlink-3")->bandwidth_gb_s * 12,
                 c.accelerator("nvidia-a100-sxm-80gb")->scaleup_bw_gb_s);
        QCOMPARE(c.link("ib-ndr-400")->bandwidth_gb_s, 50.0);
        QCOMPARE(c.memory("generic-cxl-pool-1tb")->type, MemoryNodeType::cxl_pool);
    }
};

QTEST_GUILESS_MAIN(TestSeed)
#include "tst_seed.moc"
