-- Schema version 1 of the infraplan hardware catalog.
-- One row in `entry` per catalog entry (every kind), plus one row in the table of its kind
-- holding the kind's fields. Column names are the field names of the JSON/CSV files; units
-- are in the names. NULL = not given. Value ranges are checked by the importer
-- (catalog/entry_fields.cpp), the one place that knows them.
--
-- Sources: `entry.source_document` / `source_provenance` is the source of every numeric field
-- of the entry; `field_source` overrides it for single fields (an estimated price, a derived
-- host power). Provenance: published (a spec sheet or paper states it), derived (computed
-- from published figures), estimate (a judgement; say whose).

CREATE TABLE entry (
    id TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('accelerator', 'memory', 'link', 'switch', 'nic', 'node',
                                       'model', 'default')),
    name TEXT NOT NULL,
    vendor TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    source_document TEXT NOT NULL,
    source_provenance TEXT NOT NULL DEFAULT 'published'
        CHECK (source_provenance IN ('published', 'derived', 'estimate'))
);

CREATE TABLE field_source (
    entry_id TEXT NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    field TEXT NOT NULL,
    document TEXT NOT NULL,
    provenance TEXT NOT NULL CHECK (provenance IN ('published', 'derived', 'estimate')),
    PRIMARY KEY (entry_id, field)
);

CREATE TABLE accelerator (
    id TEXT PRIMARY KEY NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    class TEXT NOT NULL,             -- gpu | npu | asic | wafer
    launch_year INTEGER,
    peak_fp64_tflops REAL,           -- dense peaks (sparse spec figures halved)
    peak_fp32_tflops REAL,
    peak_tf32_tflops REAL,
    peak_bf16_tflops REAL,
    peak_fp16_tflops REAL,
    peak_fp8_tflops REAL,
    peak_fp6_tflops REAL,
    peak_fp4_tflops REAL,
    peak_int8_tops REAL,
    peak_int4_tops REAL,
    memory_gb REAL,
    memory_bw_gb_s REAL,
    sram_mb REAL,
    scaleup_link TEXT,               -- link id
    scaleup_bw_gb_s REAL,            -- per device, per direction
    tdp_w REAL,
    idle_w REAL,
    price_usd REAL
);

CREATE TABLE memory_node (
    id TEXT PRIMARY KEY NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    type TEXT NOT NULL,              -- hbm-pool | cxl-expander | cxl-pool | pim
    capacity_gb REAL,
    bandwidth_gb_s REAL,
    latency_ns REAL,
    compute_tflops REAL,             -- near-memory compute; 0 = none
    link TEXT,                       -- link id it attaches with
    power_w REAL,
    price_usd REAL
);

CREATE TABLE link (
    id TEXT PRIMARY KEY NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    class TEXT NOT NULL,             -- scale-up | scale-out | host | memory
    bandwidth_gb_s REAL,             -- per link (one port or cable), per direction
    latency_ns REAL,
    power_w_per_port REAL,
    cost_usd REAL                    -- optics + cable per link, both ends
);

CREATE TABLE network_switch (
    id TEXT PRIMARY KEY NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    class TEXT NOT NULL,             -- nvlink | infiniband | ethernet | pcie | cxl
    radix INTEGER,
    port_gbps REAL,                  -- per port, per direction
    latency_ns REAL,
    power_w REAL,                    -- typical, without optics
    price_usd REAL
);

CREATE TABLE nic (
    id TEXT PRIMARY KEY NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    port_gbps REAL,
    ports INTEGER,
    power_w REAL,
    price_usd REAL
);

CREATE TABLE node_template (
    id TEXT PRIMARY KEY NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    accelerator TEXT NOT NULL,       -- accelerator id
    accelerators INTEGER,
    scaleup_topology TEXT,           -- switched | full-mesh | ring | torus | pcie
    scaleup_link TEXT,
    scaleup_switch TEXT,
    scaleup_switches INTEGER,
    nic TEXT,
    nics INTEGER,
    nic_link TEXT,
    host_power_w REAL,
    max_power_w REAL,
    price_usd REAL,
    rack_units INTEGER,
    host_memory_gb REAL
);

CREATE TABLE model (
    id TEXT PRIMARY KEY NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    layers INTEGER NOT NULL,
    hidden INTEGER NOT NULL,
    heads INTEGER NOT NULL,
    kv_heads INTEGER,
    ffn_hidden INTEGER,
    ffn TEXT,                        -- gelu | swiglu
    vocab INTEGER NOT NULL,
    tied_embeddings INTEGER,
    published_params_b REAL,
    moe_experts INTEGER,
    moe_top_k INTEGER,
    moe_expert_ffn_hidden INTEGER,
    moe_shared_experts INTEGER,
    moe_dense_layers INTEGER,
    mla_q_lora_rank INTEGER,
    mla_kv_lora_rank INTEGER,
    mla_qk_rope_dim INTEGER,
    mla_qk_nope_dim INTEGER,
    mla_v_head_dim INTEGER
);

CREATE TABLE default_value (
    id TEXT PRIMARY KEY NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    value REAL NOT NULL,
    unit TEXT NOT NULL DEFAULT ''
);
