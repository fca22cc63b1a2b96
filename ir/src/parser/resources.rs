//! Parsing the file metadata trailer: `{-# dialect_resources: { builtin: { name: "0x..." } } #-}`.

use super::attributes::decode_hex;
use super::lexer::TokenKind;
use super::{ParseResult, Parser};
use crate::resources::Blob;

impl Parser<'_> {
    /// Parses `{-# key: {...}, ... #-}`; `builtin` blobs go to the context's resource table.
    pub(super) fn parse_file_metadata(&mut self) -> ParseResult<()> {
        self.advance()?;
        if !self.is(TokenKind::FileMetadataEnd) {
            self.parse_comma_separated(|p| {
                let section = p.metadata_key()?;
                p.expect(TokenKind::Colon, "':' after file metadata key")?;
                match section.as_str() {
                    "dialect_resources" | "external_resources" => {
                        let keep = section == "dialect_resources";
                        p.parse_metadata_dict(|p, dialect| {
                            p.parse_metadata_dict(|p, name| p.parse_resource_entry(keep && dialect == "builtin", name))
                        })
                    }
                    other => Err(p.error_here(format!("unknown key '{other}' in file metadata dictionary"))),
                }
            })?;
        }
        self.expect(TokenKind::FileMetadataEnd, "',' or '#-}'")
    }

    fn metadata_key(&mut self) -> ParseResult<String> {
        let key = match self.tok.kind {
            TokenKind::BareIdentifier => self.text().to_string(),
            TokenKind::String => {
                String::from_utf8_lossy(&self.tok.string_value(self.src).expect("string")).into_owned()
            }
            _ => return Err(self.error_here("expected identifier key in file metadata dictionary")),
        };
        self.advance()?;
        Ok(key)
    }

    /// Parses `{ key: entry, ... }`, calling `entry` with each key.
    fn parse_metadata_dict(&mut self, mut entry: impl FnMut(&mut Self, String) -> ParseResult<()>) -> ParseResult<()> {
        self.parse_delimited(TokenKind::LBrace, TokenKind::RBrace, |p| {
            let key = p.metadata_key()?;
            p.expect(TokenKind::Colon, "':' after resource key")?;
            entry(p, key)
        })
    }

    /// Parses one resource value; a kept blob must be a hex string with a 4-byte alignment prefix.
    fn parse_resource_entry(&mut self, keep: bool, name: String) -> ParseResult<()> {
        if !keep {
            return match self.tok.kind {
                TokenKind::String | TokenKind::Integer => self.advance(),
                TokenKind::BareIdentifier if matches!(self.text(), "true" | "false") => self.advance(),
                _ => Err(self.error_here("expected resource value")),
            };
        }
        let bytes = match self.tok.kind {
            TokenKind::String => decode_hex(&self.tok.string_value(self.src).expect("string")),
            _ => None,
        };
        let Some(bytes) = bytes else {
            return Err(self.error_here(format!("expected hex string blob for key '{name}'")));
        };
        if bytes.len() < 4 {
            return Err(self.error_here(format!(
                "expected hex string blob for key '{name}' to encode alignment in first 4 bytes"
            )));
        }
        let alignment = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if !alignment.is_power_of_two() {
            return Err(self.error_here(format!(
                "expected hex string blob for key '{name}' to encode alignment in first 4 bytes, but got \
                 non-power-of-2 value: {alignment}"
            )));
        }
        self.ctx.resources.insert(&name, Blob { alignment, data: bytes[4..].to_vec() });
        self.advance()
    }
}
