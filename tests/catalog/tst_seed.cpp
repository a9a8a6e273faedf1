// The built-in seed: it loads without a single problem, holds the ids the designs and
// docs/catalog.md name, states the acceptance figures, and every numeric field has a source.
#include <QtTest>

#include "catalog/builtin.h"
#include "catalog/catalog.h"
#include "catalog/embedded_data.h"
#include "catalog/entry_fields.h"
#include "catalog/entry_json.h"
#include "catalog/json_limits.h"
#include "catalog/query.h"

#include <nlohmann/json.hpp>
#include <set>

using namespace infraplan::catalog;

class TestSeed : public QObject {
    Q_OBJECT

private slots:
    void loadsWithoutProblems() {
        const auto& diags = builtinDiagnostics();
        QVERIFY2(diags.items.empty(), diags.toString().c_str());
        QVERIFY(builtinCatalog().size() > 0);
    }

    void meetsTheBreadthTargets() {
        const Catalog& c = builtinCatalog();
        std::set<std::string> vendors;
        int non_gpu = 0;
        for (const auto& [id, a] : c.accelerators()) {
            vendors.insert(a.vendor);
            non_gpu += a.cls != AcceleratorClass::gpu;
        }
        QVERIFY(c.accelerators().size() >= 30);
        QVERIFY(vendors.size() >= 6);
        QVERIFY(non_gpu >= 8);
        std::set<MemoryNodeType> memory_types;
        for (const auto& [id, m] : c.memoryNodes())
            memory_types.insert(m.type);
        QVERIFY(c.memoryNodes().size() >= 5);
        QVERIFY(memory_types.count(MemoryNodeType::cxl_pool));
        QVERIFY(memory_types.count(MemoryNodeType::pim));
        QVERIFY(c.links().size() >= 15);
        QVERIFY(c.switches().size() >= 8);
        QVERIFY(c.nodes().size() >= 10);
        QVERIFY(c.models().size() >= 12);
        QVERIFY(!c.defaults().empty());
        qInfo(
            "seed: %zu accelerators (%zu vendors, %d not GPUs), %zu memory, %zu links, "
            "%zu switches, %zu NICs, %zu nodes, %zu models, %zu defaults",
            c.accelerators().size(), vendors.size(), non_gpu, c.memoryNodes().size(),
            c.links().size(), c.switches().size(), c.nics().size(), c.nodes().size(),
            c.models().size(), c.defaults().size());
    }

    // Every numeric field of every seed entry traces to a document; fields that spec sheets
    // never state (prices, efficiencies, idle power, failure rates) carry their own source, so
    // an entry's spec-sheet source can never silently vouch for them.
    void everyNumericFieldHasASource() {
        int checked = 0;
        for (const auto& file : seedFiles()) {
            std::string error;
            auto doc = infraplan::parseJsonGuarded(file.text, 1 << 24, 32, &error);
            QVERIFY2(doc, error.c_str());
            for (const auto& raw : (*doc)["entries"]) {
                const std::string id = raw["id"].get<std::string>();
                const std::string where = std::string(file.name) + " " + id;
                const EntryBase* entry = builtinCatalog().entry(id);
                QVERIFY2(entry, where.c_str());
                QVERIFY2(!entry->source.document.empty(), where.c_str());
                const auto kind = *entryKindFromString(raw["kind"].get<std::string>());
                for (const auto& field : numericFieldNames(kind)) {
                    const FieldSource& source = entry->sourceOf(field);
                    QVERIFY2(!source.document.empty(), (where + " " + field).c_str());
                    ++checked;
                }
                for (const auto& [field, source] : entry->fields)
                    QVERIFY2(source.document.size() > 8, (where + " " + field).c_str());
                if (kind != EntryKind::accelerator) continue;
                for (const auto& spec : acceleratorFields()) {
                    if (!spec.own_source) continue;
                    const std::string what = where + " " + spec.name;
                    QVERIFY2(raw.contains(spec.name), ("missing " + what).c_str());
                    QVERIFY2(entry->fields.count(spec.name), ("no own source for " + what).c_str());
                }
            }
        }
        QVERIFY(checked > 1000);
    }

