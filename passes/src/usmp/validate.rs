//! The plan validator: an independent check that a placement is sound before any IR is
//! rewritten with it — every buffer placed, aligned, inside the capacity, and no two buffers
//! live at a common step sharing a byte. Every plan from every algorithm and every planner
//! plugin ([`super::plugin`]) goes through it; a failure is an error, never a plan used anyway.
//!
//! Pairs the problem declares may share bytes ([`Allowance`](super::overlap::Allowance)) may do
//! so exactly within their allowance (`offset(output) - offset(input)` within its bound; a pair
//! given several must satisfy every one).
//!
//! It shares no code with the planners: a sweep over steps keeps the live buffers ordered by
//! offset, and each buffer that becomes live is compared with every live buffer that may share a
//! byte with it — those starting inside it, and below it the nearest one (live buffers are
//! pairwise disjoint) or, with allowances (which let live buffers overlap), every one less than
//! the largest live size away.

use super::problem::{Placement, Problem};
use mc_dialects::buffer::DeltaBound;
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// Why a placement is unsound.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlanError {
    /// The placement has a different number of offsets than the problem has buffers.
    WrongCount {
        /// Offsets given.
        offsets: usize,
        /// Buffers in the problem.
        buffers: usize,
    },
    /// A buffer's offset is not a multiple of its alignment.
    Misaligned {
        /// The buffer.
        buffer: usize,
        /// Its offset.
        offset: u64,
        /// Its alignment.
        alignment: u64,
    },
    /// A buffer ends past the capacity.
    OverCapacity {
        /// The buffer.
        buffer: usize,
        /// Its end (offset + size).
        end: u64,
        /// The capacity.
        capacity: u64,
    },
    /// Two buffers live at a common step share bytes.
    Overlap {
        /// One buffer.
        first: usize,
        /// The other.
        second: usize,
        /// A step both are live at.
        step: u32,
    },
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::WrongCount { offsets, buffers } => {
                write!(f, "the plan has {offsets} offsets for {buffers} buffers")
            }
            PlanError::Misaligned { buffer, offset, alignment } => {
                write!(f, "buffer {buffer} is at offset {offset}, not a multiple of its alignment {alignment}")
            }
            PlanError::OverCapacity { buffer, end, capacity } => {
                write!(f, "buffer {buffer} ends at byte {end}, past the capacity of {capacity} bytes")
            }
            PlanError::Overlap { first, second, step } => {
                write!(f, "buffers {first} and {second} are both live at step {step} and share bytes")
            }
        }
    }
}

impl std::error::Error for PlanError {}

