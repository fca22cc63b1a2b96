//! A small deterministic generator (xorshift64*): hill climbing's perturbations, and the
//! random problems of the planners' tests.

/// xorshift64* from a nonzero seed.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
pub use tests::random_requests;

#[cfg(test)]
mod tests {
    use super::Rng;
    use crate::usmp::problem::{Interval, Request};

    /// Between `min_count` and `max_count` requests: starts below `starts`, lengths below
    /// `lengths`, sizes `1..=max_size`, alignments from `alignments`.
    pub fn random_requests(
        rng: &mut Rng,
        (min_count, max_count): (usize, usize),
        (starts, lengths): (usize, usize),
        max_size: usize,
        alignments: &[u64],
    ) -> Vec<Request> {
        let count = min_count + rng.below(max_count - min_count + 1);
        (0..count)
            .map(|_| {
                let start = rng.below(starts) as u32;
                let alignment = alignments[rng.below(alignments.len())];
                let end = start + rng.below(lengths) as u32;
                Request { size: 1 + rng.below(max_size) as u64, alignment, live: Interval::new(start, end) }
            })
            .collect()
    }
}
