//! `arith` op definitions and verifiers.

use super::asm::{constant_result_names, infer_constant_type, infer_i1_like, parse_select, print_select};
use super::canonicalize::{
    addi_patterns, extsi_patterns, extui_patterns, muli_patterns, subi_patterns, trunci_patterns,
};
use super::extended::{AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp};
use super::fold::{
    fold_addf, fold_addi, fold_andi, fold_cmpf, fold_cmpi, fold_constant, fold_divf, fold_divsi, fold_divui, fold_extf,
    fold_extsi, fold_extui, fold_fptosi, fold_fptoui, fold_index_cast, fold_index_castui, fold_maximumf, fold_maxsi,
    fold_maxui, fold_minimumf, fold_minsi, fold_minui, fold_mulf, fold_muli, fold_negf, fold_ori, fold_remf,
    fold_remsi, fold_remui, fold_select, fold_shli, fold_shrsi, fold_shrui, fold_sitofp, fold_subf, fold_subi,
    fold_truncf, fold_trunci, fold_uitofp, fold_xori,
};
use super::upstream_folds::{
    fold_bitcast, fold_ceildivsi, fold_ceildivui, fold_floordivsi, fold_maxnumf, fold_minnumf,
};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, Diagnostic, OpDef, OpId, Type, TypeKind, define_op};

/// `arith.cmpi` predicates, in MLIR's numbering.
pub const CMPI_PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
/// `arith.cmpf` predicates, in MLIR's numbering.
pub const CMPF_PREDICATES: [&str; 16] =
    ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"];

