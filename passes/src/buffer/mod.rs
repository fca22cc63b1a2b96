//! Passes over the `buffer` dialect, run between `graph-to-buffer` and the lowering to loops.
//!
//! | pass | does |
//! |---|---|
//! | `buffer-inplace` | elementwise kernels write over an input they read last; their output allocs go |
//! | `buffer-row-order` | chained kernels that overlap their inputs alternate their row order, so the planner can zig-zag |

pub mod inplace;
pub mod row_order;
