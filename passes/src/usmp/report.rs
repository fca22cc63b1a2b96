//! The residency report: where every planned buffer lives (pool, bank, offset, size, live
//! interval, the algorithm that placed it, the input it overlaps, the state a persistent buffer
//! keeps across invocations, the tensors that are views of it, the `PAD` folded into its
//! writer, why an edge transpose's copy is not a view), per pool its size, lower bound, peak
//! step and whether its plan is proven optimal (else its gap to the bound), the
//! constants, the peaks of the functions `buffer-reorder-for-memory` reordered (given order and
//! chosen order), the functions `buffer-patch` runs tile by tile (run, grid, and the lower bound
//! of the patched schedule beside the operator-at-a-time one), and two layout hashes — of the plan, and of the plan with the constants' contents
//! — that are stable across runs and machines, so a build can assert its layout did not change
//! (heliaAOT's model). Written as JSON (`usmp{residency-report=...}`); [`super::svg`] draws it.

use serde::Serialize;

/// The whole report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ResidencyReport {
    /// The algorithm option the pass ran with.
    pub algorithm: String,
    /// FNV-1a 64 of the plan (pools, and each buffer's function, name, role, pool, offset, size,
    /// live interval), as 16 hex digits.
    pub layout_hash: String,
    /// FNV-1a 64 of the plan and every constant's name and bytes.
    pub layout_and_constants_hash: String,
    /// The pools.
    pub pools: Vec<PoolReport>,
    /// Every planned buffer.
    pub buffers: Vec<BufferReport>,
    /// The constant buffers (read in place, or staged into a RAM pool).
    pub constants: Vec<ConstantReport>,
    /// The functions whose operators `buffer-reorder-for-memory` reordered (absent when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub operator_orders: Vec<OperatorOrderReport>,
    /// The functions whose first layers `buffer-patch` runs tile by tile (absent when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub patches: Vec<PatchReport>,
}

/// A function whose first layers run tile by tile, to lower its peak.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PatchReport {
    /// The function.
    pub function: String,
    /// How many kernels, from the first, run tile by tile.
    pub layers: u64,
    /// The tile grid over the run's last output: rows, columns.
    pub tiles: [u64; 2],
    /// The most bytes of inter-operator tensors live at one step unpatched (kernel workspaces
    /// not counted), as `buffer-patch` estimated them.
    pub original_peak: u64,
    /// The same patched.
    pub peak: u64,
    /// The lower bound of planning the function's scratch buffers (kernel workspaces included,
    /// the model's inputs and outputs not) as patched: no plan of this schedule is lower.
    pub lower_bound: u64,
    /// The same bound for the function unpatched, every operator producing its whole output
    /// before the next starts (`buffer-patch` lowers a copy to measure it, with overlaps allowed
    /// as `usmp`'s default `overlap=true` plans): what patching saves is the difference.
    pub operator_at_a_time_lower_bound: u64,
}

/// A function run in another order than the model gave, to lower its peak.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OperatorOrderReport {
    /// The function.
    pub function: String,
    /// The most bytes of inter-operator tensors live at one step in the model's order (kernel
    /// workspaces not counted), as `buffer-reorder-for-memory` measured them.
    pub original_peak: u64,
    /// The same in the order chosen, which the plan follows.
    pub peak: u64,
}

/// One pool (arena).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PoolReport {
    /// Its symbol.
    pub name: String,
    /// Its bank.
    pub bank: String,
    /// `scratch` or `persistent`.
    pub role: String,
    /// Bytes (the largest plan of any function, aligned).
    pub size: u64,
    /// Start alignment.
    pub alignment: u64,
    /// The bank's budget, if any.
    pub capacity: Option<u64>,
    /// The function whose plan sets the size.
    pub function: String,
    /// That plan's height.
    pub occupied: u64,
    /// The most bytes live at one step of that function, less what declared overlaps (a
    /// kernel's output over the input it consumes) may share there: no plan is lower.
    pub lower_bound: u64,
    /// The step where that many bytes are live.
    pub peak_step: u32,
    /// Number of steps of that function.
    pub steps: u32,
    /// True if that plan is proven optimal: it meets the lower bound, or the exact search
    /// proved no lower plan exists.
    pub proven_optimal: bool,
    /// When not proven optimal, how far above the lower bound that plan is, in bytes (the
    /// optimum lies between the two).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gap_to_lower_bound: Option<u64>,
}

