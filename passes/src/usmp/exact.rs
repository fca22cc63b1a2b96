//! The exact planner: the least height, after MiniMalloc (Moffitt, ASPLOS 2023), found by
//! asking the decision search ([`super::exact_search`]) "does the problem fit in capacity C?"
//! for capacities between the memory-pressure lower bound and the best plan known.
//!
//! The minimisation starts from a given plan (the best heuristic one) and never returns a higher
//! one. It first asks at the lower bound (on the problem's height grid, see
//! [`super::exact_bounds`]), with half the time: production problems often meet it (nine of the
//! eleven problems of MiniMalloc's challenging suite do), a plan there is optimal at once, and
//! finding one takes the search longer than any question above it. Otherwise it bisects between the highest capacity proven too small and the best
//! height found, each question within a share of the time left; a plan found lowers the upper
//! end to its own height (often below the capacity asked), a proof of infeasibility raises the
//! lower end, and a question left unanswered raises it without proof. The plan is proven optimal
//! when the capacity just below its height is proven infeasible (or it meets the bound).
//!
//! Problems too large for the search's tables ([`super::exact_decomposition`]) keep the given
//! plan, unproven. **Overlap allowances** are outside the canonical model (a buffer dropped on
//! others never shares bytes with them): a problem with allowances goes to the search over pair
//! orientations ([`super::exact_overlap`]) instead.

use super::exact_bounds::{grid_up, height_grid};
use super::exact_decomposition::Timeline;
use super::exact_overlap::exact_with_allowances;
use super::exact_search::{Decision, fits};
use super::problem::{Placement, Problem};
use std::time::{Duration, Instant};

/// When the exact planner gives up proving optimality.
#[derive(Copy, Clone, Debug)]
pub struct ExactLimits {
    /// Search nodes (placements tried) at most, in all.
    pub max_nodes: u64,
    /// Wall-clock time at most.
    pub time_limit: Duration,
}

impl Default for ExactLimits {
    fn default() -> Self {
        ExactLimits { max_nodes: 2_000_000, time_limit: Duration::from_secs(2) }
    }
}

/// What the exact planner found.
#[derive(Clone, Debug)]
pub struct ExactResult {
    /// The best placement found.
    pub placement: Placement,
    /// True if no placement is lower.
    pub optimal: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

/// Searches for an optimal placement of `problem`, starting from `initial` (a valid plan, e.g.
/// the best greedy one).
pub fn exact(problem: &Problem, initial: Placement, limits: ExactLimits) -> ExactResult {
    if !problem.allowances.is_empty() {
        return exact_with_allowances(problem, initial, limits);
    }
    let started = Instant::now();
    let deadline = started + limits.time_limit;
    let grid = height_grid(problem);
    let mut best = initial;
    let mut best_height = best.height(problem);
    // Every capacity below `low` is proven too small; `proven` until a question goes unanswered.
    let bound = grid_up(problem.lower_bound(), grid);
    let mut low = bound;
    let mut proven = true;
    let mut nodes = 0;
    let timeline = if best_height > low { Timeline::new(problem) } else { None };
    let Some(timeline) = timeline else {
        return ExactResult { placement: best, optimal: best_height <= low, nodes };
    };
    let mut first = true;
    while low < best_height && nodes < limits.max_nodes {
        let now = Instant::now();
        if now >= deadline {
            proven = false;
            break;
        }
        // The lower end first, then the middle of what is left, each with a share of the time.
        let capacity = if first { low } else { low + (best_height - grid - low) / grid / 2 * grid };
        let share = (deadline - now) / if first { 2 } else { 3 };
        first = false;
        let (decision, placement, visited) = fits(problem, &timeline, capacity, now + share, limits.max_nodes - nodes);
        nodes += visited;
        match decision {
            Decision::Fits(height) => {
                if height < best_height {
                    best = placement.expect("a plan that fits");
                    best_height = height;
                }
            }
            Decision::Infeasible => low = capacity + grid,
            Decision::Unknown => {
                low = capacity + grid;
                proven = false;
            }
        }
    }
    let optimal = best_height <= low && (proven || best_height <= bound);
    ExactResult { placement: best, optimal, nodes }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::usmp::conflicts::Conflicts;
    use crate::usmp::greedy::place_in_order;
    use crate::usmp::problem::{Interval, Request};
    use crate::usmp::rng::{Rng, random_requests};
    use crate::usmp::validate::validate;
    use std::time::Instant;

    fn req(size: u64, start: u32, end: u32) -> Request {
        Request { size, alignment: 1, live: Interval::new(start, end) }
    }

    /// The best lowest-fit placement over every order: a complete method that shares no code
    /// with the search (every plan is reached by placing its buffers by increasing offset).
    pub(crate) fn brute_force(problem: &Problem) -> u64 {
        fn permute(p: &Problem, c: &Conflicts, order: &mut Vec<usize>, k: usize, best: &mut u64) {
            if k == order.len() {
                *best = (*best).min(place_in_order(p, c, order).height(p));
                return;
            }
            for i in k..order.len() {
                order.swap(k, i);
                permute(p, c, order, k + 1, best);
                order.swap(k, i);
            }
        }
        let conflicts = Conflicts::new(problem);
        let mut best = u64::MAX;
        permute(problem, &conflicts, &mut (0..problem.len()).collect(), 0, &mut best);
        best
    }

    #[test]
    fn a_greedy_trap_is_solved_optimally() {
        // Greedy by size puts the 4-byte buffer b at 0 and the long 3-byte buffer c above it,
        // so a later 3-byte d has to go higher; the optimum packs c and d side by side.
        let p = Problem::new(vec![req(4, 0, 0), req(4, 1, 1), req(3, 0, 3), req(3, 2, 3), req(1, 1, 2)]);
        let conflicts = Conflicts::new(&p);
        let order: Vec<usize> = (0..p.len()).collect();
        let initial = place_in_order(&p, &conflicts, &order);
        let result = exact(&p, initial, ExactLimits::default());
        validate(&p, &result.placement, None).unwrap();
        assert!(result.optimal);
        assert_eq!(result.placement.height(&p), brute_force(&p));
    }

    #[test]
    fn the_search_matches_brute_force_on_random_small_problems() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..60 {
            let requests = random_requests(&mut rng, (2, 6), (6, 4), 9, &[1, 2, 4]);
            let p = Problem::new(requests);
            let conflicts = Conflicts::new(&p);
            let initial = place_in_order(&p, &conflicts, &(0..p.len()).collect::<Vec<_>>());
            let result = exact(&p, initial, ExactLimits::default());
            validate(&p, &result.placement, None).unwrap();
            assert!(result.optimal);
            assert_eq!(result.placement.height(&p), brute_force(&p), "{p:?}");
        }
    }

