//! Conversions between dialects (MLIR's `Conversion/`): each links exactly its source and
//! target dialects.
//!
//! | pass | converts |
//! |---|---|
//! | `graph-to-buffer` | the graph dialect's tensors and ops to buffers, views, copies and kernels (bufferization) |
//! | `buffer-to-loop` | buffer kernels and copies to loop nests (TFLite Micro's reference kernels) |

pub mod buffer_to_loop;
pub mod graph_to_buffer;
pub mod module_globals;
