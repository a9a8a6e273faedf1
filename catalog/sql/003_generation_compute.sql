-- Schema version 3: generation-aware compute parameters of accelerators.
-- gemm_efficiency_fp8: measured maximum achievable fp8 matmul FLOP/s / dense fp8 peak.
-- compute_units: SMs / CUs a GEMM's output tiles spread over (wave quantization).
-- attention_efficiency: flash-attention forward / dense 16-bit peak, the generation's kernel.
-- attention_efficiency_fa2: the same with FlashAttention-2.
ALTER TABLE accelerator ADD COLUMN gemm_efficiency_fp8 REAL;
ALTER TABLE accelerator ADD COLUMN compute_units INTEGER;
ALTER TABLE accelerator ADD COLUMN attention_efficiency REAL;
ALTER TABLE accelerator ADD COLUMN attention_efficiency_fa2 REAL;
