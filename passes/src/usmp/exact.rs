//! An exact planner: branch and bound over canonical placements, after MiniMalloc (Moffitt,
//! ASPLOS 2023). It proves a plan optimal, or returns the best plan found when its node or time
//! limit is reached.
//!
//! **Canonical placements.** Time is cut into sections between consecutive interval boundaries;
//! the *skyline* is, per section, the top of the highest buffer placed there. A buffer is always
//! dropped onto the skyline: its offset is the highest skyline over its sections, aligned up.
//! Every placement can be made canonical without growing: take its buffers by increasing
//! offset and drop each onto the skyline of those before it — each lands no higher than it was
//! (the buffers below it in its sections are exactly those placed before it, and they only moved
//! down). So searching every order of drops finds an optimal plan.
//!
//! **Pruning.** (1) Bound: at every section, the skyline plus the bytes of the unplaced buffers
//! live there is a floor for the final height, since each will sit above the skyline there,
//! disjoint from the others; a node whose bound reaches the best height found is cut. (2)
//! Dominance by memo: orders that place the same set of buffers and leave the same skyline lead
//! to identical subproblems (common: drops in disjoint sections commute), so a state seen before
//! is cut. The search starts from a given plan (the best greedy one) and stops as soon as it
//! matches the memory-pressure lower bound.
//!
//! **Overlap allowances** are outside the skyline model (a buffer dropped onto the skyline never
//! shares bytes with one below it): a problem with allowances goes to the search over pair
//! orientations ([`super::exact_overlap`]) instead. Either search starts from, and never
//! worsens, the best heuristic plan.

use super::exact_overlap::exact_with_allowances;
use super::problem::{Placement, Problem, align_up};
use rustc_hash::FxHashSet;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

/// When the exact planner gives up proving optimality.
#[derive(Copy, Clone, Debug)]
pub struct ExactLimits {
    /// Search nodes (drops) at most.
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

/// The search state.
struct Search<'a> {
    problem: &'a Problem,
    /// The sections each buffer covers.
    sections: Vec<std::ops::Range<usize>>,
    /// Skyline per section.
    floors: Vec<u64>,
    /// Bytes of unplaced buffers live per section.
    remaining: Vec<u64>,
    placed: Vec<bool>,
    offsets: Vec<u64>,
    best: Placement,
    best_height: u64,
    lower_bound: u64,
    seen: FxHashSet<(u64, u64)>,
    nodes: u64,
    limits: ExactLimits,
    started: Instant,
    stopped: bool,
}

/// Searches for an optimal placement of `problem`, starting from `initial` (a valid plan, e.g.
/// the best greedy one).
pub fn exact(problem: &Problem, initial: Placement, limits: ExactLimits) -> ExactResult {
    if !problem.allowances.is_empty() {
        return exact_with_allowances(problem, initial, limits);
    }
    let requests = &problem.requests;
    let mut points: Vec<u64> =
        requests.iter().flat_map(|r| [u64::from(r.live.start), u64::from(r.live.end) + 1]).collect();
    points.sort_unstable();
    points.dedup();
    let section_of = |step: u64| points.partition_point(|&p| p <= step) - 1;
    let sections: Vec<std::ops::Range<usize>> =
        requests.iter().map(|r| section_of(u64::from(r.live.start))..section_of(u64::from(r.live.end)) + 1).collect();
    let count = points.len().saturating_sub(1);
    let mut remaining = vec![0u64; count];
    for (r, range) in requests.iter().zip(&sections) {
        for k in range.clone() {
            remaining[k] += r.size;
        }
    }
    let best_height = initial.height(problem);
    let mut search = Search {
        problem,
        sections,
        floors: vec![0; count],
        remaining,
        placed: vec![false; requests.len()],
        offsets: vec![0; requests.len()],
        best: initial,
        best_height,
        lower_bound: problem.lower_bound(),
        seen: FxHashSet::default(),
        nodes: 0,
        limits,
        started: Instant::now(),
        stopped: false,
    };
    if search.best_height > search.lower_bound {
        search.descend(0);
    }
    let optimal = !search.stopped;
    ExactResult { placement: search.best, optimal, nodes: search.nodes }
}

