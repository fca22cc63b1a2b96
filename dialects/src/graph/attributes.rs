//! The graph dialect's enum-like attributes (`padding`, `fused_activation`), its integer-list
//! attributes (`array<i64: ...>`), elements helpers, and the `!graph.resource` type.
//!
//! Enum-like attributes are strings spelled as in TFLite's schema (`"SAME"`, `"RELU6"`), as MLIR's
//! TFL dialect spells them, so printed IR reads like the model it came from.

use mc_ir::{AttrKind, Attribute, Context, FloatKind, Type, TypeKind, sign_extend};

/// Declares a string-valued enum attribute with its TFLite schema codes.
macro_rules! string_enum {
    ($(#[$meta:meta])* $Enum:ident { $($(#[$vmeta:meta])* $Variant:ident = $text:literal, $code:literal;)* }) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        pub enum $Enum {
            $($(#[$vmeta])* $Variant,)*
        }

        impl $Enum {
            /// Every value, in TFLite's schema order.
            pub const ALL: &'static [$Enum] = &[$($Enum::$Variant),*];

            /// The attribute spelling.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($Enum::$Variant => $text,)*
                }
            }

            /// The value spelled `text`.
            pub fn parse(text: &str) -> Option<Self> {
                match text {
                    $($text => Some($Enum::$Variant),)*
                    _ => None,
                }
            }

            /// The value of TFLite's schema enum code `code`.
            pub fn from_tflite(code: i64) -> Option<Self> {
                match code {
                    $($code => Some($Enum::$Variant),)*
                    _ => None,
                }
            }

            /// TFLite's schema enum code.
            pub fn tflite_code(self) -> i64 {
                match self {
                    $($Enum::$Variant => $code,)*
                }
            }

            /// The value held by a string attribute.
            pub fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self> {
                ctx.string_value(attr).and_then(Self::parse)
            }

            /// The string attribute spelling this value.
            pub fn attr(self, ctx: &mut Context) -> Attribute {
                ctx.string_attr(self.as_str())
            }

            /// The accepted spellings, for diagnostics: `"A", "B" or "C"`.
            pub fn spellings() -> String {
                let names: Vec<String> = Self::ALL.iter().map(|v| format!("\"{}\"", v.as_str())).collect();
                match names.split_last() {
                    Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                    _ => names.concat(),
                }
            }
        }

        impl std::fmt::Display for $Enum {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

string_enum! {
    /// How windowed ops pad their input (TFLite's `Padding`).
    Padding {
        /// Output size `ceil(in / stride)`; the window is centred, extra padding goes after.
        Same = "SAME", 0;
        /// No padding: output size `ceil((in - effective_filter + 1) / stride)`.
        Valid = "VALID", 1;
    }
}

string_enum! {
    /// An activation applied to an op's result (TFLite's `ActivationFunctionType`).
    Activation {
        /// None.
        None = "NONE", 0;
        /// `max(x, 0)`.
        Relu = "RELU", 1;
        /// `clamp(x, -1, 1)`.
        ReluN1To1 = "RELU_N1_TO_1", 2;
        /// `clamp(x, 0, 6)`.
        Relu6 = "RELU6", 3;
        /// `tanh(x)`.
        Tanh = "TANH", 4;
        /// The sign bit (TFLite lists it; no builtin kernel implements it).
        SignBit = "SIGN_BIT", 5;
    }
}

/// The text of the `!graph.resource` type (without the `!`).
pub const RESOURCE_TYPE_NAME: &str = "graph.resource";

/// `!graph.resource`: the handle of a resource variable.
pub fn resource_type(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::Opaque(RESOURCE_TYPE_NAME.to_string()))
}

/// True if `ty` is `!graph.resource`.
pub fn is_resource_type(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::Opaque(text) if text == RESOURCE_TYPE_NAME)
}

/// `array<i64: values...>`.
pub fn i64_array_attr(ctx: &mut Context, values: &[i64]) -> Attribute {
    let element = ctx.integer_type(64);
    let data = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    ctx.intern_attr(AttrKind::DenseArray { element, data })
}

/// The values of an integer dense array (`array<i32: ...>`, `array<i64: ...>`), sign-extended.
pub fn i64_array(ctx: &Context, attr: Attribute) -> Option<Vec<i64>> {
    let AttrKind::DenseArray { element, data } = ctx.attr_kind(attr) else { return None };
    let width = ctx.integer_width(*element)?;
    decode_ints(data, width)
}

/// The values of a dense elements or dense resource attribute of `f32` elements, expanded from a
/// splat; `None` for other attributes or missing blobs.
pub fn f32_elements(ctx: &Context, attr: Attribute) -> Option<Vec<f32>> {
    let (ty, splat, data) = match ctx.attr_kind(attr) {
        AttrKind::DenseElements { ty, splat, data } => (*ty, *splat, data.as_slice()),
        AttrKind::DenseResource { name, ty } => (*ty, false, ctx.resources.get(name)?.data.as_slice()),
        _ => return None,
    };
    if !matches!(ctx.type_kind(ctx.element_type(ty)), TypeKind::Float(FloatKind::F32)) {
        return None;
    }
    let count = ctx.num_elements(ty)? as usize;
    let floats: Vec<f32> = data.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    match (splat, floats.len()) {
        (true, 1) => Some(vec![floats[0]; count]),
        (false, n) if n == count => Some(floats),
        _ => None,
    }
}

/// Integer elements from little-endian storage of `width`-bit values (1-bit values take a byte).
fn decode_ints(data: &[u8], width: u32) -> Option<Vec<i64>> {
    let size = (width as usize).div_ceil(8);
    if size == 0 || size > 8 || !data.len().is_multiple_of(size) {
        return None;
    }
    Some(
        data.chunks(size)
            .map(|chunk| {
                let mut bytes = [0u8; 16];
                bytes[..size].copy_from_slice(chunk);
                sign_extend(i128::from_le_bytes(bytes), width) as i64
            })
            .collect(),
    )
}

/// `dense<values> : ty` for an integer tensor type `ty` (values are truncated to its width).
pub fn dense_int_elements(ctx: &mut Context, ty: Type, values: &[i64]) -> Attribute {
    let element = ctx.element_type(ty);
    let size = ctx.scalar_byte_size(element).unwrap_or(8);
    let data = values.iter().flat_map(|v| v.to_le_bytes()[..size].to_vec()).collect();
    ctx.intern_attr(AttrKind::DenseElements { ty, splat: false, data })
}

/// The integer values of a dense elements or dense resource attribute of integer (or quantized)
/// elements, expanded from a splat; `None` for other attributes or missing blobs.
pub fn int_elements(ctx: &Context, attr: Attribute) -> Option<Vec<i64>> {
    let (ty, splat, data) = match ctx.attr_kind(attr) {
        AttrKind::DenseElements { ty, splat, data } => (*ty, *splat, data.as_slice()),
        AttrKind::DenseResource { name, ty } => (*ty, false, ctx.resources.get(name)?.data.as_slice()),
        _ => return None,
    };
    let element = ctx.element_type(ty);
    let width = match ctx.type_kind(element) {
        TypeKind::Integer { width, .. } => *width,
        TypeKind::Quantized(q) => q.storage_width,
        _ => return None,
    };
    let count = ctx.num_elements(ty)? as usize;
    let values = decode_ints(data, width)?;
    match (splat, values.len()) {
        (true, 1) => Some(vec![values[0]; count]),
        (false, n) if n == count => Some(values),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enums_round_trip_through_text_and_tflite_codes() {
        for &p in Padding::ALL {
            assert_eq!(Padding::parse(p.as_str()), Some(p));
            assert_eq!(Padding::from_tflite(p.tflite_code()), Some(p));
        }
        for &a in Activation::ALL {
            assert_eq!(Activation::parse(a.as_str()), Some(a));
            assert_eq!(Activation::from_tflite(a.tflite_code()), Some(a));
        }
        assert_eq!(Activation::from_tflite(3), Some(Activation::Relu6));
        assert_eq!(Padding::parse("same"), None);
        assert_eq!(Padding::spellings(), "\"SAME\" or \"VALID\"");
    }

    #[test]
    fn integer_lists_round_trip() {
        let mut ctx = Context::new();
        let a = i64_array_attr(&mut ctx, &[0, -1, 1 << 40]);
        assert_eq!(i64_array(&ctx, a), Some(vec![0, -1, 1 << 40]));
        let i32 = ctx.integer_type(32);
        let ty = ctx.tensor_type(vec![2, 2], i32);
        let e = dense_int_elements(&mut ctx, ty, &[1, -2, 3, -4]);
        assert_eq!(int_elements(&ctx, e), Some(vec![1, -2, 3, -4]));
        let splat = ctx.intern_attr(AttrKind::DenseElements { ty, splat: true, data: 7i32.to_le_bytes().to_vec() });
        assert_eq!(int_elements(&ctx, splat), Some(vec![7; 4]));
        let handle = resource_type(&mut ctx);
        assert!(is_resource_type(&ctx, handle));
        assert!(!is_resource_type(&ctx, ty));
    }
}
