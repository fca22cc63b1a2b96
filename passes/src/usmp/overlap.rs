//! Overlap allowances in a planning problem: a kernel that writes its output only over input
//! bytes it has finished reading lets that pair share bytes (vMCU, MLSys 2024), within a bound
//! `buffer-to-loop` computes (`conversion::buffer_to_loop::overlap`). With `delta =
//! offset(output) - offset(input)`, a kernel computing rows in increasing order admits any
//! `delta <= D` ([`DeltaBound::AtMost`]: the output starts below the input), one computing them in
//! decreasing order any `delta >= D` ([`DeltaBound::AtLeast`]: the output ends above it), besides
//! any disjoint placement.
//!
//! For the greedy placement, every placed buffer that conflicts with the one being placed
//! forbids an open interval of offsets; an allowance narrows it from one side.

use super::problem::Problem;
use mc_dialects::buffer::DeltaBound;
use rustc_hash::FxHashMap;

/// Buffer `output` may share bytes with buffer `input` (indices into a problem's requests)
/// placed as `bound` admits, even though both are live at a common step.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Allowance {
    /// The buffer a kernel writes.
    pub output: usize,
    /// The buffer it reads.
    pub input: usize,
    /// The admitted `offset(output) - offset(input)`, in bytes.
    pub bound: DeltaBound,
}

impl Allowance {
    /// True if the output at `out_offset` and the input at `in_offset` may share bytes.
    pub fn admits(&self, out_offset: u64, in_offset: u64) -> bool {
        self.bound.admits(i128::from(out_offset) - i128::from(in_offset))
    }
}

/// The allowances of a problem by ordered pair `(output, input)`. A pair given several
/// allowances keeps the tightest of one side; given both sides (which no kernel states), it
/// keeps none: sharing bytes is then never assumed (a disjoint placement always validates).
#[derive(Clone, Debug, Default)]
pub struct AllowanceIndex {
    by_pair: FxHashMap<(usize, usize), Option<DeltaBound>>,
}

impl AllowanceIndex {
    /// Indexes `problem`'s allowances.
    pub fn new(problem: &Problem) -> AllowanceIndex {
        let mut by_pair: FxHashMap<(usize, usize), Option<DeltaBound>> = FxHashMap::default();
        for a in &problem.allowances {
            let merged = match by_pair.get(&(a.output, a.input)) {
                None => Some(a.bound),
                Some(None) => None,
                Some(&Some(known)) => match (known, a.bound) {
                    (DeltaBound::AtMost(x), DeltaBound::AtMost(y)) => Some(DeltaBound::AtMost(x.min(y))),
                    (DeltaBound::AtLeast(x), DeltaBound::AtLeast(y)) => Some(DeltaBound::AtLeast(x.max(y))),
                    _ => None,
                },
            };
            by_pair.insert((a.output, a.input), merged);
        }
        AllowanceIndex { by_pair }
    }

    /// True if some pair's allowances were dropped (given on both sides): the index then admits
    /// fewer placements than the problem (and the validator) do, so a plan optimal for the index
    /// is not proven optimal for the problem.
    pub fn drops_allowances(&self) -> bool {
        self.by_pair.values().any(Option::is_none)
    }

    /// True without allowances.
    pub fn is_empty(&self) -> bool {
        self.by_pair.is_empty()
    }

    /// The bound of the pair `(output, input)`, if it has one.
    fn bound(&self, output: usize, input: usize) -> Option<DeltaBound> {
        self.by_pair.get(&(output, input)).copied().flatten()
    }

    /// The offsets `x` that buffer `i` (of `size` bytes) may not take next to buffer `j`, placed at
    /// `offset` with `j_size` bytes, both live at a common step: the open interval `(lo, hi)`
    /// (empty when `hi - lo < 2`). Disjoint placements are always allowed: `(offset - size,
    /// offset + j_size)`. With `i` as the output, `AtMost(D)` admits `x <= offset + D` and
    /// `AtLeast(D)` admits `x >= offset + D`; with `i` as the input, they admit `x >= offset - D`
    /// and `x <= offset - D`.
    pub fn forbidden(&self, i: usize, size: u64, j: usize, offset: u64, j_size: u64) -> (i128, i128) {
        let (offset, size, j_size) = (i128::from(offset), i128::from(size), i128::from(j_size));
        let (mut lo, mut hi) = (offset - size, offset + j_size);
        if self.is_empty() {
            return (lo, hi);
        }
        match self.bound(i, j) {
            Some(DeltaBound::AtMost(d)) => lo = lo.max(offset + i128::from(d)),
            Some(DeltaBound::AtLeast(d)) => hi = hi.min(offset + i128::from(d)),
            None => {}
        }
        match self.bound(j, i) {
            Some(DeltaBound::AtMost(d)) => hi = hi.min(offset - i128::from(d)),
            Some(DeltaBound::AtLeast(d)) => lo = lo.max(offset - i128::from(d)),
            None => {}
        }
        (lo, hi)
    }

