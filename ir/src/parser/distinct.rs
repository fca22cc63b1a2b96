//! Parsing `distinct[id]<attr>` attributes: one id names one attribute within a file.

use super::lexer::TokenKind;
use super::{ParseResult, Parser};
use crate::attributes::{AttrKind, Attribute};

impl Parser<'_> {
    /// Parses `distinct[id]<attr>` (`<>` refers to `unit`); a repeated id must refer to the same
    /// attribute.
    pub(super) fn parse_distinct(&mut self) -> ParseResult<Attribute> {
        let start = self.tok.start;
        self.advance()?;
        self.expect(TokenKind::LSquare, "'[' after 'distinct'")?;
        let id = if self.is(TokenKind::Integer) { self.text().parse::<u64>().ok() } else { None };
        let Some(id) = id else { return Err(self.error_here("expected distinct ID")) };
        self.advance()?;
        self.expect(TokenKind::RSquare, "']' to close distinct ID")?;
        self.expect(TokenKind::Less, "'<' after distinct ID")?;
        let referenced = if self.is(TokenKind::Greater) { self.ctx.unit_attr() } else { self.parse_attribute()? };
        self.expect(TokenKind::Greater, "'>' to close distinct attribute")?;
        if let Some(&previous) = self.distinct_attrs.get(&id) {
            let AttrKind::Distinct { referenced: earlier, .. } = *self.ctx.attr_kind(previous) else {
                unreachable!("the table holds distinct attributes")
            };
            if earlier != referenced {
                let message = format!(
                    "referenced attribute does not match previous definition: {}",
                    crate::printer::attributes::attr_to_string(self.ctx, earlier)
                );
                return Err(self.error_at(start, message));
            }
            return Ok(previous);
        }
        let attr = self.ctx.intern_attr(AttrKind::Distinct { id, referenced });
        self.distinct_attrs.insert(id, attr);
        Ok(attr)
    }
}
