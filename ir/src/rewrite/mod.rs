//! Rewriting: patterns, the greedy pattern driver, folding, the dialect conversion driver, and
//! deep copies of ops.

pub mod clone;
pub mod conversion;
pub mod fold;
pub mod greedy;
pub mod pattern;
pub mod region_simplify;
#[cfg(test)]
mod test_fixture;
