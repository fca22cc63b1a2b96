//! Parsing locations: `loc(unknown)`, `loc("file":1:2)` and ranges (`loc("file":1:2 to 3:4)`), names, call sites, fusions and
//! `#loc` aliases (which MLIR prints after their uses).

use super::lexer::TokenKind;
use super::{ParseResult, Parser};
use crate::location::{LocKind, Location};

/// A parsed trailing location: known now, or an alias defined later in the file.
pub(super) enum TrailingLoc {
    Known(Location),
    Deferred { alias: String, offset: u32 },
}

impl Parser<'_> {
    /// Parses `loc(...)`.
    pub(super) fn parse_location(&mut self) -> ParseResult<Location> {
        match self.parse_trailing_location()? {
            TrailingLoc::Known(loc) => Ok(loc),
            TrailingLoc::Deferred { alias, offset } => {
                Err(self.error_at(offset, format!("undefined location alias '#{alias}'")))
            }
        }
    }

    /// Parses `loc(...)` where a not-yet-defined `#alias` body is allowed.
    pub(super) fn parse_trailing_location(&mut self) -> ParseResult<TrailingLoc> {
        if !self.consume_keyword("loc")? {
            return Err(self.error_here("expected 'loc' keyword"));
        }
        self.expect(TokenKind::LParen, "'(' in location")?;
        let result = if self.is(TokenKind::HashIdentifier) {
            let alias = self.text()[1..].to_string();
            let offset = self.tok.start;
            self.advance()?;
            match self.loc_aliases.get(&alias) {
                Some(&loc) => TrailingLoc::Known(loc),
                None => TrailingLoc::Deferred { alias, offset },
            }
        } else {
            TrailingLoc::Known(self.parse_location_body()?)
        };
        self.expect(TokenKind::RParen, "')' in location")?;
        Ok(result)
    }

    /// Parses what stands inside `loc(...)`.
    fn parse_location_body(&mut self) -> ParseResult<Location> {
        self.enter()?;
        let loc = self.parse_location_body_inner()?;
        self.leave();
        Ok(loc)
    }

    fn parse_location_body_inner(&mut self) -> ParseResult<Location> {
        self.check_token()?;
        match self.tok.kind {
            TokenKind::HashIdentifier => {
                let alias = self.text()[1..].to_string();
                let Some(&loc) = self.loc_aliases.get(&alias) else {
                    return Err(self.error_here(format!("undefined location alias '#{alias}'")));
                };
                self.advance()?;
                Ok(loc)
            }
            TokenKind::String => {
                let bytes = self.tok.string_value(self.src).expect("string token").into_owned();
                let text = String::from_utf8(bytes).map_err(|_| self.error_here("location is not valid UTF-8"))?;
                self.advance()?;
                if self.consume_if(TokenKind::Colon)? {
                    return self.parse_file_position(&text);
                }
                let child = if self.consume_if(TokenKind::LParen)? {
                    let child = self.parse_location_body()?;
                    self.expect(TokenKind::RParen, "')' after child location")?;
                    Some(child)
                } else {
                    None
                };
                Ok(self.ctx.name_loc(&text, child))
            }
            TokenKind::BareIdentifier => match self.text() {
                "unknown" => {
                    self.advance()?;
                    Ok(self.ctx.unknown_loc())
                }
                "callsite" => {
                    self.advance()?;
                    self.expect(TokenKind::LParen, "'(' in callsite location")?;
                    let callee = self.parse_location_body()?;
                    if !self.consume_keyword("at")? {
                        return Err(self.error_here("expected 'at' in callsite location"));
                    }
                    let caller = self.parse_location_body()?;
                    self.expect(TokenKind::RParen, "')' in callsite location")?;
                    Ok(self.ctx.intern_loc(LocKind::CallSite { callee, caller }))
                }
                "fused" => {
                    self.advance()?;
                    let metadata = if self.consume_if(TokenKind::Less)? {
                        let attr = self.parse_attribute()?;
                        self.expect(TokenKind::Greater, "'>' after fused location metadata")?;
                        Some(attr)
                    } else {
                        None
                    };
                    let mut locs = Vec::new();
                    self.parse_delimited(TokenKind::LSquare, TokenKind::RSquare, |p| {
                        locs.push(p.parse_location_body()?);
                        Ok(())
                    })?;
                    Ok(self.ctx.intern_loc(LocKind::Fused { locs, metadata }))
                }
                _ => Err(self.error_wrong_token("expected location instance")),
            },
            _ => Err(self.error_wrong_token("expected location instance")),
        }
    }

    /// Parses `line[:col [to [end_line]:end_col]]` after `"file":`, as upstream's
    /// FileLineColRange (a missing column is 0, a missing end line the first line).
    fn parse_file_position(&mut self, file: &str) -> ParseResult<Location> {
        let line = self.parse_location_number("line")?;
        if !self.consume_if(TokenKind::Colon)? {
            return Ok(self.ctx.file_loc(file, line, 0));
        }
        let col = self.parse_location_number("column")?;
        if !self.consume_keyword("to")? {
            return Ok(self.ctx.file_loc(file, line, col));
        }
        let end_line = if self.is(TokenKind::Integer) { self.parse_location_number("line")? } else { line };
        if !self.is(TokenKind::Colon) {
            return Err(self.error_wrong_token("expected either integer or `:` post `to` in FileLineColRange"));
        }
        self.advance()?;
        let end_col = self.parse_location_number("column")?;
        Ok(self.ctx.file_range_loc(file, (line, col), (end_line, end_col)))
    }

    fn parse_location_number(&mut self, what: &str) -> ParseResult<u32> {
        if !self.is(TokenKind::Integer) {
            return Err(self.error_here(format!("expected integer {what} number in FileLineColLoc")));
        }
        let value = self.text().parse::<u32>().map_err(|_| self.error_here(format!("expected 32-bit {what} number")));
        let value = value?;
        self.advance()?;
        Ok(value)
    }
}
