//! Builtin attributes: compile-time constants attached to operations, interned in the context.

use crate::affine::{AffineMap, IntegerSet};
use crate::context::Context;
use crate::types::{FloatKind, Signedness, Type, TypeKind};
use num_bigint::BigInt;

pub use crate::types::DYNAMIC;

/// `value` truncated to `width` bits: in `[0, 2^width)` for unsigned types, in
/// `[-2^(width-1), 2^(width-1))` otherwise (how integer attributes keep their values).
pub fn wrap_to_width(value: BigInt, width: u32, signedness: Signedness) -> BigInt {
    // Below 2^(width-2) in magnitude a value is kept as it is (but negative unsigned ones).
    let negative = value.sign() == num_bigint::Sign::Minus;
    if value.bits() + 2 <= u64::from(width) && !(negative && signedness == Signedness::Unsigned) {
        return value;
    }
    let modulus = BigInt::from(1) << width;
    let value = ((value % &modulus) + &modulus) % &modulus;
    if signedness != Signedness::Unsigned && width > 0 && value >= (BigInt::from(1) << (width - 1)) {
        value - modulus
    } else {
        value
    }
}

/// An attribute interned in a [`Context`]: a cheap copyable handle.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Attribute(pub(crate) u32);

/// The structure of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind {
    /// `unit`: presence is the information.
    Unit,
    /// `true` / `false`.
    Bool(bool),
    /// `42 : i32`; the value is kept sign-extended from the type's width.
    Integer {
        /// The value.
        value: i128,
        /// An integer or index type.
        ty: Type,
    },
    /// `2^200 : i256`: an integer of a type wider than 128 bits whose value an `i128` cannot
    /// hold, kept as [`Integer`](Self::Integer) keeps its value (zero-extended for unsigned
    /// types, sign-extended otherwise).
    WideInteger {
        /// The value.
        value: BigInt,
        /// An integer type wider than 128 bits.
        ty: Type,
    },
    /// `1.5 : f32`; the value is kept as the bits of an `f64`, rounded to the type.
    Float {
        /// `f64::to_bits` of the value.
        bits: u64,
        /// A float type.
        ty: Type,
    },
    /// `0x3FFF8000000000000001 : f80`: a value of a format wider than `f64` (`f80`, `f128`),
    /// kept as the format's own bits (see [`crate::wide_float`]).
    WideFloat {
        /// The bit pattern.
        bits: u128,
        /// `f80` or `f128`.
        ty: Type,
    },
    /// `"text"`.
    String(String),
    /// `"\FF"`: a string attribute whose bytes are not UTF-8 (upstream's `StringAttr` holds any
    /// bytes); kept byte for byte, printed with escapes.
    Bytes(Vec<u8>),
    /// `"text" : i32`: a string with a type other than `none`; its bytes need not be UTF-8.
    TypedString {
        /// The bytes.
        value: Vec<u8>,
        /// Its type.
        ty: Type,
    },
    /// A type used as an attribute.
    Type(Type),
    /// `[a, b]`.
    Array(Vec<Attribute>),
    /// `{a = 1, b}`, entries sorted by name, names unique.
    Dictionary(Vec<(String, Attribute)>),
    /// `@root::@nested`.
    SymbolRef {
        /// The root symbol name.
        root: String,
        /// Nested references, outermost first.
        nested: Vec<String>,
    },
    /// `dense<...> : tensor<...>`: element data in little-endian storage form.
    DenseElements {
        /// The shaped type.
        ty: Type,
        /// True when `data` holds one element standing for all.
        splat: bool,
        /// Element bytes, each element `scalar_byte_size` bytes.
        data: Vec<u8>,
    },
    /// `array<i32: 1, 2>`: a dense array of integers or floats (MLIR's `DenseArrayAttr`).
    DenseArray {
        /// The element type (an integer or float type).
        element: Type,
        /// Element bytes, little-endian, each element `scalar_byte_size` bytes.
        data: Vec<u8>,
    },
    /// `dense<["a", "b"]> : tensor<2x!tf.string>`: elements of a type that is no number, each a
    /// byte string (MLIR's `DenseStringElementsAttr`).
    DenseStrings {
        /// The shaped type.
        ty: Type,
        /// True when `values` holds one element standing for all.
        splat: bool,
        /// The elements in row-major order.
        values: Vec<Vec<u8>>,
    },
    /// `sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>`: the listed elements, zero elsewhere.
    SparseElements {
        /// The shaped type.
        ty: Type,
        /// A `DenseElements` of `i64`, shaped `[N, rank]` (or `[N]` for rank 1): the indices.
        indices: Attribute,
        /// A `DenseElements` or `DenseStrings` shaped `[N]`: the values at the indices.
        values: Attribute,
    },
    /// `dense_resource<name> : tensor<...>`: data lives in the context's resource table.
    DenseResource {
        /// Resource key in the `builtin` resource section.
        name: String,
        /// The shaped type.
        ty: Type,
    },
    /// `affine_map<(d0)[s0] -> (d0 + s0)>`.
    AffineMap(AffineMap),
    /// `affine_set<(d0) : (d0 >= 0)>`.
    IntegerSet(IntegerSet),
    /// `strided<[?, 1], offset: ?>`: a memref layout ([`DYNAMIC`] for `?`).
    StridedLayout {
        /// Offset in elements.
        offset: i64,
        /// Strides in elements, outermost first.
        strides: Vec<i64>,
    },
    /// A location used as an attribute value (`{a = loc("f.mlir":1:2)}`).
    Location(crate::location::Location),
    /// `distinct[id]<referenced>`: an attribute unique by its id (kept as read; `<>` refers to
    /// `unit`).
    Distinct {
        /// The id, as written.
        id: u64,
        /// The referenced attribute.
        referenced: Attribute,
    },
    /// An attribute of a dialect mc does not know (`#foo.bar<...>`), kept as its text without `#`.
    Opaque(String),
    /// An attribute of a dialect mc does not know, with a type (`#foo.bar<...> : i32`).
    TypedOpaque {
        /// Its text without `#`.
        text: String,
        /// Its type.
        ty: Type,
    },
}

