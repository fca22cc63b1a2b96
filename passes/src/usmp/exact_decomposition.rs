//! The timeline of the exact planner: sections, the buffers live in each, pairs live together,
//! and the cut points where the timeline decomposes into independent parts.
//!
//! **Sections.** A section is the set of buffers live at the last step of some buffer; a
//! buffer belongs to a range of consecutive sections. Two buffers live together share the section
//! of the one that ends first, so they conflict exactly when their section ranges intersect, and
//! the sections hold every step's bytes at their most (between two ends, buffers only start).
//!
//! **Decomposition.** Between sections `k` and `k + 1` the *cut* counts the unplaced buffers
//! live on both sides. Where it is zero, the buffers of either side share no step with an
//! unplaced buffer of the other: given the buffers placed so far (fixed obstacles), the two
//! sides are independent problems, solved one after the other (MiniMalloc's dynamic temporal
//! decomposition). Placing a buffer lowers the cuts inside its range, so parts split further
//! as the search goes down.
//!
//! **Memory.** The pair lists and the section lists grow with the number of pairs live together,
//! which a large problem can make quadratic; [`Timeline::new`] counts them first (in `O(n log
//! n)`) and declines above a budget, so the caller keeps its heuristic plan instead.

use super::problem::Problem;
use std::ops::Range;

/// Sections, spans, pairs and cuts of a problem.
#[derive(Clone, Debug)]
pub(super) struct Timeline {
    /// The sections each buffer spans.
    pub spans: Vec<Range<usize>>,
    /// For each buffer, the buffers live with it at some step.
    pub overlaps: Vec<Vec<u32>>,
    /// For each section, the buffers live in it.
    pub members: Vec<Vec<u32>>,
    /// `cuts[k]`: unplaced buffers live in both section `k` and section `k + 1`.
    pub cuts: Vec<u32>,
}

/// Pairs and memberships at most, per buffer, beyond a fixed allowance: with 4 bytes an entry,
/// the timeline stays within a few times the problem's own size.
const ENTRIES_PER_BUFFER: usize = 16;

/// Entries any problem may use, however few buffers it has (4 MiB).
const ENTRIES_ALWAYS: usize = 1 << 20;

impl Timeline {
    /// The timeline of `problem`, or `None` if its pair and section lists would take more than
    /// the memory budget (see the module docs).
    pub fn new(problem: &Problem) -> Option<Timeline> {
        let n = problem.len();
        // Half-open step ranges `start..end + 1`. Section `k` holds the buffers live at the
        // last step before the `k`-th distinct end: every pair live together shares one.
        let ranges: Vec<(u64, u64)> =
            problem.requests.iter().map(|r| (u64::from(r.live.start), u64::from(r.live.end) + 1)).collect();
        let mut ends: Vec<u64> = ranges.iter().map(|&(_, b)| b).collect();
        ends.sort_unstable();
        ends.dedup();
        let index = |p: u64| ends.partition_point(|&q| q <= p);
        let spans: Vec<Range<usize>> = ranges.iter().map(|&(a, b)| index(a)..index(b)).collect();
        let sections = ends.len();
        let budget = ENTRIES_ALWAYS.max(ENTRIES_PER_BUFFER.saturating_mul(n));
        let memberships: usize = spans.iter().map(|s| s.len()).sum();
        if memberships > budget || 2 * count_pairs(&spans) > budget {
            return None;
        }
        let mut members = vec![Vec::new(); sections];
        for (i, span) in spans.iter().enumerate() {
            for k in span.clone() {
                members[k].push(i as u32);
            }
        }
        let overlaps = overlaps(&spans);
        let mut cuts = vec![0u32; sections.saturating_sub(1)];
        for span in &spans {
            for cut in &mut cuts[span.start..span.end - 1] {
                *cut += 1;
            }
        }
        Some(Timeline { spans, overlaps, members, cuts })
    }

    /// Number of sections.
    pub fn sections(&self) -> usize {
        self.members.len()
    }

    /// The boundaries inside buffer `b`'s span (boundary `k` lies between sections `k` and
    /// `k + 1`).
    pub fn interior(&self, b: usize) -> Range<usize> {
        self.spans[b].start..self.spans[b].end - 1
    }

