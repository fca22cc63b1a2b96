//! An example planner plugin: best fit by lifetime. Buffers are placed longest-lived first (then
//! larger first), each into the smallest gap between the buffers already placed that are live
//! with it where it fits aligned, or above them all when no gap fits. Unlike mc's built-in
//! greedy planners, which take the lowest offset that fits, it keeps large gaps for the buffers
//! that need them. Allowances are ignored (a disjoint plan is always valid).

use mc_plugin_api::{McBuffer, Planner, Problem};

/// The planner.
pub struct BestFitLifetime;

mc_plugin_api::export_planners!("best_fit_lifetime" => BestFitLifetime);

impl Planner for BestFitLifetime {
    fn plan(problem: &Problem<'_>) -> Result<Vec<u64>, String> {
        let buffers = problem.buffers;
        if let Some(i) = buffers.iter().position(|b| b.live_start > b.live_end || !b.alignment.is_power_of_two()) {
            return Err(format!("buffer {i} has an empty live interval or an alignment that is not a power of two"));
        }
        let mut order: Vec<usize> = (0..buffers.len()).collect();
        order.sort_by_key(|&i| {
            (std::cmp::Reverse(buffers[i].live_end - buffers[i].live_start), std::cmp::Reverse(buffers[i].size), i)
        });
        let mut offsets: Vec<Option<u64>> = vec![None; buffers.len()];
        for &i in &order {
            let mut taken: Vec<(u64, u64)> = (0..buffers.len())
                .filter_map(|j| Some((offsets[j]?, j)))
                .filter(|&(_, j)| live_together(&buffers[i], &buffers[j]) && buffers[j].size > 0)
                .map(|(offset, j)| (offset, offset + buffers[j].size))
                .collect();
            taken.sort_unstable();
            offsets[i] = Some(best_fit(&taken, buffers[i].size, buffers[i].alignment)?);
        }
        Ok(offsets.into_iter().flatten().collect())
    }
}

/// True if both buffers are live at a common step.
fn live_together(a: &McBuffer, b: &McBuffer) -> bool {
    a.live_start <= b.live_end && b.live_start <= a.live_end
}

/// The offset for `size` bytes aligned to `alignment` in the smallest gap between the `taken`
/// byte ranges (sorted by start) where they fit, the lowest offset among equal gaps; above every
/// range when none fits.
fn best_fit(taken: &[(u64, u64)], size: u64, alignment: u64) -> Result<u64, String> {
    let align = |x: u64| x.checked_next_multiple_of(alignment).ok_or("an offset overflows".to_string());
    let mut best: Option<(u64, u64)> = None; // (gap, offset)
    let mut cursor = 0;
    for &(start, end) in taken {
        let offset = align(cursor)?;
        if start > cursor && offset.checked_add(size).is_some_and(|e| e <= start) {
            let gap = start - cursor;
            if best.is_none_or(|(g, _)| gap < g) {
                best = Some((gap, offset));
            }
        }
        cursor = cursor.max(end);
    }
    match best {
        Some((_, offset)) => Ok(offset),
        None => align(cursor),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buffer(size: u64, live_start: u32, live_end: u32) -> McBuffer {
        McBuffer { size, alignment: 1, live_start, live_end }
    }

    #[test]
    fn the_smallest_gap_that_fits_is_taken() {
        // Gaps of 32 bytes at 0 and 8 bytes at 48: an 8-byte buffer goes into the 8-byte gap,
        // where lowest fit would put it at 0.
        assert_eq!(best_fit(&[(32, 48), (56, 64)], 8, 1), Ok(48));
        assert_eq!(best_fit(&[(32, 48), (56, 64)], 16, 1), Ok(0));
        assert_eq!(best_fit(&[(32, 48), (56, 64)], 40, 1), Ok(64));
        assert_eq!(best_fit(&[(0, 10)], 4, 16), Ok(16));
    }

    #[test]
    fn longer_lived_buffers_are_placed_first() {
        let buffers = [buffer(16, 0, 0), buffer(8, 0, 3), buffer(8, 1, 2)];
        let problem = Problem { buffers: &buffers, allowances: &[], capacity: None };
        assert_eq!(BestFitLifetime::plan(&problem), Ok(vec![8, 0, 8]));
    }
}
