//! The exact planner's decision search: do the buffers fit below `capacity`? A depth-first
//! search over canonical placements, after MiniMalloc (Moffitt, ASPLOS 2023), designed for mc's
//! problem (alignments, any number of parts of the timeline).
//!
//! **Canonical placements.** Buffers are placed by non-decreasing offset, ties broken by a fixed
//! preorder; each goes to its least offset, the aligned top of the highest buffer placed live
//! with it ([`super::exact_inference`]). Any plan below `capacity` can be made one of these
//! without growing: take the plan of least offset sum; each buffer then rests on a buffer live
//! with it or on 0, at the least offset the ones below it leave, and listing the buffers by
//! (offset, preorder) is a sequence this search tries.
//!
//! **Dominance.** A partial placement that puts the next buffer at or above the top some
//! unplaced buffer would have at its least offset is cut: that buffer fits below, in a gap no
//! later buffer can use (they all go higher), so moving it down gives a plan of lower offset
//! sum: the plan of least offset sum never leaves such a gap.
//!
//! **Inference and bounds** cut a node as soon as some unplaced buffer has no offset left below
//! the capacity, some section has no room left for its unplaced buffers, or some section's floor
//! plus its bytes to place exceeds it
//! ([`super::exact_bounds`]). **Decomposition**: when a placement leaves no unplaced buffer
//! across some section boundary, the parts on either side are solved one after the other
//! ([`super::exact_decomposition`]); a part that fails fails the node.
//!
//! **Preorders.** The order of ties matters a lot for how fast a plan is found (not for
//! completeness): the search runs with three preorders in turn (by the most bytes live in the
//! buffer's sections, its lifetime and its area, in different priorities), each within a node
//! budget that doubles every round, as MiniMalloc does. A proof of infeasibility by any of them
//! ends the search.

use super::exact_bounds::sections_fit;
use super::exact_decomposition::Timeline;
use super::exact_inference::Inference;
use super::problem::{Placement, Problem};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Range;
use std::time::Instant;

/// How a decision search ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Decision {
    /// A plan below the capacity.
    Fits(u64),
    /// No plan below the capacity exists.
    Infeasible,
    /// The time or node limit was reached first.
    Unknown,
}

/// How one search (one preorder) ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Outcome {
    Found,
    Infeasible,
    OutOfNodes,
    OutOfTime,
    /// The candidate and part lists held down the search reached [`held_budget`].
    OutOfMemory,
}

/// Entries the lists of candidates and parts held by the nodes on the search's path may take
/// at most for `buffers` buffers: a few times the problem's own size, however deep the search.
fn held_budget(buffers: usize) -> usize {
    4 * buffers + (1 << 16)
}

/// A preorder key, greatest first.
#[derive(Copy, Clone, Debug)]
enum Key {
    /// Steps live.
    Width,
    /// Size times steps live.
    Area,
    /// The most bytes live in any section of the buffer.
    Total,
}

/// The preorders tried in turn.
const PREORDERS: [[Key; 3]; 3] =
    [[Key::Width, Key::Area, Key::Total], [Key::Total, Key::Area, Key::Width], [Key::Total, Key::Width, Key::Area]];

/// Searches for a plan of `problem` whose height is at most `capacity`, until `deadline` or
/// after `max_nodes` nodes in all; returns the decision, the plan when it fits, and the nodes
/// visited.
pub(super) fn fits(
    problem: &Problem,
    timeline: &Timeline,
    capacity: u64,
    deadline: Instant,
    max_nodes: u64,
) -> (Decision, Option<Placement>, u64) {
    if problem.requests.iter().any(|r| r.size > capacity) {
        return (Decision::Infeasible, None, 0);
    }
    let mut search = Search {
        problem,
        timeline,
        inference: Inference::new(problem, timeline),
        cuts: timeline.cuts.clone(),
        capacity,
        preorder: PREORDERS[0],
        solution: vec![0; problem.len()],
        nodes_left: 0,
        nodes: 0,
        deadline,
        held: 0,
    };
    let all: Vec<usize> = (0..problem.len()).collect();
    let mut node_limit = (problem.len() as u64).max(64);
    loop {
        node_limit = node_limit.saturating_mul(2);
        for preorder in PREORDERS {
            let budget = node_limit.min(max_nodes.saturating_sub(search.nodes));
            if budget == 0 {
                return (Decision::Unknown, None, search.nodes);
            }
            search.preorder = preorder;
            search.nodes_left = budget;
            match search.solve_range(0..timeline.sections(), &all) {
                Outcome::Found => {
                    let placement = Placement { offsets: search.solution };
                    let height = placement.height(problem);
                    return (Decision::Fits(height), Some(placement), search.nodes);
                }
                Outcome::Infeasible => return (Decision::Infeasible, None, search.nodes),
                Outcome::OutOfTime | Outcome::OutOfMemory => return (Decision::Unknown, None, search.nodes),
                Outcome::OutOfNodes => {}
            }
        }
    }
}

