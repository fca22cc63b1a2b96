//! Spelling of types, attributes, locations and string literals in MLIR's text format.

use crate::attributes::{AttrKind, Attribute};
use crate::buffer::BufferType;
use crate::context::Context;
use crate::float_format::float_from_bits;
use crate::location::{LocKind, Location};
use crate::quant::{QuantParams, QuantizedType};
use crate::types::{DYNAMIC, FloatKind, Signedness, Type, TypeKind};
use std::fmt::Write;

/// Dense element lists longer than this print as a hex string.
const HEX_THRESHOLD: u64 = 64;

/// Appends the spelling of `ty`.
pub fn write_type(ctx: &Context, ty: Type, out: &mut String) {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, signedness } => {
            let prefix = match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            };
            let _ = write!(out, "{prefix}{width}");
        }
        TypeKind::Float(kind) => out.push_str(kind.keyword()),
        TypeKind::Index => out.push_str("index"),
        TypeKind::None => out.push_str("none"),
        TypeKind::Function { inputs, results } => {
            write_type_list(ctx, inputs, out);
            out.push_str(" -> ");
            let wrap = results.len() != 1 || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. });
            if wrap {
                write_type_list(ctx, results, out);
            } else {
                write_type(ctx, results[0], out);
            }
        }
        TypeKind::Tensor { shape, element } => {
            out.push_str("tensor<");
            write_dims(shape, out);
            write_type(ctx, *element, out);
            out.push('>');
        }
        TypeKind::RankedTensor { shape, element, encoding } => {
            out.push_str("tensor<");
            write_dims(shape, out);
            write_type(ctx, *element, out);
            if let Some(encoding) = encoding {
                out.push_str(", ");
                write_attr(ctx, *encoding, out);
            }
            out.push('>');
        }
        TypeKind::UnrankedTensor { element } => {
            out.push_str("tensor<*x");
            write_type(ctx, *element, out);
            out.push('>');
        }
        TypeKind::Vector { shape, scalable, element } => {
            out.push_str("vector<");
            for (dim, scalable) in shape.iter().zip(scalable) {
                let _ = if *scalable { write!(out, "[{dim}]x") } else { write!(out, "{dim}x") };
            }
            write_type(ctx, *element, out);
            out.push('>');
        }
        TypeKind::MemRef(memref) => {
            out.push_str("memref<");
            write_dims(&memref.shape, out);
            write_type(ctx, memref.element, out);
            for attr in [memref.layout, memref.memory_space].into_iter().flatten() {
                out.push_str(", ");
                write_attr_eliding_i64(ctx, attr, out);
            }
            out.push('>');
        }
        TypeKind::UnrankedMemRef { element, memory_space } => {
            out.push_str("memref<*x");
            write_type(ctx, *element, out);
            if let Some(space) = memory_space {
                out.push_str(", ");
                write_attr_eliding_i64(ctx, *space, out);
            }
            out.push('>');
        }
        TypeKind::Tuple(elements) => {
            out.push_str("tuple<");
            for (i, &element) in elements.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, element, out);
            }
            out.push('>');
        }
        TypeKind::Complex(element) => {
            out.push_str("complex<");
            write_type(ctx, *element, out);
            out.push('>');
        }
        TypeKind::Quantized(q) => write_quantized(ctx, q, out),
        TypeKind::Buffer(buffer) => write_buffer(ctx, buffer, out),
        TypeKind::Opaque(text) => {
            out.push('!');
            out.push_str(text);
        }
    }
}

/// Appends `4x?x` (`?` for [`DYNAMIC`]).
fn write_dims(shape: &[i64], out: &mut String) {
    for &dim in shape {
        let _ = if dim == DYNAMIC { write!(out, "?x") } else { write!(out, "{dim}x") };
    }
}

/// Appends `value` or `?` for [`DYNAMIC`].
fn write_static_or_dynamic(value: i64, out: &mut String) {
    let _ = if value == DYNAMIC { write!(out, "?") } else { write!(out, "{value}") };
}

/// Appends `attr`, leaving out the type of an `i64` integer (as upstream prints memory spaces).
fn write_attr_eliding_i64(ctx: &Context, attr: Attribute, out: &mut String) {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { value, ty } if ctx.integer_width(*ty) == Some(64) && ctx.is_signless(*ty) => {
            let _ = write!(out, "{value}");
        }
        _ => write_attr(ctx, attr, out),
    }
}

