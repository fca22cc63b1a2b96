//! Rewriting: patterns, the greedy pattern driver, folding, and the dialect conversion driver.

pub mod pattern;