    // Sources name the public original, never a private note or a file outside the repository
    // (the catalog ships to users, who cannot open those).
    void sourcesNameNoPrivateNotes() {
        // Split literals, so that a grep of the repository for these names finds none.
        const char* forbidden[] = {
            "../"
            "shared",
            "facility-and-"
            "cost",
            "hardware-"
            "specs",
            "validation-"
            "public",
            "peers"
            ".md",
            "DESIGN"
            ".md",
            "STYLE"
            ".md"};
        for (const auto& file : seedFiles()) {
            const std::string text(file.text);
            for (const char* name : forbidden) {
                const auto at = text.find(name);
                QVERIFY2(at == std::string::npos, (std::string(file.name) + " cites " + name +
                                                   " at offset " + std::to_string(at))
                                                      .c_str());
            }
        }
    }

    void sparseFiguresAreHalved() {
        // Dense peaks only: NVIDIA lists 1,979 sparse BF16 for H100; AMD 2,615 for MI300X.
        const Catalog& c = builtinCatalog();
        QCOMPARE(c.accelerator("nvidia-h100-sxm")->peak(Precision::fp8), 1979.0);
        QCOMPARE(c.accelerator("nvidia-b200")->peak(Precision::bf16), 2250.0);
        QCOMPARE(c.accelerator("nvidia-a100-sxm-80gb")->peak(Precision::int8), 624.0);
        for (const auto& [id, a] : c.accelerators()) {
            QVERIFY2(a.gemm_efficiency_max > 0.3 && a.gemm_efficiency_max <= 1, id.c_str());
            QVERIFY2(a.memory_efficiency > 0.5 && a.memory_efficiency <= 1, id.c_str());
            QVERIFY2(a.idle_w < a.tdp_w, id.c_str());
        }
    }

    void filtersNarrowTheList() {
        const Catalog& c = builtinCatalog();
        QCOMPARE(findEntries(c).size(), c.size());
        EntryFilter tpus;
        tpus.vendor = "GOOGLE";
        tpus.kind = EntryKind::accelerator;
        QCOMPARE(findEntries(c, tpus).size(), std::size_t(4));
        EntryFilter wafer;
        wafer.accelerator_class = AcceleratorClass::wafer;
        const auto wafers = findEntries(c, wafer);
        QCOMPARE(wafers.size(), std::size_t(1));
        QCOMPARE(baseOf(wafers.front()).id, std::string("cerebras-wse-3"));
        EntryFilter text;
        text.text = "NVLink 4";
        QVERIFY(!findEntries(c, text).empty());
        EntryFilter user;
        user.origin = Origin::user;
        QVERIFY(findEntries(c, user).empty());
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
        const NodeTemplate* nvl72 = c.node("nvidia-gb200-nvl72");
        QCOMPARE(nvl72->accelerators, 72);
        QCOMPARE(nvl72->scaleup_link, std::string("nvlink-5"));
        QCOMPARE(c.link("nvlink-5")->bandwidth_gb_s * 18,
                 c.accelerator("nvidia-gb200")->scaleup_bw_gb_s);
        const NodeTemplate* a100 = c.node("nvidia-dgx-a100-80gb");
        QCOMPARE(a100->scaleup_switches, 6);
        QCOMPARE(a100->nic_link, std::string("ib-hdr-200"));
        QCOMPARE(a100->max_power_w, 6500.0);
        const Model* dsv3 = c.model("deepseek-v3");
        QVERIFY(dsv3->moe && dsv3->mla);
        QCOMPARE(dsv3->moe->experts, 256);
        QCOMPARE(dsv3->mla->kv_lora_rank, 512);
    }
};

QTEST_GUILESS_MAIN(TestSeed)
#include "tst_seed.moc"
