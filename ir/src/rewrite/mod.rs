//! Rewriting: patterns, the greedy pattern driver, folding, and the dialect conversion driver.

pub mod conversion;
pub mod fold;
pub mod greedy;
pub mod pattern;
pub mod region_simplify;
// `define_op!` generates accessors for every op; the tests use only some of them.
#[cfg(test)]
#[allow(dead_code)]
mod test_dialect;
