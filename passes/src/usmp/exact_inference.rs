//! Inference of the exact planner's decision search ("do the buffers fit in `capacity`?"):
//! what placing one buffer implies for the others, undone on backtracking.
//!
//! The search places buffers by non-decreasing offset (see [`super::exact_search`]), so once a
//! buffer sits at `o`, every unplaced buffer live with it must go at or above its top: each
//! unplaced buffer keeps a *least offset*, raised (and aligned up) as buffers live with it are
//! placed. Its candidates are the offsets from there to `capacity - size`; a node where some
//! buffer has none left fails at once, before anything else is tried.
//!
//! Per section, the *floor* is the lowest offset any unplaced buffer live there can still take:
//! the top of the highest buffer placed there, raised to the least offset of the lowest unplaced
//! buffer live there. The section's bound ([`super::exact_bounds`]) reads it with the bytes still
//! to place there.
//!
//! Every change goes on a trail; [`Inference::undo`] rewinds to a mark.

use super::exact_decomposition::Timeline;
use super::problem::{Problem, align_up};

/// The state of a partial placement.
pub(super) struct Inference<'a> {
    problem: &'a Problem,
    timeline: &'a Timeline,
    /// The offset of each placed buffer.
    pub offsets: Vec<Option<u64>>,
    /// The least offset each unplaced buffer can take.
    pub least: Vec<u64>,
    /// Per section, the floor (see the module docs).
    pub floors: Vec<u64>,
    /// Per section, the bytes of its unplaced buffers.
    pub totals: Vec<u64>,
    trail: Vec<Change>,
    /// Sections whose floor a placement may raise, each once (`affected` marks them).
    pending: Vec<u32>,
    affected: Vec<bool>,
}

/// One undoable change.
enum Change {
    Least(u32, u64),
    Floor(u32, u64),
    Placed(u32),
}

/// A point to rewind the trail to.
#[derive(Copy, Clone)]
pub(super) struct Mark(usize);

impl<'a> Inference<'a> {
    /// Nothing placed: every least offset and floor is 0.
    pub fn new(problem: &'a Problem, timeline: &'a Timeline) -> Inference<'a> {
        let mut totals = vec![0u64; timeline.sections()];
        for (r, span) in problem.requests.iter().zip(&timeline.spans) {
            for total in &mut totals[span.clone()] {
                *total += r.size;
            }
        }
        Inference {
            problem,
            timeline,
            offsets: vec![None; problem.len()],
            least: vec![0; problem.len()],
            floors: vec![0; timeline.sections()],
            totals,
            trail: Vec::new(),
            pending: Vec::new(),
            affected: vec![false; timeline.sections()],
        }
    }

    /// The current point of the trail.
    pub fn mark(&self) -> Mark {
        Mark(self.trail.len())
    }

    /// Places buffer `b` at `offset` and propagates; false as soon as some unplaced buffer has
    /// no candidate offset below `capacity` left. Either way [`Inference::undo`] to a mark taken
    /// before restores the state.
    pub fn place(&mut self, b: usize, offset: u64, capacity: u64) -> bool {
        let size = self.problem.requests[b].size;
        let top = offset + size;
        self.offsets[b] = Some(offset);
        self.trail.push(Change::Placed(b as u32));
        for k in self.timeline.spans[b].clone() {
            self.trail.push(Change::Floor(k as u32, self.floors[k]));
            self.floors[k] = self.floors[k].max(top);
            self.totals[k] -= size;
        }
        let mut feasible = true;
        for &other in &self.timeline.overlaps[b] {
            let o = other as usize;
            if self.offsets[o].is_some() || self.least[o] >= top {
                continue;
            }
            let request = &self.problem.requests[o];
            self.trail.push(Change::Least(other, self.least[o]));
            self.least[o] = align_up(top, request.alignment);
            if self.least[o] + request.size > capacity {
                feasible = false;
                break;
            }
            // A section's floor only matters where it could bring the section to the capacity,
            // and it is at most this buffer's least offset.
            for k in self.timeline.spans[o].clone() {
                if !self.affected[k] && self.floors[k] < self.least[o] && self.least[o] + self.totals[k] >= capacity {
                    self.affected[k] = true;
                    self.pending.push(k as u32);
                }
            }
        }
        if feasible {
            self.raise_floors();
        }
        for k in self.pending.drain(..) {
            self.affected[k as usize] = false;
        }
        feasible
    }

    /// Raises the floor of each pending section to the lowest least offset of the unplaced
    /// buffers live there.
    fn raise_floors(&mut self) {
        for &k in &self.pending {
            let k = k as usize;
            let lowest = self.timeline.members[k]
                .iter()
                .filter(|&&m| self.offsets[m as usize].is_none())
                .map(|&m| self.least[m as usize])
                .min()
                .unwrap_or(0);
            if lowest > self.floors[k] {
                self.trail.push(Change::Floor(k as u32, self.floors[k]));
                self.floors[k] = lowest;
            }
        }
    }

    /// Rewinds every change made since `mark`.
    pub fn undo(&mut self, mark: Mark) {
        while self.trail.len() > mark.0 {
            match self.trail.pop().expect("a trail entry") {
                Change::Least(b, least) => self.least[b as usize] = least,
                Change::Floor(k, floor) => self.floors[k as usize] = floor,
                Change::Placed(b) => {
                    let b = b as usize;
                    self.offsets[b] = None;
                    let size = self.problem.requests[b].size;
                    for total in &mut self.totals[self.timeline.spans[b].clone()] {
                        *total += size;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::problem::{Interval, Request};

    fn req(size: u64, alignment: u64, start: u32, end: u32) -> Request {
        Request { size, alignment, live: Interval::new(start, end) }
    }

    #[test]
    fn placing_raises_the_buffers_live_with_it_and_undo_restores() {
        // a [0,1], b [1,2] aligned to 8, e [1,1] and c [3,3]. Sections: at step 1 (a, b, e),
        // step 2 (b), step 3 (c).
        let p = Problem::new(vec![req(5, 1, 0, 1), req(4, 8, 1, 2), req(7, 1, 3, 3), req(2, 1, 1, 1)]);
        let t = Timeline::new(&p).unwrap();
        let mut inference = Inference::new(&p, &t);
        let mark = inference.mark();
        let (floors, totals) = (inference.floors.clone(), inference.totals.clone());
        assert!(inference.place(0, 0, 12));
        assert_eq!(inference.least, vec![0, 8, 0, 5], "b goes above a's top 5, aligned to 8");
        assert_eq!(inference.totals, vec![6, 4, 7]);
        // Step 2 holds b alone, whose least offset 8 plus its 4 bytes reaches the capacity: the
        // floor there rises to 8. At step 1, e may still go at 5.
        assert_eq!(inference.floors, vec![5, 8, 0]);
        inference.undo(mark);
        assert_eq!((inference.floors.clone(), inference.totals.clone()), (floors, totals));
        assert_eq!(inference.least, vec![0; 4]);
        assert_eq!(inference.offsets, vec![None; 4]);
    }

    #[test]
    fn a_buffer_without_candidates_fails_the_node() {
        // b cannot go above a within 8 bytes.
        let p = Problem::new(vec![req(5, 1, 0, 1), req(4, 1, 1, 2)]);
        let t = Timeline::new(&p).unwrap();
        let mut inference = Inference::new(&p, &t);
        assert!(!inference.place(0, 0, 8));
        let mut inference = Inference::new(&p, &t);
        assert!(inference.place(0, 0, 9));
    }
}