impl Context {
    /// Interns `kind` and returns its handle.
    pub fn intern_attr(&mut self, kind: AttrKind) -> Attribute {
        Attribute(self.attrs.intern(kind))
    }

    /// The structure of `attr`.
    pub fn attr_kind(&self, attr: Attribute) -> &AttrKind {
        self.attrs.get(attr.0)
    }

    /// `unit`.
    pub fn unit_attr(&mut self) -> Attribute {
        self.intern_attr(AttrKind::Unit)
    }

    /// `true` / `false`.
    pub fn bool_attr(&mut self, value: bool) -> Attribute {
        self.intern_attr(AttrKind::Bool(value))
    }

    /// An integer attribute of type `ty`, truncated to its width; the value is kept zero-extended
    /// for unsigned types and sign-extended otherwise. `i1` values become bool attributes.
    pub fn integer_attr(&mut self, value: i128, ty: Type) -> Attribute {
        let value = match *self.type_kind(ty) {
            TypeKind::Integer { width: 1, signedness: Signedness::Signless } => {
                return self.bool_attr(value & 1 == 1);
            }
            TypeKind::Integer { width, signedness: Signedness::Unsigned } if width < 128 => {
                // In u128: the mask of a 127-bit type does not fit an i128 expression.
                (value as u128 & ((1u128 << width) - 1)) as i128
            }
            TypeKind::Integer { width, .. } => sign_extend(value, width),
            _ => value,
        };
        self.intern_attr(AttrKind::Integer { value, ty })
    }

    /// An integer attribute of the integer type `ty` of any width, truncated to it and kept as
    /// [`Self::integer_attr`] keeps values; an [`AttrKind::Integer`] when the value fits an
    /// `i128`.
    pub fn big_integer_attr(&mut self, value: BigInt, ty: Type) -> Attribute {
        let TypeKind::Integer { width, signedness } = *self.type_kind(ty) else {
            panic!("big_integer_attr of a non-integer type");
        };
        let value = wrap_to_width(value, width, signedness);
        match i128::try_from(&value) {
            Ok(small) if width <= 128 => self.integer_attr(small, ty),
            Ok(small) => self.intern_attr(AttrKind::Integer { value: small, ty }),
            Err(_) => self.intern_attr(AttrKind::WideInteger { value, ty }),
        }
    }

