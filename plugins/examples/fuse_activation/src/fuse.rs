//! `graph-fuse-activation`: a standalone activation after an op that can apply it itself becomes
//! that op's `fused_activation`, as TFLite's converter fuses them.
//!
//! ```mlir
//! %c = "graph.conv_2d"(%x, %w, %b) <{..., fused_activation = "NONE"}> : (...) -> tensor<1x8x8x16x!q>
//! %r = "graph.relu6"(%c) : (tensor<1x8x8x16x!q>) -> tensor<1x8x8x16x!q>
//! // becomes
//! %c = "graph.conv_2d"(%x, %w, %b) <{..., fused_activation = "RELU6"}> : (...) -> tensor<1x8x8x16x!q>
//! ```
//!
//! The fold is exact, and so applied only when the activation's result has its operand's type (the
//! same quantization: TFLite's standalone int8 activation then clamps exactly as the fused one does)
//! and the producer's result has no other use. Then every `fuse.barrier` is replaced by its input.

use crate::barrier::BarrierOp;
use mc_dialects::graph::{
    Activation, AddOp, Conv2DOp, DepthwiseConv2DOp, FullyConnectedOp, MulOp, Relu6Op, ReluN1To1Op, ReluOp, SubOp,
    fused_activation,
};
use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
use mc_ir::{Context, Diagnostic, Failure, OpId};

/// The ops whose kernels apply a fused activation.
const PRODUCERS: [&str; 6] =
    [Conv2DOp::NAME, DepthwiseConv2DOp::NAME, FullyConnectedOp::NAME, AddOp::NAME, SubOp::NAME, MulOp::NAME];

mc_ir::pass_options! {
    /// Options of `graph-fuse-activation`.
    pub struct FuseActivationOptions {
        /// Producers to fuse into, by op name (e.g. graph.conv_2d); empty: all that can.
        ops: Vec<String> = Vec::new(),
    }
}

/// The pass.
#[derive(Default)]
pub struct FuseActivation {
    options: FuseActivationOptions,
}

impl Pass for FuseActivation {
    fn argument(&self) -> &str {
        "graph-fuse-activation"
    }

    fn summary(&self) -> &str {
        "Fold standalone activations into the ops before them"
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }

    fn initialize(&mut self, ctx: &mut Context) -> Result<(), Failure> {
        match self.options.ops.iter().find(|name| !PRODUCERS.contains(&name.as_str())) {
            Some(unknown) => {
                let message = format!("'{unknown}' cannot fuse an activation (ops: {})", PRODUCERS.join(", "));
                Err(Diagnostic::error(ctx.unknown_loc(), message).into())
            }
            None => Ok(()),
        }
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        let mut changed = false;
        for nested in ctx.walk_preorder(op) {
            changed |= self.fuse(ctx, nested);
        }
        for nested in ctx.walk_preorder(op) {
            if BarrierOp::cast(ctx, nested).is_some() {
                let input = ctx.operation(nested).operand(0);
                ctx.replace_op(nested, &[input]);
                changed = true;
            }
        }
        if !changed {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

impl FuseActivation {
    /// Folds `op` into its operand's producer if `op` is an activation that may go there.
    fn fuse(&self, ctx: &mut Context, op: OpId) -> bool {
        let activation = match ctx.op_name_of(op) {
            ReluOp::NAME => Activation::Relu,
            Relu6Op::NAME => Activation::Relu6,
            ReluN1To1Op::NAME => Activation::ReluN1To1,
            _ => return false,
        };
        let input = ctx.operation(op).operand(0);
        let Some(producer) = ctx.defining_op(input) else { return false };
        let name = ctx.op_name_of(producer);
        let allowed =
            PRODUCERS.contains(&name) && (self.options.ops.is_empty() || self.options.ops.iter().any(|o| o == name));
        if !allowed
            || fused_activation(ctx, producer) != Some(Activation::None)
            || ctx.uses(input).count() != 1
            || ctx.value_type(input) != ctx.operation(op).result_type(0)
        {
            return false;
        }
        let attr = activation.attr(ctx);
        ctx.set_attr(producer, "fused_activation", Some(attr));
        ctx.replace_op(op, &[input]);
        true
    }
}
