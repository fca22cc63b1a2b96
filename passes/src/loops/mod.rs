//! Passes over loop-level IR, run between `buffer-to-loop` and the memory planner.
//!
//! | pass | does |
//! |---|---|
//! | `loop-emulate-narrow-type` | `i4` constants packed two per byte, their loads byte loads and a sign-extending shift pair |
//! | `loop-fuse-elementwise` | an elementwise nest is computed at the stores of the nest producing its input; the intermediate buffer goes |

pub mod emulate_narrow_type;
pub mod fuse_elementwise;