/// Appends `!quant.uniform<i8:f32, 5.000000e-01:-3>` or its per-axis form
/// `!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01:1}>`, spelled as MLIR prints them.
fn write_quantized(ctx: &Context, q: &QuantizedType, out: &mut String) {
    let _ = write!(out, "!quant.uniform<{}{}", if q.signed { "i" } else { "u" }, q.storage_width);
    if (q.storage_min, q.storage_max) != QuantizedType::default_range(q.storage_width, q.signed) {
        let _ = write!(out, "<{}:{}>", q.storage_min, q.storage_max);
    }
    out.push(':');
    write_type(ctx, q.expressed, out);
    let write_param = |scale: u64, zero_point: i64, out: &mut String| {
        write_float(f64::from_bits(scale), FloatKind::F64, out);
        if zero_point != 0 {
            let _ = write!(out, ":{zero_point}");
        }
    };
    match &q.params {
        QuantParams::PerTensor { scale_bits, zero_point } => {
            out.push_str(", ");
            write_param(*scale_bits, *zero_point, out);
        }
        QuantParams::PerAxis { axis, scale_bits, zero_points } => {
            // MLIR separates the per-axis parameters by a bare `,` (no space).
            let _ = write!(out, ":{axis}, {{");
            for (i, (&scale, &zero_point)) in scale_bits.iter().zip(zero_points).enumerate() {
                // MLIR separates the per-axis parameters with a bare comma.
                if i > 0 {
                    out.push(',');
                }
                write_param(scale, zero_point, out);
            }
            out.push('}');
        }
        QuantParams::SubChannel { block_sizes, shape, scale_bits, zero_points } => {
            out.push_str(":{");
            for (i, (dimension, size)) in block_sizes.iter().enumerate() {
                let _ = write!(out, "{}{dimension}:{size}", if i == 0 { "" } else { ", " });
            }
            out.push_str("}, ");
            // Nested like dense elements, in braces.
            let mut params = scale_bits.iter().zip(zero_points);
            let mut write_element =
                |(&scale, &zero_point): (&u64, &i64), out: &mut String| write_param(scale, zero_point, out);
            write_nested(shape, ('{', '}'), &mut params, &mut write_element, out);
        }
    }
    out.push('>');
}

/// Appends `!buffer<4x4xi8>`, or `!buffer<4x4xi8, strides: [8, 1], offset: 2>` for a layout other
/// than the identity.
fn write_buffer(ctx: &Context, buffer: &BufferType, out: &mut String) {
    out.push_str("!buffer<");
    for dim in &buffer.shape {
        let _ = write!(out, "{dim}x");
    }
    write_type(ctx, buffer.element, out);
    if !buffer.is_identity_layout() {
        out.push_str(", strides: [");
        for (i, stride) in buffer.strides.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{stride}");
        }
        let _ = write!(out, "], offset: {}", buffer.offset);
    }
    out.push('>');
}

/// Appends `(t1, t2, ...)`.
pub fn write_type_list(ctx: &Context, types: &[Type], out: &mut String) {
    out.push('(');
    for (i, &ty) in types.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_type(ctx, ty, out);
    }
    out.push(')');
}

/// The spelling of `ty`.
pub fn type_to_string(ctx: &Context, ty: Type) -> String {
    let mut out = String::new();
    write_type(ctx, ty, &mut out);
    out
}

/// The spelling of `attr`.
pub fn attr_to_string(ctx: &Context, attr: Attribute) -> String {
    let mut out = String::new();
    write_attr(ctx, attr, &mut out);
    out
}

