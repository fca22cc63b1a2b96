//! Rewriting: patterns, the greedy pattern driver, folding, and the dialect conversion driver.

pub mod conversion;
pub mod fold;
pub mod greedy;
pub mod pattern;
pub mod region_simplify;
#[cfg(test)]
mod test_fixture;
