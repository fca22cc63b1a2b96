//! Parsing attributes: scalars, strings, arrays, dictionaries, symbol references, type
//! attributes, `dense<...>`, `dense_resource<...>`, `array<...>`, aliases and opaque dialect
//! attributes.

use super::lexer::TokenKind;
use super::types::is_type_keyword;
use super::{ParseResult, Parser};
use crate::attributes::{AttrKind, Attribute, wrap_to_width};
use crate::float_format::{float_from_bits, float_to_bits};
use crate::printer::attributes::type_to_string;
use crate::types::{FloatKind, Signedness, Type, TypeKind};
use crate::wide_float;
use num_bigint::BigInt;
use rustc_hash::FxHashSet;
use std::ops::{Neg, Shl};

/// The widest integer elements of dense elements and arrays (each element takes its width in
/// storage; upstream's limit is the type's, 2^24 bits).
const MAX_ELEMENT_BITS: u32 = 4096;

/// The value of an integer literal (not a float, bool, string or complex one).
fn big_integer_literal(scalar: &Scalar) -> Option<BigInt> {
    match scalar {
        Scalar::Int(v) | Scalar::Hex(v) => Some(BigInt::from(*v)),
        Scalar::WideInt(m) | Scalar::WideHex(m) => Some(BigInt::from(*m)),
        Scalar::Big { value, .. } => Some(value.clone()),
        _ => None,
    }
}

/// A scalar written in a `dense<...>`, `sparse<...>` or `array<...>` literal.
#[derive(Clone, Debug, PartialEq)]
enum Scalar {
    /// A decimal integer.
    Int(i128),
    /// A hexadecimal integer (`0x...`, sign applied): an integer, or a float's bit pattern.
    Hex(i128),
    /// A hexadecimal integer above `i128::MAX` (without a sign): an `f128` bit pattern, or a
    /// 128-bit integer.
    WideHex(u128),
    /// A decimal integer above `i128::MAX` (without a sign): a 128-bit integer.
    WideInt(u128),
    /// An integer an `i128` or `u128` cannot hold (sign applied): an integer of a type wider than
    /// 128 bits.
    Big {
        /// The value.
        value: BigInt,
        /// Written in hexadecimal.
        hex: bool,
    },
    Float(f64),
    Bool(bool),
    /// A string: an element of a string-typed literal, or hex data for a whole literal.
    Str(Vec<u8>),
    /// `(re, im)`: an element of a complex-typed literal.
    Complex(Box<(Scalar, Scalar)>),
}

/// The literal of an elements attribute, before its type is known.
struct ElementsLiteral {
    /// The scalars in row-major order.
    scalars: Vec<Scalar>,
    /// The shape of a `[...]` literal; `None` for a single scalar.
    shape: Option<Vec<i64>>,
}

