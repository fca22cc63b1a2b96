//! TVM USMP's `hill_climb`: starting from an order, repeatedly move a buffer that sets the
//! high-water mark earlier in the order (or swap two random buffers), re-run the greedy
//! placement, and keep the change when the height does not grow. Seeded and bounded, so the
//! result is deterministic.

use super::greedy::place_in_order;
use super::problem::{Placement, Problem};
use super::rng::Rng;

/// Improves the greedy placement of `order` by at most `attempts` perturbations seeded with
/// `seed`; returns the best placement seen (never higher than `order`'s own).
pub fn hill_climb(
    problem: &Problem,
    conflicts: &[Vec<usize>],
    order: &[usize],
    attempts: usize,
    seed: u64,
) -> Placement {
    let mut order = order.to_vec();
    let mut best = place_in_order(problem, conflicts, &order);
    let mut best_height = best.height(problem);
    let lower_bound = problem.lower_bound();
    if problem.len() < 2 {
        return best;
    }
    let mut rng = Rng(seed | 1);
    for _ in 0..attempts {
        if best_height <= lower_bound {
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
        let conflicts = p.conflicts();
        let order: Vec<usize> = (0..p.len()).collect();
        let start = place_in_order(&p, &conflicts, &order).height(&p);
        let climbed = hill_climb(&p, &conflicts, &order, 200, 42);
        validate(&p, &climbed, None).unwrap();
        assert!(climbed.height(&p) <= start);
        assert_eq!(climbed.height(&p), p.lower_bound());
        assert_eq!(climbed, hill_climb(&p, &conflicts, &order, 200, 42));
    }
}
