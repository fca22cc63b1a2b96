//! Passes over the `buffer` dialect, run between `graph-to-buffer` and the lowering to loops.
//!
//! | pass | does |
//! |---|---|
//! | `buffer-inplace` | elementwise kernels write over an input they read last; their output allocs go |

pub mod inplace;