    /// A float attribute of type `ty`, rounded to its format.
    pub fn float_attr(&mut self, value: f64, ty: Type) -> Attribute {
        if let Some(kind) = self.float_kind(ty).filter(|&kind| crate::wide_float::is_wide(kind)) {
            let bits = crate::wide_float::bits_from_f64(value, kind);
            return self.intern_attr(AttrKind::WideFloat { bits, ty });
        }
        let value = match self.float_kind(ty) {
            Some(kind) => round_to_format(value, kind),
            None => value,
        };
        self.intern_attr(AttrKind::Float { bits: value.to_bits(), ty })
    }

    /// `"text"`.
    pub fn string_attr(&mut self, value: &str) -> Attribute {
        self.intern_attr(AttrKind::String(value.to_string()))
    }

    /// A type as an attribute.
    pub fn type_attr(&mut self, ty: Type) -> Attribute {
        self.intern_attr(AttrKind::Type(ty))
    }

    /// `[elements]`.
    pub fn array_attr(&mut self, elements: Vec<Attribute>) -> Attribute {
        self.intern_attr(AttrKind::Array(elements))
    }

    /// A dictionary; entries are sorted by name, a later duplicate replaces an earlier one.
    pub fn dictionary_attr(&mut self, mut entries: Vec<(String, Attribute)>) -> Attribute {
        entries.reverse();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries.dedup_by(|later, earlier| later.0 == earlier.0);
        self.intern_attr(AttrKind::Dictionary(entries))
    }

    /// The empty dictionary.
    pub fn empty_dictionary(&mut self) -> Attribute {
        self.intern_attr(AttrKind::Dictionary(Vec::new()))
    }

    /// `@name`.
    pub fn symbol_ref_attr(&mut self, name: &str) -> Attribute {
        self.intern_attr(AttrKind::SymbolRef { root: name.to_string(), nested: Vec::new() })
    }

    /// Value of an integer attribute.
    pub fn integer_value(&self, attr: Attribute) -> Option<i128> {
        match self.attr_kind(attr) {
            AttrKind::Integer { value, .. } => Some(*value),
            _ => None,
        }
    }

    /// Value of a float attribute (`None` for `f80` and `f128` values, which an `f64` may not hold).
    pub fn float_value(&self, attr: Attribute) -> Option<f64> {
        match self.attr_kind(attr) {
            AttrKind::Float { bits, .. } => Some(f64::from_bits(*bits)),
            _ => None,
        }
    }

    /// Text of a string attribute.
    pub fn string_value(&self, attr: Attribute) -> Option<&str> {
        match self.attr_kind(attr) {
            AttrKind::String(s) => Some(s),
            _ => None,
        }
    }

    /// Type inside a type attribute.
    pub fn type_value(&self, attr: Attribute) -> Option<Type> {
        match self.attr_kind(attr) {
            AttrKind::Type(ty) => Some(*ty),
            _ => None,
        }
    }

    /// Elements of an array attribute.
    pub fn array_value(&self, attr: Attribute) -> Option<&[Attribute]> {
        match self.attr_kind(attr) {
            AttrKind::Array(elements) => Some(elements),
            _ => None,
        }
    }

    /// Entries of a dictionary attribute.
    pub fn dictionary_entries(&self, attr: Attribute) -> &[(String, Attribute)] {
        match self.attr_kind(attr) {
            AttrKind::Dictionary(entries) => entries,
            _ => &[],
        }
    }

    /// Looks `name` up in a dictionary attribute.
    pub fn dictionary_get(&self, dict: Attribute, name: &str) -> Option<Attribute> {
        let entries = self.dictionary_entries(dict);
        entries.binary_search_by(|(key, _)| key.as_str().cmp(name)).ok().map(|i| entries[i].1)
    }