/// The keyword of comparison `op`'s `predicate` attribute (an index into `cases`:
/// [`CMPI_PREDICATES`] or [`CMPF_PREDICATES`]), `None` if it is missing or out of range.
pub fn predicate_keyword(ctx: &Context, op: OpId, cases: &[&'static str]) -> Option<&'static str> {
    let value = ctx.attr(op, "predicate").and_then(|a| ctx.integer_value(a))?;
    usize::try_from(value).ok().and_then(|v| cases.get(v).copied())
}

define_op! {
    /// Materializes the constant in `value`; the result has the attribute's type.
    pub struct ConstantOp = "arith.constant" {
        summary: "integer or floating point constant",
        traits: [PURE, CONSTANT_LIKE],
        operands: [],
        results: [result],
        attributes: [value: Any],
        verify: verify_constant,
        fold: fold_constant,
        format: "attr-dict $value",
        infer_result_types: infer_constant_type,
        result_names: constant_result_names,
    }
}

/// Declares binary ops whose operands and result share one type of the given element kind, with
/// the given optional (flag) attributes and assembly format.
macro_rules! binary_ops {
    (
        optional: $opt:tt,
        format: $format:literal;
        $($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal, $kind:ident, [$($tr:ident),*], $fold:path $(, $canon:path)?;)*
    ) => {
        $(
            define_op! {
                $(#[$meta])*
                pub struct $Op = $name {
                    summary: $summary,
                    traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE $(, $tr)*],
                    operands: [lhs, rhs],
                    results: [result],
                    attributes: [],
                    optional_attributes: $opt,
                    verify: $kind,
                    fold: $fold,
                    $(canonicalize: $canon,)?
                    format: $format,
                }
            }
        )*
    };
}

binary_ops! {
    optional: [overflowFlags: DialectAttr("arith.overflow", "none")],
    format: "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)";
    /// Wrapping integer addition.
    AddIOp = "arith.addi", "integer addition operation", verify_integer_like, [COMMUTATIVE], fold_addi, addi_patterns;
    /// Wrapping integer subtraction.
    SubIOp = "arith.subi", "integer subtraction operation", verify_integer_like, [], fold_subi, subi_patterns;
    /// Wrapping integer multiplication.
    MulIOp = "arith.muli", "integer multiplication operation", verify_integer_like, [COMMUTATIVE], fold_muli, muli_patterns;
}

binary_ops! {
    optional: [overflowFlags: DialectAttr("arith.overflow", "none")],
    format: "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)";
    /// Shift left; shifting by the bit width or more is poison (undefined).
    ShLIOp = "arith.shli", "integer left-shift", verify_integer_like, [], fold_shli;
}

binary_ops! {
    optional: [],
    format: "$lhs `,` $rhs attr-dict `:` type($result)";
    /// Bitwise and.
    AndIOp = "arith.andi", "integer binary and", verify_integer_like, [COMMUTATIVE], fold_andi;
    /// Bitwise or.
    OrIOp = "arith.ori", "integer binary or", verify_integer_like, [COMMUTATIVE], fold_ori;
    /// Bitwise exclusive or.
    XOrIOp = "arith.xori", "integer binary xor", verify_integer_like, [COMMUTATIVE], fold_xori;
    /// Arithmetic (sign-filling) shift right; shifting by the bit width or more is poison.
    ShRSIOp = "arith.shrsi", "signed integer right-shift", verify_integer_like, [], fold_shrsi;
    /// Logical (zero-filling) shift right; shifting by the bit width or more is poison.
    ShRUIOp = "arith.shrui", "unsigned integer right-shift", verify_integer_like, [], fold_shrui;
    /// Signed division rounding towards zero.
    DivSIOp = "arith.divsi", "signed integer division operation", verify_integer_like, [], fold_divsi;
    /// Unsigned division.
    DivUIOp = "arith.divui", "unsigned integer division operation", verify_integer_like, [], fold_divui;
    /// Signed remainder (sign of the dividend).
    RemSIOp = "arith.remsi", "signed integer division remainder operation", verify_integer_like, [], fold_remsi;
    /// Unsigned remainder.
    RemUIOp = "arith.remui", "unsigned integer division remainder operation", verify_integer_like, [], fold_remui;
    /// Signed minimum.
    MinSIOp = "arith.minsi", "signed integer minimum operation", verify_integer_like, [COMMUTATIVE], fold_minsi;
    /// Signed maximum.
    MaxSIOp = "arith.maxsi", "signed integer maximum operation", verify_integer_like, [COMMUTATIVE], fold_maxsi;
    /// Unsigned minimum.
    MinUIOp = "arith.minui", "unsigned integer minimum operation", verify_integer_like, [COMMUTATIVE], fold_minui;
    /// Unsigned maximum.
    MaxUIOp = "arith.maxui", "unsigned integer maximum operation", verify_integer_like, [COMMUTATIVE], fold_maxui;
    /// Signed division rounding towards positive infinity.
    CeilDivSIOp = "arith.ceildivsi", "signed ceil integer division operation", verify_integer_like, [], fold_ceildivsi;
    /// Unsigned division rounding up.
    CeilDivUIOp = "arith.ceildivui", "unsigned ceil integer division operation", verify_integer_like, [], fold_ceildivui;
    /// Signed division rounding towards negative infinity.
    FloorDivSIOp = "arith.floordivsi", "signed floor integer division operation", verify_integer_like, [], fold_floordivsi;
}

binary_ops! {
    optional: [fastmath: DialectAttr("arith.fastmath", "none")],
    format: "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)";
    /// Float addition.
    AddFOp = "arith.addf", "floating point addition operation", verify_float_like, [COMMUTATIVE], fold_addf;
    /// Float subtraction.
    SubFOp = "arith.subf", "floating point subtraction operation", verify_float_like, [], fold_subf;
    /// Float multiplication.
    MulFOp = "arith.mulf", "floating point multiplication operation", verify_float_like, [COMMUTATIVE], fold_mulf;
    /// Float division.
    DivFOp = "arith.divf", "floating point division operation", verify_float_like, [], fold_divf;
    /// Float remainder of the truncated division, the sign of `lhs` (C's `fmod`).
    RemFOp = "arith.remf", "floating point division remainder operation", verify_float_like, [], fold_remf;
    /// Float minimum (NaN-propagating).
    MinimumFOp = "arith.minimumf", "floating-point minimum operation", verify_float_like, [COMMUTATIVE], fold_minimumf;
    /// Float maximum (NaN-propagating).
    MaximumFOp = "arith.maximumf", "floating-point maximum operation", verify_float_like, [COMMUTATIVE], fold_maximumf;
    /// Float minimum (IEEE `minNum`: a NaN operand yields the other operand).
    MinNumFOp = "arith.minnumf", "floating-point minimum operation", verify_float_like, [COMMUTATIVE], fold_minnumf;
    /// Float maximum (IEEE `maxNum`: a NaN operand yields the other operand).
    MaxNumFOp = "arith.maxnumf", "floating-point maximum operation", verify_float_like, [COMMUTATIVE], fold_maxnumf;
}

define_op! {
    /// Float negation (flips the sign bit).
    pub struct NegFOp = "arith.negf" {
        summary: "floating point negation",
        traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [operand],
        results: [result],
        attributes: [],
        optional_attributes: [fastmath: DialectAttr("arith.fastmath", "none")],
        verify: verify_float_like,
        fold: fold_negf,
        format: "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
    }
}

define_op! {
    /// Compares integers; `predicate` is an index into [`CMPI_PREDICATES`].
    pub struct CmpIOp = "arith.cmpi" {
        summary: "integer comparison operation",
        traits: [PURE, SAME_OPERAND_TYPES],
        operands: [lhs, rhs],
        results: [result],
        attributes: [predicate: Enum(&CMPI_PREDICATES)],
        verify: verify_cmpi,
        fold: fold_cmpi,
        format: "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)",
        infer_result_types: infer_i1_like,
    }
}

define_op! {
    /// Compares floats; `predicate` is an index into [`CMPF_PREDICATES`].
    pub struct CmpFOp = "arith.cmpf" {
        summary: "floating-point comparison operation",
        traits: [PURE, SAME_OPERAND_TYPES],
        operands: [lhs, rhs],
        results: [result],
        attributes: [predicate: Enum(&CMPF_PREDICATES)],
        optional_attributes: [fastmath: DialectAttr("arith.fastmath", "none")],
        verify: verify_cmpf,
        fold: fold_cmpf,
        format: "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)",
        infer_result_types: infer_i1_like,
    }
}

define_op! {
    /// `condition ? true_value : false_value`.
    pub struct SelectOp = "arith.select" {
        summary: "select operation",
        traits: [PURE],
        operands: [condition, true_value, false_value],
        results: [result],
        attributes: [],
        verify: verify_select,
        fold: fold_select,
        print: print_select,
        parse: parse_select,
    }
}

/// Declares one-operand casts with a verifier and folder, the given optional (flag) attributes and
/// assembly format.
macro_rules! cast_ops {
    (
        optional: $opt:tt,
        format: $format:literal;
        $($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal, $verify:path, $fold:path $(, $canon:path)?;)*
    ) => {
        $(
            define_op! {
                $(#[$meta])*
                pub struct $Op = $name {
                    summary: $summary,
                    traits: [PURE],
                    operands: [input],
                    results: [result],
                    attributes: [],
                    optional_attributes: $opt,
                    verify: $verify,
                    fold: $fold,
                    $(canonicalize: $canon,)?
                    format: $format,
                }
            }
        )*
    };
}

cast_ops! {
    optional: [],
    format: "$input attr-dict `:` type($input) `to` type($result)";
    /// Sign-extends an integer to a wider type.
    ExtSIOp = "arith.extsi", "integer sign extension operation", verify_extend, fold_extsi, extsi_patterns;
    /// Zero-extends an integer to a wider type.
    ExtUIOp = "arith.extui", "integer zero extension operation", verify_extend, fold_extui, extui_patterns;
    /// Converts a signed integer to a float.
    SIToFPOp = "arith.sitofp", "cast from integer type to floating-point", verify_int_to_float, fold_sitofp;
    /// Converts a float to a signed integer, rounding towards zero.
    FPToSIOp = "arith.fptosi", "cast from floating-point type to integer", verify_float_to_int, fold_fptosi;
    /// Converts an unsigned integer to a float.
    UIToFPOp = "arith.uitofp", "cast from unsigned integer type to floating-point", verify_int_to_float, fold_uitofp;
    /// Converts a float to an unsigned integer, rounding towards zero.
    FPToUIOp = "arith.fptoui", "cast from floating-point type to integer", verify_float_to_int, fold_fptoui;
    /// Converts between `index` and a signless integer, sign-extending or truncating.
    IndexCastOp = "arith.index_cast", "index cast", verify_index_cast, fold_index_cast;
    /// Converts between `index` and a signless integer, zero-extending or truncating.
    IndexCastUIOp = "arith.index_castui", "unsigned index cast", verify_index_cast, fold_index_castui;
    /// Reinterprets the bits of an integer or float as another type of the same width.
    BitcastOp = "arith.bitcast", "bitcast between values of equal bit width", verify_bitcast, fold_bitcast;
}

cast_ops! {
    optional: [fastmath: DialectAttr("arith.fastmath", "none")],
    format: "$input (`fastmath` `` $fastmath^)? attr-dict `:` type($input) `to` type($result)";
    /// Widens a float to a wider format (exact).
    ExtFOp = "arith.extf", "cast from floating-point to wider floating-point", verify_extend_float, fold_extf;
    /// Narrows a float to a narrower format, rounding to nearest even.
    TruncFOp = "arith.truncf", "cast from floating-point to narrower floating-point", verify_truncate_float, fold_truncf;
}

cast_ops! {
    optional: [overflowFlags: DialectAttr("arith.overflow", "none")],
    format: "$input (`overflow` `` $overflowFlags^)? attr-dict `:` type($input) `to` type($result)";
    /// Truncates an integer to a narrower type.
    TruncIOp = "arith.trunci", "integer truncation operation", verify_truncate, fold_trunci, trunci_patterns;
}

/// Definitions of every arith op.
pub(super) fn all_defs() -> Vec<OpDef> {
    vec![
        ConstantOp::def(),
        AddIOp::def(),
        SubIOp::def(),
        MulIOp::def(),
        DivSIOp::def(),
        DivUIOp::def(),
        RemSIOp::def(),
        RemUIOp::def(),
        MinSIOp::def(),
        MaxSIOp::def(),
        MinUIOp::def(),
        MaxUIOp::def(),
        CeilDivSIOp::def(),
        CeilDivUIOp::def(),
        FloorDivSIOp::def(),
        AddUIExtendedOp::def(),
        MulSIExtendedOp::def(),
        MulUIExtendedOp::def(),
        AndIOp::def(),
        OrIOp::def(),
        XOrIOp::def(),
        ShLIOp::def(),
        ShRSIOp::def(),
        ShRUIOp::def(),
        AddFOp::def(),
        SubFOp::def(),
        MulFOp::def(),
        DivFOp::def(),
        RemFOp::def(),
        MinimumFOp::def(),
        MaximumFOp::def(),
        MinNumFOp::def(),
        MaxNumFOp::def(),
        NegFOp::def(),
        CmpIOp::def(),
        CmpFOp::def(),
        SelectOp::def(),
        ExtSIOp::def(),
        ExtUIOp::def(),
        TruncIOp::def(),
        SIToFPOp::def(),
        FPToSIOp::def(),
        UIToFPOp::def(),
        FPToUIOp::def(),
        IndexCastOp::def(),
        IndexCastUIOp::def(),
        BitcastOp::def(),
        ExtFOp::def(),
        TruncFOp::def(),
    ]
}

/// The scalar type of `ty` and, for tensors and vectors, their shape (empty when unranked).
pub(super) fn split_shaped(ctx: &Context, ty: Type) -> (Option<&[i64]>, Type) {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { shape, element }
        | TypeKind::RankedTensor { shape, element, .. }
        | TypeKind::Vector { shape, element, .. } => (Some(shape), *element),
        TypeKind::UnrankedTensor { element } => (Some(&[]), *element),
        _ => (None, ty),
    }
}

pub(super) fn is_signless_int_like(ctx: &Context, ty: Type) -> bool {
    let element = split_shaped(ctx, ty).1;
    matches!(
        ctx.type_kind(element),
        TypeKind::Integer { signedness: mc_ir::Signedness::Signless, .. } | TypeKind::Index
    )
}

/// Signless integers (not `index`, whose width is unknown), or tensors of them: what casts take.
fn is_signless_fixed_int_like(ctx: &Context, ty: Type) -> bool {
    let element = split_shaped(ctx, ty).1;
    matches!(ctx.type_kind(element), TypeKind::Integer { signedness: mc_ir::Signedness::Signless, .. })
}

fn is_float_like(ctx: &Context, ty: Type) -> bool {
    ctx.float_kind(split_shaped(ctx, ty).1).is_some()
}

/// Checks every operand and result against `accept`, naming the first mismatch as MLIR does.
fn verify_values(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>, accept: fn(&Context, Type) -> bool, what: &str) {
    let operation = ctx.operation(op);
    for (index, value) in operation.operands().enumerate() {
        let ty = ctx.value_type(value);
        if !accept(ctx, ty) {
            diags.push(
                ctx.op_error(op, format!("operand #{index} must be {what}, but got '{}'", type_to_string(ctx, ty))),
            );
        }
    }
    for (index, ty) in operation.result_types().enumerate() {
        if !accept(ctx, ty) {
            diags.push(
                ctx.op_error(op, format!("result #{index} must be {what}, but got '{}'", type_to_string(ctx, ty))),
            );
        }
    }
}

/// Checks that every operand and result is a signless integer or index (or a tensor of them).
pub(crate) fn verify_integer_like(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    verify_values(ctx, op, diags, is_signless_int_like, "signless-integer-like");
}

/// Checks that every operand and result is a float (or a tensor of floats).
pub(crate) fn verify_float_like(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    verify_values(ctx, op, diags, is_float_like, "floating-point-like");
}

fn verify_constant(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let value = ConstantOp(op).value(ctx);
    let result = ctx.operation(op).result_type(0);
    if matches!(ctx.type_kind(result), TypeKind::Integer { signedness, .. } if *signedness != mc_ir::Signedness::Signless)
    {
        diags.push(ctx.op_error(op, "integer return type must be signless"));
        return;
    }
    match ctx.attr_type(value) {
        Some(ty) if ty == result => {}
        Some(ty) => diags.push(ctx.op_error(
            op,
            format!(
                "value type '{}' does not match result type '{}'",
                type_to_string(ctx, ty),
                type_to_string(ctx, result)
            ),
        )),
        None => diags.push(ctx.op_error(op, "value must be an integer, float or elements attribute")),
    }
}

/// The `i1`-like type matching `operand`'s shape.
fn check_bool_result(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let (operand_shape, _) = split_shaped(ctx, ctx.value_type(operation.operand(0)));
    let (result_shape, result_element) = split_shaped(ctx, operation.result_type(0));
    if ctx.integer_width(result_element) != Some(1) || operand_shape != result_shape {
        diags.push(ctx.op_error(op, "result must be i1, or a tensor of i1 with the operands' shape"));
    }
}

fn verify_cmpi(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let lhs = ctx.value_type(ctx.operation(op).operand(0));
    if !is_signless_int_like(ctx, lhs) {
        diags.push(
            ctx.op_error(
                op,
                format!("operand #0 must be signless-integer-like, but got '{}'", type_to_string(ctx, lhs)),
            ),
        );
    }
    check_bool_result(ctx, op, diags);
}

fn verify_cmpf(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let lhs = ctx.value_type(ctx.operation(op).operand(0));
    if !is_float_like(ctx, lhs) {
        diags.push(
            ctx.op_error(op, format!("operand #0 must be floating-point-like, but got '{}'", type_to_string(ctx, lhs))),
        );
    }
    check_bool_result(ctx, op, diags);
}

fn verify_select(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let condition = ctx.value_type(operation.operand(0));
    let (t, f, r) =
        (ctx.value_type(operation.operand(1)), ctx.value_type(operation.operand(2)), operation.result_type(0));
    if t != f || t != r {
        diags.push(ctx.op_error(op, "failed to verify that all of {true_value, false_value, result} have same type"));
    }
    let (cond_shape, cond_element) = split_shaped(ctx, condition);
    let value_shape = split_shaped(ctx, r).0;
    if ctx.integer_width(cond_element) != Some(1) || (cond_shape.is_some() && cond_shape != value_shape) {
        diags.push(ctx.op_error(op, "condition must be i1, or a tensor of i1 with the result's shape"));
    }
}

/// Checks a one-operand cast: operand and result kinds, same shape, and a width rule.
fn verify_cast(
    ctx: &Context,
    op: OpId,
    diags: &mut Vec<Diagnostic>,
    input_ok: fn(&Context, Type) -> bool,
    output_ok: fn(&Context, Type) -> bool,
    widths: Option<fn(u32, u32) -> bool>,
    width_message: &str,
) {
    let operation = ctx.operation(op);
    let (input, output) = (ctx.value_type(operation.operand(0)), operation.result_type(0));
    if !input_ok(ctx, input) || !output_ok(ctx, output) {
        diags.push(ctx.op_error(
            op,
            format!("invalid cast from '{}' to '{}'", type_to_string(ctx, input), type_to_string(ctx, output)),
        ));
        return;
    }
    let ((in_shape, in_element), (out_shape, out_element)) = (split_shaped(ctx, input), split_shaped(ctx, output));
    if in_shape != out_shape {
        diags.push(ctx.op_error(op, "operand and result must have the same shape"));
    }
    if let (Some(rule), Some(a), Some(b)) = (widths, ctx.integer_width(in_element), ctx.integer_width(out_element))
        && !rule(a, b)
    {
        diags.push(ctx.op_error(
            op,
            format!(
                "result type '{}' {width_message} operand type '{}'",
                type_to_string(ctx, output),
                type_to_string(ctx, input)
            ),
        ));
    }
}

fn verify_extend(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let int = is_signless_fixed_int_like;
    verify_cast(ctx, op, diags, int, int, Some(|a, b| b > a), "must be wider than");
}

fn verify_truncate(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let int = is_signless_fixed_int_like;
    verify_cast(ctx, op, diags, int, int, Some(|a, b| b < a), "must be shorter than");
}

fn verify_int_to_float(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    verify_cast(ctx, op, diags, is_signless_fixed_int_like, is_float_like, None, "");
}

fn verify_float_to_int(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    verify_cast(ctx, op, diags, is_float_like, is_signless_fixed_int_like, None, "");
}

/// The upstream message for a cast between incompatible types.
fn cast_incompatible(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let (input, output) = (ctx.value_type(operation.operand(0)), operation.result_type(0));
    diags.push(ctx.op_error(
        op,
        format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            type_to_string(ctx, input),
            type_to_string(ctx, output)
        ),
    ));
}

/// `arith.bitcast`: integer or float (or shaped of them) on both sides, of equal bit width and
/// shape.
fn verify_bitcast(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let (input, result) = (ctx.value_type(operation.operand(0)), operation.result_type(0));
    let bits = |ty: Type| {
        let element = split_shaped(ctx, ty).1;
        match ctx.type_kind(element) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Float(kind) => Some(kind.width()),
            _ => None,
        }
    };
    let same_shape = split_shaped(ctx, input).0 == split_shaped(ctx, result).0;
    if bits(input).is_none() || bits(input) != bits(result) || !same_shape {
        cast_incompatible(ctx, op, diags);
    }
}