    #[test]
    fn limits_stop_the_search_with_the_best_plan_so_far() {
        let p = Problem::new((0..12).map(|i| req(1 + (i * 7 % 5), i as u32 % 4, i as u32 % 4 + 3)).collect());
        let conflicts = Conflicts::new(&p);
        let initial = place_in_order(&p, &conflicts, &(0..p.len()).rev().collect::<Vec<_>>());
        let initial_height = initial.height(&p);
        let result = exact(&p, initial, ExactLimits { max_nodes: 3, time_limit: Duration::from_secs(5) });
        validate(&p, &result.placement, None).unwrap();
        assert!(result.placement.height(&p) <= initial_height);
        if result.placement.height(&p) > p.lower_bound() {
            assert!(!result.optimal);
        }
    }

    /// A staircase of 100,000 buffers (each live with the next two), started from the disjoint
    /// stack: the timeline fits its budget, so the search runs; it stops at the time limit, or
    /// at the node limit, with a valid plan no higher than the stack, its lists held within
    /// their budget.
    #[test]
    fn a_hundred_thousand_buffers_stop_at_the_limits() {
        let n: u32 = 100_000;
        let p = Problem::new((0..n).map(|i| req(1 + u64::from(i * 7919 % 61), i, i + 2)).collect());
        let mut top = 0;
        let stack = Placement {
            offsets: p
                .requests
                .iter()
                .map(|r| {
                    top += r.size;
                    top - r.size
                })
                .collect(),
        };
        let timed = ExactLimits { max_nodes: u64::MAX, time_limit: Duration::from_millis(500) };
        let counted = ExactLimits { max_nodes: 5, time_limit: Duration::from_secs(600) };
        for limits in [timed, counted] {
            let started = Instant::now();
            let result = exact(&p, stack.clone(), limits);
            // Generous: debug builds on a loaded machine.
            assert!(started.elapsed() < limits.time_limit.min(Duration::from_secs(10)) + Duration::from_secs(10));
            validate(&p, &result.placement, None).unwrap();
            assert!(result.placement.height(&p) <= top);
            assert!(!result.optimal);
            assert!(result.nodes <= limits.max_nodes);
            if limits.max_nodes == counted.max_nodes {
                assert!(result.nodes > 0, "the search ran");
            }
        }
    }

    #[test]
    fn a_time_limit_of_zero_returns_the_given_plan() {
        let p = Problem::new(vec![req(4, 0, 0), req(4, 1, 1), req(3, 0, 3), req(3, 2, 3), req(1, 1, 2)]);
        let conflicts = Conflicts::new(&p);
        let initial = place_in_order(&p, &conflicts, &(0..p.len()).collect::<Vec<_>>());
        let result = exact(&p, initial.clone(), ExactLimits { max_nodes: u64::MAX, time_limit: Duration::ZERO });
        assert_eq!(result.placement, initial);
        assert_eq!(result.nodes, 0);
    }
}
