//! Inference of the exact planner's decision search ("do the buffers fit in `capacity`?"):
//! what placing one buffer implies for the others, undone on backtracking.
//!
//! The search places buffers by non-decreasing offset (see [`super::exact_search`]), so once a
//! buffer sits at `o`, every unplaced buffer live with it must go at or above its top: each
//! unplaced buffer keeps a *least offset*, raised (and aligned up) as buffers live with it are
//! placed. Its candidates are the offsets from there to `capacity - size`; a node where some
//! buffer has none left fails at once, before anything else is tried.
//!
//! Per section, the *floor* is the top of the highest buffer placed there: every unplaced
//! buffer live there goes at or above it. The section's bound ([`super::exact_bounds`]) reads it
//! with the bytes still to place there and the offset the search has reached.
//!
//! **Sections without room.** The unplaced buffers of a section go one above the other from the
//! lowest least offset among them, so a section where every unplaced buffer's least offset plus
//! the section's bytes to place exceeds the capacity fails the node. Each section keeps a
//! *witness*: an unplaced buffer of it with room (its least offset plus the section's bytes to
//! place within the capacity). Going down the search the bytes to place only fall and least
//! offsets only rise, so a witness stays one until it is placed or raised; only then is its
//! section checked again, from its *open list*: its unplaced buffers, kept up to date as buffers
//! are placed and unplaced (a removal swaps the last entry into the hole, an undo swaps it back),
//! the scan stopping at the first buffer with room, the new witness. Each buffer counts the
//! sections it witnesses, so a raised buffer that witnesses none costs nothing more. Witnesses
//! go on the trail like everything else, so they hold on every node of the path.
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
    /// Per section, the top of the highest buffer placed there (see the module docs).
    pub floors: Vec<u64>,
    /// Per section, the bytes of its unplaced buffers.
    pub totals: Vec<u64>,
    /// Per section, its unplaced buffers in any order (see the module docs).
    open: Vec<Vec<u32>>,
    /// Where each buffer sits in the open lists of its sections: the entry of buffer `b` and
    /// section `k` is `slots[first_slot[b] + k - spans[b].start]`.
    slots: Vec<u32>,
    first_slot: Vec<usize>,
    /// Per section, its witness (see the module docs); `NO_WITNESS` once it has none.
    witness: Vec<u32>,
    /// Per buffer, the sections it witnesses.
    witnessing: Vec<u32>,
    trail: Vec<Change>,
    /// Sections a placement may leave without room, each once (`affected` marks them).
    pending: Vec<u32>,
    affected: Vec<bool>,
}

/// One undoable change.
enum Change {
    Least(u32, u64),
    Floor(u32, u64),
    Placed(u32),
    /// Section `.0` had witness `.1`.
    Witness(u32, u32),
}

/// The witness of a section without one.
const NO_WITNESS: u32 = u32::MAX;

/// A point to rewind the trail to.
#[derive(Copy, Clone)]
pub(super) struct Mark(usize);