fn verify_index_cast(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let (input, output) = (ctx.value_type(operation.operand(0)), operation.result_type(0));
    let is_index = |ty: Type| matches!(ctx.type_kind(split_shaped(ctx, ty).1), TypeKind::Index);
    let compatible = (is_index(input) && is_signless_fixed_int_like(ctx, output))
        || (is_signless_fixed_int_like(ctx, input) && is_index(output));
    if !compatible || split_shaped(ctx, input).0 != split_shaped(ctx, output).0 {
        cast_incompatible(ctx, op, diags);
    }
}

/// Checks a float-to-float cast whose result width must compare with the input's by `rule`.
fn verify_float_resize(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>, rule: fn(u32, u32) -> bool) {
    let operation = ctx.operation(op);
    let (input, output) = (ctx.value_type(operation.operand(0)), operation.result_type(0));
    let ((in_shape, a), (out_shape, b)) = (split_shaped(ctx, input), split_shaped(ctx, output));
    match (ctx.float_kind(a), ctx.float_kind(b)) {
        (Some(a), Some(b)) if in_shape == out_shape && rule(a.width(), b.width()) => {}
        _ => cast_incompatible(ctx, op, diags),
    }
}

fn verify_extend_float(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    verify_float_resize(ctx, op, diags, |a, b| b > a);
}

fn verify_truncate_float(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    verify_float_resize(ctx, op, diags, |a, b| b < a);
}
