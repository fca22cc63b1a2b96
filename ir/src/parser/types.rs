//! Parsing types: builtin integer/float/index/none/function/tensor types, quantized and buffer
//! types, `!alias` and opaque dialect types.

use super::lexer::TokenKind;
use super::{ParseResult, Parser};
use crate::buffer::{BufferType, row_major_strides, verify_buffer};
use crate::printer::attributes::{attr_to_string, type_to_string};
use crate::quant::{QuantParams, QuantizedType, verify_quantized};
use crate::float_format::positive_finite_range;
use crate::types::{FloatKind, MAX_INTEGER_WIDTH, Signedness, Type, TypeKind};
use crate::wide_float;

/// Recognizes `i32`, `si8`, `ui16`.
pub(super) fn integer_type_spelling(text: &str) -> Option<(Signedness, &str)> {
    let (signedness, digits) = if let Some(rest) = text.strip_prefix("si") {
        (Signedness::Signed, rest)
    } else if let Some(rest) = text.strip_prefix("ui") {
        (Signedness::Unsigned, rest)
    } else {
        (Signedness::Signless, text.strip_prefix('i')?)
    };
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some((signedness, digits))
}

/// True if a bare identifier starts a type (used to tell type attributes from other attributes).
pub(super) fn is_type_keyword(text: &str) -> bool {
    integer_type_spelling(text).is_some()
        || matches!(text, "index" | "none" | "tensor" | "memref" | "vector" | "complex" | "tuple")
        || FloatKind::from_keyword(text).is_some()
}

/// True for MLIR builtin type keywords that mc does not support (other identifiers are no type).
fn is_unsupported_builtin_type(text: &str) -> bool {
    is_type_keyword(text) || matches!(text, "f80" | "f128")
}

