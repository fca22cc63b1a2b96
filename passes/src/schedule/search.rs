//! The order of least peak. An operator that every other one precedes or follows (a
//! *forced* operator: a chain's link, the join of all branches) has the same step in every
//! legal order, and the bytes live at that step do not depend on the order, so the operators
//! between two forced ones form an independent *segment*: the least peak of the whole is the
//! largest least peak of its segments, each searched on its own.
//!
//! A segment of at most 128 operators is searched exactly: dynamic programming over the sets
//! of its operators already run (Serenity's memoised search; the bytes live at a step depend
//! only on that set and the operator run), candidates tried from the cheapest step up and cut
//! off once a step alone reaches the best peak found. A segment whose search visits more than
//! [`SearchLimits::exact_states`] sets is ordered greedily instead: the ready operator whose
//! step is cheapest, then the one leaving the fewest bytes live, then the given order. Either
//! way a segment keeps its given order unless the new one has a strictly lower peak, so the
//! result is never worse than the given order.

use super::problem::ScheduleProblem;
use rustc_hash::FxHashMap;

/// How much exact search to spend.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Sets of run operators one segment's exact search may memoise before the greedy order
    /// replaces it.
    pub exact_states: usize,
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits { exact_states: 50_000 }
    }
}

/// The order chosen, and the peaks of the given and the chosen order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The operators in the chosen order.
    pub order: Vec<usize>,
    /// The peak of the given order `0..n`.
    pub original_peak: u64,
    /// The peak of `order` (at most `original_peak`).
    pub peak: u64,
    /// True if every segment was searched exactly: no legal order has a lower peak.
    pub exact: bool,
}

/// The order of `problem`'s operators with the least peak that the search finds within
/// `limits`, never worse than `0..n`.
pub fn best_order(problem: &ScheduleProblem, limits: SearchLimits) -> Schedule {
    let n = problem.len();
    let given: Vec<usize> = (0..n).collect();
    let mut order = Vec::with_capacity(n);
    let mut exact = true;
    let mut start = 0;
    for (forced, is_forced) in forced_operators(problem).into_iter().enumerate().chain([(n, true)]) {
        if !is_forced {
            continue;
        }
        if forced > start {
            let (segment, searched_exactly) = order_segment(problem, start, forced, limits);
            exact &= searched_exactly;
            order.extend(segment);
        }
        if forced < n {
            order.push(forced);
        }
        start = forced + 1;
    }
    let (original_peak, peak) = (problem.peak(&given), problem.peak(&order));
    debug_assert!(problem.is_legal(&order) && peak <= original_peak);
    Schedule { order, original_peak, peak, exact }
}

/// For each operator, whether every other operator must run before or after it.
fn forced_operators(problem: &ScheduleProblem) -> Vec<bool> {
    let n = problem.len();
    let words = n.div_ceil(64);
    let mut ancestors = vec![vec![0u64; words]; n];
    for op in 0..n {
        for &p in &problem.predecessors[op] {
            let (lower, upper) = ancestors.split_at_mut(op);
            for (word, &from) in upper[0].iter_mut().zip(&lower[p]) {
                *word |= from;
            }
            upper[0][p / 64] |= 1 << (p % 64);
        }
    }
    let has = |set: &[u64], op: usize| set[op / 64] >> (op % 64) & 1 == 1;
    (0..n)
        .map(|op| {
            (0..op).all(|before| has(&ancestors[op], before)) && (op + 1..n).all(|after| has(&ancestors[after], op))
        })
        .collect()
}

/// The order of operators `start..end` (a segment) of least peak found, and whether it was
/// searched exactly; the given order unless the found one is strictly better.
fn order_segment(problem: &ScheduleProblem, start: usize, end: usize, limits: SearchLimits) -> (Vec<usize>, bool) {
    let given: Vec<usize> = (start..end).collect();
    let exact =
        (end - start <= 128).then(|| ExactSearch::new(problem, start, end, limits.exact_states).run()).flatten();
    let searched_exactly = exact.is_some();
    let found = exact.unwrap_or_else(|| greedy_segment(problem, start, end));
    let peak = |order: &[usize]| segment_peak(problem, start, order);
    (if peak(&found) < peak(&given) { found } else { given }, searched_exactly)
}

/// The bytes live as a segment runs, every operator before `start` having run.
struct Simulation<'a> {
    problem: &'a ScheduleProblem,
    /// Per buffer, how many of its users have not run.
    pending: Vec<usize>,
    /// Per buffer, whether one of its users has run.
    touched: Vec<bool>,
    /// Per operator, the buffers it uses.
    uses: Vec<Vec<usize>>,
    /// Per operator, the input, output and bytes they may share.
    shared: Vec<Option<(usize, usize, u64)>>,
    /// Bytes of the buffers touched and still pending.
    live: u64,
}