    /// True if `output` at `out_offset` and `input` at `in_offset` may share bytes.
    pub fn allows(&self, output: usize, out_offset: u64, input: usize, in_offset: u64) -> bool {
        self.bound(output, input).is_some_and(|b| b.admits(i128::from(out_offset) - i128::from(in_offset)))
    }
}

/// The most bytes an allowance can save: the largest common part of the pair's byte ranges
/// over the offsets it admits (0 if none). With the input at 0 and the output at `d`, the common
/// part `min(si, d + so) - max(0, d)` is largest for `d` between `min(0, si - so)` and
/// `max(0, si - so)` (`min(si, so)`), and falls off linearly outside: `AtMost(D)` reaches
/// `so + D` below, `AtLeast(D)` reaches `si - D` above.
pub fn max_saving(problem: &Problem, allowance: &Allowance) -> u64 {
    let (so, si) = (problem.requests[allowance.output].size, problem.requests[allowance.input].size);
    saving(allowance.bound, so, si)
}

/// [`max_saving`] of an output of `out_size` bytes over an input of `in_size` bytes that `bound`
/// lets share bytes.
pub fn saving(bound: DeltaBound, out_size: u64, in_size: u64) -> u64 {
    let (so, si) = (i128::from(out_size), i128::from(in_size));
    let edge = match bound {
        DeltaBound::AtMost(d) => so + i128::from(d),
        DeltaBound::AtLeast(d) => si - i128::from(d),
    };
    u64::try_from(edge.clamp(0, so.min(si))).unwrap_or(0)
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
        let p = problem(vec![Allowance { output: 0, input: 1, bound: DeltaBound::AtMost(4) }]);
        let index = AllowanceIndex::new(&p);
        // 0 as the output: up to 104 is allowed.
        assert_eq!(index.forbidden(0, 10, 1, 100, 20), (104, 120));
        // 1 as the input next to the output at 100: from 96 on.
        assert_eq!(index.forbidden(1, 20, 0, 100, 10), (80, 96));
        assert!(index.allows(0, 104, 1, 100) && !index.allows(0, 105, 1, 100) && !index.allows(1, 0, 0, 0));
        assert_eq!(max_saving(&p, &p.allowances[0]), 10);
        let below = Allowance { output: 0, input: 1, bound: DeltaBound::AtMost(-7) };
        assert_eq!(max_saving(&problem(vec![below]), &below), 3);
    }

    #[test]
    fn an_at_least_allowance_narrows_the_other_side() {
        // Buffer 0 (10 bytes, the output) may start 14 bytes or more above buffer 1 (20 bytes):
        // it then covers the input's last 6 bytes at most.
        let p = problem(vec![Allowance { output: 0, input: 1, bound: DeltaBound::AtLeast(14) }]);
        let index = AllowanceIndex::new(&p);
        // 0 as the output next to the input at 100: 114 and up are allowed.
        assert_eq!(index.forbidden(0, 10, 1, 100, 20), (90, 114));
        // 1 as the input next to the output at 100: up to 86.
        assert_eq!(index.forbidden(1, 20, 0, 100, 10), (86, 110));
        assert!(index.allows(0, 114, 1, 100) && !index.allows(0, 113, 1, 100));
        assert_eq!(max_saving(&p, &p.allowances[0]), 6);
        // Inside the input's span: the whole output.
        let inside = Allowance { output: 0, input: 1, bound: DeltaBound::AtLeast(3) };
        assert_eq!(max_saving(&problem(vec![inside]), &inside), 10);
    }

    #[test]
    fn repeated_allowances_keep_the_tightest_and_mixed_sides_keep_none() {
        let at_most = |d| Allowance { output: 0, input: 1, bound: DeltaBound::AtMost(d) };
        let at_least = |d| Allowance { output: 0, input: 1, bound: DeltaBound::AtLeast(d) };
        let index = AllowanceIndex::new(&problem(vec![at_most(4), at_most(-2)]));
        assert!(index.allows(0, 98, 1, 100) && !index.allows(0, 99, 1, 100));
        let index = AllowanceIndex::new(&problem(vec![at_least(4), at_least(9)]));
        assert!(index.allows(0, 109, 1, 100) && !index.allows(0, 108, 1, 100));
        let index = AllowanceIndex::new(&problem(vec![at_most(4), at_least(9), at_most(2)]));
        assert!(!index.allows(0, 90, 1, 100) && !index.allows(0, 120, 1, 100));
        assert_eq!(index.forbidden(0, 10, 1, 100, 20), (90, 120));
        assert!(index.drops_allowances());
        assert!(!AllowanceIndex::new(&problem(vec![at_most(4), at_most(-2)])).drops_allowances());
    }
}
