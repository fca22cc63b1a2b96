//! `loop-emulate-narrow-type`: `i4` constants (TFLite's `INT4` weights) kept packed two per byte,
//! read by byte loads, as upstream MLIR's `emulate-narrow-type` does for `memref`s.
//!
//! Kernels load `i4` weights like any others (`loop.load` of a `!buffer<...x!quant.uniform<i4:...>>`
//! then `arith.extsi` to `i32`). This pass rewrites each `buffer.global` with `i4` elements into
//! a `!buffer<Nxi8>` of its values packed two per byte, low nibble first (TFLite's and MLIR's
//! little-endian packing; an odd count leaves the last high nibble 0), so flash holds half a
//! byte per weight, and each load of storage element `s` (views resolved through their strides
//! and offset) into a byte load and the nibble's sign extension, which replaces the load's:
//!
//! ```text
//! %byte = loop.load %packed[s >> 1] : i8
//! %word = extsi %byte : i8 to i32
//! %w    = ((%word >>s 4·(s & 1)) << 28) >>s 28       (s constant: even (%word << 28) >>s 28,
//!                                                      odd %word >>s 4)
//! ```
//!
//! On Arm the last pair is one `sbfx`. Where the loop structure makes the parity known (the
//! unrolled channel quads of the convolutions: elements 4q, 4q+1, ...), LLVM's known bits fold
//! the parity and share one byte load between two taps. Choosing the nibble here from a parity
//! analysis of our own measured worse on the Cortex-M4 (3% more instructions on the int4
//! conformance network), so the pass emits the general form and lets LLVM specialise it.
//!
//! With `unpack` each global instead holds one byte per value over its own shape (`i8`, twice
//! the flash) and the loads stay loads of `i8`: exactly the int8 kernels, fast paths included
//! (`mcc --int4 unpacked`, for users who trade flash for instructions).
//!
//! An `i4` buffer must be a constant global or a view of one, read only by loads whose values
//! are only sign-extended: anything else is a located error (no kernel produces it).

use crate::graph::drop_unreferenced_blobs;
use mc_dialects::arith::build::{binary, constant_index, constant_int, constant_int_value, unary};
use mc_dialects::buffer::layout::integer_storage_width;
use mc_dialects::buffer::{GetGlobalOp, GlobalOp, ViewOp, aliases, root_buffer};
use mc_dialects::loops::LoadOp;
use mc_ir::buffer::BufferType;
use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
use mc_ir::{AttrKind, Builder, Context, Diagnostic, Failure, InsertPoint, OpId, Type, Value};

mc_ir::pass_options! {
    /// Options of `loop-emulate-narrow-type`.
    pub struct EmulateNarrowTypeOptions {
        /// Store `i4` constants one byte per value (twice the flash, one load per value) instead
        /// of packed two per byte.
        unpack: bool = false,
    }
}

/// The `loop-emulate-narrow-type` pass.
#[derive(Default)]
pub struct LoopEmulateNarrowType {
    options: EmulateNarrowTypeOptions,
}

impl Pass for LoopEmulateNarrowType {
    fn argument(&self) -> &str {
        "loop-emulate-narrow-type"
    }

    fn summary(&self) -> &str {
        "Keep i4 constants packed two per byte and read them with byte loads"
    }

