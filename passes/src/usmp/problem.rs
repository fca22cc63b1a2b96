//! The problem a memory planner solves, apart from the IR: buffers with a size, an alignment and
//! a live interval of program steps, to be given offsets in one address space so that buffers
//! live at the same step do not overlap. This is TVM USMP's `BufferInfo` set and MiniMalloc's
//! problem; liveness analysis builds it from the program, planners solve it, the validator
//! checks the answer. A problem may also allow declared pairs to share bytes
//! ([`Allowance`], see [`super::overlap`]).

use super::overlap::{Allowance, max_saving};

/// The steps a buffer is live at: `start..=end`, in the program's linear order.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Interval {
    /// First step that uses the buffer (its writer).
    pub start: u32,
    /// Last step that uses it, inclusive.
    pub end: u32,
}

impl Interval {
    /// `start..=end`.
    pub fn new(start: u32, end: u32) -> Interval {
        debug_assert!(start <= end, "an interval ends at or after its start");
        Interval { start, end }
    }

    /// True if both intervals contain a common step.
    pub fn overlaps(self, other: Interval) -> bool {
        self.start <= other.end && other.start <= self.end
    }
}

/// One buffer to place.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Request {
    /// Bytes.
    pub size: u64,
    /// Its offset must be a multiple of this (a power of two).
    pub alignment: u64,
    /// When it is live.
    pub live: Interval,
}

/// Buffers to place in one address space.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Problem {
    /// The buffers, identified by index.
    pub requests: Vec<Request>,
    /// Pairs that may share bytes although live together.
    pub allowances: Vec<Allowance>,
}

/// Offsets, one per request of a [`Problem`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Placement {
    /// Byte offset of each request.
    pub offsets: Vec<u64>,
}

/// `value` rounded up to a multiple of `alignment` (a power of two).
pub fn align_up(value: u64, alignment: u64) -> u64 {
    value.div_ceil(alignment.max(1)) * alignment.max(1)
}

impl Problem {
    /// A problem of `requests`.
    pub fn new(requests: Vec<Request>) -> Problem {
        Problem { requests, allowances: Vec::new() }
    }

    /// The same problem with `allowances`.
    pub fn with_allowances(self, allowances: Vec<Allowance>) -> Problem {
        Problem { allowances, ..self }
    }

    /// Number of buffers.
    pub fn len(&self) -> usize {
        self.requests.len()
    }

    /// True without buffers.
    pub fn is_empty(&self) -> bool {
        self.requests.is_empty()
    }

    /// The memory-pressure lower bound: the most bytes live at any one step. No placement is
    /// lower (alignment can only add to it). With allowances, each pair live at a step takes off
    /// the most it can share there (the union of live byte ranges is at least their sizes' sum
    /// minus the pairwise common parts), and no bound is below the largest buffer.
    pub fn lower_bound(&self) -> u64 {
        let mut events = self.live_events();
        for a in &self.allowances {
            let (out, inp) = (self.requests[a.output].live, self.requests[a.input].live);
            if a.output != a.input && out.overlaps(inp) {
                let both = Interval::new(out.start.max(inp.start), out.end.min(inp.end));
                push_live(&mut events, both, -i128::from(max_saving(self, a)));
            }
        }
        let (peak, _) = sweep_peak(events);
        let largest = self.requests.iter().map(|r| r.size).max().unwrap_or(0);
        (peak as u64).max(largest)
    }

    /// The first step at which the most bytes are live (overlap allowances not counted): where
    /// a report or a budget error looks for what to show or move.
    pub fn peak_step(&self) -> u32 {
        let (_, key) = sweep_peak(self.live_events());
        (key / 2) as u32
    }

    /// The sweep events of every request: `+size` when it becomes live, `-size` after its end.
    fn live_events(&self) -> Vec<(u64, i128)> {
        let mut events = Vec::with_capacity(2 * self.len());
        for r in &self.requests {
            push_live(&mut events, r.live, i128::from(r.size));
        }
        events
    }
}

/// Adds `bytes` live over `live` to sweep `events`: keys are `2·step` for a start and
/// `2·step + 1` for the end of a step, so a buffer ending at a step and one starting at the next
/// never add up.
fn push_live(events: &mut Vec<(u64, i128)>, live: Interval, bytes: i128) {
    events.push((u64::from(live.start) * 2, bytes));
    events.push((u64::from(live.end) * 2 + 1, -bytes));
}

/// The most bytes live over a sweep of `events`, and the first key where they are.
fn sweep_peak(mut events: Vec<(u64, i128)>) -> (i128, u64) {
    events.sort_unstable();
    let (mut live, mut peak, mut at) = (0i128, 0i128, 0u64);
    for (key, delta) in events {
        live += delta;
        if live > peak {
            peak = live;
            at = key;
        }
    }
    (peak, at)
}

impl Placement {
    /// The bytes the placement needs: the highest end of any buffer.
    pub fn height(&self, problem: &Problem) -> u64 {
        self.offsets.iter().zip(&problem.requests).map(|(&o, r)| o + r.size).max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(size: u64, start: u32, end: u32) -> Request {
        Request { size, alignment: 1, live: Interval::new(start, end) }
    }

    #[test]
    fn the_lower_bound_is_the_peak_of_live_bytes() {
        // Steps: 0: a; 1: a b; 2: b c; 3: c.
        let p = Problem::new(vec![req(10, 0, 1), req(20, 1, 2), req(5, 2, 3)]);
        assert_eq!(p.lower_bound(), 30);
        // A buffer ending at a step and one starting at the next do not add up.
        let q = Problem::new(vec![req(10, 0, 0), req(20, 1, 1)]);
        assert_eq!(q.lower_bound(), 20);
        assert_eq!(Problem::default().lower_bound(), 0);
        // The first step with the most bytes live: step 1 (a and b) and step 2 (b and c) hold
        // 30 and 25; then a tie is broken by the earlier step.
        assert_eq!(p.peak_step(), 1);
        let tie = Problem::new(vec![req(10, 0, 0), req(10, 1, 1)]);
        assert_eq!(tie.peak_step(), 0);
        assert_eq!(Problem::default().peak_step(), 0);
    }

    #[test]
    fn alignment_rounds_up() {
        assert_eq!(align_up(0, 16), 0);
        assert_eq!(align_up(1, 16), 16);
        assert_eq!(align_up(32, 16), 32);
        assert_eq!(align_up(5, 1), 5);
    }
}
