//! Which buffers are live together: an index over the live intervals that lists the buffers
//! overlapping a given one in time proportional to their number (plus a bisection per length
//! class) from `O(n)` memory, so the greedy planners and hill climbing stay linear in memory on
//! problems of 10^5 buffers and more, where the lists of every buffer's conflicts would take tens
//! of times the problem's own size.
//!
//! Buffers are grouped by the binary order of magnitude of their interval's length, each group
//! sorted by start. A buffer of length at most `L` overlaps `[s, e]` only if it starts in
//! `[s - L + 1, e]`: one bisection per group finds that range, and since the group's lengths are
//! within a factor of two, at most about as many of the range's buffers end before `s` as
//! overlap.

use super::problem::Problem;
use std::ops::Range;

/// The overlap index of one problem's live intervals.
#[derive(Clone, Debug)]
pub struct Conflicts {
    /// Buffer indices by length class, then start (then index).
    by_class: Vec<u32>,
    /// `starts[p]` and `ends[p]`: the live interval of `by_class[p]`.
    starts: Vec<u32>,
    /// See `starts`.
    ends: Vec<u32>,
    /// Each non-empty length class: its positions in `by_class` and its longest interval's
    /// length less one.
    classes: Vec<(Range<usize>, u32)>,
    /// The live interval of each buffer, by buffer index.
    live: Vec<(u32, u32)>,
    /// How many other buffers each buffer overlaps.
    degrees: Vec<u32>,
}

impl Conflicts {
    /// Indexes `problem`'s live intervals.
    pub fn new(problem: &Problem) -> Conflicts {
        let live: Vec<(u32, u32)> = problem.requests.iter().map(|r| (r.live.start, r.live.end)).collect();
        let class = |(start, end): (u32, u32)| (end - start + 1).ilog2();
        let mut by_class: Vec<u32> = (0..live.len() as u32).collect();
        by_class.sort_unstable_by_key(|&i| (class(live[i as usize]), live[i as usize].0, i));
        let starts: Vec<u32> = by_class.iter().map(|&i| live[i as usize].0).collect();
        let ends: Vec<u32> = by_class.iter().map(|&i| live[i as usize].1).collect();
        let mut classes: Vec<(Range<usize>, u32)> = Vec::new();
        for (p, &i) in by_class.iter().enumerate() {
            let (start, end) = live[i as usize];
            match classes.last_mut() {
                Some((range, longest)) if class(live[by_class[range.start] as usize]) == class((start, end)) => {
                    range.end = p + 1;
                    *longest = (*longest).max(end - start);
                }
                _ => classes.push((p..p + 1, end - start)),
            }
        }
        // A buffer overlaps every other one that starts at or before its end, except those
        // ending before its start (which start before its end too).
        let mut sorted_starts: Vec<u32> = live.iter().map(|&(start, _)| start).collect();
        sorted_starts.sort_unstable();
        let mut sorted_ends: Vec<u32> = live.iter().map(|&(_, end)| end).collect();
        sorted_ends.sort_unstable();
        let degrees = live
            .iter()
            .map(|&(start, end)| {
                let starting = sorted_starts.partition_point(|&s| s <= end);
                let ended = sorted_ends.partition_point(|&e| e < start);
                (starting - ended - 1) as u32
            })
            .collect();
        Conflicts { by_class, starts, ends, classes, live, degrees }
    }

    /// Calls `visit` with every buffer whose live interval overlaps buffer `i`'s (not `i`), in
    /// no particular order.
    pub fn each(&self, i: usize, mut visit: impl FnMut(usize)) {
        let (start, end) = self.live[i];
        for (range, longest) in &self.classes {
            let starts = &self.starts[range.clone()];
            let first = range.start + starts.partition_point(|&s| s < start.saturating_sub(*longest));
            let last = range.start + starts.partition_point(|&s| s <= end);
            for p in first..last {
                let j = self.by_class[p] as usize;
                if self.ends[p] >= start && j != i {
                    visit(j);
                }
            }
        }
    }

    /// How many buffers overlap buffer `i`.
    pub fn degree(&self, i: usize) -> usize {
        self.degrees[i] as usize
    }

    /// The buffers overlapping buffer `i`, sorted (for searches that revisit them often).
    pub fn sorted(&self, i: usize) -> Vec<usize> {
        let mut list = Vec::with_capacity(self.degree(i));
        self.each(i, |j| list.push(j));
        list.sort_unstable();
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::problem::{Interval, Request};
    use crate::usmp::rng::Rng;

    fn problem(intervals: &[(u32, u32)]) -> Problem {
        Problem::new(
            intervals.iter().map(|&(s, e)| Request { size: 1, alignment: 1, live: Interval::new(s, e) }).collect(),
        )
    }

    #[test]
    fn conflicts_are_overlapping_intervals() {
        let p = problem(&[(0, 1), (1, 2), (3, 4), (0, 4)]);
        let c = Conflicts::new(&p);
        let lists: Vec<Vec<usize>> = (0..p.len()).map(|i| c.sorted(i)).collect();
        assert_eq!(lists, vec![vec![1, 3], vec![0, 3], vec![3], vec![0, 1, 2]]);
        assert_eq!((0..p.len()).map(|i| c.degree(i)).collect::<Vec<_>>(), vec![2, 2, 1, 3]);
        let empty = Conflicts::new(&Problem::default());
        assert!(empty.classes.is_empty());
    }

    #[test]
    fn the_index_agrees_with_every_pair_compared() {
        let mut rng = Rng(0x0DD5_EED5);
        for round in 0..200 {
            let n = 1 + round % 40;
            let steps = 1 + rng.below(30) as u32;
            let intervals: Vec<(u32, u32)> = (0..n)
                .map(|_| {
                    let s = rng.below(steps as usize) as u32;
                    let longest = 1 + rng.below(12);
                    (s, s + rng.below(longest) as u32)
                })
                .collect();
            let p = problem(&intervals);
            let c = Conflicts::new(&p);
            for i in 0..n {
                let expected: Vec<usize> =
                    (0..n).filter(|&j| j != i && p.requests[i].live.overlaps(p.requests[j].live)).collect();
                assert_eq!(c.sorted(i), expected, "buffer {i} of {intervals:?}");
                assert_eq!(c.degree(i), expected.len());
            }
        }
    }
}