impl Search<'_> {
    /// The floor of the final height from this node (see the module docs).
    fn bound(&self) -> u64 {
        self.floors.iter().zip(&self.remaining).map(|(f, r)| f + r).max().unwrap_or(0)
    }

    /// A fingerprint of (placed set, skyline).
    fn state_key(&self) -> (u64, u64) {
        let mut a = rustc_hash::FxHasher::default();
        let mut b = std::collections::hash_map::DefaultHasher::new();
        self.placed.hash(&mut a);
        self.floors.hash(&mut a);
        self.floors.hash(&mut b);
        self.placed.hash(&mut b);
        (a.finish(), b.finish())
    }

    fn descend(&mut self, depth: usize) {
        if self.stopped || self.best_height <= self.lower_bound {
            return;
        }
        if depth == self.placed.len() {
            let height = self.floors.iter().copied().max().unwrap_or(0);
            if height < self.best_height {
                self.best_height = height;
                self.best = Placement { offsets: self.offsets.clone() };
            }
            return;
        }
        if self.bound() >= self.best_height || !self.seen.insert(self.state_key()) {
            return;
        }
        self.nodes += 1;
        // A node costs O(buffers), so reading the clock at every node is cheap by comparison.
        if self.nodes >= self.limits.max_nodes || self.started.elapsed() >= self.limits.time_limit {
            self.stopped = true;
            return;
        }
        // Candidates: every unplaced buffer dropped onto the skyline, lowest first.
        let mut candidates: Vec<(u64, std::cmp::Reverse<u64>, usize)> = (0..self.placed.len())
            .filter(|&i| !self.placed[i])
            .map(|i| {
                let r = &self.problem.requests[i];
                let floor = self.sections[i].clone().map(|k| self.floors[k]).max().unwrap_or(0);
                (align_up(floor, r.alignment), std::cmp::Reverse(r.size), i)
            })
            .collect();
        candidates.sort_unstable();
        for (offset, _, i) in candidates {
            let size = self.problem.requests[i].size;
            if offset + size >= self.best_height {
                continue;
            }
            let range = self.sections[i].clone();
            let saved: Vec<u64> = self.floors[range.clone()].to_vec();
            for k in range.clone() {
                self.floors[k] = offset + size;
                self.remaining[k] -= size;
            }
            self.placed[i] = true;
            self.offsets[i] = offset;
            self.descend(depth + 1);
            self.placed[i] = false;
            for (k, floor) in range.zip(saved) {
                self.floors[k] = floor;
                self.remaining[k] += size;
            }
            if self.stopped {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::greedy::place_in_order;
    use crate::usmp::problem::{Interval, Request};
    use crate::usmp::rng::{Rng, random_requests};
    use crate::usmp::validate::validate;

    fn req(size: u64, start: u32, end: u32) -> Request {
        Request { size, alignment: 1, live: Interval::new(start, end) }
    }

    /// The best lowest-fit placement over every order: a complete method that shares no code
    /// with the search (every plan is reached by placing its buffers by increasing offset).
    fn brute_force(problem: &Problem) -> u64 {
        fn permute(p: &Problem, c: &[Vec<usize>], order: &mut Vec<usize>, k: usize, best: &mut u64) {
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
        let conflicts = problem.conflicts();
        let mut best = u64::MAX;
        permute(problem, &conflicts, &mut (0..problem.len()).collect(), 0, &mut best);
        best
    }

    #[test]
    fn a_greedy_trap_is_solved_optimally() {
        // Greedy by size puts the 4-byte buffer b at 0 and the long 3-byte buffer c above it,
        // so a later 3-byte d has to go higher; the optimum packs c and d side by side.
        let p = Problem::new(vec![req(4, 0, 0), req(4, 1, 1), req(3, 0, 3), req(3, 2, 3), req(1, 1, 2)]);
        let conflicts = p.conflicts();
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
            let conflicts = p.conflicts();
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
        let conflicts = p.conflicts();
        let initial = place_in_order(&p, &conflicts, &(0..p.len()).rev().collect::<Vec<_>>());
        let initial_height = initial.height(&p);
        let result = exact(&p, initial, ExactLimits { max_nodes: 3, time_limit: Duration::from_secs(5) });
        validate(&p, &result.placement, None).unwrap();
        assert!(result.placement.height(&p) <= initial_height);
        if result.placement.height(&p) > p.lower_bound() {
            assert!(!result.optimal);
        }
    }
}
