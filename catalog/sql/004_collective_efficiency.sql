-- Schema version 4: what collectives achieve over a link (0 or NULL = the class default).
-- collective_efficiency: achieved fraction of the link rate (nccl-tests bus bandwidth / rate).
-- collective_latency_us: software latency per algorithm step on top of the wire.
ALTER TABLE link ADD COLUMN collective_efficiency REAL;
ALTER TABLE link ADD COLUMN collective_latency_us REAL;
