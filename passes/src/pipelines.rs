//! The pass pipelines mc's tools run, in MLIR's textual syntax, so every tool and test lowers a
//! model the same way (`mc-opt --pass-pipeline=...` runs any of them by hand).

/// From the graph dialect (an imported model) to planned loop-level IR: clean the graph
/// (shape-like constants to attributes, shared constants, dead ops), bufferize, run elementwise
/// kernels in place, lower kernels to loop nests, clean up, and plan every buffer into pools
/// (`usmp`). Every step keeps the numbers TFLite Micro computes.
pub const GRAPH_TO_LOOP: &str = "builtin.module(func.func(graph-canonicalize),graph-intern-constants,graph-prune,\
graph-to-buffer,buffer-inplace,buffer-to-loop,func.func(canonicalize,cse),usmp)";

/// From buffer-level IR (kernels, copies) to planned loop-level IR.
pub const BUFFER_TO_LOOP: &str = "builtin.module(buffer-to-loop,func.func(canonicalize,cse),usmp)";
