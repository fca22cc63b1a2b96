//! `arg_max`, `arg_min`: TFLite Micro's `arg_min_max.cc`, `reference_ops::ArgMinMax` with
//! `GreaterFn`/`LessFn`: for every position outside the axis, the index along the axis of the
//! first element no later element beats (`curr > best`, or `<`; so the first index on ties, and a
//! NaN neither wins nor is replaced once it leads, as the installed interpreter computes).
//!
//! ```text
//! loop.for %o ... {                          // one loop per output dimension
//!   %first = loop.load %in[..., 0, ...]
//!   %best, %index = loop.for %i = 1 to size iter_args(%b = %first, %k = 0) {
//!     %x = loop.load %in[..., %i, ...]
//!     %wins = arith.cmpf ogt, %x, %b          // cmpi sgt for int8; olt / slt for arg_min
//!     loop.yield select(%wins, %x, %b), select(%wins, %i, %k)
//!   }
//!   loop.store %index, %out[%o, ...] : !buffer<...xi32>
//! ```
//!
//! An axis of size 0 gives index 0, as TFLM's loop never runs.

use super::activation::cmpf;
use super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::Diagnostic;

/// Lowers `arg_max` or `arg_min` (by `e.name`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, out) = (e.inputs[0], e.output);
    let maximum = match e.name.as_str() {
        "arg_max" => true,
        "arg_min" => false,
        other => return Err(e.unsupported(format!("'{other}' is not arg_max or arg_min"))),
    };
    let axis = match e.list_attr("axis")?.as_slice() {
        [axis] => *axis,
        _ => return Err(e.unsupported("'axis' must hold one value")),
    };
    let shape = e.shape(input);
    let rank = shape.len() as i64;
    if !(-rank..rank).contains(&axis) {
        return Err(e.unsupported(format!("axis {axis} is out of range for rank {rank}")));
    }
    let axis = if axis < 0 { axis + rank } else { axis } as usize;
    let predicate = match (e.kind(input), maximum) {
        (ElementKind::F32, true) => "ogt",
        (ElementKind::F32, false) => "olt",
        (ElementKind::Int8, true) => "sgt",
        (ElementKind::Int8, false) => "slt",
        _ => {
            return Err(e.unsupported(format!("input '{}' (TFLite Micro takes float32 and int8)", e.type_text(input))));
        }
    };
    if e.kind(out) != ElementKind::Int32 {
        return Err(e.unsupported(format!("output '{}' (TFLite Micro writes int32 indices)", e.type_text(out))));
    }
    let float = e.kind(input) == ElementKind::F32;
    let size = shape[axis];
    let output = e.shape(out);
    e.nest(&output, |e, ivs| {
        if size == 0 {
            let zero = e.i32(0);
            e.store(zero, out, ivs);
            return Ok(());
        }
        let at = |i| {
            let mut indices = ivs.to_vec();
            indices.insert(axis, i);
            indices
        };
        let zero = e.index(0);
        let first_at = at(zero);
        let first = e.load(input, &first_at);
        let first_index = e.i32(0);
        let found = e.for_range(1, size, &[first, first_index], |e, i, carried| {
            let indices = at(i);
            let x = e.load(input, &indices);
            let wins = if float { cmpf(e, predicate, x, carried[0]) } else { cmpi(&mut e.b, predicate, x, carried[0]) };
            let i32 = e.b.ctx.integer_type(32);
            let index = e.unary("arith.index_cast", i, i32);
            let best = select(&mut e.b, wins, x, carried[0]);
            let best_index = select(&mut e.b, wins, index, carried[1]);
            Ok(vec![best, best_index])
        })?;
        e.store(found[1], out, ivs);
        Ok(())
    })
}