impl Parser<'_> {
    /// Parses any attribute.
    pub(super) fn parse_attribute(&mut self) -> ParseResult<Attribute> {
        self.check_token()?;
        self.enter()?;
        let attr = self.parse_attribute_inner()?;
        self.leave();
        Ok(attr)
    }

    fn parse_attribute_inner(&mut self) -> ParseResult<Attribute> {
        match self.tok.kind {
            TokenKind::BareIdentifier => match self.text() {
                "unit" => {
                    self.advance()?;
                    Ok(self.ctx.unit_attr())
                }
                "true" | "false" => {
                    let value = self.text() == "true";
                    self.advance()?;
                    Ok(self.ctx.bool_attr(value))
                }
                "dense" => self.parse_dense_elements(),
                "sparse" => self.parse_sparse_elements(),
                "dense_resource" => self.parse_dense_resource(),
                "array" => self.parse_dense_array(),
                "affine_map" | "affine_set" => self.parse_affine_attr(),
                "strided" => self.parse_strided_layout(),
                "distinct" => self.parse_distinct(),
                "loc" => {
                    let loc = self.parse_location()?;
                    Ok(self.ctx.intern_attr(AttrKind::Location(loc)))
                }
                text if is_type_keyword(text) => {
                    let ty = self.parse_type()?;
                    Ok(self.ctx.type_attr(ty))
                }
                _ => Err(self.error_wrong_token("expected attribute value")),
            },
            TokenKind::Integer | TokenKind::Float | TokenKind::Minus => self.parse_number_attr(),
            TokenKind::String => {
                let bytes = self.tok.string_value(self.src).expect("string token").into_owned();
                self.advance()?;
                if self.consume_if(TokenKind::Colon)? {
                    // A typed string (`"gpu" : i32`); `: none` is the plain string.
                    let ty = self.parse_type()?;
                    if !matches!(self.ctx.type_kind(ty), TypeKind::None) {
                        return Ok(self.ctx.intern_attr(AttrKind::TypedString { value: bytes, ty }));
                    }
                }
                Ok(self.ctx.intern_attr(match String::from_utf8(bytes) {
                    Ok(text) => AttrKind::String(text),
                    Err(not_utf8) => AttrKind::Bytes(not_utf8.into_bytes()),
                }))
            }
            TokenKind::LSquare => {
                let mut elements = Vec::new();
                self.advance()?;
                if !self.consume_if(TokenKind::RSquare)? {
                    self.parse_comma_separated(|p| {
                        elements.push(p.parse_attribute()?);
                        Ok(())
                    })?;
                    self.expect(TokenKind::RSquare, "',' or ']'")?;
                }
                Ok(self.ctx.array_attr(elements))
            }
            TokenKind::LBrace => self.parse_dictionary(),
            TokenKind::AtIdentifier => self.parse_symbol_ref(),
            TokenKind::HashIdentifier => self.parse_alias_or_dialect_attr(),
            TokenKind::LParen | TokenKind::ExclamationIdentifier => {
                let ty = self.parse_type()?;
                Ok(self.ctx.type_attr(ty))
            }
            _ => Err(self.error_wrong_token("expected attribute value")),
        }
    }

    /// Parses `{name = value, flag}`; duplicate names are an error.
    pub(super) fn parse_dictionary(&mut self) -> ParseResult<Attribute> {
        let entries = self.parse_dictionary_entries()?;
        Ok(self.ctx.intern_attr(AttrKind::Dictionary(entries)))
    }

    /// Parses the entries of a dictionary, sorted by name.
    pub(super) fn parse_dictionary_entries(&mut self) -> ParseResult<Vec<(String, Attribute)>> {
        let mut entries: Vec<(String, Attribute)> = Vec::new();
        let mut names = FxHashSet::default();
        self.expect(TokenKind::LBrace, "'{' in attribute dictionary")?;
        if self.consume_if(TokenKind::RBrace)? {
            return Ok(entries);
        }
        self.parse_comma_separated(|p| {
            let name_offset = p.tok.start;
            let name = match p.tok.kind {
                TokenKind::BareIdentifier => p.text().to_string(),
                TokenKind::String => {
                    let bytes = p.tok.string_value(p.src).expect("string token").into_owned();
                    String::from_utf8(bytes).map_err(|_| p.error_here("attribute name is not valid UTF-8"))?
                }
                _ => return Err(p.error_here("expected attribute name")),
            };
            if name.is_empty() {
                return Err(p.error_here("expected valid attribute name"));
            }
            p.advance()?;
            let value = if p.consume_if(TokenKind::Equal)? { p.parse_attribute()? } else { p.ctx.unit_attr() };
            if !names.insert(name.clone()) {
                return Err(p.error_at(name_offset, format!("duplicate key '{name}' in dictionary attribute")));
            }
            entries.push((name, value));
            Ok(())
        })?;
        self.expect(TokenKind::RBrace, "'}' in attribute dictionary")?;
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(entries)
    }

    fn parse_symbol_ref(&mut self) -> ParseResult<Attribute> {
        let root = self.symbol_name_here()?;
        self.advance()?;
        let mut nested = Vec::new();
        while self.is(TokenKind::Colon) && self.src.as_bytes().get(self.tok.end as usize) == Some(&b':') {
            self.advance()?;
            self.advance()?;
            if !self.is(TokenKind::AtIdentifier) {
                return Err(self.error_here("expected nested symbol reference identifier"));
            }
            nested.push(self.symbol_name_here()?);
            self.advance()?;
        }
        Ok(self.ctx.intern_attr(AttrKind::SymbolRef { root, nested }))
    }

    /// The name of the current `@symbol` token.
    pub(super) fn symbol_name_here(&mut self) -> ParseResult<String> {
        let bytes = self.tok.symbol_name(self.src).expect("symbol token").into_owned();
        String::from_utf8(bytes).map_err(|_| self.error_here("symbol name is not valid UTF-8"))
    }

    fn parse_alias_or_dialect_attr(&mut self) -> ParseResult<Attribute> {
        let name = &self.text()[1..];
        if name.contains('.') || self.src.as_bytes().get(self.tok.end as usize) == Some(&b'<') {
            let text = self.parse_dialect_symbol_body()?;
            // As upstream, a dialect attribute takes a `: type` that follows it.
            if self.consume_if(TokenKind::Colon)? {
                let ty = self.parse_type()?;
                return Ok(self.ctx.intern_attr(AttrKind::TypedOpaque { text, ty }));
            }
            return Ok(self.ctx.intern_attr(AttrKind::Opaque(text)));
        }
        if let Some(&loc) = self.loc_aliases.get(name) {
            // `#loc = loc(...)` used where an attribute goes.
            self.advance()?;
            return Ok(self.ctx.intern_attr(AttrKind::Location(loc)));
        }
        let Some(&attr) = self.attr_aliases.get(name) else {
            return Err(self.error_here(format!("undefined symbol alias id '{name}'")));
        };
        self.advance()?;
        Ok(attr)
    }

    /// Parses `#name = attribute` or `#name = loc(...)` at the top level.
    pub(super) fn parse_attribute_alias_def(&mut self) -> ParseResult<()> {
        let name = self.text()[1..].to_string();
        if name.contains('.') {
            return Err(self.error_here("attribute names with a '.' are reserved for dialect-defined names"));
        }
        if self.attr_aliases.contains_key(&name) || self.loc_aliases.contains_key(&name) {
            return Err(self.error_here(format!("redefinition of attribute alias id '{name}'")));
        }
        self.advance()?;
        self.expect(TokenKind::Equal, "'=' in attribute alias definition")?;
        if self.is_keyword("loc") {
            let loc = self.parse_location()?;
            self.loc_aliases.insert(name, loc);
        } else {
            let attr = self.parse_attribute()?;
            self.attr_aliases.insert(name, attr);
        }
        Ok(())
    }

    /// Parses `[-]literal [: type]`. As upstream, errors about the value point at the literal
    /// (after a minus sign), a float given a type that holds no floats just after the type.
    fn parse_number_attr(&mut self) -> ParseResult<Attribute> {
        let mut literal = self.tok.start;
        if self.tok.kind == TokenKind::Minus {
            let after_minus = &self.src[literal as usize + 1..];
            literal += 1 + (after_minus.len() - after_minus.trim_start().len()) as u32;
        }
        let scalar = self.parse_scalar()?;
        let ty = if self.consume_if(TokenKind::Colon)? {
            let ty = self.parse_type()?;
            let holds_floats = matches!(self.ctx.type_kind(ty), TypeKind::Float(_));
            if matches!(scalar, Scalar::Float(_)) && !holds_floats {
                let after_type = self.tok.start;
                return Err(self.error_at(after_type, "floating point value not valid for specified type"));
            }
            ty
        } else {
            match scalar {
                Scalar::Float(_) => self.ctx.float_type(FloatKind::F64),
                _ => self.ctx.integer_type(64),
            }
        };
        self.scalar_to_attr(scalar, ty, literal)
    }

    fn scalar_to_attr(&mut self, scalar: Scalar, ty: Type, offset: u32) -> ParseResult<Attribute> {
        match (self.ctx.type_kind(ty).clone(), scalar) {
            (TypeKind::Float(kind), hex @ (Scalar::Hex(_) | Scalar::WideHex(_))) if wide_float::is_wide(kind) => {
                let bits = self.check_wide_float_bits(&hex, kind, offset)?;
                Ok(self.ctx.intern_attr(AttrKind::WideFloat { bits, ty }))
            }
            (TypeKind::Float(_), Scalar::WideHex(_)) => {
                Err(self.error_at(offset, "hexadecimal float constant out of range for type"))
            }
            // Literals an `i128` holds are in range of any wider signless or signed type.
            (TypeKind::Integer { width, .. }, scalar @ (Scalar::WideHex(_) | Scalar::WideInt(_) | Scalar::Big { .. }))
                if width > 128 =>
            {
                let value = big_integer_literal(&scalar).expect("an integer literal");
                self.check_big_integer_range(&value, ty, offset)?;
                Ok(self.ctx.big_integer_attr(value, ty))
            }
            (TypeKind::Integer { .. } | TypeKind::Index, Scalar::Big { .. }) => {
                Err(self.error_at(offset, "integer constant out of range for attribute"))
            }
            (TypeKind::Float(_), Scalar::Big { hex: true, .. }) => {
                Err(self.error_at(offset, "hexadecimal float constant out of range for type"))
            }
            (TypeKind::Float(_), Scalar::Big { hex: false, .. }) => {
                let note_loc = self.loc_at(offset);
                Err(self
                    .error_at(offset, "unexpected decimal integer literal for a floating point value")
                    .with_note(note_loc, "add a trailing dot to make the literal a float"))
            }
            (TypeKind::Integer { .. } | TypeKind::Index, Scalar::WideHex(m) | Scalar::WideInt(m)) => {
                let value = self.wide_integer(m, ty, offset)?;
                Ok(self.ctx.integer_attr(value, ty))
            }
            (TypeKind::Float(kind), Scalar::Hex(bits)) => {
                let bits = self.check_float_bits(bits, kind, offset)?;
                let value = float_from_bits(bits, kind);
                Ok(self.ctx.float_attr(value, ty))
            }
            (TypeKind::Float(_), Scalar::Int(_) | Scalar::WideInt(_)) => {
                let note_loc = self.loc_at(offset);
                Err(self
                    .error_at(offset, "unexpected decimal integer literal for a floating point value")
                    .with_note(note_loc, "add a trailing dot to make the literal a float"))
            }
            (TypeKind::Float(_), Scalar::Float(v)) => Ok(self.ctx.float_attr(v, ty)),
            (TypeKind::Integer { .. } | TypeKind::Index, Scalar::Int(v) | Scalar::Hex(v)) => {
                self.check_integer_range(v, ty, offset)?;
                Ok(self.ctx.integer_attr(v, ty))
            }
            (TypeKind::Integer { .. } | TypeKind::Index, Scalar::Float(_)) => {
                Err(self.error_at(offset, "floating point value not valid for specified type"))
            }
            (_, Scalar::Float(_)) => Err(self.error_at(offset, "floating point value not valid for specified type")),
            _ => Err(self.error_at(offset, "integer literal not valid for specified type")),
        }
    }

    /// Checks a hexadecimal literal written for a float of `kind`: its bit pattern, unsigned and
    /// no wider than the type.
    fn check_float_bits(&mut self, bits: i128, kind: FloatKind, offset: u32) -> ParseResult<u64> {
        if bits < 0 {
            return Err(self.error_at(offset, "hexadecimal float literal should not have a leading minus"));
        }
        match u64::try_from(bits) {
            Ok(bits) if kind.width() == 64 || bits >> kind.width() == 0 => Ok(bits),
            _ => Err(self.error_at(offset, "hexadecimal float constant out of range for type")),
        }
    }

    /// Checks a hexadecimal literal written for an `f80` or `f128`, as [`Self::check_float_bits`].
    fn check_wide_float_bits(&mut self, scalar: &Scalar, kind: FloatKind, offset: u32) -> ParseResult<u128> {
        let bits = match *scalar {
            Scalar::Hex(bits) if bits < 0 => {
                return Err(self.error_at(offset, "hexadecimal float literal should not have a leading minus"));
            }
            Scalar::Hex(bits) => bits as u128,
            Scalar::WideHex(bits) => bits,
            _ => unreachable!("only hexadecimal literals are bit patterns"),
        };
        if kind.width() < 128 && bits >> kind.width() != 0 {
            return Err(self.error_at(offset, "hexadecimal float constant out of range for type"));
        }
        Ok(wide_float::canonical_bits(bits, kind))
    }

    /// Checks an integer literal written for `ty`, an integer type (`index`: 64-bit signless):
    /// unsigned `[0, 2^w)`, signed `[-2^(w-1), 2^(w-1))`, signless both. In `i128` below 127
    /// bits (the hot path of dense elements), in [`BigInt`] from there.
    fn check_integer_range(&mut self, value: i128, ty: Type, offset: u32) -> ParseResult<()> {
        let (width, signedness) = self.integer_width_and_signedness(ty);
        if width < 127 {
            self.check_in_range(value, width, signedness, offset)
        } else {
            self.check_in_range(BigInt::from(value), width, signedness, offset)
        }
    }

    /// [`Self::check_integer_range`] of a literal an `i128` may not hold.
    fn check_big_integer_range(&mut self, value: &BigInt, ty: Type, offset: u32) -> ParseResult<()> {
        let (width, signedness) = self.integer_width_and_signedness(ty);
        self.check_in_range(value.clone(), width, signedness, offset)
    }

    fn integer_width_and_signedness(&self, ty: Type) -> (u32, Signedness) {
        match *self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => (width, signedness),
            _ => (64, Signedness::Signless),
        }
    }

    /// The range check of [`Self::check_integer_range`] in a number type `T` wide enough for
    /// `2^width` (`width` at least 1 where `T` is `i128`: the caller's threshold).
    fn check_in_range<T>(&mut self, value: T, width: u32, signedness: Signedness, offset: u32) -> ParseResult<()>
    where
        T: PartialOrd + From<u8> + Shl<u32, Output = T> + Neg<Output = T>,
    {
        if value < T::from(0) && signedness == Signedness::Unsigned {
            return Err(self.error_at(offset, "negative integer literal not valid for unsigned integer type"));
        }
        let half = || T::from(1) << (width.max(1) - 1);
        let (min, end) = match signedness {
            Signedness::Signed => (-half(), half()),
            Signedness::Unsigned => (T::from(0), T::from(1) << width),
            Signedness::Signless => (-half(), T::from(1) << width),
        };
        if value < min || value >= end {
            return Err(self.error_at(offset, "integer constant out of range for attribute"));
        }
        Ok(())
    }

    /// The value of an integer literal above `i128::MAX` for `ty`: its bits for a 128-bit signless
    /// or unsigned type (as upstream, `2^128 - 1 : i128` is `-1`); out of range for narrower
    /// types (wider ones take it through [`Self::big_integer`]).
    fn wide_integer(&mut self, magnitude: u128, ty: Type, offset: u32) -> ParseResult<i128> {
        match *self.ctx.type_kind(ty) {
            TypeKind::Integer { width: 128, signedness: Signedness::Signless | Signedness::Unsigned } => {
                Ok(magnitude as i128)
            }
            _ => Err(self.error_at(offset, "integer constant out of range for attribute")),
        }
    }

    /// Parses `[-]integer`, `[-]float`, `true` or `false`.
    fn parse_scalar(&mut self) -> ParseResult<Scalar> {
        if self.consume_if(TokenKind::LParen)? {
            let re = self.parse_scalar()?;
            self.expect(TokenKind::Comma, "',' between complex elements")?;
            let im = self.parse_scalar()?;
            self.expect(TokenKind::RParen, "')' after complex elements")?;
            return Ok(Scalar::Complex(Box::new((re, im))));
        }
        let negative = self.consume_if(TokenKind::Minus)?;
        let text = self.text();
        let scalar = match self.tok.kind {
            TokenKind::Integer => {
                let magnitude = match text.strip_prefix("0x") {
                    Some(hex) => u128::from_str_radix(hex, 16).ok(),
                    None => text.parse::<u128>().ok(),
                };
                let value = magnitude
                    .and_then(|m| if negative { 0i128.checked_sub_unsigned(m) } else { i128::try_from(m).ok() });
                match (value, magnitude) {
                    (Some(value), _) if text.starts_with("0x") => Scalar::Hex(value),
                    (Some(value), _) => Scalar::Int(value),
                    (None, Some(magnitude)) if !negative && text.starts_with("0x") => Scalar::WideHex(magnitude),
                    (None, Some(magnitude)) if !negative => Scalar::WideInt(magnitude),
                    _ => {
                        let hex = text.strip_prefix("0x");
                        let digits = hex.unwrap_or(text).as_bytes();
                        let value = BigInt::parse_bytes(digits, if hex.is_some() { 16 } else { 10 })
                            .expect("the lexer reads an integer token's digits");
                        Scalar::Big { value: if negative { -value } else { value }, hex: hex.is_some() }
                    }
                }
            }
            TokenKind::Float => {
                let Ok(value) = text.parse::<f64>() else { return Err(self.error_here("invalid float literal")) };
                Scalar::Float(if negative { -value } else { value })
            }
            TokenKind::BareIdentifier if !negative && (text == "true" || text == "false") => {
                Scalar::Bool(text == "true")
            }
            TokenKind::String if !negative => {
                Scalar::Str(self.tok.string_value(self.src).expect("string token").into_owned())
            }
            _ => return Err(self.error_here("expected integer or float literal")),
        };
        self.advance()?;
        Ok(scalar)
    }

    /// Parses `dense<...> : type`.
    fn parse_dense_elements(&mut self) -> ParseResult<Attribute> {
        self.advance()?;
        self.expect(TokenKind::Less, "'<' after 'dense'")?;
        let body_offset = self.tok.start;
        let literal = if self.is(TokenKind::Greater) {
            ElementsLiteral { scalars: Vec::new(), shape: Some(vec![0]) }
        } else {
            self.parse_elements_literal()?
        };
        self.expect(TokenKind::Greater, "'>' to close dense elements")?;
        self.expect(TokenKind::Colon, "':' and a type after dense elements")?;
        let type_offset = self.tok.start;
        let ty = self.parse_type()?;
        let Some(shape) = self.ctx.static_shaped_parts(ty).map(|(s, _)| s.to_vec()) else {
            return Err(self.error_at(type_offset, "elements literal must be a shaped type"));
        };
        if let Some(literal_shape) = &literal.shape
            && *literal_shape != shape
            && !(literal.scalars.is_empty() && self.ctx.num_elements(ty) == Some(0))
        {
            return Err(self.error_at(
                body_offset,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    join(literal_shape),
                    join(&shape)
                ),
            ));
        }
        self.elements_attr(literal, ty, body_offset, type_offset)
    }

    /// Parses `sparse<indices, values> : type` or `sparse<> : type`.
    fn parse_sparse_elements(&mut self) -> ParseResult<Attribute> {
        let start = self.tok.start;
        self.advance()?;
        self.expect(TokenKind::Less, "'<' after 'sparse'")?;
        let literals = if self.is(TokenKind::Greater) {
            None
        } else {
            let indices_offset = self.tok.start;
            let indices = self.parse_elements_literal()?;
            self.expect(TokenKind::Comma, "',' between sparse indices and values")?;
            let values_offset = self.tok.start;
            let values = self.parse_elements_literal()?;
            Some(((indices, indices_offset), (values, values_offset)))
        };
        self.expect(TokenKind::Greater, "'>' to close sparse elements")?;
        self.expect(TokenKind::Colon, "':' and a type after sparse elements")?;
        let type_offset = self.tok.start;
        let ty = self.parse_type()?;
        let Some((shape, element)) = self.ctx.static_shaped_parts(ty).map(|(s, e)| (s.to_vec(), e)) else {
            return Err(self.error_at(type_offset, "elements literal must be a shaped type"));
        };
        let rank = shape.len() as i64;
        let i64_type = self.ctx.integer_type(64);
        let ((indices, indices_offset), (values, values_offset)) = literals.unwrap_or((
            (ElementsLiteral { scalars: Vec::new(), shape: Some(vec![0, rank]) }, start),
            (ElementsLiteral { scalars: Vec::new(), shape: Some(vec![0]) }, start),
        ));
        // A single index stands for one index with every coordinate equal; a single value for
        // one value per index.
        let indices_shape = indices.shape.clone().unwrap_or_else(|| vec![1, rank]);
        let values_shape = values.shape.clone().unwrap_or_else(|| vec![indices_shape[0]]);
        let indices_ty = self.ctx.tensor_type(indices_shape.clone(), i64_type);
        let values_ty = self.ctx.tensor_type(values_shape.clone(), element);
        let index_values: Vec<i128> = indices
            .scalars
            .iter()
            .map(|scalar| match scalar {
                Scalar::Int(v) | Scalar::Hex(v) => Ok(*v),
                _ => Err(self.error_at(indices_offset, "expected integer elements, but parsed floating-point")),
            })
            .collect::<ParseResult<_>>()?;
        let indices = self.elements_attr(indices, indices_ty, indices_offset, type_offset)?;
        let values = self.elements_attr(values, values_ty, values_offset, type_offset)?;
        let shape_fits = match indices_shape[..] {
            [_, width] => width == rank,
            [_] => rank == 1,
            _ => false,
        };
        if !shape_fits || values_shape[0] != indices_shape[0] {
            return Err(self.error_at(
                start,
                format!(
                    "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                    join(&shape),
                    join(&indices_shape),
                    join(&values_shape)
                ),
            ));
        }
        if values_shape.len() != 1 {
            return Err(self.error_at(start, "expected 1-d tensor for sparse element values"));
        }
        let coordinates: Vec<Vec<i128>> = match index_values[..] {
            [splat] => vec![vec![splat; shape.len()]],
            _ => index_values.chunks(shape.len().max(1)).map(<[i128]>::to_vec).collect(),
        };
        for (number, index) in coordinates.iter().enumerate() {
            if index.iter().zip(&shape).any(|(&i, &dim)| i < 0 || i >= i128::from(dim)) {
                // Upstream reads the indices as unsigned.
                let shown: Vec<String> = index.iter().map(|&i| (i as u64).to_string()).collect();
                let message = format!(
                    "sparse index #{number} is not contained within the value shape, with index=[{}], and type='{}'",
                    shown.join(", "),
                    type_to_string(self.ctx, ty)
                );
                return Err(self.error_at(start, message));
            }
        }
        Ok(self.ctx.intern_attr(AttrKind::SparseElements { ty, indices, values }))
    }

    /// Parses the literal of an elements attribute: a scalar, a string (hex data or one string
    /// element) or a nested `[...]` list.
    fn parse_elements_literal(&mut self) -> ParseResult<ElementsLiteral> {
        if self.is(TokenKind::LSquare) {
            let mut scalars = Vec::new();
            let shape = self.parse_literal_list(&mut scalars)?;
            Ok(ElementsLiteral { scalars, shape: Some(shape) })
        } else {
            Ok(ElementsLiteral { scalars: vec![self.parse_scalar()?], shape: None })
        }
    }

    /// The `DenseElements` or `DenseStrings` attribute of type `ty` (whose shape the literal's
    /// matches) holding `literal`.
    fn elements_attr(
        &mut self,
        literal: ElementsLiteral,
        ty: Type,
        body_offset: u32,
        type_offset: u32,
    ) -> ParseResult<Attribute> {
        let element = self.ctx.element_type(ty);
        let count = self.ctx.num_elements(ty).unwrap_or(0) as usize;
        if !self.is_numeric_element(element) {
            return self.string_elements_attr(literal, ty, body_offset);
        }
        let size = self.element_size(element, type_offset)?;
        let (splat, data) = match literal.scalars.as_slice() {
            [Scalar::Str(text)] if literal.shape.is_none() => {
                let data = decode_hex(text).ok_or_else(|| {
                    self.error_at(body_offset, "expected string containing hex digits starting with `0x`")
                })?;
                self.hex_elements(data, ty, count, size, body_offset)?
            }
            scalars => {
                let mut data = Vec::with_capacity(scalars.len() * size);
                for scalar in scalars {
                    self.encode_scalar(scalar, element, body_offset, &mut data)?;
                }
                (literal.shape.is_none() && count != 1, data)
            }
        };
        let (splat, data) = canonical_splat(splat, data, size);
        Ok(self.ctx.intern_attr(AttrKind::DenseElements { ty, splat, data }))
    }

    /// Elements given as hex data (`"0x..."`): one element (a splat) or all of them.
    fn hex_elements(
        &mut self,
        data: Vec<u8>,
        ty: Type,
        count: usize,
        size: usize,
        offset: u32,
    ) -> ParseResult<(bool, Vec<u8>)> {
        // As in MLIR, `i1` hex data is packed 8 elements to a byte (a single 0x00 or 0xFF is a
        // splat); it is stored one byte per element.
        if self.ctx.integer_width(self.ctx.element_type(ty)) == Some(1) {
            return if let [byte @ (0x00 | 0xFF)] = data[..] {
                Ok((true, vec![byte & 1]))
            } else if data.len() == count.div_ceil(8) {
                Ok((false, (0..count).map(|i| (data[i / 8] >> (i % 8)) & 1).collect()))
            } else {
                Err(self.error_at(offset, "elements hex data size is invalid for provided type"))
            };
        }
        if data.len() == size && count != 1 {
            Ok((true, data))
        } else if data.len() == size * count {
            Ok((false, data))
        } else {
            let message =
                format!("elements hex data size is invalid for provided type: '{}'", type_to_string(self.ctx, ty));
            Err(self.error_at(offset, message))
        }
    }

    /// The `DenseStrings` attribute of type `ty` holding `literal`, whose elements must be strings.
    fn string_elements_attr(&mut self, literal: ElementsLiteral, ty: Type, offset: u32) -> ParseResult<Attribute> {
        let mut values = Vec::with_capacity(literal.scalars.len());
        for scalar in literal.scalars {
            let Scalar::Str(text) = scalar else {
                return Err(self.error_at(offset, "expected string token"));
            };
            values.push(text);
        }
        // Equal elements are stored once, as a splat (one element alone is no splat).
        let all_equal = values.windows(2).all(|pair| pair[0] == pair[1]);
        if all_equal {
            values.truncate(1);
        }
        let splat = all_equal && !values.is_empty() && self.ctx.num_elements(ty) != Some(1);
        Ok(self.ctx.intern_attr(AttrKind::DenseStrings { ty, splat, values }))
    }

    /// True for the element types stored as bytes: integers, floats, `index`, and `complex` of
    /// those.
    fn is_numeric_element(&self, element: Type) -> bool {
        match self.ctx.type_kind(element) {
            TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index => true,
            TypeKind::Complex(part) => self.is_numeric_element(*part),
            _ => false,
        }
    }

    fn element_size(&mut self, element: Type, offset: u32) -> ParseResult<usize> {
        match self.ctx.type_kind(element) {
            TypeKind::Complex(part) => Ok(2 * self.element_size(*part, offset)?),
            TypeKind::Integer { width, .. } if *width > MAX_ELEMENT_BITS => {
                Err(self
                    .error_at(offset, format!("integer elements wider than {MAX_ELEMENT_BITS} bits are not supported")))
            }
            TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index => {
                Ok(self.ctx.scalar_byte_size(element).expect("scalar type"))
            }
            _ => Err(self.error_at(offset, "unsupported element type for elements literal")),
        }
    }

    /// Parses a nested `[...]` literal, appending scalars; returns its shape.
    fn parse_literal_list(&mut self, scalars: &mut Vec<Scalar>) -> ParseResult<Vec<i64>> {
        self.enter()?;
        let start = self.tok.start;
        let mut child_shape: Option<Vec<i64>> = None;
        let mut count = 0i64;
        self.parse_delimited(TokenKind::LSquare, TokenKind::RSquare, |p| {
            let shape = if p.is(TokenKind::LSquare) {
                p.parse_literal_list(scalars)?
            } else {
                scalars.push(p.parse_scalar()?);
                Vec::new()
            };
            match &child_shape {
                Some(existing) if *existing != shape => {
                    return Err(
                        p.error_at(start, "tensor literal is invalid; ranks are not consistent between elements")
                    );
                }
                Some(_) => {}
                None => child_shape = Some(shape),
            }
            count += 1;
            Ok(())
        })?;
        self.leave();
        let mut shape = vec![count];
        shape.extend(child_shape.unwrap_or_default());
        Ok(shape)
    }

    /// Appends the storage bytes of `scalar` as an element of type `element`.
    fn encode_scalar(&mut self, scalar: &Scalar, element: Type, offset: u32, out: &mut Vec<u8>) -> ParseResult<()> {
        // `i0` elements take one (zero) byte each, so that their count is kept.
        let size = self.ctx.scalar_byte_size(element).unwrap_or(0).max(1);
        match (self.ctx.type_kind(element).clone(), scalar) {
            (TypeKind::Complex(part), Scalar::Complex(parts)) => {
                self.encode_scalar(&parts.0, part, offset, out)?;
                self.encode_scalar(&parts.1, part, offset, out)?;
            }
            (TypeKind::Complex(_), _) => {
                return Err(self.error_at(offset, "expected a complex element literal '(re, im)'"));
            }
            (_, Scalar::Complex(_)) => {
                return Err(self.error_at(offset, "unexpected complex literal for a non-complex element type"));
            }
            (TypeKind::Float(kind), Scalar::Hex(_) | Scalar::WideHex(_)) if wide_float::is_wide(kind) => {
                let bits = self.check_wide_float_bits(scalar, kind, offset)?;
                out.extend_from_slice(&bits.to_le_bytes()[..size]);
            }
            (TypeKind::Float(kind), Scalar::Hex(bits)) => {
                let bits = self.check_float_bits(*bits, kind, offset)?;
                out.extend_from_slice(&bits.to_le_bytes()[..size]);
            }
            (TypeKind::Float(_), Scalar::WideHex(_)) => {
                return Err(self.error_at(offset, "hexadecimal float constant out of range for type"));
            }
            (
                TypeKind::Integer { width, signedness },
                Scalar::Int(_) | Scalar::Hex(_) | Scalar::WideInt(_) | Scalar::WideHex(_) | Scalar::Big { .. },
            ) if width > 128 => {
                let value = big_integer_literal(scalar).expect("an integer literal");
                self.check_big_integer_range(&value, element, offset)?;
                let mut bytes = wrap_to_width(value, width, signedness).to_signed_bytes_le();
                let fill = if bytes.last().is_some_and(|&b| b & 0x80 != 0) { 0xff } else { 0 };
                bytes.resize(size, fill);
                out.extend_from_slice(&bytes[..size]);
            }
            (TypeKind::Integer { .. } | TypeKind::Index, Scalar::WideHex(m) | Scalar::WideInt(m)) => {
                let value = self.wide_integer(*m, element, offset)?;
                out.extend_from_slice(&value.to_le_bytes()[..size]);
            }
            (TypeKind::Float(_), Scalar::Int(_) | Scalar::WideInt(_)) => {
                return Err(self.error_at(offset, "unexpected decimal integer literal for a floating point value"));
            }
            (TypeKind::Float(kind), Scalar::Float(v)) => encode_float(*v, kind, out),
            (TypeKind::Integer { .. } | TypeKind::Index, Scalar::Int(v) | Scalar::Hex(v)) => {
                self.check_integer_range(*v, element, offset)?;
                out.extend_from_slice(&v.to_le_bytes()[..size]);
            }
            (TypeKind::Integer { width: 1, .. }, Scalar::Bool(b)) => out.push(*b as u8),
            (_, Scalar::Bool(_)) => return Err(self.error_at(offset, "expected i1 type for 'true' or 'false' values")),
            (TypeKind::Integer { .. } | TypeKind::Index, Scalar::Float(_)) => {
                return Err(self.error_at(offset, "expected integer elements, but parsed floating-point"));
            }
            (_, Scalar::Big { .. }) => return Err(self.error_at(offset, "integer constant out of range for type")),
            _ => return Err(self.error_at(offset, "element literal does not match the element type")),
        }
        Ok(())
    }

    /// Parses `dense_resource<name> : type`.
    fn parse_dense_resource(&mut self) -> ParseResult<Attribute> {
        self.advance()?;
        self.expect(TokenKind::Less, "'<' after 'dense_resource'")?;
        let name = match self.tok.kind {
            TokenKind::BareIdentifier => self.text().to_string(),
            TokenKind::String => {
                let bytes = self.tok.string_value(self.src).expect("string token").into_owned();
                String::from_utf8(bytes).map_err(|_| self.error_here("resource name is not valid UTF-8"))?
            }
            _ => return Err(self.error_here("expected identifier key for 'resource' entry")),
        };
        self.advance()?;
        self.expect(TokenKind::Greater, "'>' after resource handle")?;
        self.expect(TokenKind::Colon, "':' and a type after dense_resource")?;
        let type_offset = self.tok.start;
        let ty = self.parse_type()?;
        if self.ctx.static_shaped_parts(ty).is_none() {
            return Err(self.error_at(type_offset, "`dense_resource` expected a shaped type"));
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseResource { name, ty }))
    }

    /// Parses `array<i32: 1, 2>` or `array<f32>`.
    fn parse_dense_array(&mut self) -> ParseResult<Attribute> {
        self.advance()?;
        self.expect(TokenKind::Less, "'<' after 'array'")?;
        let type_offset = self.tok.start;
        let element = self.parse_type()?;
        self.element_size(element, type_offset)?;
        let mut data = Vec::new();
        if !self.is(TokenKind::Greater) {
            self.expect(TokenKind::Colon, "':' after dense array type")?;
            self.parse_comma_separated(|p| {
                let offset = p.tok.start;
                let scalar = p.parse_scalar()?;
                p.encode_scalar(&scalar, element, offset, &mut data)
            })?;
        }
        self.expect(TokenKind::Greater, "'>' to close an array attribute")?;
        Ok(self.ctx.intern_attr(AttrKind::DenseArray { element, data }))
    }
}