/// Appends the spelling of `attr`.
pub fn write_attr(ctx: &Context, attr: Attribute, out: &mut String) {
    match ctx.attr_kind(attr) {
        AttrKind::Unit => out.push_str("unit"),
        AttrKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        AttrKind::Integer { value, ty } => {
            // Unsigned values are kept zero-extended, but for 128-bit ones, whose bits fill the i128.
            match ctx.type_kind(*ty) {
                TypeKind::Integer { signedness: Signedness::Unsigned, .. } => {
                    let _ = write!(out, "{} : ", *value as u128);
                }
                _ => {
                    let _ = write!(out, "{value} : ");
                }
            }
            write_type(ctx, *ty, out);
        }
        AttrKind::WideInteger { value, ty } => {
            let _ = write!(out, "{value} : ");
            write_type(ctx, *ty, out);
        }
        AttrKind::Float { bits, ty } => {
            write_float(f64::from_bits(*bits), ctx.float_kind(*ty).unwrap_or(FloatKind::F64), out);
            out.push_str(" : ");
            write_type(ctx, *ty, out);
        }
        AttrKind::WideFloat { bits, ty } => {
            let kind = ctx.float_kind(*ty).unwrap_or(FloatKind::F128);
            out.push_str(&super::float_text::wide_float_to_string(*bits, kind));
            out.push_str(" : ");
            write_type(ctx, *ty, out);
        }
        AttrKind::String(s) => write_string_literal(s.as_bytes(), out),
        AttrKind::Bytes(bytes) => write_string_literal(bytes, out),
        AttrKind::TypedString { value, ty } => {
            write_string_literal(value, out);
            out.push_str(" : ");
            write_type(ctx, *ty, out);
        }
        AttrKind::Type(ty) => write_type(ctx, *ty, out),
        AttrKind::Array(elements) => {
            out.push('[');
            for (i, &e) in elements.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_attr(ctx, e, out);
            }
            out.push(']');
        }
        AttrKind::Dictionary(entries) => write_attr_dict(ctx, entries, out),
        AttrKind::SymbolRef { root, nested } => {
            write_symbol_name(root, out);
            for name in nested {
                out.push_str("::");
                write_symbol_name(name, out);
            }
        }
        AttrKind::DenseElements { ty, splat, data } => {
            out.push_str("dense<");
            write_dense_body(ctx, *ty, *splat, data, true, out);
            out.push_str("> : ");
            write_type(ctx, *ty, out);
        }
        AttrKind::DenseStrings { ty, values, .. } => {
            out.push_str("dense<");
            write_dense_strings_body(ctx, *ty, values, out);
            out.push_str("> : ");
            write_type(ctx, *ty, out);
        }
        AttrKind::SparseElements { ty, indices, values } => {
            // As upstream, nothing between the brackets when there are no indices.
            out.push_str("sparse<");
            if let AttrKind::DenseElements { ty: indices_ty, splat, data } = ctx.attr_kind(*indices)
                && ctx.num_elements(*indices_ty) != Some(0)
            {
                write_dense_body(ctx, *indices_ty, *splat, data, false, out);
                out.push_str(", ");
                match ctx.attr_kind(*values) {
                    AttrKind::DenseElements { ty, splat, data } => write_dense_body(ctx, *ty, *splat, data, true, out),
                    AttrKind::DenseStrings { ty, values, .. } => write_dense_strings_body(ctx, *ty, values, out),
                    _ => write_attr(ctx, *values, out),
                }
            }
            out.push_str("> : ");
            write_type(ctx, *ty, out);
        }
        AttrKind::DenseArray { element, data } => {
            out.push_str("array<");
            write_type(ctx, *element, out);
            let size = ctx.scalar_byte_size(*element).unwrap_or(1).max(1);
            for (i, chunk) in data.chunks(size).enumerate() {
                out.push_str(if i == 0 { ": " } else { ", " });
                element_value_text(ctx, *element, chunk, out);
            }
            out.push('>');
        }
        AttrKind::DenseResource { name, ty } => {
            out.push_str("dense_resource<");
            write_key(name, out);
            out.push_str("> : ");
            write_type(ctx, *ty, out);
        }
        AttrKind::AffineMap(map) => {
            out.push_str("affine_map<");
            map.write_body(out);
            out.push('>');
        }
        AttrKind::IntegerSet(set) => {
            out.push_str("affine_set<");
            set.write_body(out);
            out.push('>');
        }
        AttrKind::StridedLayout { offset, strides } => {
            out.push_str("strided<[");
            for (i, &stride) in strides.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_static_or_dynamic(stride, out);
            }
            out.push(']');
            if *offset != 0 {
                out.push_str(", offset: ");
                write_static_or_dynamic(*offset, out);
            }
            out.push('>');
        }
        AttrKind::Location(loc) => write_loc(ctx, *loc, out),
        AttrKind::Distinct { id, referenced } => {
            let _ = write!(out, "distinct[{id}]<");
            if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) {
                write_attr(ctx, *referenced, out);
            }
            out.push('>');
        }
        AttrKind::Opaque(text) => {
            out.push('#');
            out.push_str(text);
        }
        AttrKind::TypedOpaque { text, ty } => {
            out.push('#');
            out.push_str(text);
            out.push_str(" : ");
            write_type(ctx, *ty, out);
        }
    }
}

