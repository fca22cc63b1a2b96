//! Overlap allowances in a planning problem: a kernel that writes its output only over input
//! bytes it has finished reading lets that pair share bytes (vMCU, MLSys 2024), within a bound
//! `buffer-to-loop` computes (`conversion::buffer_to_loop::overlap`). A pair with allowance `D`
//! may be placed at any `offset(output) <= offset(input) + D`, besides any disjoint placement.
//!
//! For the greedy placement, every placed buffer that conflicts with the one being placed
//! forbids an open interval of offsets; an allowance narrows it from below (placing the output
//! after its input) or from above (placing the input after its output).

use super::problem::Problem;
use rustc_hash::FxHashMap;

/// Buffer `output` may start at most `max_delta` bytes after buffer `input` (indices into a
/// problem's requests) even though both are live at a common step.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Allowance {
    /// The buffer a kernel writes.
    pub output: usize,
    /// The buffer it reads.
    pub input: usize,
    /// The largest allowed `offset(output) - offset(input)`, in bytes.
    pub max_delta: i64,
}

/// The allowances of a problem by ordered pair `(output, input)` (the tightest when repeated).
#[derive(Clone, Debug, Default)]
pub struct AllowanceIndex {
    by_pair: FxHashMap<(usize, usize), i64>,
}

impl AllowanceIndex {
    /// Indexes `problem`'s allowances.
    pub fn new(problem: &Problem) -> AllowanceIndex {
        let mut by_pair: FxHashMap<(usize, usize), i64> = FxHashMap::default();
        for a in &problem.allowances {
            by_pair.entry((a.output, a.input)).and_modify(|d| *d = (*d).min(a.max_delta)).or_insert(a.max_delta);
        }
        AllowanceIndex { by_pair }
    }

    /// True without allowances.
    pub fn is_empty(&self) -> bool {
        self.by_pair.is_empty()
    }

    /// The offsets `x` that buffer `i` (of `size` bytes) may not take next to buffer `j`, placed at
    /// `offset` with `j_size` bytes, both live at a common step: the open interval `(lo, hi)`
    /// (empty when `hi - lo < 2`). Disjoint placements are always allowed: `(offset - size,
    /// offset + j_size)`; an allowance with `i` as output admits `x <= offset + D`, one with `i` as
    /// input admits `x >= offset - D`.
    pub fn forbidden(&self, i: usize, size: u64, j: usize, offset: u64, j_size: u64) -> (i128, i128) {
        let (offset, size, j_size) = (i128::from(offset), i128::from(size), i128::from(j_size));
        let (mut lo, mut hi) = (offset - size, offset + j_size);
        if self.is_empty() {
            return (lo, hi);
        }
        if let Some(&d) = self.by_pair.get(&(i, j)) {
            lo = lo.max(offset + i128::from(d));
        }
        if let Some(&d) = self.by_pair.get(&(j, i)) {
            hi = hi.min(offset - i128::from(d));
        }
        (lo, hi)
    }

    /// True if `output` at `out_offset` and `input` at `in_offset` may share bytes.
    pub fn allows(&self, output: usize, out_offset: u64, input: usize, in_offset: u64) -> bool {
        self.by_pair
            .get(&(output, input))
            .is_some_and(|&d| i128::from(out_offset) <= i128::from(in_offset) + i128::from(d))
    }
}

/// The most bytes an allowance can save: the largest common part of the pair's byte ranges
/// over the offsets it admits, `min(input, output, output + D)` (0 if negative).
pub fn max_saving(problem: &Problem, allowance: &Allowance) -> u64 {
    let (out, inp) = (&problem.requests[allowance.output], &problem.requests[allowance.input]);
    let by_delta = i128::from(out.size) + i128::from(allowance.max_delta);
    u64::try_from(by_delta.clamp(0, i128::from(out.size.min(inp.size)))).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::problem::{Interval, Request};

    fn problem(allowances: Vec<Allowance>) -> Problem {
        let req = |size| Request { size, alignment: 1, live: Interval::new(0, 0) };
        Problem { allowances, ..Problem::new(vec![req(10), req(20)]) }
    }

    #[test]
    fn an_allowance_narrows_the_forbidden_interval_from_the_right_side() {
        let none = AllowanceIndex::new(&problem(vec![]));
        // Buffer 0 (10 bytes) next to buffer 1 (20 bytes) at 100: 91..=119 are forbidden.
        assert_eq!(none.forbidden(0, 10, 1, 100, 20), (90, 120));
        let p = problem(vec![Allowance { output: 0, input: 1, max_delta: 4 }]);
        let index = AllowanceIndex::new(&p);
        // 0 as the output: up to 104 is allowed.
        assert_eq!(index.forbidden(0, 10, 1, 100, 20), (104, 120));
        // 1 as the input next to the output at 100: from 96 on.
        assert_eq!(index.forbidden(1, 20, 0, 100, 10), (80, 96));
        assert!(index.allows(0, 104, 1, 100) && !index.allows(0, 105, 1, 100) && !index.allows(1, 0, 0, 0));
        assert_eq!(max_saving(&p, &p.allowances[0]), 10);
        let below = Allowance { output: 0, input: 1, max_delta: -7 };
        assert_eq!(max_saving(&problem(vec![below]), &below), 3);
    }
}