impl<'a> Simulation<'a> {
    fn new(problem: &'a ScheduleProblem, start: usize) -> Self {
        let mut uses = vec![Vec::new(); problem.len()];
        let mut pending = vec![0; problem.buffers.len()];
        let mut touched = vec![false; problem.buffers.len()];
        let mut live = 0;
        for (b, buffer) in problem.buffers.iter().enumerate() {
            for &user in &buffer.users {
                uses[user].push(b);
                if user < start {
                    touched[b] = true;
                } else {
                    pending[b] += 1;
                }
            }
            if touched[b] && pending[b] > 0 {
                live += buffer.size;
            }
        }
        let mut shared = vec![None; problem.len()];
        for s in &problem.shared {
            shared[s.op] = Some((s.input, s.output, s.bytes));
        }
        Simulation { problem, pending, touched, uses, shared, live }
    }

    /// The bytes live at the step running `op`.
    fn step(&self, op: usize) -> u64 {
        let fresh = self.uses[op].iter().filter(|&&b| !self.touched[b]).map(|&b| self.problem.buffers[b].size);
        let shared = match self.shared[op] {
            Some((input, output, bytes)) if self.pending[input] == 1 && !self.touched[output] => bytes,
            _ => 0,
        };
        self.live + fresh.sum::<u64>() - shared
    }

    /// Runs `op`; returns the bytes live at its step.
    fn run(&mut self, op: usize) -> u64 {
        let step = self.step(op);
        let fresh = self.uses[op].iter().filter(|&&b| !self.touched[b]).map(|&b| self.problem.buffers[b].size);
        let mut live = self.live + fresh.sum::<u64>();
        for &b in &self.uses[op] {
            self.touched[b] = true;
            self.pending[b] -= 1;
            if self.pending[b] == 0 {
                live -= self.problem.buffers[b].size;
            }
        }
        self.live = live;
        step
    }
}

/// The peak of the steps of `order` (operators of the segment starting at `start`).
fn segment_peak(problem: &ScheduleProblem, start: usize, order: &[usize]) -> u64 {
    let mut simulation = Simulation::new(problem, start);
    order.iter().map(|&op| simulation.run(op)).max().unwrap_or(0)
}

/// The greedy order of operators `start..end`.
fn greedy_segment(problem: &ScheduleProblem, start: usize, end: usize) -> Vec<usize> {
    let mut simulation = Simulation::new(problem, start);
    let mut waiting: Vec<usize> =
        (start..end).map(|op| problem.predecessors[op].iter().filter(|&&p| p >= start).count()).collect();
    let mut successors = vec![Vec::new(); end - start];
    for op in start..end {
        for &p in problem.predecessors[op].iter().filter(|&&p| p >= start) {
            successors[p - start].push(op);
        }
    }
    let mut order = Vec::with_capacity(end - start);
    let mut ready: Vec<usize> = (start..end).filter(|&op| waiting[op - start] == 0).collect();
    while !ready.is_empty() {
        let leaves = |op: usize| {
            let fresh = simulation.uses[op].iter().filter(|&&b| !simulation.touched[b]);
            let freed = simulation.uses[op].iter().filter(|&&b| simulation.pending[b] == 1);
            let size = |&b: &usize| problem.buffers[b].size;
            simulation.live + fresh.map(size).sum::<u64>() - freed.map(size).sum::<u64>()
        };
        let (at, &op) =
            ready.iter().enumerate().min_by_key(|&(_, &op)| (simulation.step(op), leaves(op), op)).expect("not empty");
        ready.swap_remove(at);
        simulation.run(op);
        order.push(op);
        for &next in &successors[op - start] {
            waiting[next - start] -= 1;
            if waiting[next - start] == 0 {
                ready.push(next);
            }
        }
    }
    order
}

/// The memoised search over the run sets of a segment of at most 128 operators (bit `i`:
/// operator `start + i`).
struct ExactSearch {
    start: usize,
    /// All operators of the segment.
    full: u128,
    /// Per operator, its predecessors in the segment.
    predecessors: Vec<u128>,
    /// Per operator, the buffers it uses (indices into `buffers`).
    uses: Vec<Vec<usize>>,
    /// Per operator, the input and output (indices into `buffers`) and the bytes they may share.
    shared: Vec<Option<(usize, usize, u64)>>,
    /// The buffers used in the segment: size, used before it, used after it, users in it.
    buffers: Vec<SegmentBuffer>,
    /// Bytes live throughout the segment (used before and after it, not in it).
    passing: u64,
    /// Per run set, its least peak from there and the operator to run next.
    memo: FxHashMap<u128, (u64, usize)>,
    max_states: usize,
}