/// Appends `{a = 1 : i32, flag}`; unit entries print as bare names.
pub fn write_attr_dict(ctx: &Context, entries: &[(String, Attribute)], out: &mut String) {
    out.push('{');
    for (i, (name, value)) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_key(name, out);
        if !matches!(ctx.attr_kind(*value), AttrKind::Unit) {
            out.push_str(" = ");
            write_attr(ctx, *value, out);
        }
    }
    out.push('}');
}

/// True if `s` can be written without quotes as a bare identifier.
pub fn is_bare_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

/// Appends a dictionary key or resource key: bare if possible, quoted otherwise.
pub fn write_key(name: &str, out: &mut String) {
    if is_bare_identifier(name) {
        out.push_str(name);
    } else {
        write_string_literal(name.as_bytes(), out);
    }
}

/// Appends `@name`, quoting names that are not bare identifiers.
pub fn write_symbol_name(name: &str, out: &mut String) {
    out.push('@');
    write_key(name, out);
}

/// Appends a quoted string literal, escaping as MLIR does (`llvm::printEscapedString`: `\\`, and
/// `\XX` for `"` and every byte that is not printable ASCII).
pub fn write_string_literal(bytes: &[u8], out: &mut String) {
    out.push('"');
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e if b != b'"' => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
}

/// Appends a float of `kind` as MLIR prints it (`1.500000e+00`, `3.14159274`, `0x7F800000`).
pub fn write_float(value: f64, kind: FloatKind, out: &mut String) {
    out.push_str(&super::float_text::float_to_string(value, kind));
}

fn element_value_text(ctx: &Context, element: Type, bytes: &[u8], out: &mut String) {
    match ctx.type_kind(element) {
        // `(re,im)`, without a space, as upstream prints complex elements.
        TypeKind::Complex(part) => {
            let (re, im) = bytes.split_at(bytes.len() / 2);
            out.push('(');
            element_value_text(ctx, *part, re, out);
            out.push(',');
            element_value_text(ctx, *part, im, out);
            out.push(')');
        }
        TypeKind::Float(kind) if crate::wide_float::is_wide(*kind) => {
            let mut raw = [0u8; 16];
            raw[..bytes.len()].copy_from_slice(bytes);
            out.push_str(&super::float_text::wide_float_to_string(u128::from_le_bytes(raw), *kind));
        }
        TypeKind::Float(kind) => {
            let mut raw = [0u8; 8];
            raw[..bytes.len()].copy_from_slice(bytes);
            write_float(float_from_bits(u64::from_le_bytes(raw), *kind), *kind, out);
        }
        TypeKind::Integer { width: 1, .. } => out.push_str(if bytes[0] != 0 { "true" } else { "false" }),
        // Wider than 128 bits: the value of the low `width` bits.
        TypeKind::Integer { width, signedness } if bytes.len() > 16 => {
            let bits = num_bigint::BigInt::from(num_bigint::BigUint::from_bytes_le(bytes));
            let _ = write!(out, "{}", crate::attributes::wrap_to_width(bits, *width, *signedness));
        }
        TypeKind::Integer { signedness: Signedness::Unsigned, .. } => {
            let mut raw = [0u8; 16];
            raw[..bytes.len()].copy_from_slice(bytes);
            let _ = write!(out, "{}", u128::from_le_bytes(raw));
        }
        _ => {
            let negative = bytes.last().is_some_and(|&b| b & 0x80 != 0);
            let mut raw = [if negative { 0xff } else { 0 }; 16];
            raw[..bytes.len()].copy_from_slice(bytes);
            let _ = write!(out, "{}", i128::from_le_bytes(raw));
        }
    }
}

/// Highest rank printed as a nested `[[...]]` literal; higher ranks (only possible with unit or
/// zero dimensions) are printed as hex, which stays far below the parser's nesting limit and does
/// not recurse.
const MAX_NESTED_LITERAL_RANK: usize = 64;

