//! Lower bounds of the exact planner: per section during the search, and the grid of heights
//! the minimisation steps over.
//!
//! **Per section.** The unplaced buffers live in a section all go at or above its floor (see
//! [`super::exact_inference`]) and at or above the offset of the last buffer placed (buffers are
//! placed by non-decreasing offset), one above the other: a node whose floor plus the bytes
//! still to place exceeds the capacity in some section of its part of the timeline is cut.
//!
//! **The grid.** With every size and alignment a multiple of `g`, every offset and every height
//! of a canonical placement is a multiple of `g`: capacities between two multiples are never
//! the answer, so the minimisation only tries multiples of `g`.

use super::exact_inference::Inference;
use super::problem::Problem;
use std::ops::Range;

/// True if every section of `sections` can still hold its unplaced buffers below `capacity`,
/// given that they go at or above `offset`.
pub(super) fn sections_fit(inference: &Inference<'_>, sections: Range<usize>, offset: u64, capacity: u64) -> bool {
    sections.into_iter().all(|k| inference.floors[k].max(offset) + inference.totals[k] <= capacity)
}

/// The greatest common divisor of every size and every alignment above 1 of `problem` (an
/// alignment of 1 constrains nothing; 1 when the problem is empty).
pub(super) fn height_grid(problem: &Problem) -> u64 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let alignments = problem.requests.iter().map(|r| r.alignment).filter(|&a| a > 1);
    problem.requests.iter().map(|r| r.size).chain(alignments).fold(0, gcd).max(1)
}

/// `value` rounded up to a multiple of `grid`.
pub(super) fn grid_up(value: u64, grid: u64) -> u64 {
    value.div_ceil(grid) * grid
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::exact_decomposition::Timeline;
    use crate::usmp::problem::{Interval, Request};

    fn req(size: u64, alignment: u64, start: u32, end: u32) -> Request {
        Request { size, alignment, live: Interval::new(start, end) }
    }

    #[test]
    fn the_grid_divides_every_size_and_alignment() {
        assert_eq!(height_grid(&Problem::new(vec![req(1024, 1, 0, 0), req(3072, 1, 0, 0)])), 1024);
        assert_eq!(height_grid(&Problem::new(vec![req(1024, 16, 0, 0), req(3072, 1, 0, 0)])), 16);
        assert_eq!(height_grid(&Problem::new(vec![req(6, 4, 0, 0)])), 2);
        assert_eq!(height_grid(&Problem::default()), 1);
        assert_eq!(grid_up(1025, 1024), 2048);
        assert_eq!(grid_up(2048, 1024), 2048);
    }

    #[test]
    fn a_section_whose_remaining_bytes_exceed_the_capacity_is_cut() {
        // a and b share steps 1..=2: 5 + 4 bytes.
        let p = Problem::new(vec![req(5, 1, 0, 2), req(4, 1, 1, 3)]);
        let t = Timeline::new(&p).unwrap();
        let mut inference = Inference::new(&p, &t);
        assert!(sections_fit(&inference, 0..t.sections(), 0, 9));
        assert!(!sections_fit(&inference, 0..t.sections(), 0, 8));
        // Once a is at 1, b's sections need 6 + 4 bytes; from offset 7 on, b alone needs 11.
        assert!(inference.place(0, 1, 10));
        assert!(sections_fit(&inference, 0..t.sections(), 1, 10));
        assert!(!sections_fit(&inference, 0..t.sections(), 7, 10));
    }
}