    /// `range` split where `cuts` (the timeline's, less the placed buffers) are zero into the
    /// parts that hold some of `buffers` (unplaced buffers inside `range`), each with those.
    pub fn split(&self, cuts: &[u32], range: Range<usize>, buffers: &[usize]) -> Vec<(Range<usize>, Vec<usize>)> {
        let mut parts: Vec<(Range<usize>, Vec<usize>)> = Vec::new();
        let mut start = range.start;
        for k in range.clone() {
            if k + 1 == range.end || cuts[k] == 0 {
                parts.push((start..k + 1, Vec::new()));
                start = k + 1;
            }
        }
        for &b in buffers {
            let first = self.spans[b].start.max(range.start);
            let part = parts.partition_point(|(r, _)| r.end <= first);
            parts[part].1.push(b);
        }
        parts.retain(|(_, members)| !members.is_empty());
        parts
    }
}

/// Pairs of intersecting `spans`, counted without listing them.
fn count_pairs(spans: &[Range<usize>]) -> usize {
    let mut starts: Vec<usize> = spans.iter().map(|s| s.start).collect();
    let mut ends: Vec<usize> = spans.iter().map(|s| s.end).collect();
    starts.sort_unstable();
    ends.sort_unstable();
    // For each span: those starting before its end, less those ending by its start, less itself.
    let ordered: usize = spans
        .iter()
        .map(|s| starts.partition_point(|&a| a < s.end) - ends.partition_point(|&b| b <= s.start) - 1)
        .sum();
    ordered / 2
}

/// For each span, the others it intersects.
fn overlaps(spans: &[Range<usize>]) -> Vec<Vec<u32>> {
    let mut by_start: Vec<usize> = (0..spans.len()).collect();
    by_start.sort_unstable_by_key(|&i| (spans[i].start, i));
    let mut lists = vec![Vec::new(); spans.len()];
    let mut active: Vec<usize> = Vec::new();
    for &i in &by_start {
        active.retain(|&j| spans[j].end > spans[i].start);
        for &j in &active {
            lists[i].push(j as u32);
            lists[j].push(i as u32);
        }
        active.push(i);
    }
    lists
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::problem::{Interval, Request};

    fn problem(lives: &[(u32, u32)]) -> Problem {
        Problem::new(lives.iter().map(|&(a, b)| Request { size: 1, alignment: 1, live: Interval::new(a, b) }).collect())
    }

    #[test]
    fn sections_pairs_and_cuts_follow_the_intervals() {
        // Steps 0..=1, 1..=2 and 4..=5: sections at steps 1 (a b), 2 (b) and 5 (c).
        let t = Timeline::new(&problem(&[(0, 1), (1, 2), (4, 5)])).unwrap();
        assert_eq!(t.spans, vec![0..1, 0..2, 2..3]);
        assert_eq!(t.members, vec![vec![0, 1], vec![1], vec![2]]);
        assert_eq!(t.overlaps, vec![vec![1], vec![0], vec![]]);
        assert_eq!(t.cuts, vec![1, 0]);
        let all: Vec<usize> = (0..3).collect();
        let parts = t.split(&t.cuts, 0..t.sections(), &all);
        assert_eq!(parts, vec![(0..2, vec![0, 1]), (2..3, vec![2])]);
        assert_eq!(count_pairs(&t.spans), 1);
    }

    #[test]
    fn pair_counts_match_the_lists() {
        let t = Timeline::new(&problem(&[(0, 9), (2, 3), (3, 5), (5, 5), (6, 9), (0, 0)])).unwrap();
        let listed: usize = t.overlaps.iter().map(Vec::len).sum();
        assert_eq!(2 * count_pairs(&t.spans), listed);
        for (i, list) in t.overlaps.iter().enumerate() {
            for &j in list {
                assert!(t.spans[i].start < t.spans[j as usize].end && t.spans[j as usize].start < t.spans[i].end);
            }
        }
    }

    #[test]
    fn a_quadratic_problem_is_declined() {
        // Every buffer live at every step: n^2 / 2 pairs, far above the budget.
        let n = 4000;
        assert!(Timeline::new(&problem(&vec![(0, 1); n])).is_none());
    }
}