fn join(shape: &[i64]) -> String {
    shape.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

/// Decodes `0x...` hex text.
pub(super) fn decode_hex(text: &[u8]) -> Option<Vec<u8>> {
    let digits = text.strip_prefix(b"0x")?;
    if digits.len() % 2 != 0 {
        return None;
    }
    digits
        .chunks(2)
        .map(|pair| {
            let hi = (pair[0] as char).to_digit(16)?;
            let lo = (pair[1] as char).to_digit(16)?;
            Some((hi * 16 + lo) as u8)
        })
        .collect()
}

fn encode_float(value: f64, kind: FloatKind, out: &mut Vec<u8>) {
    let size = (kind.width() as usize).div_ceil(8);
    if wide_float::is_wide(kind) {
        out.extend_from_slice(&wide_float::bits_from_f64(value, kind).to_le_bytes()[..size]);
    } else {
        out.extend_from_slice(&float_to_bits(value, kind).to_le_bytes()[..size]);
    }
}

/// Stores data whose elements are all equal as a splat, as MLIR does.
fn canonical_splat(splat: bool, data: Vec<u8>, size: usize) -> (bool, Vec<u8>) {
    if splat || data.len() <= size || size == 0 {
        return (splat, data);
    }
    let first = &data[..size];
    if data.chunks(size).all(|c| c == first) { (true, first.to_vec()) } else { (false, data) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_decoding() {
        assert_eq!(decode_hex(b"0x01fF"), Some(vec![1, 255]));
        assert_eq!(decode_hex(b"0x1"), None);
        assert_eq!(decode_hex(b"01"), None);
        assert_eq!(decode_hex(b"0xZZ"), None);
    }

    #[test]
    fn equal_elements_become_a_splat() {
        assert_eq!(canonical_splat(false, vec![1, 0, 1, 0], 2), (true, vec![1, 0]));
        assert_eq!(canonical_splat(false, vec![1, 0, 2, 0], 2), (false, vec![1, 0, 2, 0]));
    }

    /// Parses `#a = <attr>` and prints the attribute back, or returns the error message.
    fn parse_attr(text: &str) -> Result<String, String> {
        use crate::diagnostics::source::SourceBuffer;
        use crate::printer::attributes::attr_to_string;
        let mut ctx = crate::Context::new();
        let buffer = SourceBuffer::new("t.mlir", format!("#a = {text}"), 1);
        let mut parser = Parser::new(&mut ctx, &buffer);
        parser.parse_top_level().map_err(|d| d.message)?;
        let attr = parser.attr_aliases["a"];
        Ok(attr_to_string(&ctx, attr))
    }

    // Found by the `parse` fuzz target: in float elements an integer was taken as a value, so
    // `dense<0x7C00> : tensor<2xf16>` (how infinity prints) parsed back as 31744.0. As in MLIR,
    // a hexadecimal integer is the float's bit pattern and a decimal integer is an error.
    #[test]
    fn hex_float_elements_are_bit_patterns() {
        assert_eq!(parse_attr("dense<0x7C00> : tensor<2xf16>").as_deref(), Ok("dense<0x7C00> : tensor<2xf16>"));
        assert_eq!(
            parse_attr("dense<[0x3C00, 2.0]> : tensor<2xf16>").as_deref(),
            Ok("dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf16>")
        );
        assert_eq!(parse_attr("array<f32: 0x3F800000>").as_deref(), Ok("array<f32: 1.000000e+00>"));
        assert_eq!(parse_attr("0x7FF0000000000000 : f64").as_deref(), Ok("0x7FF0000000000000 : f64"));
        assert_eq!(parse_attr("dense<-0x10> : tensor<2xi8>").as_deref(), Ok("dense<-16> : tensor<2xi8>"));
        let out_of_range = Err("hexadecimal float constant out of range for type".to_string());
        assert_eq!(parse_attr("dense<0x7FC00000> : tensor<2xf16>"), out_of_range);
        assert_eq!(parse_attr("0x10000 : bf16"), out_of_range);
        let minus = Err("hexadecimal float literal should not have a leading minus".to_string());
        assert_eq!(parse_attr("dense<-0x7C00> : tensor<2xf16>"), minus);
        assert_eq!(parse_attr("-0x3C00 : f16"), minus);
        let decimal = Err("unexpected decimal integer literal for a floating point value".to_string());
        assert_eq!(parse_attr("dense<[1.0, 2]> : tensor<2xf32>"), decimal);
        assert_eq!(parse_attr("array<f32: 1>"), decimal);
    }

    // Found by the `parse` fuzz target: `i1` hex data was kept byte by byte, so any non-zero byte
    // printed as `true` and `"0x01020304"` printed as a list that parsed back as a splat.
    #[test]
    fn bool_hex_elements_are_bit_packed() {
        assert_eq!(
            parse_attr("dense<\"0x02\"> : tensor<4xi1>").as_deref(),
            Ok("dense<[false, true, false, false]> : tensor<4xi1>")
        );
        assert_eq!(parse_attr("dense<\"0x0F\"> : tensor<4xi1>").as_deref(), Ok("dense<true> : tensor<4xi1>"));
        assert_eq!(parse_attr("dense<\"0xFF\"> : tensor<20xi1>").as_deref(), Ok("dense<true> : tensor<20xi1>"));
        assert_eq!(parse_attr("dense<\"0x00\"> : tensor<2x3xi1>").as_deref(), Ok("dense<false> : tensor<2x3xi1>"));
        assert_eq!(
            parse_attr("dense<\"0x0100\"> : tensor<9xi1>").as_deref(),
            Ok("dense<[true, false, false, false, false, false, false, false, false]> : tensor<9xi1>")
        );
        assert_eq!(
            parse_attr("dense<\"0x01020304\"> : tensor<4xi1>"),
            Err("elements hex data size is invalid for provided type".to_string())
        );
    }

    #[test]
    fn string_elements_keep_bytes_and_become_splats() {
        assert_eq!(
            parse_attr(r#"dense<["a", "\FF\""]> : tensor<2x!foo.s>"#).as_deref(),
            Ok(r#"dense<["a", "\FF\22"]> : tensor<2x!foo.s>"#)
        );
        assert_eq!(
            parse_attr(r#"dense<["a", "a"]> : tensor<2x!foo.s>"#).as_deref(),
            Ok(r#"dense<"a"> : tensor<2x!foo.s>"#)
        );
        // A string that looks like hex data is an element when the elements are no numbers.
        assert_eq!(
            parse_attr(r#"dense<"0x01"> : tensor<1x!foo.s>"#).as_deref(),
            Ok(r#"dense<"0x01"> : tensor<1x!foo.s>"#)
        );
        assert_eq!(parse_attr(r#"dense<["a", 1]> : tensor<2x!foo.s>"#), Err("expected string token".to_string()));
    }

    #[test]
    fn sparse_indices_and_values_take_their_shapes_from_the_literals() {
        assert_eq!(
            parse_attr("sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>").as_deref(),
            Ok("sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>")
        );
        // One index stands for one index with equal coordinates, one value for all indices.
        assert_eq!(
            parse_attr("sparse<[[1, 1]], [2.0]> : tensor<3x4xf32>").as_deref(),
            Ok("sparse<1, 2.000000e+00> : tensor<3x4xf32>")
        );
        assert_eq!(parse_attr("sparse<[], []> : tensor<2xi8>").as_deref(), Ok("sparse<> : tensor<2xi8>"));
        assert_eq!(
            parse_attr("sparse<[[0, 4]], [1]> : tensor<3x4xi32>"),
            Err("sparse index #0 is not contained within the value shape, with index=[0, 4], and type='tensor<3x4xi32>'".to_string())
        );
        assert_eq!(
            parse_attr("sparse<[0, 1], [1]> : tensor<3xi8>"),
            Err(
                "expected shape ([3]); inferred shape of indices literal ([2]); inferred shape of values literal ([1])"
                    .to_string()
            )
        );
    }

    // Found by the `parse` fuzz target: elements wider than 16 bytes overflowed an `i128` buffer.
    #[test]
    fn wide_integer_elements_keep_their_values() {
        assert_eq!(parse_attr("dense<7> : tensor<4xi632>").as_deref(), Ok("dense<7> : tensor<4xi632>"));
        let bits = format!("dense<\"0x{}01\"> : tensor<i129>", "00".repeat(16));
        assert_eq!(parse_attr(&bits).as_deref(), Ok("dense<-340282366920938463463374607431768211456> : tensor<i129>"));
        assert_eq!(parse_attr("array<i200: 1, -2>").as_deref(), Ok("array<i200: 1, -2>"));
        let big = "dense<[-1, 1606938044258990275541962092341162602522202993782792835301376]> : tensor<2xsi256>";
        assert_eq!(parse_attr(big).as_deref(), Ok(big));
        let unsupported = Err("integer elements wider than 4096 bits are not supported".to_string());
        assert_eq!(parse_attr("dense<7> : tensor<4xi4097>"), unsupported);
        assert_eq!(parse_attr("dense<-1> : tensor<2xi128>").as_deref(), Ok("dense<-1> : tensor<2xi128>"));
        assert_eq!(parse_attr("5 : i632").as_deref(), Ok("5 : i632"));
    }
}
