//! The pass pipelines mc's tools run, in MLIR's textual syntax, so every tool and test lowers a
//! model the same way (`mc-opt --pass-pipeline=...` runs any of them by hand).

/// From the graph dialect (an imported model) to loop-level IR: bufferization, in-place
/// elementwise kernels, loop nests, then cleanup.
pub const GRAPH_TO_LOOP: &str = "builtin.module(graph-to-buffer, buffer-inplace, buffer-to-loop, canonicalize, cse)";

/// From buffer-level IR (kernels, copies) to loop-level IR.
pub const BUFFER_TO_LOOP: &str = "builtin.module(buffer-to-loop, canonicalize, cse)";