impl Parser<'_> {
    /// Parses any type.
    pub(super) fn parse_type(&mut self) -> ParseResult<Type> {
        self.check_token()?;
        match self.tok.kind {
            TokenKind::LParen => self.parse_function_type(),
            TokenKind::ExclamationIdentifier => self.parse_dialect_or_alias_type(),
            TokenKind::BareIdentifier => self.parse_builtin_type(),
            _ => Err(self.error_wrong_token("expected non-function type")),
        }
    }

    /// Parses `(t1, t2) -> results`.
    pub(super) fn parse_function_type(&mut self) -> ParseResult<Type> {
        self.enter()?;
        let inputs = self.parse_type_list_parens()?;
        self.expect(TokenKind::Arrow, "'->' in function type")?;
        let results = self.parse_function_result_types()?;
        self.leave();
        Ok(self.ctx.function_type(inputs, results))
    }

    /// Parses `(t1, t2)`, possibly empty.
    pub(super) fn parse_type_list_parens(&mut self) -> ParseResult<Vec<Type>> {
        let mut types = Vec::new();
        self.parse_delimited(TokenKind::LParen, TokenKind::RParen, |p| {
            types.push(p.parse_type()?);
            Ok(())
        })?;
        Ok(types)
    }

    /// Parses function results: `(t1, t2)` or a single non-function type.
    pub(super) fn parse_function_result_types(&mut self) -> ParseResult<Vec<Type>> {
        if self.is(TokenKind::LParen) {
            return self.parse_type_list_parens();
        }
        Ok(vec![self.parse_type()?])
    }

    fn parse_builtin_type(&mut self) -> ParseResult<Type> {
        let text = self.text();
        let ty = if let Some((signedness, digits)) = integer_type_spelling(text) {
            let width = digits.parse::<u32>().ok().filter(|&w| w <= MAX_INTEGER_WIDTH);
            let Some(width) = width else {
                return Err(self.error_here(format!("integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits")));
            };
            self.ctx.intern_type(TypeKind::Integer { width, signedness })
        } else {
            match text {
                float if FloatKind::from_keyword(float).is_some() => {
                    self.ctx.float_type(FloatKind::from_keyword(float).expect("a float keyword"))
                }
                "index" => self.ctx.index_type(),
                "none" => self.ctx.none_type(),
                "tensor" | "vector" | "memref" | "tuple" | "complex" => {
                    let (keyword, start) = (text, self.tok.start);
                    self.advance()?;
                    return match keyword {
                        "tensor" => self.parse_tensor_type(),
                        "vector" => self.parse_vector_type(start),
                        "memref" => self.parse_memref_type(start),
                        "tuple" => self.parse_tuple_type(),
                        _ => self.parse_complex_type(),
                    };
                }
                other if is_unsupported_builtin_type(other) => {
                    return Err(self.error_here(format!("unsupported type '{other}'")));
                }
                _ => return Err(self.error_wrong_token("expected non-function type")),
            }
        };
        self.advance()?;
        Ok(ty)
    }

    /// Restarts lexing at `offset` (inside the current token) and reads the next token.
    pub(super) fn relex_from(&mut self, offset: u32) -> ParseResult<()> {
        self.lexer.reset_to(offset);
        self.advance()
    }

    fn parse_dialect_or_alias_type(&mut self) -> ParseResult<Type> {
        let name = &self.text()[1..];
        if name == "quant.uniform" {
            return self.parse_quantized_type();
        }
        if name == "buffer" && self.src.as_bytes().get(self.tok.end as usize) == Some(&b'<') {
            return self.parse_buffer_type();
        }
        if let Some(element) = name.strip_prefix("buffer.") {
            // Upstream prints a rank-0 `!buffer<f32>` in its pretty form `!buffer.f32`.
            let Some(element) = self.scalar_keyword_type(element) else {
                return Err(self.error_here(format!("unknown buffer type '!{name}'")));
            };
            self.advance()?;
            return Ok(self.ctx.buffer_type(Vec::new(), element));
        }
        if name.contains('.') || self.src.as_bytes().get(self.tok.end as usize) == Some(&b'<') {
            let text = self.parse_dialect_symbol_body()?;
            return Ok(self.ctx.intern_type(TypeKind::Opaque(text)));
        }
        let Some(&ty) = self.type_aliases.get(name) else {
            return Err(self.error_here(format!("undefined symbol alias id '{name}'")));
        };
        self.advance()?;
        Ok(ty)
    }

    /// Takes the text of a dialect type or attribute after its sigil: `foo.bar` plus a balanced
    /// `<...>` body if one follows directly.
    pub(super) fn parse_dialect_symbol_body(&mut self) -> ParseResult<String> {
        let start = self.tok.start as usize + 1;
        let mut end = self.tok.end as usize;
        let bytes = self.src.as_bytes();
        if bytes.get(end) == Some(&b'<') {
            end = match balanced_body_end(bytes, end) {
                Some(e) => e,
                None => return Err(self.error_here("unbalanced '<' character in pretty dialect name")),
            };
        }
        let text = self.src[start..end].to_string();
        self.record_aliases_in_opaque_text(&text);
        self.relex_from(end as u32)?;
        Ok(text)
    }

    /// Keeps the definitions of the aliases that the opaque dialect text `text` names (`#a`,
    /// `!t`), which stay in the text, so that the printer can define them again.
    fn record_aliases_in_opaque_text(&mut self, text: &str) {
        for reference in alias_references(text) {
            let name = &reference[1..];
            if self.ctx.opaque_alias_defs.iter().any(|(known, _)| known == reference) {
                continue;
            }
            let definition = if reference.starts_with('!') {
                self.type_aliases.get(name).map(|&ty| type_to_string(self.ctx, ty))
            } else {
                self.attr_aliases.get(name).map(|&attr| attr_to_string(self.ctx, attr))
            };
            if let Some(definition) = definition {
                self.ctx.opaque_alias_defs.push((reference.to_string(), format!("{reference} = {definition}")));
            }
        }
    }

    /// The integer, float or `index` type spelled `text` (`i8`, `f32`, `index`), if it is one.
    fn scalar_keyword_type(&mut self, text: &str) -> Option<Type> {
        if let Some((signedness, digits)) = integer_type_spelling(text) {
            let width = digits.parse::<u32>().ok().filter(|&w| w <= MAX_INTEGER_WIDTH)?;
            return Some(self.ctx.intern_type(TypeKind::Integer { width, signedness }));
        }
        if let Some(kind) = FloatKind::from_keyword(text) {
            return Some(self.ctx.float_type(kind));
        }
        Some(match text {
            "index" => self.ctx.index_type(),
            _ => return None,
        })
    }

    /// Parses `!buffer<shape x element>` with an optional layout `, strides: [s0, ...]` and/or
    /// `, offset: n` (row-major strides and offset 0 when left out); see [`crate::buffer`].
    fn parse_buffer_type(&mut self) -> ParseResult<Type> {
        let start = self.tok.start;
        self.advance()?;
        self.enter()?;
        self.expect(TokenKind::Less, "'<' after 'buffer'")?;
        let shape = self.parse_shape(false, false)?.dims;
        let element = self.parse_type()?;
        let (mut strides, mut offset) = (None, None);
        while self.consume_if(TokenKind::Comma)? {
            if self.is_keyword("strides") && strides.is_none() {
                self.advance()?;
                self.expect(TokenKind::Colon, "':' after 'strides'")?;
                let mut values = Vec::new();
                self.parse_delimited(TokenKind::LSquare, TokenKind::RSquare, |p| {
                    values.push(p.parse_signed_integer("stride")?);
                    Ok(())
                })?;
                strides = Some(values);
            } else if self.is_keyword("offset") && offset.is_none() {
                self.advance()?;
                self.expect(TokenKind::Colon, "':' after 'offset'")?;
                offset = Some(self.parse_signed_integer("offset")?);
            } else {
                let expected = match (strides.is_some(), offset.is_some()) {
                    (false, false) => "'strides' or 'offset'",
                    (false, true) => "'strides'",
                    _ => "'offset'",
                };
                return Err(self.error_here(format!("expected {expected} in buffer type")));
            }
        }
        self.expect(TokenKind::Greater, "'>' to close the buffer type")?;
        self.leave();
        let strides = strides.unwrap_or_else(|| row_major_strides(&shape));
        let buffer = BufferType { shape, element, strides, offset: offset.unwrap_or(0) };
        if let Err(message) = verify_buffer(self.ctx, &buffer) {
            return Err(self.error_at(start, message));
        }
        Ok(self.ctx.intern_buffer_type(buffer))
    }

    /// Parses `!quant.uniform<storage[<min:max>]:expressed[:axis], params>` (MLIR's spelling).
    fn parse_quantized_type(&mut self) -> ParseResult<Type> {
        let start = self.tok.start;
        self.advance()?;
        self.expect(TokenKind::Less, "'<' after 'quant.uniform'")?;
        let storage = self.text();
        let (signed, digits) = match (storage.strip_prefix('i'), storage.strip_prefix('u')) {
            (Some(d), _) => (true, d),
            (_, Some(d)) => (false, d),
            _ => return Err(self.error_here("expected storage type like 'i8' or 'u8'")),
        };
        let Some(storage_width) = digits.parse::<u32>().ok().filter(|w| (1..=32).contains(w)) else {
            return Err(self.error_here(format!("illegal storage type '{storage}'")));
        };
        self.advance()?;
        let (mut storage_min, mut storage_max) = QuantizedType::default_range(storage_width, signed);
        if self.consume_if(TokenKind::Less)? {
            storage_min = self.parse_signed_integer("storage min")?;
            self.expect(TokenKind::Colon, "':' between storage min and max")?;
            storage_max = self.parse_signed_integer("storage max")?;
            self.expect(TokenKind::Greater, "'>' after storage range")?;
        }
        self.expect(TokenKind::Colon, "':' before the expressed type")?;
        let expressed = self.parse_type()?;
        enum Granularity {
            PerTensor,
            PerAxis(i32),
            SubChannel(Vec<(i32, i64)>),
        }
        let granularity = if !self.consume_if(TokenKind::Colon)? {
            Granularity::PerTensor
        } else if self.is(TokenKind::LBrace) {
            let mut block_sizes = Vec::new();
            self.parse_delimited(TokenKind::LBrace, TokenKind::RBrace, |p| {
                let dimension = p.parse_quantized_dimension()?;
                p.expect(TokenKind::Colon, "':' between a dimension and its block size")?;
                block_sizes.push((dimension, p.parse_signed_integer("block size")?));
                Ok(())
            })?;
            Granularity::SubChannel(block_sizes)
        } else {
            Granularity::PerAxis(self.parse_quantized_dimension()?)
        };
        self.expect(TokenKind::Comma, "',' before the quantization parameters")?;
        let params = match granularity {
            Granularity::PerTensor => {
                let (scale, zero_point) = self.parse_scale_zero_point(expressed)?;
                QuantParams::PerTensor { scale_bits: scale.to_bits(), zero_point }
            }
            Granularity::SubChannel(block_sizes) => {
                let (mut scale_bits, mut zero_points) = (Vec::new(), Vec::new());
                let shape = self.parse_block_parameters(expressed, &mut scale_bits, &mut zero_points)?;
                QuantParams::SubChannel { block_sizes, shape, scale_bits, zero_points }
            }
            Granularity::PerAxis(axis) => {
                let (mut scale_bits, mut zero_points) = (Vec::new(), Vec::new());
                self.parse_delimited(TokenKind::LBrace, TokenKind::RBrace, |p| {
                    let (scale, zero_point) = p.parse_scale_zero_point(expressed)?;
                    scale_bits.push(scale.to_bits());
                    zero_points.push(zero_point);
                    Ok(())
                })?;
                QuantParams::PerAxis { axis, scale_bits, zero_points }
            }
        };
        self.expect(TokenKind::Greater, "'>' to close the quantized type")?;
        let quantized = QuantizedType { storage_width, signed, storage_min, storage_max, expressed, params };
        if let Err(message) = verify_quantized(self.ctx, &quantized) {
            return Err(self.error_at(start, message));
        }
        Ok(self.ctx.quantized_type(quantized))
    }

    /// Parses a quantized dimension (an `i32`).
    fn parse_quantized_dimension(&mut self) -> ParseResult<i32> {
        let dimension = self.parse_signed_integer("quantized dimension")?;
        i32::try_from(dimension).map_err(|_| self.error_here("quantized dimension out of range"))
    }

    /// Parses the nested `{{s:z, s}, {s, s}}` parameters of sub-channel quantization, appending
    /// them row-major; returns their shape.
    fn parse_block_parameters(
        &mut self,
        expressed: Type,
        scale_bits: &mut Vec<u64>,
        zero_points: &mut Vec<i64>,
    ) -> ParseResult<Vec<i64>> {
        self.enter()?;
        let start = self.tok.start;
        let mut child_shape: Option<Vec<i64>> = None;
        let mut count = 0i64;
        self.parse_delimited(TokenKind::LBrace, TokenKind::RBrace, |p| {
            let shape = if p.is(TokenKind::LBrace) {
                p.parse_block_parameters(expressed, scale_bits, zero_points)?
            } else {
                let (scale, zero_point) = p.parse_scale_zero_point(expressed)?;
                scale_bits.push(scale.to_bits());
                zero_points.push(zero_point);
                Vec::new()
            };
            if child_shape.get_or_insert_with(|| shape.clone()) != &shape {
                return Err(p.error_at(start, "tensor literal is invalid; ranks are not consistent between elements"));
            }
            count += 1;
            Ok(())
        })?;
        self.leave();
        if count == 0 {
            return Err(self.error_at(start, "expected floating point literal"));
        }
        let mut shape = vec![count];
        shape.extend(child_shape.unwrap_or_default());
        Ok(shape)
    }

    /// Parses `scale` or `scale:zero_point`; as upstream, the scale must lie in the positive
    /// finite range of the `expressed` type.
    fn parse_scale_zero_point(&mut self, expressed: Type) -> ParseResult<(f64, i64)> {
        let negative = self.consume_if(TokenKind::Minus)?;
        // As upstream, a hexadecimal scale is the bit pattern of an `f64`.
        let scale = match self.tok.kind {
            TokenKind::Integer if self.text().starts_with("0x") => {
                if negative {
                    return Err(self.error_here("hexadecimal float literal should not have a leading minus"));
                }
                u64::from_str_radix(&self.text()[2..], 16).ok().map(f64::from_bits)
            }
            TokenKind::Float | TokenKind::Integer => self.text().parse::<f64>().ok(),
            _ => None,
        };
        let Some(scale) = scale.map(|s| if negative { -s } else { s }) else {
            return Err(self.error_here("expected scale"));
        };
        self.advance()?;
        if let TypeKind::Float(kind) = *self.ctx.type_kind(expressed)
            && !wide_float::is_wide(kind)
        {
            let (smallest, largest) = positive_finite_range(kind);
            if !(smallest..=largest).contains(&scale) {
                let [scale, smallest, largest] = [scale, smallest, largest].map(c_scientific);
                return Err(
                    self.error_here(format!("scale {scale} out of expressed type range [{smallest}, {largest}]"))
                );
            }
        }
        let zero_point = if self.consume_if(TokenKind::Colon)? { self.parse_signed_integer("zero point")? } else { 0 };
        Ok((scale, zero_point))
    }

    /// Parses `[-]integer` into an `i64`.
    fn parse_signed_integer(&mut self, what: &str) -> ParseResult<i64> {
        let negative = self.consume_if(TokenKind::Minus)?;
        let value = if self.is(TokenKind::Integer) { self.text().parse::<i64>().ok() } else { None };
        let Some(value) = value else { return Err(self.error_here(format!("expected integer {what}"))) };
        self.advance()?;
        Ok(if negative { -value } else { value })
    }

    /// Parses `!name = type` at the top level.
    pub(super) fn parse_type_alias_def(&mut self) -> ParseResult<()> {
        let name = self.text()[1..].to_string();
        if name.contains('.') {
            return Err(self.error_here("type names with a '.' are reserved for dialect-defined names"));
        }
        if self.type_aliases.contains_key(&name) {
            return Err(self.error_here(format!("redefinition of type alias id '{name}'")));
        }
        self.advance()?;
        self.expect(TokenKind::Equal, "'=' in type alias definition")?;
        let ty = self.parse_type()?;
        self.type_aliases.insert(name, ty);
        Ok(())
    }
}