/// Appends the body of `dense<...>` for numeric elements; `allow_hex` lets large ones print as a
/// hex string (upstream never does so for sparse indices).
fn write_dense_body(ctx: &Context, ty: Type, splat: bool, data: &[u8], allow_hex: bool, out: &mut String) {
    let element = ctx.element_type(ty);
    let size = ctx.dense_element_byte_size(element).unwrap_or(1).max(1);
    let count = ctx.num_elements(ty).unwrap_or(0);
    // Upstream prints a single element as a splat.
    if splat || count == 1 {
        element_value_text(ctx, element, &data[..size.min(data.len())], out);
        return;
    }
    if count == 0 {
        return;
    }
    let is_bool = ctx.integer_width(element) == Some(1);
    let rank = ctx.static_shaped_parts(ty).map_or(0, |(shape, _)| shape.len());
    if (allow_hex && count > HEX_THRESHOLD && !is_bool) || rank > MAX_NESTED_LITERAL_RANK {
        out.push_str("\"0x");
        for b in data {
            let _ = write!(out, "{b:02X}");
        }
        out.push('"');
        return;
    }
    let shape: Vec<i64> = ctx.static_shaped_parts(ty).map(|(s, _)| s.to_vec()).unwrap_or_default();
    if shape.is_empty() {
        element_value_text(ctx, element, &data[..size.min(data.len())], out);
        return;
    }
    write_nested(
        &shape,
        ('[', ']'),
        &mut data.chunks(size),
        &mut |bytes, out| element_value_text(ctx, element, bytes, out),
        out,
    );
}

/// Appends the body of `dense<...>` for string elements (never as hex; one value is a splat or
/// the only element).
fn write_dense_strings_body(ctx: &Context, ty: Type, values: &[Vec<u8>], out: &mut String) {
    let shape: Vec<i64> = ctx.static_shaped_parts(ty).map(|(s, _)| s.to_vec()).unwrap_or_default();
    match values {
        [] => {}
        [value] => write_string_literal(value, out),
        _ => write_nested(
            &shape,
            ('[', ']'),
            &mut values.iter(),
            &mut |value, out| write_string_literal(value, out),
            out,
        ),
    }
}

/// Appends `[[a, b], [c, d]]` (with the `brackets` given) for `shape`, taking elements from
/// `elements` in row-major order.
fn write_nested<T>(
    shape: &[i64],
    brackets: (char, char),
    elements: &mut impl Iterator<Item = T>,
    write_element: &mut impl FnMut(T, &mut String),
    out: &mut String,
) {
    out.push(brackets.0);
    for i in 0..shape[0].max(0) {
        if i > 0 {
            out.push_str(", ");
        }
        if shape.len() > 1 {
            write_nested(&shape[1..], brackets, elements, write_element, out);
        } else if let Some(element) = elements.next() {
            write_element(element, out);
        }
    }
    out.push(brackets.1);
}

/// Appends `loc(...)` for `loc`.
pub fn write_loc(ctx: &Context, loc: Location, out: &mut String) {
    out.push_str("loc(");
    write_loc_body(ctx, loc, out);
    out.push(')');
}