/// The search state.
struct Search<'a> {
    problem: &'a Problem,
    timeline: &'a Timeline,
    inference: Inference<'a>,
    /// Unplaced buffers across each section boundary.
    cuts: Vec<u32>,
    capacity: u64,
    preorder: [Key; 3],
    /// The offset each buffer was last placed at: the plan once the search has succeeded.
    solution: Vec<u64>,
    nodes_left: u64,
    nodes: u64,
    deadline: Instant,
    /// Entries of the candidate and part lists of the nodes on the current path.
    held: usize,
}

impl Search<'_> {
    /// Solves the unplaced `buffers` inside the sections `range`, part by part.
    fn solve_range(&mut self, range: Range<usize>, buffers: &[usize]) -> Outcome {
        let parts = self.timeline.split(&self.cuts, range, buffers);
        let entries = parts.iter().map(|(_, members)| 2 * members.len()).sum::<usize>();
        self.holding(entries, |search| {
            for (part, members) in parts {
                let outcome = search.solve_part(part, members);
                if outcome != Outcome::Found {
                    return outcome;
                }
            }
            Outcome::Found
        })
    }

    /// Runs `f` with `entries` more held, unless that exceeds the budget.
    fn holding(&mut self, entries: usize, f: impl FnOnce(&mut Self) -> Outcome) -> Outcome {
        if self.held + entries > held_budget(self.problem.len()) {
            return Outcome::OutOfMemory;
        }
        self.held += entries;
        let outcome = f(self);
        self.held -= entries;
        outcome
    }

    /// Solves one part of the timeline: its buffers in preorder, then the search.
    fn solve_part(&mut self, part: Range<usize>, mut members: Vec<usize>) -> Outcome {
        let keys: Vec<[u64; 3]> = members
            .iter()
            .map(|&b| {
                let r = &self.problem.requests[b];
                let width = u64::from(r.live.end - r.live.start) + 1;
                let total = self.timeline.spans[b].clone().map(|k| self.inference.totals[k]).max().unwrap_or(0);
                self.preorder.map(|key| match key {
                    Key::Width => width,
                    Key::Area => width.saturating_mul(r.size),
                    Key::Total => total,
                })
            })
            .collect();
        let mut by_rank: Vec<usize> = (0..members.len()).collect();
        by_rank.sort_by_key(|&i| (std::cmp::Reverse(keys[i]), members[i]));
        members = by_rank.iter().map(|&i| members[i]).collect();
        self.descend(&part, &members, (0, 0))
    }

    /// One node: the unplaced buffers of `preorder` (a part's buffers by rank), each tried at
    /// its least offset in (offset, rank) order from `after` on.
    fn descend(&mut self, part: &Range<usize>, preorder: &[usize], after: (u64, u32)) -> Outcome {
        if self.nodes_left == 0 {
            return Outcome::OutOfNodes;
        }
        self.nodes_left -= 1;
        self.nodes += 1;
        if Instant::now() >= self.deadline {
            return Outcome::OutOfTime;
        }
        // The candidates: canonical (placements never go back down) and dominant (no gap left
        // below), in one pass that also finds the lowest top, the bound of dominance (those
        // above the lowest top so far are left out at once, the others once it is known).
        let mut lowest_top = u64::MAX;
        let mut candidates: Vec<Reverse<(u64, u32)>> = Vec::new();
        for (rank, &b) in preorder.iter().enumerate() {
            if self.inference.offsets[b].is_some() {
                continue;
            }
            let least = self.inference.least[b];
            lowest_top = lowest_top.min(least + self.problem.requests[b].size);
            let candidate = (least, rank as u32);
            if candidate >= after && least < lowest_top {
                candidates.push(Reverse(candidate));
            }
        }
        if lowest_top == u64::MAX {
            return Outcome::Found;
        }
        candidates.retain(|Reverse((offset, _))| *offset < lowest_top);
        // Lowest first, drawn from a heap: a node is often left after its first few candidates
        // (a plan found, or the node budget spent), so sorting them all would be wasted. Only
        // they stay allocated while the search goes down.
        let candidates = BinaryHeap::from(candidates);
        self.holding(candidates.len(), |search| search.try_candidates(part, preorder, candidates))
    }

    /// Tries each candidate of a node in turn, lowest first (see [`Search::descend`]).
    fn try_candidates(
        &mut self,
        part: &Range<usize>,
        preorder: &[usize],
        mut candidates: BinaryHeap<Reverse<(u64, u32)>>,
    ) -> Outcome {
        while let Some(Reverse((offset, rank))) = candidates.pop() {
            let b = preorder[rank as usize];
            let hatless = self.hatless(b);
            let mark = self.inference.mark();
            let mut outcome = Outcome::Infeasible;
            if self.inference.place(b, offset, self.capacity)
                && sections_fit(&self.inference, part.clone(), offset, self.capacity)
            {
                self.solution[b] = offset;
                let mut split = false;
                for k in self.timeline.interior(b) {
                    self.cuts[k] -= 1;
                    split |= self.cuts[k] == 0;
                }
                outcome = if split {
                    let rest: Vec<usize> =
                        preorder.iter().copied().filter(|&m| self.inference.offsets[m].is_none()).collect();
                    self.solve_range(part.clone(), &rest)
                } else {
                    self.descend(part, preorder, (offset, rank))
                };
                for k in self.timeline.interior(b) {
                    self.cuts[k] += 1;
                }
            }
            self.inference.undo(mark);
            if outcome != Outcome::Infeasible || hatless {
                return outcome;
            }
        }
        Outcome::Infeasible
    }

    /// True if no unplaced buffer is live with `b`: nothing can ever go above it.
    fn hatless(&self, b: usize) -> bool {
        self.timeline.overlaps[b].iter().all(|&o| self.inference.offsets[o as usize].is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::exact::tests::brute_force;
    use crate::usmp::problem::{Interval, Request};
    use crate::usmp::rng::{Rng, random_requests};
    use crate::usmp::validate::validate;
    use std::time::Duration;

    fn decide(problem: &Problem, capacity: u64) -> (Decision, Option<Placement>) {
        let timeline = Timeline::new(problem).unwrap();
        let (decision, placement, _) =
            fits(problem, &timeline, capacity, Instant::now() + Duration::from_secs(10), u64::MAX);
        (decision, placement)
    }

    /// Every pruning rule together (inference, section bounds, dominance, hatless buffers,
    /// decomposition, canonical order) keeps exactly the plans that exist: the search fits at
    /// the brute-force optimum and proves the capacity below it infeasible.
    #[test]
    fn the_decision_matches_brute_force_at_and_below_the_optimum() {
        let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
        for round in 0..120 {
            // Every third problem spreads over a longer program, so it decomposes.
            let starts = if round % 3 == 0 { 14 } else { 6 };
            let p = Problem::new(random_requests(&mut rng, (2, 6), (starts, 4), 9, &[1, 1, 2, 4]));
            let optimum = brute_force(&p);
            let (decision, placement) = decide(&p, optimum);
            let Decision::Fits(height) = decision else { panic!("{p:?} fits in {optimum}: {decision:?}") };
            let placement = placement.unwrap();
            assert_eq!(height, optimum, "{p:?}");
            assert_eq!(placement.height(&p), height);
            validate(&p, &placement, None).unwrap();
            assert_eq!(decide(&p, optimum - 1).0, Decision::Infeasible, "{p:?}");
        }
    }

    #[test]
    fn a_buffer_larger_than_the_capacity_is_infeasible_at_once() {
        let p = Problem::new(vec![Request { size: 9, alignment: 1, live: Interval::new(0, 0) }]);
        assert_eq!(decide(&p, 8).0, Decision::Infeasible);
        assert_eq!(decide(&p, 9).0, Decision::Fits(9));
    }

    #[test]
    fn independent_parts_are_solved_one_after_the_other() {
        // Two halves of the program share no buffer: each packs to 6 bytes on its own.
        let req = |size, start, end| Request { size, alignment: 1, live: Interval::new(start, end) };
        let p = Problem::new(vec![req(4, 0, 1), req(2, 1, 2), req(2, 0, 0), req(3, 5, 6), req(3, 6, 7), req(3, 5, 5)]);
        let timeline = Timeline::new(&p).unwrap();
        assert_eq!(timeline.split(&timeline.cuts, 0..timeline.sections(), &(0..6).collect::<Vec<_>>()).len(), 2);
        let (decision, placement) = decide(&p, 6);
        assert_eq!(decision, Decision::Fits(6));
        validate(&p, &placement.unwrap(), None).unwrap();
        assert_eq!(decide(&p, 5).0, Decision::Infeasible);
    }
}
