//! `graph-canonicalize`: the greedy rewrite driver with exactly the graph dialect's
//! canonicalization patterns, plus folding (every op's fold hook, constants deduplicated and
//! hoisted as `canonicalize` does) and erasure of dead pure ops.
//!
//! The patterns and folds live with the dialect (`mc_dialects::graph`'s `canonicalize` and `fold`
//! modules) and are registered through the ops' `canonicalize`/`fold` hooks, as in MLIR, so the
//! generic `canonicalize` applies them too; this pass leaves other dialects' patterns out.
//!
//! | rewrite | example |
//! |---|---|
//! | reshape chains | `reshape(reshape(x))` → `reshape(x)` |
//! | transpose chains | `transpose(transpose(x, p1), p2)` → `transpose(x, p1 ∘ p2)` |
//! | identities (fold) | `reshape` to the same type, `transpose` by `0, 1, ...`, `pad` by zeros → `x` |
//! | reshape of a constant (fold) | a constant of the new shape (same bytes or same blob) |
//! | constant list operands | `shape`, `perm`, `axes`, `paddings`, `begin`/`end`/`strides` → attributes |
//! | shape arithmetic (fold) | `shape(x)` → its dimensions; `strided_slice`, `pack`, `concatenation`, integer `add`/`sub`/`mul` of constants → constants |
//! | constant list operands | `shape`, `perm`, `axes`, `paddings`, `begin`/`end`/`strides`, `size`, `block_shape`, `crops` → attributes |
//! | dilated convolutions ([`super::dilated_conv`]) | `batch_to_space_nd(conv_2d(space_to_batch_nd(x)))` → `conv_2d(x)` with dilation |
//!
//! ```mlir
//! %shape = "graph.const"() <{value = dense<[1, 1024]> : tensor<2xi32>}> : () -> tensor<2xi32>
//! %0 = "graph.reshape"(%x) <{new_shape = array<i64: 1, 4, 256>}> : (tensor<1x32x32x!q>) -> tensor<1x4x256x!q>
//! %1 = "graph.reshape"(%0, %shape) : (tensor<1x4x256x!q>, tensor<2xi32>) -> tensor<1x1024x!q>
//! // becomes
//! %1 = "graph.reshape"(%x) <{new_shape = array<i64: 1, 1024>}> : (tensor<1x32x32x!q>) -> tensor<1x1024x!q>
//! ```

use crate::transforms::canonicalize::Canonicalize;
use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
use mc_ir::{Context, Failure, OpId};

/// The `graph-canonicalize` pass: `canonicalize` restricted to the graph dialect's patterns, with
/// the same options.
pub struct GraphCanonicalize(Canonicalize);

impl Default for GraphCanonicalize {
    fn default() -> Self {
        GraphCanonicalize(Canonicalize::for_dialect("graph").with_patterns(super::dilated_conv::populate))
    }
}

impl Pass for GraphCanonicalize {
    fn argument(&self) -> &str {
        "graph-canonicalize"
    }

    fn summary(&self) -> &str {
        "Fold and canonicalize graph ops"
    }

    fn description(&self) -> &str {
        "Applies the graph dialect's canonicalization patterns (reshape/transpose chains, constant \
         shape-like operands to attributes, space-to-batch convolutions to dilated ones) and folds \
         (identity reshape/transpose/pad, reshaped constants, shape arithmetic on constants) with \
         the greedy driver, until a fixed point."
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        self.0.options()
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        self.0.options_mut()
    }