fn write_loc_body(ctx: &Context, loc: Location, out: &mut String) {
    match ctx.loc_kind(loc) {
        LocKind::Unknown => out.push_str("unknown"),
        LocKind::FileLineCol { file, line, col } => {
            write_string_literal(file.as_bytes(), out);
            let _ = write!(out, ":{line}:{col}");
        }
        LocKind::FileLineColRange { file, line, col, end_line, end_col } => {
            write_string_literal(file.as_bytes(), out);
            let _ = write!(out, ":{line}:{col} to ");
            if end_line != line {
                let _ = write!(out, "{end_line}");
            }
            let _ = write!(out, ":{end_col}");
        }
        LocKind::Name { name, child } => {
            write_string_literal(name.as_bytes(), out);
            if let Some(child) = child {
                out.push('(');
                write_loc_body(ctx, *child, out);
                out.push(')');
            }
        }
        LocKind::CallSite { callee, caller } => {
            out.push_str("callsite(");
            write_loc_body(ctx, *callee, out);
            out.push_str(" at ");
            write_loc_body(ctx, *caller, out);
            out.push(')');
        }
        LocKind::Fused { locs, metadata } => {
            out.push_str("fused");
            if let Some(m) = metadata {
                out.push('<');
                write_attr(ctx, *m, out);
                out.push('>');
            }
            out.push('[');
            for (i, &l) in locs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_loc_body(ctx, l, out);
            }
            out.push(']');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_mlir() {
        let mut s = String::new();
        write_float(1.0, FloatKind::F32, &mut s);
        assert_eq!(s, "1.000000e+00");
        s.clear();
        write_float(0.1, FloatKind::F32, &mut s);
        assert_eq!(s, "1.000000e-01");
        s.clear();
        write_float(f64::INFINITY, FloatKind::F32, &mut s);
        assert_eq!(s, "0x7F800000");
    }

    #[test]
    fn strings_escape_like_mlir() {
        let mut s = String::new();
        write_string_literal(b"a\"b\\c\n\x01", &mut s);
        assert_eq!(s, r#""a\22b\\c\0A\01""#);
    }

    #[test]
    fn high_rank_dense_elements_print_as_hex() {
        // Nested brackets would recurse once per dimension (and not parse back past the
        // nesting limit); a rank-100000 tensor overflowed the stack.
        let mut ctx = Context::new();
        let i8 = ctx.integer_type(8);
        let mut shape = vec![2];
        shape.extend(std::iter::repeat_n(1, 100_000));
        let ty = ctx.tensor_type(shape, i8);
        let attr = ctx.intern_attr(AttrKind::DenseElements { ty, splat: false, data: vec![1, 2] });
        assert!(attr_to_string(&ctx, attr).starts_with("dense<\"0x0102\"> : tensor<2x1x1x"));
        let low = ctx.tensor_type(vec![2, 1], i8);
        let attr = ctx.intern_attr(AttrKind::DenseElements { ty: low, splat: false, data: vec![1, 2] });
        assert_eq!(attr_to_string(&ctx, attr), "dense<[[1], [2]]> : tensor<2x1xi8>");
    }

    #[test]
    fn types_spell_like_mlir() {
        let mut ctx = Context::new();
        let i8 = ctx.integer_type(8);
        let f32 = ctx.float_type(FloatKind::F32);
        let t = ctx.tensor_type(vec![1, 2], i8);
        let f = ctx.function_type(vec![t, f32], vec![i8]);
        assert_eq!(type_to_string(&ctx, f), "(tensor<1x2xi8>, f32) -> i8");
        let g = ctx.function_type(vec![], vec![f]);
        assert_eq!(type_to_string(&ctx, g), "() -> ((tensor<1x2xi8>, f32) -> i8)");
    }

    #[test]
    fn buffer_types_spell_as_dialect_types() {
        let mut ctx = Context::new();
        let (i8, f32) = (ctx.integer_type(8), ctx.float_type(FloatKind::F32));
        let identity = ctx.buffer_type(vec![1, 48, 48, 16], i8);
        assert_eq!(type_to_string(&ctx, identity), "!buffer<1x48x48x16xi8>");
        let window = ctx.strided_buffer_type(vec![4, 4], i8, vec![8, 1], 2);
        assert_eq!(type_to_string(&ctx, window), "!buffer<4x4xi8, strides: [8, 1], offset: 2>");
        // Row-major strides with an offset still print the layout.
        let shifted = ctx.strided_buffer_type(vec![4], i8, vec![1], 4);
        assert_eq!(type_to_string(&ctx, shifted), "!buffer<4xi8, strides: [1], offset: 4>");
        let scalar = ctx.buffer_type(vec![], f32);
        assert_eq!(type_to_string(&ctx, scalar), "!buffer<f32>");
        let q = ctx.uniform_quantized_type(8, true, f32, 0.5, -3);
        let quantized = ctx.buffer_type(vec![1, 96, 96, 3], q);
        assert_eq!(type_to_string(&ctx, quantized), "!buffer<1x96x96x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>");
    }

    #[test]
    fn quantized_types_spell_like_mlir() {
        let mut ctx = Context::new();
        let f32 = ctx.float_type(FloatKind::F32);
        let per_tensor = ctx.uniform_quantized_type(8, true, f32, 0.5, -3);
        assert_eq!(type_to_string(&ctx, per_tensor), "!quant.uniform<i8:f32, 5.000000e-01:-3>");
        // Per axis: parameters are separated by a bare comma, zero points of 0 are left out.
        let per_axis = ctx.quantized_type(QuantizedType {
            signed: true,
            storage_width: 8,
            storage_min: -127,
            storage_max: 127,
            expressed: f32,
            params: QuantParams::PerAxis {
                axis: 0,
                scale_bits: vec![0.1f64.to_bits(), 0.2f64.to_bits(), 3.0f64.to_bits()],
                zero_points: vec![1, 0, -5],
            },
        });
        assert_eq!(
            type_to_string(&ctx, per_axis),
            "!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01:1,2.000000e-01,3.000000e+00:-5}>"
        );
    }
}