impl<'a> Inference<'a> {
    /// Nothing placed: every least offset and floor is 0; each section's witness is its first
    /// buffer (it has room unless the section alone exceeds the capacity, which the section
    /// bound cuts).
    pub fn new(problem: &'a Problem, timeline: &'a Timeline) -> Inference<'a> {
        let mut totals = vec![0u64; timeline.sections()];
        for (r, span) in problem.requests.iter().zip(&timeline.spans) {
            for total in &mut totals[span.clone()] {
                *total += r.size;
            }
        }
        let mut open: Vec<Vec<u32>> = timeline.members.iter().map(|m| Vec::with_capacity(m.len())).collect();
        let mut first_slot = Vec::with_capacity(problem.len());
        let mut slots = Vec::new();
        for (b, span) in timeline.spans.iter().enumerate() {
            first_slot.push(slots.len());
            for k in span.clone() {
                slots.push(open[k].len() as u32);
                open[k].push(b as u32);
            }
        }
        let witness: Vec<u32> = open.iter().map(|list| list.first().copied().unwrap_or(NO_WITNESS)).collect();
        let mut witnessing = vec![0u32; problem.len()];
        for &w in witness.iter().filter(|&&w| w != NO_WITNESS) {
            witnessing[w as usize] += 1;
        }
        Inference {
            problem,
            timeline,
            offsets: vec![None; problem.len()],
            least: vec![0; problem.len()],
            floors: vec![0; timeline.sections()],
            totals,
            open,
            slots,
            first_slot,
            witness,
            witnessing,
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
    /// no candidate offset below `capacity` left, or some section no room (see the module docs).
    /// Either way [`Inference::undo`] to a mark taken before restores the state.
    pub fn place(&mut self, b: usize, offset: u64, capacity: u64) -> bool {
        let size = self.problem.requests[b].size;
        let top = offset + size;
        self.offsets[b] = Some(offset);
        self.trail.push(Change::Placed(b as u32));
        for k in self.timeline.spans[b].clone() {
            self.trail.push(Change::Floor(k as u32, self.floors[k]));
            self.floors[k] = self.floors[k].max(top);
            self.totals[k] -= size;
            self.close(b, k);
            if self.witness[k] == b as u32 && !self.open[k].is_empty() {
                self.affected[k] = true;
                self.pending.push(k as u32);
            }
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
            if self.witnessing[o] == 0 {
                continue;
            }
            for k in self.timeline.spans[o].clone() {
                if self.witness[k] == other && !self.affected[k] && self.least[o] + self.totals[k] > capacity {
                    self.affected[k] = true;
                    self.pending.push(k as u32);
                }
            }
        }
        let mut pending = std::mem::take(&mut self.pending);
        if feasible {
            feasible = pending.iter().all(|&k| self.has_room(k as usize, capacity));
        }
        for k in pending.drain(..) {
            self.affected[k as usize] = false;
        }
        self.pending = pending;
        feasible
    }

    /// True if some unplaced buffer of section `k` can go at its least offset with every other
    /// unplaced buffer there above it, below `capacity`; it becomes the section's witness.
    fn has_room(&mut self, k: usize, capacity: u64) -> bool {
        let total = self.totals[k];
        let found = self.open[k].iter().copied().find(|&m| self.least[m as usize] + total <= capacity);
        self.set_witness(k, found.unwrap_or(NO_WITNESS));
        found.is_some()
    }

    /// Makes `w` section `k`'s witness, on the trail.
    fn set_witness(&mut self, k: usize, w: u32) {
        let old = self.witness[k];
        if old != w {
            self.trail.push(Change::Witness(k as u32, old));
            self.replace_witness(k, w);
        }
    }

    /// Makes `w` section `k`'s witness, keeping the counts.
    fn replace_witness(&mut self, k: usize, w: u32) {
        let old = std::mem::replace(&mut self.witness[k], w);
        if old != NO_WITNESS {
            self.witnessing[old as usize] -= 1;
        }
        if w != NO_WITNESS {
            self.witnessing[w as usize] += 1;
        }
    }

    /// The index of buffer `b`'s slot in section `k`'s open list.
    fn slot(&self, b: usize, k: usize) -> usize {
        self.first_slot[b] + k - self.timeline.spans[b].start
    }

    /// Takes `b` out of section `k`'s open list: the last entry moves into its place.
    fn close(&mut self, b: usize, k: usize) {
        let at = self.slots[self.slot(b, k)] as usize;
        let last = self.open[k].pop().expect("an open buffer") as usize;
        if last != b {
            self.open[k][at] = last as u32;
            let slot = self.slot(last, k);
            self.slots[slot] = at as u32;
        }
    }

    /// Undoes [`Inference::close`] (the lists are restored in the reverse order of closing).
    fn reopen(&mut self, b: usize, k: usize) {
        let at = self.slots[self.slot(b, k)] as usize;
        if at == self.open[k].len() {
            self.open[k].push(b as u32);
        } else {
            let moved = self.open[k][at] as usize;
            let slot = self.slot(moved, k);
            self.slots[slot] = self.open[k].len() as u32;
            self.open[k].push(moved as u32);
            self.open[k][at] = b as u32;
        }
    }

    /// Rewinds every change made since `mark`.
    pub fn undo(&mut self, mark: Mark) {
        while self.trail.len() > mark.0 {
            match self.trail.pop().expect("a trail entry") {
                Change::Least(b, least) => self.least[b as usize] = least,
                Change::Floor(k, floor) => self.floors[k as usize] = floor,
                Change::Witness(k, w) => self.replace_witness(k as usize, w),
                Change::Placed(b) => {
                    let b = b as usize;
                    self.offsets[b] = None;
                    let size = self.problem.requests[b].size;
                    for k in self.timeline.spans[b].clone().rev() {
                        self.totals[k] += size;
                        self.reopen(b, k);
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
    use crate::usmp::rng::{Rng, random_requests};

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
        // The floor rises where a lies: at step 1.
        assert_eq!(inference.floors, vec![5, 0, 0]);
        inference.undo(mark);
        assert_eq!((inference.floors.clone(), inference.totals.clone()), (floors, totals));
        assert_eq!(inference.least, vec![0; 4]);
        assert_eq!(inference.offsets, vec![None; 4]);
    }

    #[test]
    fn a_section_without_room_fails_the_node() {
        // Once a is at 0, x and y each fit above it within 10 bytes, but not both at step 2.
        let p = Problem::new(vec![req(5, 1, 0, 1), req(3, 1, 1, 2), req(3, 1, 1, 2)]);
        let t = Timeline::new(&p).unwrap();
        let mut inference = Inference::new(&p, &t);
        assert!(!inference.place(0, 0, 10));
        let mut inference = Inference::new(&p, &t);
        assert!(inference.place(0, 0, 11));
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

    /// The state that matters to the search, open lists as sets.
    fn state(inference: &Inference<'_>) -> (Vec<Option<u64>>, Vec<u64>, Vec<u64>, Vec<u64>, Vec<Vec<u32>>) {
        let open = inference.open.iter().map(|list| {
            let mut list = list.clone();
            list.sort_unstable();
            list
        });
        (
            inference.offsets.clone(),
            inference.least.clone(),
            inference.floors.clone(),
            inference.totals.clone(),
            open.collect(),
        )
    }

    /// [`Inference::place`]'s answer checked from scratch on the state it leaves: a placement
    /// that fails leaves some buffer without an offset below the capacity or some section
    /// without room for its unplaced buffers from the lowest least offset among them; one that
    /// succeeds leaves neither, and every section with unplaced buffers has a witness among them
    /// with room.
    fn check_from_scratch(p: &Problem, t: &Timeline, inference: &Inference<'_>, capacity: u64, placed: bool) {
        let fits =
            (0..p.len()).all(|b| inference.offsets[b].is_some() || inference.least[b] + p.requests[b].size <= capacity);
        let lowest = |k: usize| {
            let unplaced = t.members[k].iter().filter(|&&m| inference.offsets[m as usize].is_none());
            unplaced.map(|&m| inference.least[m as usize]).min()
        };
        let roomless = |k: usize| lowest(k).is_some_and(|lowest| lowest + inference.totals[k] > capacity);
        let witnessed = |k: usize| {
            let w = inference.witness[k];
            lowest(k).is_none()
                || (w != NO_WITNESS
                    && inference.offsets[w as usize].is_none()
                    && inference.least[w as usize] + inference.totals[k] <= capacity)
        };
        let sections = 0..t.sections();
        if placed {
            assert!(fits && sections.clone().all(|k| !roomless(k) && witnessed(k)), "{p:?}");
        } else {
            assert!(!fits || sections.clone().any(roomless), "{p:?}");
        }
    }

    /// Random walks of placements and undos: each placement's answer agrees with the
    /// from-scratch check, the open lists always hold exactly each section's unplaced buffers,
    /// the witness counts match the witnesses, and the state
    /// after any walk equals the state of replaying the placements still standing on a fresh
    /// inference.
    #[test]
    fn the_incremental_state_equals_replaying_the_placements_from_scratch() {
        let mut rng = Rng(0xA076_1D64_78BD_642F);
        for _ in 0..200 {
            let p = Problem::new(random_requests(&mut rng, (2, 12), (10, 5), 9, &[1, 2, 4]));
            let t = Timeline::new(&p).unwrap();
            let capacity = p.lower_bound() + rng.below(8) as u64;
            let mut inference = Inference::new(&p, &t);
            // The placements standing, each with the mark taken before it.
            let mut path: Vec<(usize, u64, Mark)> = Vec::new();
            for _ in 0..40 {
                let unplaced: Vec<usize> = (0..p.len()).filter(|&b| inference.offsets[b].is_none()).collect();
                if unplaced.is_empty() || (!path.is_empty() && rng.below(3) == 0) {
                    let undone = rng.below(path.len());
                    let (_, _, mark) = path[undone];
                    path.truncate(undone);
                    inference.undo(mark);
                } else {
                    let b = unplaced[rng.below(unplaced.len())];
                    let offset = inference.least[b];
                    let mark = inference.mark();
                    let placed = inference.place(b, offset, capacity);
                    check_from_scratch(&p, &t, &inference, capacity, placed);
                    if placed {
                        path.push((b, offset, mark));
                    } else {
                        inference.undo(mark);
                    }
                }
                for (k, members) in t.members.iter().enumerate() {
                    let unplaced: Vec<u32> =
                        members.iter().copied().filter(|&m| inference.offsets[m as usize].is_none()).collect();
                    assert_eq!(state(&inference).4[k], unplaced, "{p:?}");
                }
                let mut witnessing = vec![0u32; p.len()];
                for &w in inference.witness.iter().filter(|&&w| w != NO_WITNESS) {
                    witnessing[w as usize] += 1;
                }
                assert_eq!(inference.witnessing, witnessing, "{p:?}");
                let mut replayed = Inference::new(&p, &t);
                for &(b, offset, _) in &path {
                    assert!(replayed.place(b, offset, capacity));
                }
                assert_eq!(state(&inference), state(&replayed), "{p:?}");
            }
        }
    }
}