/// Checks `placement` for `problem` within `capacity` bytes (unbounded when `None`).
///
/// # Errors
///
/// The first problem found.
pub fn validate(problem: &Problem, placement: &Placement, capacity: Option<u64>) -> Result<(), PlanError> {
    let requests = &problem.requests;
    if placement.offsets.len() != requests.len() {
        return Err(PlanError::WrongCount { offsets: placement.offsets.len(), buffers: requests.len() });
    }
    for (buffer, (r, &offset)) in requests.iter().zip(&placement.offsets).enumerate() {
        if offset % r.alignment.max(1) != 0 {
            return Err(PlanError::Misaligned { buffer, offset, alignment: r.alignment });
        }
        let end = offset.saturating_add(r.size);
        if let Some(capacity) = capacity
            && end > capacity
        {
            return Err(PlanError::OverCapacity { buffer, end, capacity });
        }
    }
    // Events in step order; at one step, buffers that ended before it leave first.
    let mut order: Vec<usize> = (0..requests.len()).filter(|&i| requests[i].size > 0).collect();
    order.sort_unstable_by_key(|&i| (requests[i].live.start, i));
    let mut ends: Vec<usize> = order.clone();
    ends.sort_unstable_by_key(|&i| (requests[i].live.end, i));
    let mut next_end = 0;
    // Declared overlaps: (output, input) -> every bound given.
    let mut allowed: HashMap<(usize, usize), Vec<DeltaBound>> = HashMap::new();
    for a in &problem.allowances {
        allowed.entry((a.output, a.input)).or_default().push(a.bound);
    }
    let may_share = |out: usize, inp: usize| {
        let delta = i128::from(placement.offsets[out]) - i128::from(placement.offsets[inp]);
        allowed.get(&(out, inp)).is_some_and(|bounds| bounds.iter().all(|b| b.admits(delta)))
    };
    // Live buffers by (offset, id), and the multiset of their sizes.
    let mut live: BTreeMap<(u64, usize), u64> = BTreeMap::new();
    let mut sizes: BTreeMap<u64, usize> = BTreeMap::new();
    for &i in &order {
        let (start, offset, size) = (requests[i].live.start, placement.offsets[i], requests[i].size);
        while next_end < ends.len() && requests[ends[next_end]].live.end < start {
            let j = ends[next_end];
            live.remove(&(placement.offsets[j], j));
            let count = sizes.get_mut(&requests[j].size).expect("a live size");
            *count -= 1;
            if *count == 0 {
                sizes.remove(&requests[j].size);
            }
            next_end += 1;
        }
        let end = offset.saturating_add(size);
        // Every live buffer starting below `end` and at most the largest live size below
        // `offset`; without allowances the live buffers are pairwise disjoint, and of those
        // starting below `offset` only the nearest can reach it.
        let from = if allowed.is_empty() {
            live.range(..(offset, i)).next_back().map_or((0, 0), |(&key, _)| key)
        } else {
            (offset.saturating_sub(sizes.last_key_value().map_or(0, |(&s, _)| s)), 0)
        };
        for (&(other_offset, other), &other_size) in live.range(from..(end, 0)) {
            if offset < other_offset.saturating_add(other_size) && !may_share(i, other) && !may_share(other, i) {
                return Err(PlanError::Overlap { first: other.min(i), second: other.max(i), step: start });
            }
        }
        live.insert((offset, i), size);
        *sizes.entry(size).or_insert(0) += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::problem::{Interval, Request};

    fn problem() -> Problem {
        let req = |size, alignment, start, end| Request { size, alignment, live: Interval::new(start, end) };
        Problem::new(vec![req(16, 16, 0, 1), req(8, 8, 1, 2), req(32, 16, 2, 3)])
    }

    #[test]
    fn a_sound_plan_passes() {
        // 0 and 2 are never live together: they may share bytes.
        let plan = Placement { offsets: vec![0, 32, 0] };
        assert_eq!(validate(&problem(), &plan, Some(40)), Ok(()));
    }

    #[test]
    fn each_kind_of_error_is_reported() {
        let p = problem();
        assert_eq!(
            validate(&p, &Placement { offsets: vec![0, 8, 32] }, None),
            Err(PlanError::Overlap { first: 0, second: 1, step: 1 })
        );
        assert_eq!(
            validate(&p, &Placement { offsets: vec![0, 12, 32] }, None),
            Err(PlanError::Misaligned { buffer: 1, offset: 12, alignment: 8 })
        );
        assert_eq!(
            validate(&p, &Placement { offsets: vec![0, 16, 16] }, Some(40)),
            Err(PlanError::OverCapacity { buffer: 2, end: 48, capacity: 40 })
        );
        assert_eq!(
            validate(&p, &Placement { offsets: vec![0] }, None),
            Err(PlanError::WrongCount { offsets: 1, buffers: 3 })
        );
        // An overlap hidden behind a neighbour that does not overlap: 1 sits inside 2's range.
        let req = |size, start, end| Request { size, alignment: 1, live: Interval::new(start, end) };
        let q = Problem::new(vec![req(100, 0, 5), req(10, 0, 5), req(10, 3, 4)]);
        let err = validate(&q, &Placement { offsets: vec![0, 200, 50] }, None).unwrap_err();
        assert_eq!(err, PlanError::Overlap { first: 0, second: 2, step: 3 });
        assert_eq!(err.to_string(), "buffers 0 and 2 are both live at step 3 and share bytes");
    }

    #[test]
    fn exactly_the_declared_overlaps_pass() {
        use crate::usmp::overlap::Allowance;
        let req = |size, start, end| Request { size, alignment: 1, live: Interval::new(start, end) };
        // 0 is read at step 1 while 1 is written; 2 lives across both and lies under them.
        let p = Problem::new(vec![req(40, 0, 1), req(30, 1, 2), req(100, 0, 2)]).with_allowances(vec![Allowance {
            output: 1,
            input: 0,
            bound: DeltaBound::AtMost(-8),
        }]);
        let at = |offsets: Vec<u64>| validate(&p, &Placement { offsets }, None);
        // The output 8 bytes below the input, and anywhere lower, and disjoint above.
        assert_eq!(at(vec![108, 100, 0]), Ok(()));
        assert_eq!(at(vec![120, 100, 0]), Ok(()));
        assert_eq!(at(vec![100, 140, 0]), Ok(()));
        // One byte past the allowance.
        assert_eq!(at(vec![108, 101, 0]), Err(PlanError::Overlap { first: 0, second: 1, step: 1 }));
        // The pair does not license overlapping a third buffer, found past a live neighbour.
        assert_eq!(at(vec![100, 92, 0]), Err(PlanError::Overlap { first: 1, second: 2, step: 1 }));
        // Not the other way round: the input below the output is no declared overlap.
        let q =
            Problem { allowances: vec![Allowance { output: 0, input: 1, bound: DeltaBound::AtMost(-8) }], ..p.clone() };
        assert!(validate(&q, &Placement { offsets: vec![108, 100, 0] }, None).is_err());
        // Rows in decreasing order: the output at least 12 bytes above the input, and disjoint.
        let above = |bounds: &[DeltaBound]| Problem {
            allowances: bounds.iter().map(|&bound| Allowance { output: 1, input: 0, bound }).collect(),
            ..p.clone()
        };
        let r = above(&[DeltaBound::AtLeast(12)]);
        let at = |problem: &Problem, offsets: Vec<u64>| validate(problem, &Placement { offsets }, None);
        assert_eq!(at(&r, vec![100, 112, 200]), Ok(()));
        assert_eq!(at(&r, vec![100, 130, 200]), Ok(()));
        assert_eq!(at(&r, vec![100, 70, 200]), Ok(()));
        assert_eq!(at(&r, vec![100, 111, 200]), Err(PlanError::Overlap { first: 0, second: 1, step: 1 }));
        assert_eq!(at(&r, vec![100, 92, 200]), Err(PlanError::Overlap { first: 0, second: 1, step: 1 }));
        // Several bounds on a pair: every one must hold.
        let both = above(&[DeltaBound::AtLeast(12), DeltaBound::AtMost(20)]);
        assert_eq!(at(&both, vec![100, 115, 200]), Ok(()));
        assert!(at(&both, vec![100, 125, 200]).is_err() && at(&both, vec![100, 105, 200]).is_err());
    }
}
