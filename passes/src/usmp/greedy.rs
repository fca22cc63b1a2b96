//! Greedy planners: buffers are taken in an order and each goes to the lowest aligned offset
//! where it overlaps no already-placed buffer it conflicts with. The orders are TVM USMP's
//! `greedy_by_size` and `greedy_by_conflicts` and TFLite Micro's `GreedyMemoryPlanner`
//! (`first_fit`). Overlap allowances narrow what a placed buffer forbids
//! ([`AllowanceIndex::forbidden`]).

use super::conflicts::Conflicts;
use super::overlap::AllowanceIndex;
use super::problem::{Placement, Problem, align_up};

/// Places the buffers in `order` (every index once), each at the lowest aligned offset that
/// overlaps no placed buffer among its `conflicts`, except as the problem's allowances permit.
pub fn place_in_order(problem: &Problem, conflicts: &Conflicts, order: &[usize]) -> Placement {
    let allowances = AllowanceIndex::new(problem);
    let mut offsets = vec![0u64; problem.len()];
    let mut placed = vec![false; problem.len()];
    // Open intervals of forbidden offsets.
    let mut forbidden: Vec<(i128, i128)> = Vec::new();
    for &i in order {
        let request = &problem.requests[i];
        forbidden.clear();
        if request.size > 0 {
            conflicts.each(i, |j| {
                if placed[j] && problem.requests[j].size > 0 {
                    let (lo, hi) = allowances.forbidden(i, request.size, j, offsets[j], problem.requests[j].size);
                    if hi - lo >= 2 && hi > 0 {
                        forbidden.push((lo, hi));
                    }
                }
            });
        }
        forbidden.sort_unstable();
        let mut offset = 0u64;
        for &(lo, hi) in &forbidden {
            if i128::from(offset) <= lo {
                break;
            }
            offset = offset.max(align_up(hi as u64, request.alignment));
        }
        offsets[i] = offset;
        placed[i] = true;
    }
    Placement { offsets }
}

/// TVM's `greedy_by_size` order: larger first; ties: more conflicts first, then by index.
pub fn by_size_order(problem: &Problem, conflicts: &Conflicts) -> Vec<usize> {
    let mut order: Vec<usize> = (0..problem.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(problem.requests[i].size), std::cmp::Reverse(conflicts.degree(i)), i));
    order
}

/// TVM's `greedy_by_conflicts` order: more conflicts first; ties: larger first, then by index.
pub fn by_conflicts_order(problem: &Problem, conflicts: &Conflicts) -> Vec<usize> {
    let mut order: Vec<usize> = (0..problem.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(conflicts.degree(i)), std::cmp::Reverse(problem.requests[i].size), i));
    order
}

/// TFLite Micro's `GreedyMemoryPlanner` order: larger first; ties: the earlier first use first.
pub fn first_fit_order(problem: &Problem) -> Vec<usize> {
    let mut order: Vec<usize> = (0..problem.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(problem.requests[i].size), problem.requests[i].live.start, i));
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::problem::{Interval, Request};
    use crate::usmp::validate::validate;

    fn req(size: u64, alignment: u64, start: u32, end: u32) -> Request {
        Request { size, alignment, live: Interval::new(start, end) }
    }

    #[test]
    fn buffers_go_to_the_lowest_gap_that_fits() {
        // a [0, 2] 10 bytes, b [0, 0] 5 bytes, c [1, 2] 5 bytes: after a and b, c fits where b
        // was (b is dead by step 1).
        let p = Problem::new(vec![req(10, 1, 0, 2), req(5, 1, 0, 0), req(5, 1, 1, 2)]);
        let conflicts = Conflicts::new(&p);
        let plan = place_in_order(&p, &conflicts, &[0, 1, 2]);
        assert_eq!(plan.offsets, vec![0, 10, 10]);
        assert_eq!(plan.height(&p), 15);
        validate(&p, &plan, None).unwrap();
    }

    #[test]
    fn alignment_is_kept() {
        // After the 30-byte buffer at 0, the aligned ones skip to 32: 30..32 is too small.
        let p = Problem::new(vec![req(16, 16, 0, 1), req(8, 16, 0, 1), req(30, 1, 0, 1)]);
        let conflicts = Conflicts::new(&p);
        let mut plan = place_in_order(&p, &conflicts, &[2, 0, 1]);
        assert_eq!(plan.offsets, vec![32, 48, 0]);
        validate(&p, &plan, None).unwrap();
        plan = place_in_order(&p, &conflicts, &[0, 1, 2]);
        assert_eq!(plan.offsets, vec![0, 16, 24]);
        validate(&p, &plan, None).unwrap();
    }

    #[test]
    fn an_allowance_lets_an_output_slide_under_its_input() {
        use crate::usmp::overlap::Allowance;
        // The kernel at step 1 reads 0 (40 bytes) and writes 1 (30 bytes) from 8 bytes below.
        let p = Problem::new(vec![req(40, 1, 0, 1), req(30, 1, 1, 2)]).with_allowances(vec![Allowance {
            output: 1,
            input: 0,
            bound: mc_dialects::buffer::DeltaBound::AtMost(-8),
        }]);
        let conflicts = Conflicts::new(&p);
        // The output first: the input goes 8 bytes above it.
        let plan = place_in_order(&p, &conflicts, &[1, 0]);
        assert_eq!(plan.offsets, vec![8, 0]);
        validate(&p, &plan, None).unwrap();
        // The input first, at 0: no room below, the output goes above.
        assert_eq!(place_in_order(&p, &conflicts, &[0, 1]).offsets, vec![0, 40]);
        // Without the allowance: disjoint.
        let disjoint = Problem::new(p.requests.clone());
        assert_eq!(place_in_order(&disjoint, &conflicts, &[1, 0]).offsets, vec![30, 0]);
        // Rows in decreasing order: the output from 18 bytes above the input on (ending 8 above).
        let above = Problem::new(p.requests.clone()).with_allowances(vec![Allowance {
            output: 1,
            input: 0,
            bound: mc_dialects::buffer::DeltaBound::AtLeast(18),
        }]);
        let plan = place_in_order(&above, &conflicts, &[0, 1]);
        assert_eq!(plan.offsets, vec![0, 18]);
        validate(&above, &plan, None).unwrap();
        // The output first, at 0: the input may not go below it, so it goes above.
        assert_eq!(place_in_order(&above, &conflicts, &[1, 0]).offsets, vec![30, 0]);
    }

    #[test]
    fn orders_follow_tvm_and_tflm() {
        let p = Problem::new(vec![req(8, 1, 2, 3), req(8, 1, 0, 3), req(4, 1, 0, 1), req(16, 1, 3, 3)]);
        let conflicts = Conflicts::new(&p);
        assert_eq!(by_size_order(&p, &conflicts), vec![3, 1, 0, 2]);
        assert_eq!(by_conflicts_order(&p, &conflicts), vec![1, 3, 0, 2]);
        assert_eq!(first_fit_order(&p), vec![3, 1, 0, 2]);
    }
}
