//! Passes from the loop level to the `vector` level, chosen per target: `mcc` runs them for
//! cores with a vector extension (Helium/MVE on the Cortex-M55); other cores keep their scalar
//! loop nests.
//!
//! | pass | does |
//! |---|---|
//! | `vectorize-dot-products` | an innermost loop of int8 dot products along a contiguous dimension (one factor plus a constant offset, or not) becomes 16-lane `vector.widening_dot`s, its tail one masked step |
//! | `vectorize-unrolled-dot-products` | an int8 dot product written out term by term (an unrolled window) becomes one `vector.widening_dot` per run of 8 to 16 consecutive elements, each a (masked) load from a flat view |
//! | `vectorize-channels` | a loop over the channels of int8 NHWC tensors (the depthwise convolution's; a convolution's output channels where it was lowered for output-channel vectors) becomes vector code of `lanes` (4, 8 or 16) channels per step, one channel per `i32` lane, its tail one masked step |
//! | `vectorize-store-groups` | four consecutive scalar stores whose values are computed alike (a register-blocked convolution's requantizations) get one computation on `vector<4xT>` lanes, leaves gathered with `vector.from_elements`, each store taking its lane |
//! | `vector-fixed-point` | TFLite's requantization on `i32` vectors (64-bit lanes in `arith`) becomes `vector.rounding_doubling_high_mul` and `vector.rounding_shift_right` (MVE's `vqrdmulh`, `vrshl`) |

pub mod channels;
pub mod dot_products;
pub mod fixed_point;
pub mod store_groups;
pub mod unrolled_dot_products;

/// The integer `arith` ops that work lane by lane on vectors.
pub(crate) const LANEWISE: [&str; 16] = [
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.shli",
    "arith.shrsi",
    "arith.shrui",
    "arith.minsi",
    "arith.maxsi",
    "arith.cmpi",
    "arith.select",
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
];

use mc_dialects::arith::build::constant_int_value;
use mc_dialects::loops::{ForOp, LoadOp};
use mc_ir::pass::AnalysisManager;
use mc_ir::{BlockId, Builder, Context, OpId, OperationState, Value};

/// Offers every `loop.for` under `root` to `rewrite`, inner loops before the loops around them
/// (a loop a rewrite erased is skipped); `rewrite` returns true when it replaced the loop.
/// Returns how many it replaced.
pub fn rewrite_loops(ctx: &mut Context, root: OpId, mut rewrite: impl FnMut(&mut Context, ForOp) -> bool) -> usize {
    let loops: Vec<ForOp> = ctx.walk_postorder(root).into_iter().filter_map(|op| ForOp::cast(ctx, op)).collect();
    loops.into_iter().filter(|&for_op| ctx.is_live(for_op.0) && rewrite(ctx, for_op)).count()
}

/// The vector passes' `run` epilogue: when they rewrote nothing, every analysis still holds.
fn preserve_if_unchanged(rewrote: usize, analyses: &mut AnalysisManager) {
    if rewrote == 0 {
        analyses.mark_all_preserved();
    }
}

/// The op named `name` defining `value` in `block`, if it is one.
fn defined_in(ctx: &Context, block: BlockId, value: Value, name: &str) -> Option<OpId> {
    ctx.defining_op(value).filter(|&d| ctx.op_name_of(d) == name && ctx.value_parent_block(value) == Some(block))
}

/// The two `i8` `loop.load`s `(a, b)` of `value = sext(a) · sext(b)` (`arith.muli` of two
/// `arith.extsi`), every op of it in `block`: one term of an int8 dot product.
fn int8_product(ctx: &Context, block: BlockId, value: Value) -> Option<(OpId, OpId)> {
    int8_offset_product(ctx, block, value).and_then(|(a, b, offset)| (offset == 0).then_some((a, b)))
}

/// The two `i8` `loop.load`s `(a, b)` and the constant `c` of `value = sext(a) · (sext(b) + c)`
/// (the factors in either order, `c` 0 without the `arith.addi`), every op of it in `block`: one
/// term of an int8 dot product whose input has a zero point (`c` its negation).
fn int8_offset_product(ctx: &Context, block: BlockId, value: Value) -> Option<(OpId, OpId, i64)> {
    let i8_load = |value: Value| {
        let ext = defined_in(ctx, block, value, "arith.extsi")?;
        let narrow = ctx.operation(ext).operand(0);
        let load = defined_in(ctx, block, narrow, LoadOp::NAME)?;
        (ctx.integer_width(ctx.value_type(narrow)) == Some(8)).then_some(load)
    };
    let factor = |value: Value| -> Option<(OpId, i64)> {
        if let Some(load) = i8_load(value) {
            return Some((load, 0));
        }
        let add = ctx.operation(defined_in(ctx, block, value, "arith.addi")?);
        let (lhs, rhs) = (add.operand(0), add.operand(1));
        let (extended, offset) = match (constant_int_value(ctx, rhs), constant_int_value(ctx, lhs)) {
            (Some(c), _) => (lhs, c),
            (None, Some(c)) => (rhs, c),
            (None, None) => return None,
        };
        Some((i8_load(extended)?, i64::try_from(offset).ok()?))
    };
    let mul = ctx.operation(defined_in(ctx, block, value, "arith.muli")?);
    match (factor(mul.operand(0))?, factor(mul.operand(1))?) {
        ((a, 0), (b, offset)) | ((b, offset), (a, 0)) => Some((a, b, offset)),
        _ => None,
    }
}

/// A copy of the single-result, region-free `op` at `b` with `operands`, its (integer) result
/// widened to `lanes` lanes if given; `None` if `op` is not such an op.
fn copy_op(b: &mut Builder<'_>, op: OpId, operands: &[Value], lanes: Option<i64>) -> Option<Value> {
    let operation = b.ctx.operation(op);
    if operation.num_results() != 1 || !operation.regions().is_empty() {
        return None;
    }
    let (ty, attr_dict) = (operation.result_type(0), operation.attr_dict());
    let mut state = OperationState::new(operation.name(), b.loc);
    state.props = operation.properties();
    if lanes.is_some() && b.ctx.integer_width(ty).is_none() {
        return None;
    }
    state.result_types = vec![match lanes {
        Some(lanes) => b.ctx.vector_type(lanes, ty),
        None => ty,
    }];
    state.attrs = b.ctx.dictionary_entries(attr_dict).to_vec();
    state.operands = operands.to_vec();
    Some(b.insert(state).result(0))
}
