-- Schema version 2: achieved-efficiency and reliability parameters of accelerators.
-- gemm_efficiency_max: measured maximum achievable matmul FLOP/s / dense peak.
-- gemm_half_efficiency_gflop: GEMM size (GFLOP) at which half of that maximum is reached.
-- memory_efficiency: achieved / peak streaming memory bandwidth.
-- launch_overhead_us: per kernel launch. annual_failure_rate: devices failing per device-year.
ALTER TABLE accelerator ADD COLUMN gemm_efficiency_max REAL;
ALTER TABLE accelerator ADD COLUMN gemm_half_efficiency_gflop REAL;
ALTER TABLE accelerator ADD COLUMN memory_efficiency REAL;
ALTER TABLE accelerator ADD COLUMN launch_overhead_us REAL;
ALTER TABLE accelerator ADD COLUMN annual_failure_rate REAL;

CREATE INDEX entry_kind ON entry (kind);
