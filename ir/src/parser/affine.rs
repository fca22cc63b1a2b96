//! Parsing `affine_map<...>` and `affine_set<...>` (MLIR's affine expression grammar: `+`, `-`,
//! `*`, `floordiv`, `ceildiv`, `mod`, unary `-`, parentheses; dims and symbols by any name) and
//! `strided<[...], offset: ...>` layouts.

use super::lexer::TokenKind;
use super::{ParseResult, Parser};
use crate::affine::{AffineBinaryKind, AffineExpr, AffineMap, IntegerSet};
use crate::attributes::{AttrKind, Attribute, DYNAMIC};

/// Dimension and symbol names in scope of an affine expression.
struct AffineScope {
    dims: Vec<String>,
    symbols: Vec<String>,
}

impl AffineScope {
    fn lookup(&self, name: &str) -> Option<AffineExpr> {
        if let Some(i) = self.dims.iter().position(|d| d == name) {
            return Some(AffineExpr::Dim(i as u32));
        }
        self.symbols.iter().position(|s| s == name).map(|i| AffineExpr::Symbol(i as u32))
    }
}

/// Either an affine map or an integer set, parsed from the same prefix.
pub(super) enum MapOrSet {
    Map(AffineMap),
    Set(IntegerSet),
}

impl Parser<'_> {
    /// Parses `affine_map<...>` or `affine_set<...>` starting at the keyword.
    pub(super) fn parse_affine_attr(&mut self) -> ParseResult<Attribute> {
        let keyword = self.text();
        let start = self.tok.start;
        self.advance()?;
        self.expect(TokenKind::Less, &format!("'<' after '{keyword}'"))?;
        let parsed = self.parse_affine_map_or_set()?;
        let what = if keyword == "affine_map" { "'>' in affine map" } else { "'>' in integer set" };
        self.expect(TokenKind::Greater, what)?;
        match (keyword, parsed) {
            ("affine_map", MapOrSet::Map(map)) => Ok(self.ctx.intern_attr(AttrKind::AffineMap(map))),
            ("affine_set", MapOrSet::Set(set)) => Ok(self.ctx.intern_attr(AttrKind::IntegerSet(set))),
            ("affine_map", _) => Err(self.error_at(start, "expected AffineMap, but got IntegerSet")),
            _ => Err(self.error_at(start, "expected IntegerSet, but got AffineMap")),
        }
    }

    /// Parses `(dims)[symbols] -> (results)` or `(dims)[symbols] : (constraints)`.
    pub(super) fn parse_affine_map_or_set(&mut self) -> ParseResult<MapOrSet> {
        self.enter()?;
        let mut scope = AffineScope { dims: Vec::new(), symbols: Vec::new() };
        self.parse_affine_names(TokenKind::LParen, TokenKind::RParen, &mut scope, true)?;
        if self.is(TokenKind::LSquare) {
            self.parse_affine_names(TokenKind::LSquare, TokenKind::RSquare, &mut scope, false)?;
        }
        let (num_dims, num_symbols) = (scope.dims.len() as u32, scope.symbols.len() as u32);
        let parsed = if self.consume_if(TokenKind::Arrow)? {
            let mut results = Vec::new();
            self.parse_delimited_in(TokenKind::LParen, TokenKind::RParen, Some("affine map range"), |p| {
                results.push(p.parse_affine_expr(&scope)?);
                Ok(())
            })?;
            MapOrSet::Map(AffineMap { num_dims, num_symbols, results })
        } else if self.consume_if(TokenKind::Colon)? {
            let mut constraints = Vec::new();
            self.parse_delimited_in(TokenKind::LParen, TokenKind::RParen, Some("integer set constraint list"), |p| {
                constraints.push(p.parse_affine_constraint(&scope)?);
                Ok(())
            })?;
            if constraints.is_empty() {
                constraints.push((AffineExpr::Constant(0), true));
            }
            MapOrSet::Set(IntegerSet { num_dims, num_symbols, constraints })
        } else {
            return Err(self.error_wrong_token("expected '->' or ':'"));
        };
        self.leave();
        Ok(parsed)
    }

    fn parse_affine_names(
        &mut self,
        open: TokenKind,
        close: TokenKind,
        scope: &mut AffineScope,
        dims: bool,
    ) -> ParseResult<()> {
        self.parse_delimited(open, close, |p| {
            if !p.is(TokenKind::BareIdentifier) {
                return Err(p.error_here(if dims {
                    "expected dimension identifier"
                } else {
                    "expected symbol identifier"
                }));
            }
            let name = p.text().to_string();
            if scope.lookup(&name).is_some() {
                return Err(p.error_here(format!("redefinition of identifier '{name}'")));
            }
            p.advance()?;
            if dims {
                scope.dims.push(name)
            } else {
                scope.symbols.push(name)
            }
            Ok(())
        })
    }

    /// Parses `lhs >= rhs`, `lhs <= rhs` or `lhs == rhs` into `(expr, is_equality)`.
    fn parse_affine_constraint(&mut self, scope: &AffineScope) -> ParseResult<(AffineExpr, bool)> {
        let lhs = self.parse_affine_expr(scope)?;
        let next_is_equal = |p: &Self| p.src.as_bytes().get(p.tok.end as usize) == Some(&b'=');
        let relation = match self.tok.kind {
            TokenKind::Greater | TokenKind::Less | TokenKind::Equal if next_is_equal(self) => self.tok.kind,
            _ => {
                let message = "expected '== affine-expr' or '>= affine-expr' at end of affine constraint";
                return Err(self.error_here(message));
            }
        };
        self.advance()?;
        self.advance()?;
        let rhs = self.parse_affine_expr(scope)?;
        Ok(match relation {
            TokenKind::Greater => (lhs - rhs, false),
            TokenKind::Less => (rhs - lhs, false),
            _ => (lhs - rhs, true),
        })
    }

    /// Parses an affine expression: sums of products, left associative.
    fn parse_affine_expr(&mut self, scope: &AffineScope) -> ParseResult<AffineExpr> {
        self.enter()?;
        let mut expr = self.parse_affine_product(scope)?;
        loop {
            let negate = match self.tok.kind {
                TokenKind::Plus => false,
                TokenKind::Minus => true,
                _ => break,
            };
            self.advance()?;
            self.check_right_operand()?;
            let rhs = self.parse_affine_product(scope)?;
            expr = if negate { expr - rhs } else { expr + rhs };
        }
        self.leave();
        Ok(expr)
    }

    fn parse_affine_product(&mut self, scope: &AffineScope) -> ParseResult<AffineExpr> {
        let mut expr = self.parse_affine_operand(scope)?;
        loop {
            let kind = match self.tok.kind {
                TokenKind::Star => AffineBinaryKind::Mul,
                TokenKind::BareIdentifier => match self.text() {
                    "floordiv" => AffineBinaryKind::FloorDiv,
                    "ceildiv" => AffineBinaryKind::CeilDiv,
                    "mod" => AffineBinaryKind::Mod,
                    _ => break,
                },
                _ => break,
            };
            let op_offset = self.tok.start;
            self.advance()?;
            self.check_right_operand()?;
            let rhs = self.parse_affine_operand(scope)?;
            if kind == AffineBinaryKind::Mul {
                if !expr.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                    return Err(self.error_at(
                        op_offset,
                        "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                    ));
                }
            } else if !rhs.is_symbolic_or_constant() {
                let name = match kind {
                    AffineBinaryKind::FloorDiv => "floordiv",
                    AffineBinaryKind::CeilDiv => "ceildiv",
                    _ => "mod",
                };
                return Err(self.error_at(
                    op_offset,
                    format!("non-affine expression: right operand of {name} has to be either a constant or symbolic"),
                ));
            }
            expr = expr.apply(kind, rhs);
        }
        Ok(expr)
    }

    /// Fails with upstream's message when a binary operator has no right operand.
    fn check_right_operand(&mut self) -> ParseResult<()> {
        match self.tok.kind {
            TokenKind::LParen | TokenKind::Minus | TokenKind::Integer | TokenKind::BareIdentifier => Ok(()),
            _ => Err(self.error_here("missing right operand of binary operator")),
        }
    }

    fn parse_affine_operand(&mut self, scope: &AffineScope) -> ParseResult<AffineExpr> {
        self.check_token()?;
        match self.tok.kind {
            TokenKind::LParen => {
                self.advance()?;
                if self.is(TokenKind::RParen) {
                    return Err(self.error_here("no expression inside parentheses"));
                }
                let expr = self.parse_affine_expr(scope)?;
                self.expect(TokenKind::RParen, "')'")?;
                Ok(expr)
            }
            TokenKind::Minus => {
                self.advance()?;
                if !matches!(
                    self.tok.kind,
                    TokenKind::LParen | TokenKind::Minus | TokenKind::Integer | TokenKind::BareIdentifier
                ) {
                    return Err(self.error_here("missing operand of negation"));
                }
                self.enter()?;
                let operand = self.parse_affine_operand(scope)?;
                self.leave();
                Ok(AffineExpr::Constant(-1) * operand)
            }
            TokenKind::Integer => {
                let value = self.text().parse::<i64>().ok();
                let Some(value) = value else { return Err(self.error_here("constant too large for index")) };
                self.advance()?;
                Ok(AffineExpr::Constant(value))
            }
            TokenKind::BareIdentifier => {
                let Some(expr) = scope.lookup(self.text()) else {
                    return Err(self.error_here("use of undeclared identifier"));
                };
                self.advance()?;
                Ok(expr)
            }
            TokenKind::Plus | TokenKind::Star => Err(self.error_here("missing left operand of binary operator")),
            _ => Err(self.error_here("expected affine expression")),
        }
    }

    /// Parses `strided<[s0, s1], offset: o>` starting at the keyword (`?` for dynamic values).
    pub(super) fn parse_strided_layout(&mut self) -> ParseResult<Attribute> {
        self.advance()?;
        self.expect(TokenKind::Less, "'<' after 'strided'")?;
        let mut strides = Vec::new();
        self.parse_delimited(TokenKind::LSquare, TokenKind::RSquare, |p| {
            strides.push(p.parse_static_or_dynamic()?);
            Ok(())
        })?;
        let mut offset = 0;
        if self.consume_if(TokenKind::Comma)? {
            if !self.consume_keyword("offset")? {
                return Err(self.error_here("expected 'offset' after comma"));
            }
            self.expect(TokenKind::Colon, "':' after 'offset'")?;
            offset = self.parse_static_or_dynamic()?;
        }
        self.expect(TokenKind::Greater, "'>' to close 'strided'")?;
        Ok(self.ctx.intern_attr(AttrKind::StridedLayout { offset, strides }))
    }

    /// Parses `?` (dynamic) or a signed integer.
    fn parse_static_or_dynamic(&mut self) -> ParseResult<i64> {
        if self.consume_if(TokenKind::Question)? {
            return Ok(DYNAMIC);
        }
        let negative = self.consume_if(TokenKind::Minus)?;
        let value = if self.is(TokenKind::Integer) { self.text().parse::<i64>().ok() } else { None };
        let Some(value) = value else { return Err(self.error_here("expected a 64-bit signed integer or '?'")) };
        self.advance()?;
        Ok(if negative { -value } else { value })
    }
}