/// One planned buffer.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BufferReport {
    /// The function it belongs to.
    pub function: String,
    /// Its name (the model's tensor name when imported).
    pub name: String,
    /// The kernel writing it first or whose workspace it is (`conv_2d`; absent when unknown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub op: Option<String>,
    /// `scratch` or `persistent`.
    pub role: String,
    /// Its bank.
    pub bank: String,
    /// Its pool.
    pub pool: String,
    /// `input N` or `output N` for a function argument planned into the pool
    /// (`use-workspace-io`); absent for other buffers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub io: Option<String>,
    /// Byte offset in the pool.
    pub offset: u64,
    /// Bytes.
    pub size: u64,
    /// Alignment.
    pub alignment: u64,
    /// First and last step (inclusive).
    pub live: [u32; 2],
    /// The algorithm that placed it.
    pub algorithm: String,
    /// The buffer it shares bytes with although both are live (the input its kernel consumes
    /// as it writes this output; absent when none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overlaps: Option<String>,
    /// For a persistent buffer, the state it holds across invocations (absent for scratch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub persistent_state: Option<StateReport>,
    /// The tensors that are views of it (a contiguous slice, a producer of an in-place
    /// concatenation, a reshape): they live in its bytes and have no storage of their own
    /// (absent when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub views: Vec<ViewReport>,
    /// The `PAD` folded into the kernel writing it (`graph-fold-pad`; the pad's tensor name):
    /// that kernel pads its input itself, no padded copy exists (absent when none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub folded_pad: Option<String>,
    /// Why it holds a copy of a model input's `TRANSPOSE` (or the output a model output's
    /// `TRANSPOSE` copies) instead of being a view: the op needing row-major data
    /// (`buffer-transpose-views`; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_a_view: Option<String>,
}

/// A tensor living inside a planned buffer's bytes.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ViewReport {
    /// Its name (the model's tensor name when imported).
    pub name: String,
    /// Its first byte, from the buffer's start.
    pub offset: u64,
    /// Bytes from its first to its last element.
    pub size: u64,
}

/// State kept in a persistent buffer from one invocation to the next.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StateReport {
    /// The byte `model_init` and `model_reset_state` fill it with (its zero point, or 0).
    pub initial_byte: u8,
}

/// One constant buffer.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ConstantReport {
    /// Its symbol.
    pub name: String,
    /// Bytes.
    pub size: u64,
    /// The constant pool it is staged into at initialization (absent: read in place).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub staged: Option<StagedReport>,
}

/// Where a staged constant lives.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StagedReport {
    /// The bank.
    pub bank: String,
    /// The constant pool.
    pub pool: String,
    /// The offset in it.
    pub offset: u64,
}

/// FNV-1a, 64 bits: a tiny, fixed, platform-independent hash for layout fingerprints.
pub fn fnv1a64(bytes: &[u8], mut state: u64) -> u64 {
    for &byte in bytes {
        state ^= u64::from(byte);
        state = state.wrapping_mul(0x0000_0100_0000_01B3);
    }
    state
}

/// FNV-1a's offset basis: the state to start from.
pub const FNV_OFFSET: u64 = 0xCBF2_9CE4_8422_2325;

impl ResidencyReport {
    /// The hash of the plan: pools and buffers in report order, as text.
    pub fn plan_hash(pools: &[PoolReport], buffers: &[BufferReport], constants: &[ConstantReport]) -> u64 {
        let mut state = FNV_OFFSET;
        for p in pools {
            let line = format!("pool {} {} {} {} {}\n", p.name, p.bank, p.role, p.size, p.alignment);
            state = fnv1a64(line.as_bytes(), state);
        }
        for b in buffers {
            let line = format!(
                "buffer {} {} {} {} {} {} {} {}\n",
                b.function, b.name, b.role, b.pool, b.offset, b.size, b.live[0], b.live[1]
            );
            state = fnv1a64(line.as_bytes(), state);
        }
        for c in constants {
            if let Some(staged) = &c.staged {
                let line = format!("staged {} {} {} {}\n", c.name, staged.pool, staged.offset, c.size);
                state = fnv1a64(line.as_bytes(), state);
            }
        }
        state
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serializes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_its_reference_values() {
        // The published FNV-1a 64 test vectors.
        assert_eq!(fnv1a64(b"", FNV_OFFSET), 0xCBF2_9CE4_8422_2325);
        assert_eq!(fnv1a64(b"a", FNV_OFFSET), 0xAF63_DC4C_8601_EC8C);
        assert_eq!(fnv1a64(b"foobar", FNV_OFFSET), 0x8594_4171_F739_67E8);
    }
}