    /// A copy of `dict` with `name` set to `value` (or removed when `value` is `None`).
    pub fn dictionary_with(&mut self, dict: Attribute, name: &str, value: Option<Attribute>) -> Attribute {
        let mut entries: Vec<(String, Attribute)> =
            self.dictionary_entries(dict).iter().filter(|(key, _)| key != name).cloned().collect();
        if let Some(value) = value {
            entries.push((name.to_string(), value));
        }
        self.dictionary_attr(entries)
    }

    /// The type an attribute carries, for typed attributes.
    pub fn attr_type(&self, attr: Attribute) -> Option<Type> {
        match self.attr_kind(attr) {
            AttrKind::Bool(_) => Some(self.bool_type),
            AttrKind::Integer { ty, .. }
            | AttrKind::WideInteger { ty, .. }
            | AttrKind::Float { ty, .. }
            | AttrKind::WideFloat { ty, .. }
            | AttrKind::TypedString { ty, .. }
            | AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseStrings { ty, .. }
            | AttrKind::SparseElements { ty, .. }
            | AttrKind::DenseResource { ty, .. }
            | AttrKind::TypedOpaque { ty, .. } => Some(*ty),
            _ => None,
        }
    }

    /// Number of elements of a statically shaped type (tensor or buffer; 1 for scalars).
    pub fn num_elements(&self, ty: Type) -> Option<u64> {
        match self.type_kind(ty) {
            TypeKind::Tensor { shape, .. }
            | TypeKind::Vector { shape, .. }
            | TypeKind::Buffer(crate::buffer::BufferType { shape, .. }) => {
                shape.iter().try_fold(1u64, |acc, &d| u64::try_from(d).ok().and_then(|d| acc.checked_mul(d)))
            }
            _ => Some(1),
        }
    }
}

/// Truncates `value` to `width` bits and sign-extends it back.
pub fn sign_extend(value: i128, width: u32) -> i128 {
    if width == 0 || width >= 128 {
        return value;
    }
    let shift = 128 - width;
    (value << shift) >> shift
}

/// Rounds `value` to the nearest value representable in `kind` (NaN payloads kept as far as the
/// format holds them).
pub fn round_to_format(value: f64, kind: FloatKind) -> f64 {
    crate::float_format::round_to_kind(value, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_wrap_to_their_width() {
        let mut ctx = Context::new();
        let i8 = ctx.integer_type(8);
        let a = ctx.integer_attr(255, i8);
        assert_eq!(ctx.integer_value(a), Some(-1));
        assert_eq!(a, ctx.integer_attr(-1, i8));
        // Unsigned values are zero-extended, 127 bits included (the fuzzer's `0 : ui127`).
        for width in [1, 8, 64, 127] {
            let unsigned = ctx.intern_type(TypeKind::Integer { width, signedness: Signedness::Unsigned });
            let all_ones = ctx.integer_attr(-1, unsigned);
            assert_eq!(ctx.integer_value(all_ones), Some(((1u128 << width) - 1) as i128));
            let zero = ctx.integer_attr(0, unsigned);
            assert_eq!(ctx.integer_value(zero), Some(0));
        }
    }

    #[test]
    fn dictionaries_are_sorted_and_last_wins() {
        let mut ctx = Context::new();
        let one = ctx.bool_attr(true);
        let two = ctx.unit_attr();
        let d = ctx.dictionary_attr(vec![("b".into(), one), ("a".into(), one), ("b".into(), two)]);
        assert_eq!(ctx.dictionary_entries(d), &[("a".to_string(), one), ("b".to_string(), two)]);
        assert_eq!(ctx.dictionary_get(d, "b"), Some(two));
        let d2 = ctx.dictionary_with(d, "a", None);
        assert_eq!(ctx.dictionary_get(d2, "a"), None);
    }

    #[test]
    fn floats_round_to_their_format() {
        assert_eq!(round_to_format(0.1, FloatKind::F32), 0.1f32 as f64);
        assert_eq!(round_to_format(1e6, FloatKind::F16), f64::INFINITY);
        // A signaling NaN stays signaling.
        let snan = crate::float_format::float_from_bits(0x7F80_0001, FloatKind::F32);
        assert_eq!(
            crate::float_format::float_to_bits(round_to_format(snan, FloatKind::F32), FloatKind::F32),
            0x7F80_0001
        );
    }
}
