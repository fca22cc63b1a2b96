//! TVM USMP's `hill_climb`: starting from an order, repeatedly move a buffer that sets the
//! high-water mark earlier in the order (or swap two random buffers), re-run the greedy
//! placement, and keep the change when the height does not grow. Seeded and bounded by a count
//! of attempts, so the result is deterministic, unless a deadline (`auto`'s time limit) stops it
//! first.

use super::conflicts::Conflicts;
use super::greedy::place_in_order;
use super::problem::{Placement, Problem};
use super::rng::Rng;
use std::time::Instant;

/// Improves the greedy placement of `order` by at most `attempts` perturbations seeded with
/// `seed`, none started after `deadline`; returns the best placement seen (never higher than
/// `order`'s own).
pub fn hill_climb(
    problem: &Problem,
    conflicts: &Conflicts,
    order: &[usize],
    attempts: usize,
    seed: u64,
    deadline: Option<Instant>,
) -> Placement {
    let start = place_in_order(problem, conflicts, order);
    climb_from(problem, conflicts, order, start, attempts, seed, deadline)
}

/// [`hill_climb`] from `start`, the greedy placement of `order` when the caller already has it
/// (`auto` places the same order as `greedy_by_size`).
pub fn climb_from(
    problem: &Problem,
    conflicts: &Conflicts,
    order: &[usize],
    start: Placement,
    attempts: usize,
    seed: u64,
    deadline: Option<Instant>,
) -> Placement {
    let mut order = order.to_vec();
    let mut best = start;
    let mut best_height = best.height(problem);
    let lower_bound = problem.lower_bound();
    if problem.len() < 2 {
        return best;
    }
    let mut rng = Rng(seed | 1);
    for _ in 0..attempts {
        if best_height <= lower_bound || deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let mut candidate = order.clone();
        let top = (0..problem.len())
            .max_by_key(|&i| (best.offsets[i] + problem.requests[i].size, std::cmp::Reverse(i)))
            .expect("buffers");
        let position = candidate.iter().position(|&i| i == top).expect("every buffer is in the order");
        if position > 0 && rng.below(4) != 0 {
            // Place the buffer at the top earlier, so it finds a lower gap.
            let to = rng.below(position);
            candidate[to..=position].rotate_right(1);
        } else {
            let (a, b) = (rng.below(candidate.len()), rng.below(candidate.len()));
            candidate.swap(a, b);
        }
        let placement = place_in_order(problem, conflicts, &candidate);
        let height = placement.height(problem);
        if height <= best_height {
            order = candidate;
            best = placement;
            best_height = height;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::problem::{Interval, Request};
    use crate::usmp::validate::validate;

    #[test]
    fn climbing_finds_a_lower_plan_than_a_bad_order_and_is_deterministic() {
        let req = |size, start, end| Request { size, alignment: 1, live: Interval::new(start, end) };
        // Placed in index order, the short-lived small buffers fragment the space.
        let p =
            Problem::new(vec![req(10, 0, 1), req(10, 2, 3), req(20, 0, 3), req(5, 1, 2), req(30, 4, 5), req(25, 3, 4)]);
        let conflicts = Conflicts::new(&p);
        let order: Vec<usize> = (0..p.len()).collect();
        let start = place_in_order(&p, &conflicts, &order).height(&p);
        let climbed = hill_climb(&p, &conflicts, &order, 200, 42, None);
        validate(&p, &climbed, None).unwrap();
        assert!(climbed.height(&p) <= start);
        assert_eq!(climbed.height(&p), p.lower_bound());
        assert_eq!(climbed, hill_climb(&p, &conflicts, &order, 200, 42, None));
        // From an order whose placement is 5 bytes above the bound (the small `d` first pushes
        // `f` above `c`), climbing reaches the bound; with a deadline already past it makes no
        // perturbation and returns the order's own placement.
        let bad = [3, 0, 1, 2, 5, 4];
        assert_eq!(place_in_order(&p, &conflicts, &bad).height(&p), p.lower_bound() + 5);
        assert_eq!(hill_climb(&p, &conflicts, &bad, 200, 42, None).height(&p), p.lower_bound());
        let stopped = hill_climb(&p, &conflicts, &bad, 200, 42, Some(Instant::now()));
        assert_eq!(stopped, place_in_order(&p, &conflicts, &bad));
    }
}
