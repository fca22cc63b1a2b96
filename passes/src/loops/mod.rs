//! Passes over loop-level IR, run between `buffer-to-loop` and the memory planner.
//!
//! | pass | does |
//! |---|---|
//! | `loop-fuse-elementwise` | an elementwise nest is computed at the stores of the nest producing its input; the intermediate buffer goes |

pub mod fuse_elementwise;