/// The alias references (`#name`, `!name`: no dialect prefix) in `text`.
pub(crate) fn alias_references(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    (0..bytes.len()).filter_map(move |start| {
        let sigil = bytes[start];
        let after_identifier = start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_');
        if !matches!(sigil, b'#' | b'!') || after_identifier {
            return None;
        }
        let length = bytes[start + 1..]
            .iter()
            .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-'))
            .count();
        let reference = &text[start..start + 1 + length];
        let first = bytes.get(start + 1).copied().unwrap_or(b'0');
        (length > 0 && (first.is_ascii_alphabetic() || first == b'_') && !reference.contains('.')).then_some(reference)
    })
}

/// Given `open` pointing at `<`, the offset just past the matching `>`; `->` does not close.
pub(super) fn balanced_body_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut stack: Vec<u8> = Vec::new();
    let mut i = open;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'<' | b'(' | b'[' | b'{' => stack.push(c),
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b'>' | b')' | b']' | b'}' => {
                let expected = match c {
                    b'>' => b'<',
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if stack.pop() != Some(expected) {
                    return None;
                }
                if stack.is_empty() {
                    return Some(i + 1);
                }
            }
            b'"' => loop {
                i += 1;
                match bytes.get(i) {
                    None | Some(b'\n') => return None,
                    Some(b'"') => break,
                    Some(b'\\') => i += 1,
                    Some(_) => {}
                }
            },
            _ => {}
        }
        i += 1;
    }
    None
}

