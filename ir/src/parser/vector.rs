//! Parsing the one-dimensional fixed-length `vector<16xi8>` type (see `crate::vector`).

use super::lexer::TokenKind;
use super::{ParseResult, Parser};
use crate::types::{Type, TypeKind};

impl Parser<'_> {
    /// Parses `<16xi8>` after `vector`: one positive static dimension and an integer, float or
    /// index element type.
    pub(super) fn parse_vector_type(&mut self) -> ParseResult<Type> {
        self.enter()?;
        self.expect(TokenKind::Less, "'<' in vector type")?;
        let shape_offset = self.tok.start;
        let shape = self.parse_dimension_list()?;
        let element_offset = self.tok.start;
        let element = self.parse_type()?;
        if !matches!(self.ctx.type_kind(element), TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index) {
            return Err(self.error_at(element_offset, "vector elements must be int/index/float type"));
        }
        let lanes = match shape[..] {
            [lanes] if lanes > 0 => lanes,
            _ => {
                return Err(
                    self.error_at(shape_offset, "only one-dimensional vectors of at least one lane are supported")
                );
            }
        };
        self.expect(TokenKind::Greater, "'>' in vector type")?;
        self.leave();
        Ok(self.ctx.vector_type(lanes, element))
    }
}
