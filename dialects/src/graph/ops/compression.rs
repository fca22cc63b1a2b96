//! Compressed tensors: TFLite Micro's `DECODE`.
//!
//! | op | operands | attributes | result | TFLite operator |
//! |---|---|---|---|---|
//! | `graph.decode` | `encoded` ui8, `ancillary` ui8 (a DCM header and the decode type's data), both constants | — | the decoded tensor: f32, i8, i16, i32, i64 or i1, plain or quantized | custom `TFLM_DECODE` (one op per encoded/ancillary pair) |
//!
//! The decode types are LUT (bit-packed indices of 1 to 7 bits into per-channel value tables)
//! and pruning (a bitmask of kept values, the others the channel's zero point); the format is
//! documented in [`decode_metadata`](crate::graph::decode_metadata). Channels are the result's
//! quantization channels, along its first or last dimension (TFLite Micro refuses any other
//! axis); a pruned result other than int8 must have zero points 0, as TFLite Micro requires.
//!
//! TFLite Micro requires both operands to be constants, so the op always folds: its result
//! becomes a constant, decoded at compile time. The verifier decodes constant operands, so a
//! malformed header or short data is an error on the op.

use super::{OpEntry, op_entry};
use crate::graph::attributes::int_elements;
use crate::graph::decode_metadata::{DecodeType, OutputLayout, decode, parse_header};
use crate::graph::verify::{BOOL, Checker, Checks, F32, I8, I16, I32, I64, Kind, Q8, Q16, Q32, verify_op};
use mc_ir::quant::QuantParams;
use mc_ir::rewrite::fold::constant_value;
use mc_ir::{AttrKind, Attribute, Builder, Context, FoldResult, Folded, OpId, Type, Value, define_op};

define_op! {
    /// TFLite Micro's `DECODE`: `encoded` decoded as `ancillary`'s DCM header says.
    pub struct DecodeOp = "graph.decode" {
        summary: "decoding of a compressed constant tensor",
        traits: [PURE],
        operands: [encoded, ancillary],
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_decode,
    }
}

impl DecodeOp {
    /// Builds `graph.decode`.
    pub fn build(b: &mut Builder<'_>, encoded: Value, ancillary: Value, result: Type) -> Self {
        DecodeOp(b.create(Self::NAME, &[encoded, ancillary], &[result], vec![], vec![]))
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[op_entry!(DecodeOp, Checks::Op(check_decode), None)];

/// The element kinds TFLite Micro decodes into.
const DECODED_KINDS: &[Kind] = &[F32, Q8, I8, Q16, I16, Q32, I32, I64, BOOL];
/// The encoded and ancillary tensors' kind.
const BYTES: &[Kind] = &[Kind::UInt(8)];

/// How the elements of a result of type `ty` split into channels, as TFLite Micro's
/// `DecodeState*::Setup` resolves them from its quantization.
///
/// # Errors
///
/// A per-axis quantization along a dimension other than the first or (with several channels)
/// the last, which TFLite Micro refuses, or elements that do not split into the channels.
pub fn output_layout(ctx: &Context, ty: Type) -> Result<OutputLayout, String> {
    let (shape, element) = ctx.tensor_parts(ty).ok_or("the result is not a tensor")?;
    let element_size = ctx.scalar_byte_size(element).ok_or("the result's element type has no size")?;
    let count = shape.iter().product::<i64>().max(0) as usize;
    let Some(q) = ctx.quantization(ty) else {
        return Ok(OutputLayout { element_size, count, channels: 1, interleaved: false, zero_points: vec![0] });
    };
    let zero_points = q.zero_points();
    let channels = zero_points.len().max(1);
    let axis = match &q.params {
        QuantParams::PerAxis { axis, .. } => *axis as i64,
        _ => 0,
    };
    let interleaved = channels > 1 && axis == shape.len() as i64 - 1;
    if !interleaved && axis != 0 {
        return Err(format!(
            "quantization axis {axis} is not supported (TFLite Micro decodes along the first or last)"
        ));
    }
    if !count.is_multiple_of(channels) {
        return Err(format!("the result's {count} elements do not split into {channels} channels"));
    }
    Ok(OutputLayout { element_size, count, channels, interleaved, zero_points })
}

/// The bytes of a constant of `ui8` elements (`None` for another attribute or a missing blob).
pub fn constant_bytes(ctx: &Context, attr: Attribute) -> Option<Vec<u8>> {
    Some(int_elements(ctx, attr)?.into_iter().map(|v| v as u8).collect())
}

/// The decoded elements of a `graph.decode` of constants `encoded` and `ancillary` whose result
/// has type `ty`: what the verifier checks, the folder computes and the importer reports.
///
/// # Errors
///
/// The header's and data's errors ([`decode`]), a quantization axis TFLite Micro refuses, and
/// nonzero zero points of a pruned result other than int8.
pub fn decode_constant(ctx: &Context, encoded: &[u8], ancillary: &[u8], ty: Type) -> Result<Vec<u8>, String> {
    let layout = output_layout(ctx, ty)?;
    let int8 = ctx.quantization(ty).is_some_and(|q| q.storage_width == 8 && q.signed);
    if parse_header(ancillary)? == DecodeType::Prune && !int8 && layout.zero_points.iter().any(|&z| z != 0) {
        return Err("a pruned result other than int8 must have zero points 0 (TFLite Micro requires it)".to_string());
    }
    decode(encoded, ancillary, &layout)
}

fn check_decode(c: &mut Checker<'_, '_>) {
    let (Some(encoded), Some(ancillary), Some(result)) =
        (c.operand("encoded", 0), c.operand("ancillary", 1), c.result("result"))
    else {
        return;
    };
    let kinds = [
        c.kind("encoded", encoded, BYTES),
        c.kind("ancillary", ancillary, BYTES),
        c.kind("result", result, DECODED_KINDS),
    ];
    if kinds.contains(&None) {
        return;
    }
    if let Err(message) = output_layout(c.ctx, c.result_type(0)) {
        return c.error(message);
    }
    let operation = c.ctx.operation(c.op);
    let bytes = |i: usize| constant_value(c.ctx, operation.operand(i)).and_then(|a| constant_bytes(c.ctx, a));
    if let (Some(encoded), Some(ancillary)) = (bytes(0), bytes(1))
        && let Err(message) = decode_constant(c.ctx, &encoded, &ancillary, c.result_type(0))
    {
        c.error(message);
    }
}

/// `graph.decode` of constants: the decoded constant.
fn fold_decode(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let ty = ctx.operation(op).result_type(0);
    let bytes = |i: usize| constants.get(i).copied().flatten().and_then(|a| constant_bytes(ctx, a));
    let (Some(encoded), Some(ancillary)) = (bytes(0), bytes(1)) else { return Folded::Unchanged };
    let Ok(data) = decode_constant(ctx, &encoded, &ancillary, ty) else { return Folded::Unchanged };
    // Dense literals hold a quantized result's storage integers.
    let storage = ctx.quantization(ty).map(|q| q.storage_width);
    let value_type = match (storage, ctx.tensor_parts(ty)) {
        (Some(width), Some((shape, _))) => {
            let (shape, element) = (shape.to_vec(), ctx.integer_type(width));
            ctx.tensor_type(shape, element)
        }
        _ => ty,
    };
    let value = ctx.intern_attr(AttrKind::DenseElements { ty: value_type, splat: false, data });
    Folded::Results(vec![FoldResult::Attr(value)])
}
