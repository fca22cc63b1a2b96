//! `graph-infer-shapes`: sets each graph op's result types from its operands, in program order.
//!
//! Each op the graph dialect has a shape rule for (`mc_dialects::graph::infer_result_types`) gets
//! the inferred shape with its own element type, so the model's quantization is kept (a variable
//! read gets the variable's whole type). Ops are visited in order, so a changed shape reaches
//! every op downstream of it. Ops without a rule (`graph.const`, `graph.var_handle`, other
//! dialects) and ops whose shape-like operand is not a constant keep their types. Function
//! arguments are the model's inputs and never change.
//!
//! When the values a function returns change type, its `function_type` results follow (as the
//! shape inference of MLIR's TF/TFL dialects updates signatures). With `update-signature=false`
//! the signature is a contract instead, and a mismatch is an error at the `func.return`. Calls to
//! a function whose signature changed are not updated (graph models have none).
//!
//! Inference fails with the op's location and the reason (a window that does not fit, shapes
//! that do not broadcast, a reshape to another element count, ...).
//!
//! The verifier checks these same rules, so on verified IR the pass changes nothing: it is meant
//! for IR built or edited with placeholder shapes (`mc-opt
//! --mlir-very-unsafe-disable-verifier-on-parsing` reads such text).
//!
//! ```mlir
//! %0 = "graph.conv_2d"(%x, %w, %b) <{padding = "SAME", stride_h = 2, stride_w = 2, ...}>
//!        : (tensor<1x96x96x3x!q>, tensor<8x3x3x3x!qw>, tensor<8x!qb>) -> tensor<1x1x1x1x!q2>
//! // becomes
//! %0 = "graph.conv_2d"(%x, %w, %b) ... -> tensor<1x48x48x8x!q2>
//! ```

use mc_dialects::func::{FuncOp, ReturnOp};
use mc_dialects::graph::infer_result_types;
use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, Diagnostic, Failure, OpId, Type};

mc_ir::pass_options! {
    /// Options of `graph-infer-shapes`.
    pub struct GraphInferShapesOptions {
        /// Update a function's result types when the types it returns change (else fail).
        update_signature: bool = true,
    }
}

/// What [`infer_shapes`] changed.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct InferredShapes {
    /// Op results whose type changed.
    pub results: usize,
    /// Functions whose signature changed.
    pub signatures: usize,
}

/// Infers the result types of the ops nested in `root` (and of `root`'s own function signature
/// if it is a function); see the module documentation.
pub fn infer_shapes(ctx: &mut Context, root: OpId, update_signature: bool) -> Result<InferredShapes, Diagnostic> {
    let mut changed = InferredShapes::default();
    let ops = ctx.walk_preorder(root);
    for &op in &ops {
        if op == root {
            continue;
        }
        let Some(types) = infer_result_types(ctx, op)? else { continue };
        for (index, ty) in types.into_iter().enumerate() {
            let result = op.result(index);
            if ctx.value_type(result) != ty {
                ctx.set_value_type(result, ty);
                changed.results += 1;
            }
        }
    }
    for &op in &ops {
        if let Some(func) = FuncOp::cast(ctx, op)
            && update_function_results(ctx, func, update_signature)?
        {
            changed.signatures += 1;
        }
    }
    Ok(changed)
}

/// Makes `func`'s result types those its `func.return`s return; true if they changed.
fn update_function_results(ctx: &mut Context, func: FuncOp, update: bool) -> Result<bool, Diagnostic> {
    let region = ctx.operation(func.op()).regions()[0];
    let returns: Vec<OpId> = ctx
        .region_blocks(region)
        .iter()
        .filter_map(|&block| ctx.last_op(block))
        .filter(|&op| ReturnOp::cast(ctx, op).is_some())
        .collect();
    let Some(&first) = returns.first() else { return Ok(false) };
    let returned: Vec<Type> = ctx.operation(first).operands().map(|v| ctx.value_type(v)).collect();
    for &other in &returns[1..] {
        let types: Vec<Type> = ctx.operation(other).operands().map(|v| ctx.value_type(v)).collect();
        if types != returned {
            return Err(ctx
                .op_error(other, "returns other types than the function's first 'func.return'")
                .with_note(ctx.operation(first).loc(), "first 'func.return' here"));
        }
    }
    let (inputs, results) = func.signature(ctx);
    if results == returned {
        return Ok(false);
    }
    if !update {
        let index = results.iter().zip(&returned).position(|(a, b)| a != b).unwrap_or(results.len());
        let message = match (results.get(index), returned.get(index)) {
            (Some(&declared), Some(&inferred)) => format!(
                "has inferred type '{}' for result #{index}, but the function's result type is '{}' \
                 (update-signature=false)",
                type_to_string(ctx, inferred),
                type_to_string(ctx, declared)
            ),
            _ => format!("returns {} values, but the function has {} results", returned.len(), results.len()),
        };
        return Err(ctx.op_error(first, message));
    }
    let ty = ctx.function_type(inputs, returned);
    let attr = ctx.type_attr(ty);
    ctx.set_attr(func.op(), "function_type", Some(attr));
    Ok(true)
}

/// The `graph-infer-shapes` pass.
#[derive(Default)]
pub struct GraphInferShapes {
    options: GraphInferShapesOptions,
}

impl Pass for GraphInferShapes {
    fn argument(&self) -> &str {
        "graph-infer-shapes"
    }