struct SegmentBuffer {
    size: u64,
    before: bool,
    after: bool,
    users: u128,
}

impl ExactSearch {
    fn new(problem: &ScheduleProblem, start: usize, end: usize, max_states: usize) -> Self {
        let bit = |op: usize| 1u128 << (op - start);
        let predecessors = (start..end)
            .map(|op| problem.predecessors[op].iter().filter(|&&p| p >= start).fold(0, |set, &p| set | bit(p)))
            .collect();
        let mut uses = vec![Vec::new(); end - start];
        let mut buffers = Vec::new();
        let mut local = vec![None; problem.buffers.len()];
        let mut passing = 0;
        for (b, buffer) in problem.buffers.iter().enumerate() {
            let users = buffer.users.iter().filter(|&&u| (start..end).contains(&u)).fold(0, |set, &u| set | bit(u));
            let before = buffer.users.iter().any(|&u| u < start);
            let after = buffer.users.iter().any(|&u| u >= end);
            if users == 0 {
                passing += if before && after { buffer.size } else { 0 };
                continue;
            }
            for op in start..end {
                if users & bit(op) != 0 {
                    uses[op - start].push(buffers.len());
                }
            }
            local[b] = Some(buffers.len());
            buffers.push(SegmentBuffer { size: buffer.size, before, after, users });
        }
        let mut shared = vec![None; end - start];
        for s in problem.shared.iter().filter(|s| (start..end).contains(&s.op)) {
            if let (Some(input), Some(output)) = (local[s.input], local[s.output]) {
                shared[s.op - start] = Some((input, output, s.bytes));
            }
        }
        let full = if end - start == 128 { u128::MAX } else { (1u128 << (end - start)) - 1 };
        ExactSearch {
            start,
            full,
            predecessors,
            uses,
            shared,
            buffers,
            passing,
            memo: FxHashMap::default(),
            max_states,
        }
    }

    /// The least-peak order, or `None` when the search needs more states than allowed.
    fn run(mut self) -> Option<Vec<usize>> {
        self.least_peak(0)?;
        let mut order = Vec::new();
        let mut done = 0u128;
        while done != self.full {
            let next = self.memo[&done].1;
            order.push(self.start + next);
            done |= 1 << next;
        }
        Some(order)
    }

