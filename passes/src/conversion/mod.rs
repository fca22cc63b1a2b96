//! Conversions between dialects (MLIR's `Conversion/`): each links exactly its source and
//! target dialects.
//!
//! | pass | converts |
//! |---|---|
//! | `graph-to-buffer` | the graph dialect's tensors and ops to buffers, views, copies and kernels (bufferization) |

pub mod graph_to_buffer;
