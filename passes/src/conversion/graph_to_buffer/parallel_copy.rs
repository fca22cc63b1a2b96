//! The order of the copies of a parallel copy (a `WHILE` body handing its next values to the
//! carried buffers): every destination takes its value as it was before any of the copies,
//! although a source may be (a view of) another copy's destination, as in the swap `(a, b) ->
//! (b, a)`, the Fibonacci step `(a, b) -> (b, a + b)` or a rotation `(a, b, c) -> (b, c, a)`.
//!
//! Register allocators sequentialise the parallel moves of φ-nodes the same way: a copy whose
//! destination no pending copy still reads goes first; when every pending copy's destination is
//! still read (the rest are cycles), one copy's source is saved into a temporary, so the copy no
//! longer reads its cycle's storage and the cycle unwinds; the saved copy finishes from the
//! temporary once its destination is free. Only one temporary is ever in use: a cycle is broken
//! only when no copy can go, and by then every restore is done. A cycle costs one copy more
//! than its length, a copy reading its own destination through a permuted view (a cycle of
//! one) one more too.

/// One step of the sequence, naming a copy by its index.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The copy from its source into its destination.
    Copy(usize),
    /// The copy's source into the temporary.
    Save(usize),
    /// The temporary into the copy's destination.
    Restore(usize),
}

/// The steps performing the copies `reads` describes in parallel: copy `i` writes destination
/// `i` and its source reads the storage of destination `reads[i]` (`None`: of none of them).
/// The destinations are distinct storage; a copy whose source is its destination itself (the
/// same bytes, nothing to do) is left out by the caller, one reading it differently (a view of
/// it) has `reads[i] == Some(i)`.
pub fn sequence(reads: &[Option<usize>]) -> Vec<Step> {
    let mut pending: Vec<bool> = vec![true; reads.len()];
    // Which copies read each destination's storage (from their source, not the temporary).
    let mut readers = vec![0usize; reads.len()];
    for &read in reads.iter().flatten() {
        readers[read] += 1;
    }
    let mut saved: Option<usize> = None;
    let mut steps = Vec::with_capacity(reads.len() + 1);
    let mut left = reads.len();
    while left > 0 {
        // A pending copy whose destination no pending copy reads, the saved one included.
        if let Some(free) = (0..reads.len()).find(|&i| pending[i] && readers[i] == 0) {
            if saved == Some(free) {
                steps.push(Step::Restore(free));
                saved = None;
            } else {
                steps.push(Step::Copy(free));
                if let Some(read) = reads[free] {
                    readers[read] -= 1;
                }
            }
            pending[free] = false;
            left -= 1;
            continue;
        }
        // Only cycles are left: every pending copy reads a pending destination.
        let broken = (0..reads.len()).find(|&i| pending[i]).expect("a copy is pending");
        debug_assert!(saved.is_none(), "a saved copy is restored before another cycle is broken");
        steps.push(Step::Save(broken));
        saved = Some(broken);
        let read = reads[broken].expect("a copy in a cycle reads a destination");
        readers[read] -= 1;
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `steps` on destinations holding `0..n` (the temporary empty; a copy not reading a
    /// destination brings `100 + i`), checking that no copy reads the destination it writes; the
    /// final contents.
    fn simulate(reads: &[Option<usize>], steps: &[Step]) -> Vec<usize> {
        let mut memory: Vec<usize> = (0..reads.len()).collect();
        let mut temporary: Option<usize> = None;
        let source = |memory: &[usize], i: usize| reads[i].map_or(100 + i, |j| memory[j]);
        for &step in steps {
            match step {
                Step::Copy(i) => {
                    assert_ne!(reads[i], Some(i), "copy {i} reads what it writes: {steps:?}");
                    memory[i] = source(&memory, i);
                }
                Step::Save(i) => {
                    assert!(temporary.is_none(), "a second temporary: {steps:?}");
                    temporary = Some(source(&memory, i));
                }
                Step::Restore(i) => memory[i] = temporary.take().expect("a saved value"),
            }
        }
        assert!(temporary.is_none(), "a saved value never restored: {steps:?}");
        memory
    }

    /// The cycles of `reads`: sets of copies each reading the next one's destination.
    fn cycles(reads: &[Option<usize>]) -> usize {
        (0..reads.len())
            .filter(|&start| {
                // `start` is the smallest copy of a cycle through it.
                let mut at = start;
                for _ in 0..reads.len() {
                    match reads[at] {
                        Some(next) if next == start => return true,
                        Some(next) if next > start => at = next,
                        _ => return false,
                    }
                }
                false
            })
            .count()
    }

    #[test]
    fn every_assignment_of_up_to_four_values_is_copied_as_in_parallel() {
        let mut checked = 0;
        for n in 0..=4usize {
            // Each copy reads one of the n destinations or something else (n): (n + 1)^n cases,
            // every permutation among them.
            for code in 0..(n + 1).pow(n as u32) {
                let reads: Vec<Option<usize>> =
                    (0..n).map(|i| Some(code / (n + 1).pow(i as u32) % (n + 1)).filter(|&j| j < n)).collect();
                let steps = sequence(&reads);
                let expected: Vec<usize> = (0..n).map(|i| reads[i].unwrap_or(100 + i)).collect();
                assert_eq!(simulate(&reads, &steps), expected, "{reads:?}: {steps:?}");
                let saves = steps.iter().filter(|s| matches!(s, Step::Save(_))).count();
                assert_eq!(saves, cycles(&reads), "{reads:?}: one temporary copy per cycle: {steps:?}");
                assert_eq!(steps.len(), n + saves, "{reads:?}: {steps:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 1 + 2 + 9 + 64 + 625);
    }

    #[test]
    fn a_swap_saves_one_source() {
        assert_eq!(sequence(&[Some(1), Some(0)]), [Step::Save(0), Step::Copy(1), Step::Restore(0)]);
        // Fibonacci: `a = b` first, then `b = a + b` (computed elsewhere).
        assert_eq!(sequence(&[Some(1), None]), [Step::Copy(0), Step::Copy(1)]);
        // A rotation (a, b, c) -> (b, c, a).
        assert_eq!(
            sequence(&[Some(1), Some(2), Some(0)]),
            [Step::Save(0), Step::Copy(1), Step::Copy(2), Step::Restore(0)]
        );
    }
}