    /// The least peak of the rest of the segment once the operators of `done` have run.
    fn least_peak(&mut self, done: u128) -> Option<u64> {
        if done == self.full {
            return Some(0);
        }
        if let Some(&(peak, _)) = self.memo.get(&done) {
            return Some(peak);
        }
        if self.memo.len() >= self.max_states {
            return None;
        }
        let live: u64 = self.passing
            + self
                .buffers
                .iter()
                .filter(|b| (b.before || b.users & done != 0) && (b.after || b.users & !done != 0))
                .map(|b| b.size)
                .sum::<u64>();
        let mut candidates: Vec<(u64, usize)> = (0..self.predecessors.len())
            .filter(|&i| done >> i & 1 == 0 && self.predecessors[i] & !done == 0)
            .map(|i| {
                let untouched = |b: &SegmentBuffer| !b.before && b.users & done == 0;
                let fresh = self.uses[i].iter().map(|&b| &self.buffers[b]).filter(|b| untouched(b));
                let shared = match self.shared[i] {
                    Some((input, output, bytes)) => {
                        let (input, output) = (&self.buffers[input], &self.buffers[output]);
                        let last_reader = !input.after && input.users & !done == 1u128 << i;
                        if last_reader && untouched(output) { bytes } else { 0 }
                    }
                    None => 0,
                };
                (live + fresh.map(|b| b.size).sum::<u64>() - shared, i)
            })
            .collect();
        candidates.sort_unstable();
        let mut best = (u64::MAX, candidates[0].1);
        for (step, i) in candidates {
            if step >= best.0 {
                break;
            }
            let peak = step.max(self.least_peak(done | 1 << i)?);
            if peak < best.0 {
                best = (peak, i);
            }
        }
        self.memo.insert(done, best);
        Some(best.0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::problem::{ScheduledBuffer, SharedBytes};
    use super::*;
    use crate::usmp::rng::Rng;

    /// Every legal order of `problem` (a small one).
    fn all_orders(problem: &ScheduleProblem) -> Vec<Vec<usize>> {
        fn extend(problem: &ScheduleProblem, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if prefix.len() == problem.len() {
                out.push(prefix.clone());
                return;
            }
            for op in 0..problem.len() {
                if !prefix.contains(&op) && problem.predecessors[op].iter().all(|p| prefix.contains(p)) {
                    prefix.push(op);
                    extend(problem, prefix, out);
                    prefix.pop();
                }
            }
        }
        let mut out = Vec::new();
        extend(problem, &mut Vec::new(), &mut out);
        out
    }

    /// A random DAG of `n` operators: each produces one buffer read by some later operators
    /// (its successors); some operators have a workspace of their own.
    fn random_problem(rng: &mut Rng, n: usize) -> ScheduleProblem {
        let mut predecessors = vec![Vec::new(); n];
        let mut buffers = Vec::new();
        let mut shared = Vec::new();
        for op in 0..n {
            let mut users = vec![op];
            for later in op + 1..n {
                if rng.below(4) == 0 {
                    users.push(later);
                    predecessors[later].push(op);
                }
            }
            if op > 0 && rng.below(2) == 0 {
                // Shares with the buffer of an earlier operator it reads (if it reads one).
                let size = 1 + rng.below(100) as u64;
                let read = (0..op)
                    .filter(|&p| predecessors[op].contains(&p))
                    .map(|p| buffers.iter().position(|b: &ScheduledBuffer| b.users[0] == p).unwrap());
                if let Some(input) = read.last() {
                    let bytes = rng.below(1 + size.min(buffers[input].size) as usize) as u64;
                    shared.push(SharedBytes { op, input, output: buffers.len(), bytes });
                }
                buffers.push(ScheduledBuffer { size, users });
            } else {
                buffers.push(ScheduledBuffer { size: 1 + rng.below(100) as u64, users });
            }
            if rng.below(3) == 0 {
                buffers.push(ScheduledBuffer { size: 1 + rng.below(50) as u64, users: vec![op] });
            }
        }
        ScheduleProblem { predecessors, buffers, shared }
    }

    #[test]
    fn the_exact_search_finds_the_least_peak_of_all_legal_orders() {
        let mut rng = Rng(21);
        for case in 0..300 {
            let problem = random_problem(&mut rng, 2 + case % 8);
            let least = all_orders(&problem).iter().map(|order| problem.peak(order)).min().unwrap();
            let schedule = best_order(&problem, SearchLimits::default());
            assert!(schedule.exact, "case {case}");
            assert!(problem.is_legal(&schedule.order), "case {case}: {:?}", schedule.order);
            assert_eq!(schedule.peak, least, "case {case}: {problem:?}");
            assert_eq!(schedule.peak, problem.peak(&schedule.order));
            assert_eq!(schedule.original_peak, problem.peak(&(0..problem.len()).collect::<Vec<_>>()));
        }
    }

    #[test]
    fn the_greedy_order_is_legal_and_never_worse_than_the_given_one() {
        let mut rng = Rng(7);
        let mut improved = 0;
        for case in 0..200 {
            let problem = random_problem(&mut rng, 3 + case % 20);
            let schedule = best_order(&problem, SearchLimits { exact_states: 0 });
            assert!(problem.is_legal(&schedule.order), "case {case}");
            assert!(schedule.peak <= schedule.original_peak, "case {case}");
            assert_eq!(schedule.exact, problem.is_empty() || forced_operators(&problem).iter().all(|&f| f));
            improved += usize::from(schedule.peak < schedule.original_peak);
        }
        assert!(improved > 0, "the greedy order never helped");
    }

    #[test]
    fn the_branch_freeing_more_runs_first() {
        // 0 writes x (100 bytes), read by two branches joined by 4: 1 makes r (50) from it;
        // 2 makes p (200), which 3 shrinks to q (10). Running 2 and 3 before 1 frees p before
        // r exists: 310 bytes at most instead of 350.
        let buffer = |size, users: &[usize]| ScheduledBuffer { size, users: users.to_vec() };
        let problem = ScheduleProblem {
            predecessors: vec![vec![], vec![0], vec![0], vec![2], vec![1, 3]],
            buffers: vec![
                buffer(100, &[0, 1, 2]),
                buffer(50, &[1, 4]),
                buffer(200, &[2, 3]),
                buffer(10, &[3, 4]),
                buffer(5, &[4]),
            ],
            shared: Vec::new(),
        };
        let schedule = best_order(&problem, SearchLimits::default());
        assert_eq!((schedule.original_peak, schedule.peak), (350, 310));
        assert_eq!(schedule.order, vec![0, 2, 3, 1, 4]);
    }

    #[test]
    fn forced_operators_split_chains_and_joins() {
        let problem = ScheduleProblem {
            predecessors: vec![vec![], vec![0], vec![0], vec![1, 2], vec![3]],
            buffers: Vec::new(),
            shared: Vec::new(),
        };
        assert_eq!(forced_operators(&problem), vec![true, false, false, true, true]);
    }
}
