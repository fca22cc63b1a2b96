//! The per-target cost table `mcc analyze` estimates each layer's cycles with.
//!
//! A layer costs `fixed + mac × MACs + element × output elements` cycles, with the
//! multiply-accumulate price chosen by the layer's output element type (integer or float).
//! The figures are rough estimates per LLVM CPU of the target, one cycle per instruction, with
//! the integer MAC price taken from the exact instruction counts of the MLPerf Tiny models
//! (README's figures: vww runs 2.8 instructions per MAC on the Cortex-M4 with its `smlad` dot
//! products, 4.6 on RV32IMAC, 1.8 on the Cortex-M55; 16x8 kernels cost about 2.5 times int8):
//!
//! | CPU | fixed | mac (int) | mac (float) | element |
//! |---|---|---|---|---|
//! | cortex-m0plus | 200 | 10 | 60 | 10 |
//! | cortex-m3 | 150 | 5 | 40 | 7 |
//! | cortex-m4 | 150 | 3 | 6 | 6 |
//! | cortex-m7 | 120 | 2 | 3 | 4 |
//! | cortex-m33 | 150 | 3 | 6 | 6 |
//! | cortex-m55 | 120 | 2 | 3 | 4 |
//! | generic-rv32 | 150 | 5 | 8 | 7 |
//! | others (host) | 50 | 1 | 1 | 1 |
//!
//! `fixed` covers a kernel's set-up (loop entry, parameter loads), `mac` one product with its
//! loads and accumulation, `element` the requantization, clamping and store of one output
//! element (the only price of operators without MACs). `mc-emu --count` measures a whole
//! inference's instructions exactly on an emulated board.

/// The prices of one CPU, in cycles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Costs {
    /// Per layer.
    pub fixed: u64,
    /// Per integer multiply-accumulate.
    pub mac_int: u64,
    /// Per floating-point multiply-accumulate.
    pub mac_float: u64,
    /// Per output element.
    pub element: u64,
}

/// The table, by LLVM CPU name.
const TABLE: &[(&str, Costs)] = &[
    ("cortex-m0plus", Costs { fixed: 200, mac_int: 10, mac_float: 60, element: 10 }),
    ("cortex-m3", Costs { fixed: 150, mac_int: 5, mac_float: 40, element: 7 }),
    ("cortex-m4", Costs { fixed: 150, mac_int: 3, mac_float: 6, element: 6 }),
    ("cortex-m7", Costs { fixed: 120, mac_int: 2, mac_float: 3, element: 4 }),
    ("cortex-m33", Costs { fixed: 150, mac_int: 3, mac_float: 6, element: 6 }),
    ("cortex-m55", Costs { fixed: 120, mac_int: 2, mac_float: 3, element: 4 }),
    ("generic-rv32", Costs { fixed: 150, mac_int: 5, mac_float: 8, element: 7 }),
];

/// Any other CPU (the host).
const OTHER: Costs = Costs { fixed: 50, mac_int: 1, mac_float: 1, element: 1 };

/// The prices for the LLVM CPU `cpu`.
pub fn costs(cpu: &str) -> Costs {
    TABLE.iter().find(|(name, _)| *name == cpu).map_or(OTHER, |(_, costs)| *costs)
}

impl Costs {
    /// The estimated cycles of a layer of `macs` multiply-accumulates and `elements` output
    /// elements, computing in floating point when `float`.
    pub fn cycles(&self, macs: u64, elements: u64, float: bool) -> u64 {
        let mac = if float { self.mac_float } else { self.mac_int };
        self.fixed + mac * macs + self.element * elements
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_the_doc_table_is_in_the_code() {
        let doc = include_str!("cost.rs");
        for (cpu, c) in TABLE {
            let row = format!("//! | {cpu} | {} | {} | {} | {} |", c.fixed, c.mac_int, c.mac_float, c.element);
            assert!(doc.contains(&row), "the module doc lacks {row}");
        }
        assert_eq!(costs("cortex-m4").cycles(10, 2, false), 150 + 30 + 12);
        assert_eq!(costs("x86-64"), OTHER);
    }
}