    fn summary(&self) -> &str {
        "Infer the result shapes of graph ops"
    }

    fn description(&self) -> &str {
        "Sets the result types of graph ops from their shape rules, in program order, keeping each \
         result's element type (and quantization); updates function result types to match what \
         they return unless update-signature=false. Fails at the first op inference rejects."
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if infer_shapes(ctx, op, self.options.update_signature)? == InferredShapes::default() {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::test_util::{parse_unverified, print};

    const HEADER: &str = r#"!q = !quant.uniform<i8:f32, 0.5:-128>
!q2 = !quant.uniform<i8:f32, 0.25:5>
!qw = !quant.uniform<i8<-127:127>:f32:0, {0.01, 0.02}>
!qb = !quant.uniform<i32:f32:0, {0.005, 0.01}>
"#;

    /// A conv, a pool and a reshape whose results have placeholder shapes.
    fn stale_model(result: &str) -> String {
        format!(
            r#"{HEADER}"func.func"() <{{function_type = (tensor<1x9x9x3x!q>) -> {result}, sym_name = "f"}}> ({{
^bb0(%x: tensor<1x9x9x3x!q>):
  %w = "graph.const"() <{{value = dense<1> : tensor<2x3x3x3xi8>}}> : () -> tensor<2x3x3x3x!qw>
  %b = "graph.const"() <{{value = dense<0> : tensor<2xi32>}}> : () -> tensor<2x!qb>
  %c = "graph.conv_2d"(%x, %w, %b) <{{dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}}> : (tensor<1x9x9x3x!q>, tensor<2x3x3x3x!qw>, tensor<2x!qb>) -> tensor<1x1x1x1x!q2>
  %p = "graph.max_pool_2d"(%c) <{{filter_h = 2 : i64, filter_w = 2 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 2 : i64, stride_w = 2 : i64}}> : (tensor<1x1x1x1x!q2>) -> tensor<1x1x1x1x!q2>
  %r = "graph.reshape"(%p) <{{new_shape = array<i64: 1, -1>}}> : (tensor<1x1x1x1x!q2>) -> tensor<1x1x!q2>
  "func.return"(%r) : (tensor<1x1x!q2>) -> ()
}}) : () -> ()"#
        )
    }

    #[test]
    fn shapes_propagate_in_order_and_the_signature_follows() {
        let (mut ctx, module) = parse_unverified(&stale_model("tensor<1x1x!q2>"));
        let changed = infer_shapes(&mut ctx, module, true).expect("inference succeeds");
        assert_eq!(changed, InferredShapes { results: 3, signatures: 1 });
        let out = print(&ctx, module);
        // conv: SAME, stride 2 over 9 → 5; pool: VALID 2x2 stride 2 over 5 → 2; reshape: 1x8.
        assert!(out.contains("function_type = (tensor<1x9x9x3x!quant.uniform<i8:f32, 5.000000e-01:-128>>) -> tensor<1x8x!quant.uniform<i8:f32, 2.500000e-01:5>>"), "{out}");
        assert!(out.contains("-> tensor<1x5x5x2x!quant.uniform<i8:f32, 2.500000e-01:5>>"), "{out}");
        assert!(out.contains("-> tensor<1x2x2x2x!quant.uniform<i8:f32, 2.500000e-01:5>>"), "{out}");
        assert_eq!(infer_shapes(&mut ctx, module, true), Ok(InferredShapes::default()));
    }

    #[test]
    fn a_fixed_signature_makes_a_changed_result_an_error() {
        let (mut ctx, module) = parse_unverified(&stale_model("tensor<1x1x!q2>"));
        let err = infer_shapes(&mut ctx, module, false).expect_err("the signature disagrees");
        assert_eq!(
            err.message,
            "'func.return' op has inferred type 'tensor<1x8x!quant.uniform<i8:f32, 2.500000e-01:5>>' for result #0, but \
             the function's result type is 'tensor<1x1x!quant.uniform<i8:f32, 2.500000e-01:5>>' (update-signature=false)"
        );
        // A signature that already agrees is fine.
        let (mut ctx, module) = parse_unverified(&stale_model("tensor<1x8x!q2>"));
        assert_eq!(infer_shapes(&mut ctx, module, false).map(|c| c.signatures), Ok(0));
    }

    #[test]
    fn failures_are_located_at_the_op() {
        let text = format!(
            r#"{HEADER}"func.func"() <{{function_type = (tensor<1x4x!q>, tensor<1x3x!q>) -> tensor<1x4x!q>, sym_name = "f"}}> ({{
^bb0(%x: tensor<1x4x!q>, %y: tensor<1x3x!q>):
  %0 = "graph.add"(%x, %y) <{{fused_activation = "NONE"}}> : (tensor<1x4x!q>, tensor<1x3x!q>) -> tensor<1x4x!q>
  "func.return"(%0) : (tensor<1x4x!q>) -> ()
}}) : () -> ()"#
        );
        let (mut ctx, module) = parse_unverified(&text);
        let err = infer_shapes(&mut ctx, module, true).expect_err("shapes do not broadcast");
        assert_eq!(err.message, "'graph.add' op operand shapes [1, 4] and [1, 3] are not broadcast-compatible");
        assert_eq!(ctx.file_position(err.loc), Some(("test.mlir", 7, 8)));
    }
}