/// `x` as C's `%e` prints it (`1.000000e+10`, `5.960464e-08`), as upstream's messages show doubles.
fn c_scientific(x: f64) -> String {
    let text = format!("{x:.6e}");
    match text.split_once('e') {
        Some((mantissa, exponent)) => {
            let exponent: i32 = exponent.parse().expect("exponent of {:e}");
            format!("{mantissa}e{}{:02}", if exponent < 0 { '-' } else { '+' }, exponent.abs())
        }
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_balance_brackets_and_skip_arrows_and_strings() {
        assert_eq!(balanced_body_end(b"<a<b>c>rest", 0), Some(7));
        assert_eq!(balanced_body_end(b"<(i32) -> i32>", 0), Some(14));
        assert_eq!(balanced_body_end(b"<\">\">x", 0), Some(5));
        assert_eq!(balanced_body_end(b"<(>", 0), None);
        assert_eq!(balanced_body_end(b"<", 0), None);
        assert_eq!(balanced_body_end(b"<\"\\", 0), None);
    }

    #[test]
    fn integer_spellings() {
        assert_eq!(integer_type_spelling("i32"), Some((Signedness::Signless, "32")));
        assert_eq!(integer_type_spelling("ui8"), Some((Signedness::Unsigned, "8")));
        assert_eq!(integer_type_spelling("si1"), Some((Signedness::Signed, "1")));
        assert_eq!(integer_type_spelling("index"), None);
        assert_eq!(integer_type_spelling("i"), None);
    }
}