    fn description(&self) -> &str {
        "Rewrites every buffer.global of i4 elements into an i8 global of its values packed two \
         per byte, low nibble first, and every loop.load of it (directly or through views) into a \
         load of the byte at storage element / 2 and a sign-extending shift pair selecting the \
         nibble; the sign extensions of the loaded i4 take that i32. With `unpack`, the global \
         holds one byte per value and the loads become plain i8 loads."
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if emulate_narrow_types(ctx, op, self.options.unpack)? == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

/// True for `i4` element types, plain or quantized.
fn is_i4(ctx: &Context, element: Type) -> bool {
    integer_storage_width(ctx, element) == Some(4)
}

/// True for buffers of `i4` elements.
fn is_i4_buffer(ctx: &Context, value: Value) -> bool {
    let ty = ctx.value_type(value);
    ctx.is_buffer_type(ty) && is_i4(ctx, ctx.element_type(ty))
}

/// Rewrites the `i4` globals of `module` and their loads (see the module doc); returns how many
/// globals were rewritten.
///
/// # Errors
///
/// Every `i4` buffer that is not a constant global's (or a view of one), every other use of one
/// than a load or a view, every use of a loaded `i4` other than `arith.extsi`.
pub fn emulate_narrow_types(ctx: &mut Context, module: OpId, unpack: bool) -> Result<usize, Failure> {
    let mut diags = Vec::new();
    let mut globals = Vec::new();
    let mut reads = Vec::new();
    for op in ctx.walk_preorder(module) {
        if let Some(global) = GlobalOp::cast(ctx, op) {
            if is_i4(ctx, ctx.element_type(global.buffer_type(ctx))) {
                globals.push(global);
            }
            continue;
        }
        if GetGlobalOp::cast(ctx, op).is_some() {
            let read = op.result(0);
            if is_i4_buffer(ctx, read) {
                reads.push(read);
            }
            continue;
        }
        let operands: Vec<Value> = ctx.operation(op).operands().collect();
        let foreign = operands.into_iter().filter(|&v| is_i4_buffer(ctx, v)).any(|v| {
            let root = root_buffer(ctx, v);
            !ctx.defining_op(root).is_some_and(|def| GetGlobalOp::cast(ctx, def).is_some())
        });
        if foreign {
            diags.push(ctx.op_error(op, "reads an i4 buffer that is not a constant global or a view of one"));
        }
    }
    let mut loads = Vec::new();
    for &read in &reads {
        for alias in aliases(ctx, read) {
            for user in ctx.uses(alias).map(|u| u.user).collect::<Vec<_>>() {
                if ViewOp::cast(ctx, user).is_some() {
                    continue;
                }
                match LoadOp::cast(ctx, user) {
                    Some(load) => match check_extensions(ctx, load) {
                        Ok(()) => loads.push(load),
                        Err(d) => diags.push(d),
                    },
                    None => {
                        diags.push(ctx.op_error(user, "reads an i4 buffer; only loads and views of one are emulated"))
                    }
                }
            }
        }
    }
    if !diags.is_empty() {
        return Err(Failure(diags));
    }
    if unpack {
        widen_to_bytes(ctx, &reads, &loads);
    } else {
        pack(ctx, &reads, loads);
    }
    for &global in &globals {
        rewrite_global(ctx, global, unpack).map_err(|m| Failure(vec![ctx.op_error(global.op(), m)]))?;
    }
    if !globals.is_empty() {
        drop_unreferenced_blobs(ctx, module);
    }
    Ok(globals.len())
}

/// Packed: every read of an `i4` global becomes its `!buffer<Nxi8>` of packed bytes, every load
/// (through views) a byte load and a shift pair, and the views go.
fn pack(ctx: &mut Context, reads: &[Value], loads: Vec<LoadOp>) {
    // Each load's layout (its view's strides and offset) before the reads become bytes.
    let loads: Vec<(LoadOp, BufferType)> = loads
        .into_iter()
        .map(|load| (load, ctx.buffer(ctx.value_type(load.buffer(ctx))).expect("a buffer").clone()))
        .collect();
    let mut views = Vec::new();
    for &read in reads {
        views.extend(aliases(ctx, read).into_iter().skip(1).filter_map(|view| ctx.defining_op(view)));
        let count = ctx.buffer(ctx.value_type(read)).expect("a buffer").num_elements();
        let i8 = ctx.integer_type(8);
        let ty = ctx.buffer_type(vec![stored_bytes(count, false)], i8);
        ctx.set_value_type(read, ty);
    }
    for (load, layout) in loads {
        rewrite_load(ctx, load, &layout);
    }
    // The views fed only the loads: innermost first, they go.
    for view in views.into_iter().rev() {
        ctx.erase_op(view);
    }
}

/// Unpacked: every read of an `i4` global and every view of one keeps its shape and layout
/// over `i8` elements, every load loads an `i8` (so kernels run exactly as over int8 weights).
fn widen_to_bytes(ctx: &mut Context, reads: &[Value], loads: &[LoadOp]) {
    let i8 = ctx.integer_type(8);
    for &read in reads {
        for alias in aliases(ctx, read) {
            let layout = ctx.buffer(ctx.value_type(alias)).expect("a buffer").clone();
            let ty = ctx.intern_buffer_type(BufferType { element: i8, ..layout });
            ctx.set_value_type(alias, ty);
        }
    }
    for &load in loads {
        ctx.set_value_type(load.result(), i8);
        let extensions: Vec<OpId> = ctx.uses(load.result()).map(|u| u.user).collect();
        for extension in extensions {
            // A sign extension to i8 is the byte itself now.
            if ctx.value_type(extension.result(0)) == i8 {
                ctx.replace_all_uses_with(extension.result(0), load.result());
                ctx.erase_op(extension);
            }
        }
    }
}

/// Bytes `count` `i4` values take: half a byte each (rounded up), or a byte each if `unpack`.
fn stored_bytes(count: i64, unpack: bool) -> i64 {
    if unpack { count } else { (count + 1) / 2 }
}

/// `values` (`i4` values, one per byte) packed two per byte, low nibble first; an odd count
/// leaves the last high nibble 0.
pub fn pack_i4(values: &[u8]) -> Vec<u8> {
    values.chunks(2).map(|pair| (pair[0] & 0x0F) | pair.get(1).map_or(0, |&high| (high & 0x0F) << 4)).collect()
}

/// Makes `global` an `i8` global holding its values packed (or one per byte if `unpack`).
fn rewrite_global(ctx: &mut Context, global: GlobalOp, unpack: bool) -> Result<(), String> {
    let values = global.data(ctx)?.into_owned();
    // One byte per value, sign-extended, whatever the upper bits held.
    let values: Vec<u8> = values.iter().map(|&v| (((v << 4) as i8) >> 4) as u8).collect();
    let i8 = ctx.integer_type(8);
    let shape = if unpack {
        ctx.buffer(global.buffer_type(ctx)).expect("a buffer").shape.clone()
    } else {
        vec![stored_bytes(values.len() as i64, false)]
    };
    let data = if unpack { values } else { pack_i4(&values) };
    let tensor = ctx.tensor_type(shape.clone(), i8);
    let value = ctx.intern_attr(AttrKind::DenseElements { ty: tensor, splat: false, data });
    let ty = ctx.buffer_type(shape, i8);
    let ty_attr = ctx.type_attr(ty);
    ctx.set_attr(global.op(), "type", Some(ty_attr));
    ctx.set_attr(global.op(), "value", Some(value));
    Ok(())
}

/// Checks that the value `load` reads is only sign-extended.
fn check_extensions(ctx: &Context, load: LoadOp) -> Result<(), Diagnostic> {
    for user in ctx.uses(load.result()).map(|u| u.user) {
        if ctx.op_name_of(user) != "arith.extsi" {
            return Err(ctx.op_error(user, "uses a loaded i4 value; only its sign extension (arith.extsi) is emulated"));
        }
    }
    Ok(())
}

/// Replaces `load` (of an `i4` element) and its sign extensions by a byte load and the nibble's
/// sign extension to `i32`.
fn rewrite_load(ctx: &mut Context, load: LoadOp, layout: &BufferType) {
    let root = root_buffer(ctx, load.buffer(ctx));
    let indices = load.indices(ctx);
    let loc = ctx.operation(load.op()).loc();
    let at = InsertPoint::before(ctx, load.op());
    let mut b = Builder::at(ctx, at, loc);
    // The storage element: offset + Σ index·stride, constants folded.
    let mut constant = layout.offset;
    let mut element: Option<Value> = None;
    for (&index, &stride) in indices.iter().zip(&layout.strides) {
        if let Some(k) = constant_int_value(b.ctx, index) {
            constant += k as i64 * stride;
            continue;
        }
        let term = if stride == 1 {
            index
        } else {
            let stride = constant_index(&mut b, stride);
            binary(&mut b, "arith.muli", index, stride)
        };
        element = Some(match element {
            Some(sum) => binary(&mut b, "arith.addi", sum, term),
            None => term,
        });
    }
    let i32 = b.ctx.integer_type(32);
    let value = match element {
        Some(variable) => {
            let element = add_constant(&mut b, variable, constant);
            let one = constant_index(&mut b, 1);
            let at = binary(&mut b, "arith.shrui", element, one);
            let word = load_word(&mut b, root, at);
            // The high nibble down by 4·(element & 1) first, then the low one sign-extended.
            let element32 = unary(&mut b, "arith.index_cast", element, i32);
            let one = constant_int(&mut b, 1, i32);
            let parity = binary(&mut b, "arith.andi", element32, one);
            let two = constant_int(&mut b, 2, i32);
            let shift = binary(&mut b, "arith.shli", parity, two);
            let nibble = binary(&mut b, "arith.shrsi", word, shift);
            low_nibble(&mut b, nibble)
        }
        None => {
            let at = constant_index(&mut b, constant / 2);
            let word = load_word(&mut b, root, at);
            if constant % 2 == 0 { low_nibble(&mut b, word) } else { shift_right(&mut b, word, 4) }
        }
    };
    let extensions: Vec<OpId> = b.ctx.uses(load.result()).map(|u| u.user).collect();
    for extension in extensions {
        let result = extension.result(0);
        let target = b.ctx.value_type(result);
        let width = b.ctx.integer_width(target).expect("arith.extsi to an integer");
        b.set_insertion_point_before(extension);
        let extended = match width {
            32 => value,
            w if w < 32 => unary(&mut b, "arith.trunci", value, target),
            _ => unary(&mut b, "arith.extsi", value, target),
        };
        b.ctx.replace_all_uses_with(result, extended);
        b.ctx.erase_op(extension);
    }
    b.ctx.erase_op(load.op());
}

/// `value + constant` (`value` itself for 0).
fn add_constant(b: &mut Builder<'_>, value: Value, constant: i64) -> Value {
    if constant == 0 {
        return value;
    }
    let constant = constant_index(b, constant);
    binary(b, "arith.addi", value, constant)
}

/// The byte at `at` of the packed buffer `packed`, sign-extended to `i32`.
fn load_word(b: &mut Builder<'_>, packed: Value, at: Value) -> Value {
    let i32 = b.ctx.integer_type(32);
    let byte = LoadOp::build(b, packed, &[at]).result();
    unary(b, "arith.extsi", byte, i32)
}

/// `word >>s bits`.
fn shift_right(b: &mut Builder<'_>, word: Value, bits: i128) -> Value {
    let i32 = b.ctx.integer_type(32);
    let bits = constant_int(b, bits, i32);
    binary(b, "arith.shrsi", word, bits)
}

/// `(word << 28) >>s 28`: the low nibble of `word`, sign-extended (one `sbfx` on Arm).
fn low_nibble(b: &mut Builder<'_>, word: Value) -> Value {
    let i32 = b.ctx.integer_type(32);
    let bits = constant_int(b, 28, i32);
    let top = binary(b, "arith.shli", word, bits);
    binary(b, "arith.shrsi", top, bits)
}

#[cfg(test)]
mod tests {
    use super::{pack_i4, stored_bytes};

    #[test]
    fn packs_low_nibble_first() {
        // TFLite's example: {2, 1, 4, 3} is {0x12, 0x34}; -8 is 0x8, -1 is 0xF.
        assert_eq!(pack_i4(&[2, 1, 4, 3]), vec![0x12, 0x34]);
        assert_eq!(pack_i4(&[-8i8 as u8, -1i8 as u8, 7]), vec![0xF8, 0x07]);
    }

    #[test]
    fn odd_counts_round_up_with_a_zero_high_nibble() {
        assert_eq!(pack_i4(&[1, 2, 3]), vec![0x21, 0x03]);
        assert_eq!(stored_bytes(3, false), 2);
        assert_eq!(stored_bytes(3, true), 3);
        assert_eq!(stored_bytes(4, false), 2);
    }
}
