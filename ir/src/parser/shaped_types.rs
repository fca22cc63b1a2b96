//! Parsing MLIR's shaped and composite builtin types: `tensor` (static, dynamic `?`, unranked
//! `*`, with an encoding), `vector` (fixed and scalable `[n]` dimensions), `memref` (layouts and
//! memory spaces, ranked and unranked), `tuple` and `complex`, with upstream's verifier rules.

use super::lexer::TokenKind;
use super::{ParseResult, Parser};
use crate::attributes::{AttrKind, Attribute};
use crate::types::{DYNAMIC, MemRefType, Type, TypeKind};

/// A dimension list as written before an element type.
pub(super) struct Shape {
    /// Sizes, [`DYNAMIC`] for `?`.
    pub dims: Vec<i64>,
    /// Per dimension: written `[n]` (vectors only).
    pub scalable: Vec<bool>,
    /// Written `*x` (unranked).
    pub unranked: bool,
}

impl Parser<'_> {
    /// Parses a dimension list `2x?x[4]x` (possibly empty, or `*x`), splitting tokens like
    /// `3xf32`; `?` and `[n]` are only accepted when allowed.
    pub(super) fn parse_shape(&mut self, allow_dynamic: bool, allow_scalable: bool) -> ParseResult<Shape> {
        let mut shape = Shape { dims: Vec::new(), scalable: Vec::new(), unranked: false };
        if allow_dynamic && self.is(TokenKind::Star) {
            self.advance()?;
            shape.unranked = true;
            self.expect_dimension_separator()?;
            return Ok(shape);
        }
        loop {
            self.check_token()?;
            let scalable = allow_scalable && self.is(TokenKind::LSquare);
            match self.tok.kind {
                TokenKind::Integer => self.parse_static_dimension(&mut shape.dims)?,
                TokenKind::Question if allow_dynamic => {
                    self.advance()?;
                    shape.dims.push(DYNAMIC);
                }
                TokenKind::LSquare if scalable => {
                    self.advance()?;
                    if !self.is(TokenKind::Integer) {
                        return Err(self.error_here("expected integer value"));
                    }
                    let dim = self.text().parse::<i64>().ok();
                    let Some(dim) = dim else { return Err(self.error_here("invalid dimension")) };
                    self.advance()?;
                    self.expect(TokenKind::RSquare, "']'")?;
                    shape.dims.push(dim);
                }
                TokenKind::Question => return Err(self.error_here("dynamic dimensions are not supported")),
                TokenKind::Star => return Err(self.error_here("unranked tensors are not supported")),
                _ => return Ok(shape),
            }
            shape.scalable.resize(shape.dims.len(), false);
            if scalable {
                *shape.scalable.last_mut().expect("a dimension") = true;
            }
            // Take the `NxNx` run that follows straight from the source: relexing the rest of
            // the identifier after each `x` would make a long shape quadratic.
            if !(self.tok.kind == TokenKind::BareIdentifier && self.text().starts_with('x')) {
                return Err(self.error_here("expected 'x' in dimension list"));
            }
            let end = self.scan_dimensions(self.tok.start as usize + 1, &mut shape.dims);
            shape.scalable.resize(shape.dims.len(), false);
            self.relex_from(end as u32)?;
        }
    }

    /// Parses one decimal dimension; `0xf32` is the dimension 0 followed by `xf32`.
    fn parse_static_dimension(&mut self, dims: &mut Vec<i64>) -> ParseResult<()> {
        let text = self.text();
        if text.starts_with("0x") {
            self.relex_from(self.tok.start + 1)?;
            dims.push(0);
            return Ok(());
        }
        let dim = text.parse::<i64>().ok();
        let Some(dim) = dim else { return Err(self.error_here("invalid dimension")) };
        self.advance()?;
        dims.push(dim);
        Ok(())
    }

    /// Appends the dimensions of a run of `<digits>x` starting at byte `pos`; returns where the
    /// run stops (at something other than a decimal dimension followed by `x`).
    fn scan_dimensions(&self, mut pos: usize, dims: &mut Vec<i64>) -> usize {
        let bytes = self.src.as_bytes();
        loop {
            let digits = bytes[pos..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 || bytes.get(pos + digits) != Some(&b'x') {
                return pos;
            }
            let Ok(dim) = self.src[pos..pos + digits].parse::<i64>() else { return pos };
            dims.push(dim);
            pos += digits + 1;
        }
    }

    /// Consumes the `x` after `*` (the start of an identifier like `xf32`).
    fn expect_dimension_separator(&mut self) -> ParseResult<()> {
        if !(self.tok.kind == TokenKind::BareIdentifier && self.text().starts_with('x')) {
            return Err(self.error_here("expected 'x' in dimension list"));
        }
        self.relex_from(self.tok.start + 1)
    }

    /// Parses `<shape x element [, encoding]>` after `tensor`.
    pub(super) fn parse_tensor_type(&mut self) -> ParseResult<Type> {
        self.enter()?;
        self.expect(TokenKind::Less, "'<' in tensor type")?;
        let shape = self.parse_shape(true, false)?;
        let element_offset = self.tok.start;
        let element = self.parse_type()?;
        if matches!(
            self.ctx.type_kind(element),
            TypeKind::Function { .. }
                | TypeKind::None
                | TypeKind::Tensor { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef(_)
                | TypeKind::UnrankedMemRef { .. }
        ) {
            return Err(self.error_at(element_offset, "invalid tensor element type"));
        }
        let encoding = if self.consume_if(TokenKind::Comma)? {
            let encoding = self.parse_attribute()?;
            if shape.unranked {
                return Err(self.error_here("cannot apply encoding to unranked tensor"));
            }
            Some(encoding)
        } else {
            None
        };
        self.expect(TokenKind::Greater, "'>' in tensor type")?;
        self.leave();
        Ok(if shape.unranked {
            self.ctx.intern_type(TypeKind::UnrankedTensor { element })
        } else if encoding.is_none() && !shape.dims.contains(&DYNAMIC) {
            self.ctx.tensor_type(shape.dims, element)
        } else {
            self.ctx.intern_type(TypeKind::RankedTensor { shape: shape.dims, element, encoding })
        })
    }

    /// Parses `<shape x element>` after `vector` (the keyword starts at `start`): positive static
    /// sizes, `[n]` scalable.
    pub(super) fn parse_vector_type(&mut self, start: u32) -> ParseResult<Type> {
        self.enter()?;
        self.expect(TokenKind::Less, "'<' in vector type")?;
        let shape = self.parse_shape(false, true)?;
        if shape.dims.iter().any(|&d| d <= 0) {
            let dims = shape.dims.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            return Err(self.error_at(start, format!("vector types must have positive constant sizes but got {dims}")));
        }
        let element = self.parse_type()?;
        if !matches!(self.ctx.type_kind(element), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)) {
            return Err(self.error_at(start, "failed to verify 'elementType': VectorElementTypeInterface instance"));
        }
        self.expect(TokenKind::Greater, "'>' in vector type")?;
        self.leave();
        Ok(self.ctx.intern_type(TypeKind::Vector { shape: shape.dims, scalable: shape.scalable, element }))
    }

    /// Parses `<shape x element [, layout] [, memory space]>` after `memref`.
    /// The keyword starts at `start`.
    pub(super) fn parse_memref_type(&mut self, start: u32) -> ParseResult<Type> {
        self.enter()?;
        self.expect(TokenKind::Less, "'<' in memref type")?;
        let shape = self.parse_shape(true, false)?;
        let element_offset = self.tok.start;
        let element = self.parse_type()?;
        let valid_element = matches!(
            self.ctx.type_kind(element),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::MemRef(_)
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::Quantized(_)
                // Upstream accepts the types of unregistered dialects (`OpaqueType`).
                | TypeKind::Opaque(_)
        );
        if !valid_element {
            return Err(self.error_at(element_offset, "invalid memref element type"));
        }
        let (mut layout, mut memory_space) = (None, None);
        while self.consume_if(TokenKind::Comma)? {
            let attr = self.parse_attribute()?;
            let is_layout = matches!(self.ctx.attr_kind(attr), AttrKind::AffineMap(_) | AttrKind::StridedLayout { .. });
            // As upstream, misplaced parts are reported after them.
            if is_layout && shape.unranked {
                return Err(self.error_here("cannot have affine map for unranked memref type"));
            } else if is_layout && memory_space.is_some() {
                return Err(self.error_here("expected memory space to be last in memref type"));
            } else if is_layout {
                // A later layout replaces an earlier one, as upstream's parser does.
                layout = Some(attr);
            } else if memory_space.is_none() {
                memory_space = Some(attr);
            } else {
                return Err(self.error_here("multiple memory spaces specified in memref type"));
            }
        }
        self.expect(TokenKind::Greater, "'>' in memref type")?;
        self.leave();
        let memory_space = match memory_space {
            Some(attr) => self.check_memory_space(attr, start)?,
            None => None,
        };
        if shape.unranked {
            return Ok(self.ctx.intern_type(TypeKind::UnrankedMemRef { element, memory_space }));
        }
        if shape.dims.iter().any(|&d| d < 0 && d != DYNAMIC) {
            return Err(self.error_at(start, "invalid memref size"));
        }
        let layout = match layout {
            Some(attr) => self.check_memref_layout(attr, shape.dims.len(), start)?,
            None => None,
        };
        Ok(self.ctx.intern_type(TypeKind::MemRef(Box::new(MemRefType {
            shape: shape.dims,
            element,
            layout,
            memory_space,
        }))))
    }

    /// Checks a memref layout against the rank; the identity map is dropped, as upstream does.
    fn check_memref_layout(&mut self, attr: Attribute, rank: usize, offset: u32) -> ParseResult<Option<Attribute>> {
        match self.ctx.attr_kind(attr) {
            AttrKind::AffineMap(map) if map.num_dims as usize != rank => {
                let message = format!("memref layout mismatch between rank and affine map: {rank} != {}", map.num_dims);
                Err(self.error_at(offset, message))
            }
            AttrKind::AffineMap(map) if map.is_identity() => Ok(None),
            AttrKind::StridedLayout { strides, .. } if strides.len() != rank => {
                Err(self.error_at(offset, "expected the number of strides to match the rank"))
            }
            _ => Ok(Some(attr)),
        }
    }

    /// Checks a memory space (integer, string or dictionary); the integer 0 is the default.
    fn check_memory_space(&mut self, attr: Attribute, offset: u32) -> ParseResult<Option<Attribute>> {
        match self.ctx.attr_kind(attr) {
            AttrKind::Integer { value: 0, .. } => Ok(None),
            AttrKind::Integer { .. }
            | AttrKind::String(_)
            | AttrKind::Bytes(_)
            | AttrKind::TypedString { .. }
            | AttrKind::Dictionary(_) => Ok(Some(attr)),
            _ => Err(self.error_at(offset, "unsupported memory space Attribute")),
        }
    }

    /// Parses `<t1, t2>` after `tuple`.
    pub(super) fn parse_tuple_type(&mut self) -> ParseResult<Type> {
        self.enter()?;
        let mut elements = Vec::new();
        self.parse_delimited_in(TokenKind::Less, TokenKind::Greater, Some("tuple type"), |p| {
            elements.push(p.parse_type()?);
            Ok(())
        })?;
        self.leave();
        Ok(self.ctx.intern_type(TypeKind::Tuple(elements)))
    }

    /// Parses `<element>` after `complex`: an integer or float element.
    pub(super) fn parse_complex_type(&mut self) -> ParseResult<Type> {
        self.enter()?;
        self.expect(TokenKind::Less, "'<' in complex type")?;
        let offset = self.tok.start;
        let element = self.parse_type()?;
        if !matches!(self.ctx.type_kind(element), TypeKind::Integer { .. } | TypeKind::Float(_)) {
            return Err(self.error_at(offset, "invalid element type for complex"));
        }
        self.expect(TokenKind::Greater, "'>' in complex type")?;
        self.leave();
        Ok(self.ctx.intern_type(TypeKind::Complex(element)))
    }
}