    fn initialize(&mut self, ctx: &mut Context) -> Result<(), Failure> {
        self.0.initialize(ctx)
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        self.0.run(ctx, op, analyses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::test_util::{body_ops, parse, print};
    use mc_ir::rewrite::greedy::{GreedyRewriteConfig, NotConverged, apply_patterns_greedily};
    use mc_ir::rewrite::pattern::{FrozenRewritePatternSet, RewritePatternSet};

    /// The graph ops' patterns, filtered as the pass's `enable-patterns`/`disable-patterns` do.
    fn graph_patterns(ctx: &Context, enable: &[String], disable: &[String]) -> FrozenRewritePatternSet {
        RewritePatternSet::canonicalization_patterns(ctx, Some("graph")).freeze_filtered(enable, disable)
    }

    /// What the pass does with its default options.
    fn canonicalize_graph(ctx: &mut Context, root: OpId) -> Result<bool, NotConverged> {
        let patterns = graph_patterns(ctx, &[], &[]);
        apply_patterns_greedily(ctx, root, &patterns, &GreedyRewriteConfig { top_down: true, ..Default::default() })
    }

    const HEADER: &str = "!q = !quant.uniform<i8:f32, 0.0235:-128>\n";

    fn canonicalized(body: &str) -> String {
        let (mut ctx, module) = parse(&format!("{HEADER}{body}"));
        canonicalize_graph(&mut ctx, module).expect("converges");
        print(&ctx, module)
    }

    #[test]
    fn only_graph_patterns_are_collected() {
        let (ctx, _) = parse("");
        let patterns = graph_patterns(&ctx, &[], &[]);
        assert_eq!(patterns.len(), 24);
        let names = |p: &FrozenRewritePatternSet, root: &str| -> Vec<String> {
            p.patterns_for(root).map(|p| p.name().to_string()).collect()
        };
        assert_eq!(names(&patterns, "graph.reshape"), ["RemoveAdjacentReshape", "ReshapeShapeToAttr"]);
        assert_eq!(names(&patterns, "graph.reduce_max"), ["ReduceMaxAxesToAttr"]);
        assert_eq!(names(&patterns, "graph.reduce_min"), ["ReduceMinAxesToAttr"]);
        assert_eq!(names(&patterns, "graph.reduce_all"), ["ReduceAllAxesToAttr"]);
        assert_eq!(names(&patterns, "graph.resize_bilinear"), ["ResizeSizeToAttr"]);
        assert_eq!(names(&patterns, "graph.batch_to_space_nd"), ["BatchToSpaceListsToAttr"]);
        assert!(names(&patterns, "arith.addi").is_empty());
        let only = graph_patterns(&ctx, &["PadPaddingsToAttr".to_string()], &[]);
        assert_eq!(names(&only, "graph.pad"), ["PadPaddingsToAttr"]);
        assert!(names(&only, "graph.reshape").is_empty());
        let without = graph_patterns(&ctx, &[], &["RemoveAdjacentReshape".to_string()]);
        assert_eq!(names(&without, "graph.reshape"), ["ReshapeShapeToAttr"]);
    }

    #[test]
    fn reshape_chain_with_constant_shape_becomes_one_reshape_with_an_attribute() {
        let out = canonicalized(
            r#""func.func"() <{function_type = (tensor<1x32x32x!q>) -> tensor<1x1024x!q>, sym_name = "f"}> ({
^bb0(%x: tensor<1x32x32x!q>):
  %shape = "graph.const"() <{value = dense<[1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: 1, 4, 256>}> : (tensor<1x32x32x!q>) -> tensor<1x4x256x!q>
  %1 = "graph.reshape"(%0, %shape) : (tensor<1x4x256x!q>, tensor<2xi32>) -> tensor<1x1024x!q>
  "func.return"(%1) : (tensor<1x1024x!q>) -> ()
}) : () -> ()"#,
        );
        assert!(
            out.contains(
                r#"%0 = "graph.reshape"(%arg0) <{new_shape = array<i64: 1, -1>}> : (tensor<1x32x32x!quant.uniform<i8:f32, 2.350000e-02:-128>>) -> tensor<1x1024x!quant.uniform<i8:f32, 2.350000e-02:-128>>"#
            ),
            "{out}"
        );
        assert!(!out.contains("graph.const"), "{out}");
    }

    #[test]
    fn identities_fold_away_and_constant_lists_become_attributes() {
        let text = format!(
            "{HEADER}{}",
            r#""func.func"() <{function_type = (tensor<1x8x8x4x!q>) -> tensor<1x4x!q>, sym_name = "f"}> ({
^bb0(%x: tensor<1x8x8x4x!q>):
  %perm = "graph.const"() <{value = dense<[0, 1, 2, 3]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %pads = "graph.const"() <{value = dense<0> : tensor<4x2xi32>}> : () -> tensor<4x2xi32>
  %axes = "graph.const"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %0 = "graph.transpose"(%x, %perm) : (tensor<1x8x8x4x!q>, tensor<4xi32>) -> tensor<1x8x8x4x!q>
  %1 = "graph.pad"(%0, %pads) : (tensor<1x8x8x4x!q>, tensor<4x2xi32>) -> tensor<1x8x8x4x!q>
  %2 = "graph.reshape"(%1) <{new_shape = array<i64: 1, 8, 8, 4>}> : (tensor<1x8x8x4x!q>) -> tensor<1x8x8x4x!q>
  %3 = "graph.mean"(%2, %axes) <{keep_dims = false}> : (tensor<1x8x8x4x!q>, tensor<2xi32>) -> tensor<1x4x!q>
  "func.return"(%3) : (tensor<1x4x!q>) -> ()
}) : () -> ()"#
        );
        let (mut ctx, module) = parse(&text);
        assert_eq!(canonicalize_graph(&mut ctx, module), Ok(true));
        assert_eq!(body_ops(&ctx, module), ["graph.mean", "func.return"]);
        let out = print(&ctx, module);
        assert!(out.contains(r#""graph.mean"(%arg0) <{axes = array<i64: 1, 2>, keep_dims = false}>"#), "{out}");
        assert_eq!(canonicalize_graph(&mut ctx, module), Ok(false));
    }

    #[test]
    fn transpose_chains_compose_and_keep_quantization() {
        let out = canonicalized(
            r#""func.func"() <{function_type = (tensor<1x2x3x4x!q>) -> tensor<4x1x2x3x!q>, sym_name = "f"}> ({
^bb0(%x: tensor<1x2x3x4x!q>):
  %0 = "graph.transpose"(%x) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x2x3x4x!q>) -> tensor<1x4x2x3x!q>
  %1 = "graph.transpose"(%0) <{perm = array<i64: 1, 0, 2, 3>}> : (tensor<1x4x2x3x!q>) -> tensor<4x1x2x3x!q>
  "func.return"(%1) : (tensor<4x1x2x3x!q>) -> ()
}) : () -> ()"#,
        );
        assert!(out.contains(r#""graph.transpose"(%arg0) <{perm = array<i64: 3, 0, 1, 2>}>"#), "{out}");
        assert_eq!(out.matches("graph.transpose").count(), 1, "{out}");
    }

    #[test]
    fn reshaped_constants_fold_and_share_their_blob() {
        let out = canonicalized(
            r#""func.func"() <{function_type = () -> tensor<2x4x!q>, sym_name = "f"}> ({
  %w = "graph.const"() <{value = dense_resource<w> : tensor<8xi8>}> : () -> tensor<8x!q>
  %0 = "graph.reshape"(%w) <{new_shape = array<i64: 2, 4>}> : (tensor<8x!q>) -> tensor<2x4x!q>
  "func.return"(%0) : (tensor<2x4x!q>) -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      w: "0x010000000102030405060708"
    }
  }
#-}"#,
        );
        assert!(out.contains(r#""graph.const"() <{value = dense_resource<w> : tensor<2x4xi8>}> : () -> tensor<2x4x!quant.uniform<i8:f32, 2.350000e-02:-128>>"#), "{out}");
        assert!(!out.contains("graph.reshape"), "{out}");
    }

    #[test]
    fn chains_are_kept_when_scales_drift_beyond_the_tolerance() {
        // Each reshape keeps its input's scale within the verifier's relative tolerance (1e-6),
        // but the first and last scales differ by more: the chain stays.
        let text = r#"!a = !quant.uniform<i8:f32, 0.5:0>
!b = !quant.uniform<i8:f32, 0.5000004:0>
!c = !quant.uniform<i8:f32, 0.5000008:0>
"func.func"() <{function_type = (tensor<4x!a>) -> tensor<4x!c>, sym_name = "f"}> ({
^bb0(%x: tensor<4x!a>):
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: 2, 2>}> : (tensor<4x!a>) -> tensor<2x2x!b>
  %1 = "graph.reshape"(%0) <{new_shape = array<i64: 4>}> : (tensor<2x2x!b>) -> tensor<4x!c>
  "func.return"(%1) : (tensor<4x!c>) -> ()
}) : () -> ()"#;
        let (mut ctx, module) = parse(text);
        assert_eq!(canonicalize_graph(&mut ctx, module), Ok(false));
        assert_eq!(body_ops(&ctx, module), ["graph.reshape", "graph.reshape", "func.return"]);
    }
}
