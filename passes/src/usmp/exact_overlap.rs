//! The exact planner for problems with overlap allowances: branch and bound over the relative
//! position of each pair of buffers live together, as disjunctive scheduling is solved.
//!
//! **The model.** Two buffers `i`, `j` live at a common step may take any offsets whose
//! difference `o_i - o_j` lies outside one open interval `(l, h)`: `(-size_i, size_j)` for
//! disjoint buffers, narrowed by an allowance on the pair ([`AllowanceIndex::forbidden`]). So
//! each pair is either *below* (`o_i <= o_j + l`, i.e. `o_j >= o_i - l`) or *above* (`o_i >= o_j +
//! h`): a disjunction of two difference constraints. Once every pair is oriented, the
//! constraints `o_b >= o_a + w` (and `o >= 0`, offsets aligned up) have a least solution, found
//! by propagating increases (a longest-path computation); any plan satisfying the orientation
//! is at least as high, component by component.
//!
//! **The search.** A node holds the constraints of the pairs oriented so far and their least
//! solution. If that solution places every pair outside its interval it is a plan, the lowest
//! one in the node's subtree. Otherwise some pair sits inside its interval; every plan of the
//! subtree orients that pair one way or the other, so branching on its two orientations loses
//! no plan (the way that keeps the current order first). Offsets only grow down the tree, so a
//! node whose least solution already reaches the best height found is cut, as is one whose
//! constraints form a positive cycle (they raise offsets until they reach that height). The
//! search starts from a given plan (the best heuristic one), stops at the memory-pressure lower
//! bound, and returns the best plan found when its node or time limit is reached.

use super::conflicts::Conflicts;
use super::exact::{ExactLimits, ExactResult};
use super::overlap::AllowanceIndex;
use super::problem::{Placement, Problem};
use std::time::Instant;

/// A pair of buffers live together that may not take every relative position: `o_i - o_j`
/// must lie outside the open interval `(l, h)`.
#[derive(Copy, Clone, Debug)]
struct Pair {
    i: usize,
    j: usize,
    l: i128,
    h: i128,
}

impl Pair {
    /// True if offsets `o` put the pair inside its forbidden interval.
    fn violated(&self, o: &[i128]) -> bool {
        let d = o[self.i] - o[self.j];
        self.l < d && d < self.h
    }

    /// The constraint `o_to >= o_from + w` of each orientation: below, then above.
    fn orientations(&self) -> [(usize, usize, i128); 2] {
        [(self.i, self.j, -self.l), (self.j, self.i, self.h)]
    }
}

/// The search state.
struct Search<'a> {
    problem: &'a Problem,
    pairs: Vec<Pair>,
    /// Constraints `o_to >= o_from + w` by `from`.
    edges: Vec<Vec<(usize, i128)>>,
    /// The least solution of the constraints.
    offsets: Vec<i128>,
    /// `(buffer, previous offset)` of every increase, to undo them.
    trail: Vec<(usize, i128)>,
    best: Placement,
    best_height: i128,
    lower_bound: i128,
    nodes: u64,
    limits: ExactLimits,
    started: Instant,
    stopped: bool,
}

/// Searches for an optimal placement of `problem` (which has allowances), starting from
/// `initial`, a valid plan.
pub fn exact_with_allowances(problem: &Problem, initial: Placement, limits: ExactLimits) -> ExactResult {
    let index = AllowanceIndex::new(problem);
    let mut pairs = Vec::new();
    let conflicts = Conflicts::new(problem);
    for i in 0..problem.len() {
        for j in conflicts.sorted(i).into_iter().filter(|&j| j > i) {
            // The interval of `o_i` next to `j` at offset 0.
            let (l, h) = index.forbidden(i, problem.requests[i].size, j, 0, problem.requests[j].size);
            if h - l >= 2 {
                pairs.push(Pair { i, j, l, h });
            }
        }
    }
    // Large pairs first: their orientation moves the most bytes.
    pairs.sort_by_key(|p| std::cmp::Reverse(problem.requests[p.i].size + problem.requests[p.j].size));
    let best_height = i128::from(initial.height(problem));
    let mut search = Search {
        problem,
        pairs,
        edges: vec![Vec::new(); problem.len()],
        offsets: vec![0; problem.len()],
        trail: Vec::new(),
        best: initial,
        best_height,
        lower_bound: i128::from(problem.lower_bound()),
        nodes: 0,
        limits,
        started: Instant::now(),
        stopped: false,
    };
    if search.best_height > search.lower_bound && search.fits_all() {
        search.descend();
    }
    // With allowances dropped (both sides given on one pair), the search covered fewer plans
    // than the problem admits: only the lower bound still proves its plan optimal.
    let optimal = !search.stopped && (!index.drops_allowances() || search.best_height <= search.lower_bound);
    ExactResult { placement: search.best, optimal, nodes: search.nodes }
}

