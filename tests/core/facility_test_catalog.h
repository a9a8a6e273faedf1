#pragma once
// A catalog with the facility-relevant figures set explicitly, so the hand computations in the
// facility tests do not move when the seed data changes. Copies from the built-in catalog only
// the entries whose numbers the tests do not use (NVLink, PCIe, NVSwitch), and no `default`
// entries, so the facility parameters are the built-in table's.
#include "catalog/catalog.h"
#include "core/io/design_json.h"

namespace facility_test {

using namespace infraplan;

inline catalog::Catalog makeCatalog() {
    const catalog::Catalog& builtin = catalog::builtinCatalog();
    catalog::Catalog c;
    for (const char* id : {"nvlink-4", "pcie-gen5-x16", "ib-ndr-400"})
        c.put(*builtin.link(id));
    c.put(*builtin.switchEntry("nvidia-nvswitch-gen3"));
    c.put(*builtin.switchEntry("nvidia-quantum-2-qm9700"));
    c.put(*builtin.node("nvidia-dgx-h100"));
    catalog::Accelerator h100 = *builtin.accelerator("nvidia-h100-sxm");
    h100.tdp_w = 700;
    h100.idle_w = 70;
    h100.price_usd = 25000;
    h100.annual_failure_rate = 0.173;  // all causes, Llama 3 (1.97e-5 per GPU-hour)
    c.put(h100);

    catalog::Nic cx7;
    cx7.id = "nvidia-connectx-7";
    cx7.power_w = 25;
    cx7.price_usd = 2500;
    cx7.port_gbps = 400;
    c.put(cx7);

    catalog::NodeTemplate dgx = *c.node("nvidia-dgx-h100");
    dgx.max_power_w = 10200;                      // DGX H100 datasheet
    dgx.host_power_w = 10200 - 8 * 700 - 8 * 25;  // 4,400 W
    dgx.nics = 8;
    dgx.nic = "nvidia-connectx-7";
    dgx.rack_units = 8;
    dgx.price_usd = 300000;  // low end of reseller quotes ($300-450k)
    c.put(dgx);

    catalog::Switch qm9700 = *c.switchEntry("nvidia-quantum-2-qm9700");
    qm9700.power_w = 1720;
    qm9700.price_usd = 30000;
    c.put(qm9700);

    catalog::Link ndr = *c.link("ib-ndr-400");
    ndr.power_w_per_port = 9;  // 400G OSFP at the NIC end (ref §2.5)
    ndr.cost_usd = 1500;
    c.put(ndr);

    // A 72-GPU rack-scale node at ~130 kW (GB200 NVL72 class: 120-132 kW, ref §2.4).
    catalog::Accelerator b200 = h100;
    b200.id = "test-b200-gb";
    b200.tdp_w = 1200;
    b200.idle_w = 120;
    b200.price_usd = 40000;
    c.put(b200);
    catalog::NodeTemplate nvl = dgx;
    nvl.id = "test-nvl72";
    nvl.accelerator = "test-b200-gb";
    nvl.accelerators = 72;
    nvl.nics = 0;
    nvl.nic.clear();
    nvl.nic_link.clear();
    nvl.scaleup_switch.clear();
    nvl.scaleup_switches = 0;
    nvl.scaleup_topology = catalog::ScaleUpTopology::full_mesh;
    nvl.max_power_w = 130000;
    nvl.host_power_w = 130000 - 72 * 1200;
    nvl.rack_units = 48;
    nvl.price_usd = 3000000;
    c.put(nvl);
    return c;
}

inline Design parse(const std::string& body) {
    auto r = parseDesign(R"({"format":"infraplan-design","version":1,)" + body + "}");
    if (!r.ok()) qFatal("%s", r.diagnostics.toString().c_str());
    return *r.design;
}

// 32 DGX H100 on 8 rails of NDR400 (the DGX SuperPOD scalable unit of the examples).
inline Design dgx32(const std::string& facility = "{}", const std::string& economics = "{}") {
    return parse(R"("hardware": {"items": [
        {"id": "dgx", "kind": "node", "ref": "nvidia-dgx-h100", "count": 32},
        {"id": "ib", "kind": "fabric", "topology": "rail-optimized",
         "switch": "nvidia-quantum-2-qm9700", "link": "ib-ndr-400", "tiers": 2, "rails": 8}],
       "links": [{"from": "dgx", "to": "ib", "ref": "ib-ndr-400", "count": 8}]},
      "workload": {"model": "gpt3-175b"},
      "facility": )" +
                 facility + R"(, "economics": )" + economics);
}

}  // namespace facility_test
