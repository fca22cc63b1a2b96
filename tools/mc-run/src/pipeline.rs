//! The pass pipeline that takes a module to loop level, chosen by the ops it contains.
//!
//! | level | recognized by | pipeline |
//! |---|---|---|
//! | graph | any `graph.*` op | [`graph_to_loop_with`]: clean the graph (folding pads unless `--no-fold-pad`), bufferize, reuse buffers in place, reorder branches for memory (unless `--model-order`), run the first windowed layers tile by tile where `--memory-config` asks, kernels to loop nests, clean up |
//! | buffer | any `buffer.kernel` or `buffer.copy` | [`buffer_to_loop`]: kernels to loop nests, then `canonicalize` and `cse` |
//! | loop | neither | nothing: the JIT compiles it as it is |

use mc_ir::{Context, OpId};
use mc_passes::pipelines::{LoweringChoices, buffer_to_loop, graph_to_loop_with};

/// The abstraction level of a module.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Level {
    /// Tensors and graph ops.
    Graph,
    /// Buffers and destination-passing kernels or copies.
    Buffer,
    /// Loops, loads and stores: what the JIT compiles.
    Loop,
}

impl Level {
    /// The level of `module`: the highest any of its ops belongs to.
    pub fn of(ctx: &Context, module: OpId) -> Level {
        let mut level = Level::Loop;
        for op in ctx.walk_preorder(module) {
            match ctx.op_name_of(op) {
                name if name.starts_with("graph.") => return Level::Graph,
                "buffer.kernel" | "buffer.copy" => level = Level::Buffer,
                _ => {}
            }
        }
        level
    }

    /// The pipeline that lowers a module of this level to planned loop level, the memory
    /// planner run with `usmp_options`, the optional steps `choices` turns on (graph level);
    /// `None` at loop level.
    pub fn pipeline(self, usmp_options: &str, choices: &LoweringChoices) -> Option<String> {
        match self {
            Level::Graph => Some(graph_to_loop_with(usmp_options, choices)),
            Level::Buffer => Some(buffer_to_loop(usmp_options)),
            Level::Loop => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(text: &str) -> Level {
        let mut ctx = Context::new();
        mc_dialects::register_all(&mut ctx);
        let buffer = mc_ir::diagnostics::source::SourceBuffer::new("t.mlir", text.to_string(), 1);
        let module = mc_ir::parser::parse_source(&mut ctx, &buffer).unwrap();
        Level::of(&ctx, module.op())
    }

    #[test]
    fn the_level_is_the_highest_op_level() {
        let graph = "func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %y = \"graph.relu\"(%x) : (tensor<2xf32>) -> tensor<2xf32>\n  return %y : tensor<2xf32>\n}\n";
        let buffer = "func.func @f(%x: !buffer<2xf32>, %y: !buffer<2xf32>) {\n  buffer.copy %x, %y : !buffer<2xf32>, !buffer<2xf32>\n  return\n}\n";
        let looped = "func.func @f(%x: !buffer<2xf32>, %y: !buffer<2xf32>) {\n  %a = buffer.alloc() {role = \"scratch\"} : !buffer<2xf32>\n  return\n}\n";
        assert_eq!(level(graph), Level::Graph);
        assert_eq!(level(buffer), Level::Buffer);
        assert_eq!(level(looped), Level::Loop);
        assert_eq!(Level::Loop.pipeline("", &LoweringChoices::default()), None);
    }
}