impl Search<'_> {
    /// True if buffer `k` at its offset ends below the best height.
    fn fits(&self, k: usize) -> bool {
        self.offsets[k] + i128::from(self.problem.requests[k].size) < self.best_height
    }

    /// True if every buffer ends below the best height.
    fn fits_all(&self) -> bool {
        (0..self.offsets.len()).all(|k| self.fits(k))
    }

    /// Adds `o_to >= o_from + w` and raises the offsets to the new least solution; false (with
    /// the increases on the trail) as soon as a buffer reaches the best height.
    fn constrain(&mut self, from: usize, to: usize, w: i128) -> bool {
        self.edges[from].push((to, w));
        let mut queue = vec![(from, to, w)];
        while let Some((a, b, w)) = queue.pop() {
            let alignment = i128::from(self.problem.requests[b].alignment.max(1));
            let need = (self.offsets[a] + w).max(0);
            let need = (need + alignment - 1) / alignment * alignment;
            if need <= self.offsets[b] {
                continue;
            }
            self.trail.push((b, self.offsets[b]));
            self.offsets[b] = need;
            if !self.fits(b) {
                return false;
            }
            queue.extend(self.edges[b].iter().map(|&(c, w)| (b, c, w)));
        }
        true
    }

    fn descend(&mut self) {
        if self.stopped || self.best_height <= self.lower_bound {
            return;
        }
        self.nodes += 1;
        if self.nodes >= self.limits.max_nodes || self.started.elapsed() >= self.limits.time_limit {
            self.stopped = true;
            return;
        }
        let Some(pair) = self.pairs.iter().find(|p| p.violated(&self.offsets)).copied() else {
            // Every pair apart or overlapping as allowed: the least solution is a plan.
            let height = (0..self.offsets.len())
                .map(|k| self.offsets[k] + i128::from(self.problem.requests[k].size))
                .max()
                .unwrap_or(0);
            if height < self.best_height {
                self.best_height = height;
                let offsets = self.offsets.iter().map(|&o| u64::try_from(o).expect("offsets are >= 0")).collect();
                self.best = Placement { offsets };
            }
            return;
        };
        let mut orientations = pair.orientations();
        if self.offsets[pair.i] > self.offsets[pair.j] {
            orientations.reverse();
        }
        for (from, to, w) in orientations {
            let mark = self.trail.len();
            if self.constrain(from, to, w) {
                self.descend();
            }
            self.edges[from].pop();
            while self.trail.len() > mark {
                let (k, offset) = self.trail.pop().expect("a trail entry");
                self.offsets[k] = offset;
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
    use crate::usmp::overlap::Allowance;
    use crate::usmp::problem::{Interval, Request};
    use crate::usmp::rng::{Rng, random_requests};
    use crate::usmp::validate::validate;
    use mc_dialects::buffer::DeltaBound;

    /// The lowest valid height by brute force over every offset vector up to the sum of the
    /// sizes, through the validator only.
    fn brute_force(problem: &Problem) -> u64 {
        let top: u64 = problem.requests.iter().map(|r| r.size).sum();
        let mut offsets = vec![0u64; problem.len()];
        let mut best = u64::MAX;
        loop {
            let placement = Placement { offsets: offsets.clone() };
            let height = placement.height(problem);
            if height < best && validate(problem, &placement, None).is_ok() {
                best = height;
            }
            // The next vector, as a counter in base top + 1.
            let Some(k) = offsets.iter().position(|&o| o < top) else { return best };
            offsets[k] += 1;
            offsets[..k].iter_mut().for_each(|o| *o = 0);
        }
    }

    /// The disjoint stack: every buffer above the one before, aligned.
    fn stacked(problem: &Problem) -> Placement {
        let mut top = 0u64;
        let offsets = problem
            .requests
            .iter()
            .map(|r| {
                let offset = top.div_ceil(r.alignment) * r.alignment;
                top = offset + r.size;
                offset
            })
            .collect();
        Placement { offsets }
    }

    /// A random small problem with allowances on either side.
    fn random_problem(rng: &mut Rng) -> Problem {
        let requests = random_requests(rng, (2, 3), (3, 3), 5, &[1, 1, 2]);
        let count = requests.len();
        let allowances = (0..rng.below(3))
            .map(|_| {
                let (output, input) = (rng.below(count), rng.below(count));
                let delta = rng.below(11) as i64 - 5;
                let bound = if rng.below(2) == 0 { DeltaBound::AtMost(delta) } else { DeltaBound::AtLeast(delta) };
                Allowance { output, input, bound }
            })
            .filter(|a| a.output != a.input)
            .collect();
        Problem::new(requests).with_allowances(allowances)
    }

    #[test]
    fn the_search_matches_brute_force_on_random_small_problems_with_allowances() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut improved = 0;
        for _ in 0..150 {
            let p = random_problem(&mut rng);
            let initial = stacked(&p);
            let initial_height = initial.height(&p);
            let result = exact_with_allowances(&p, initial, ExactLimits::default());
            validate(&p, &result.placement, None).unwrap();
            let height = result.placement.height(&p);
            let optimum = brute_force(&p).min(initial_height);
            if AllowanceIndex::new(&p).drops_allowances() {
                // Allowances on both sides of one pair are dropped: see the other brute-force test.
                assert!(height >= optimum && (!result.optimal || height == optimum), "{p:?}");
            } else {
                assert!(result.optimal);
                assert_eq!(height, optimum, "{p:?}");
            }
            improved += usize::from(height < initial_height);
        }
        assert!(improved > 50, "only {improved} problems improved on the stack");
    }

    /// What the planner as a whole returns for a problem with allowances (the search over pair
    /// orientations, and the canonical decision search on the problem without them, the lower
    /// plan kept) is the brute-force optimum, and valid with the allowances.
    #[test]
    fn the_exact_algorithm_with_both_searches_matches_brute_force() {
        use crate::usmp::algorithm::{Algorithm, solve};
        let mut rng = Rng(0x1405_7B7E_F767_814F);
        for _ in 0..80 {
            let p = random_problem(&mut rng);
            let solution = solve(&p, Algorithm::Exact, ExactLimits::default());
            validate(&p, &solution.placement, None).unwrap();
            // Allowances on both sides of one pair are dropped by the orientation search (one
            // forbidden interval per pair): its plan may then be above the optimum, and is
            // claimed optimal only when it meets the lower bound.
            let optimum = brute_force(&p);
            if AllowanceIndex::new(&p).drops_allowances() {
                assert!(solution.height >= optimum, "{p:?}");
                assert!(!solution.optimal || solution.height == optimum, "{p:?}");
            } else {
                assert!(solution.optimal, "{p:?}");
                assert_eq!(solution.height, optimum, "{p:?}");
            }
        }
    }

    #[test]
    fn a_zigzag_chain_is_found_from_the_disjoint_stack() {
        // Four 64-byte buffers in a chain, each live with the next; kernels alternate: the
        // output at least 16 above its input, then at most 16 below, then above again.
        let req = |start| Request { size: 64, alignment: 1, live: Interval::new(start, start + 1) };
        let bounds = [DeltaBound::AtLeast(16), DeltaBound::AtMost(-16), DeltaBound::AtLeast(16)];
        let allowances =
            bounds.iter().enumerate().map(|(k, &bound)| Allowance { output: k + 1, input: k, bound }).collect();
        let p = Problem::new(vec![req(0), req(1), req(2), req(3)]).with_allowances(allowances);
        let result = exact_with_allowances(&p, stacked(&p), ExactLimits::default());
        assert_eq!(result.placement.height(&p), 80);
        assert!(result.optimal);
        validate(&p, &result.placement, None).unwrap();
    }

    #[test]
    fn limits_stop_the_search_with_the_best_plan_so_far() {
        let req = |size, start| Request { size, alignment: 1, live: Interval::new(start, start + 2) };
        let p = Problem::new((0..14).map(|k| req(3 + k % 5, k as u32 / 2)).collect())
            .with_allowances(vec![Allowance { output: 1, input: 0, bound: DeltaBound::AtMost(-1) }]);
        let initial = stacked(&p);
        let initial_height = initial.height(&p);
        let result = exact_with_allowances(&p, initial, ExactLimits { max_nodes: 3, ..ExactLimits::default() });
        validate(&p, &result.placement, None).unwrap();
        assert!(result.placement.height(&p) <= initial_height);
        assert!(!result.optimal);
    }
}
