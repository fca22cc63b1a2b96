//! Lexer for the MLIR textual format, modelled on MLIR's `mlir/lib/AsmParser/Lexer.cpp`.
//!
//! [`Lexer`] splits a source string into [`Token`]s: a [`TokenKind`] plus a byte
//! range into the source. Token text is never copied and lexing never allocates;
//! numbers stay text (the parser converts them) and string literals are only
//! unescaped on demand with [`Token::string_value`] / [`Token::symbol_name`].
//!
//! # Grammar
//!
//! ```text
//! bare-id        ::= (letter | `_`) (letter | digit | [_$.])*
//! suffix-id      ::= digit+ | (letter | id-punct) (letter | digit | id-punct)*
//! id-punct       ::= [$._-]
//! at-id          ::= `@` (bare-id | string-literal)
//! hash-id        ::= `#` suffix-id          percent-id ::= `%` suffix-id
//! caret-id       ::= `^` suffix-id          bang-id    ::= `!` suffix-id
//! integer        ::= digit+ | `0x` hex-digit+
//! float          ::= digit+ `.` digit* ([eE] [-+]? digit+)?
//! string-literal ::= `"` (char | escape)* `"`   (no newline, `\v` or `\f` inside)
//! escape         ::= `\"` | `\\` | `\n` | `\t` | `\` hex-digit hex-digit
//! ```
//!
//! Letters and digits are ASCII only. Whitespace is space, `\t`, `\n` and `\r`;
//! like MLIR, stray NUL bytes are skipped as whitespace. `//` starts a comment
//! that runs to the end of the line. Signs are never part of a number: `-1.5` is
//! [`TokenKind::Minus`] followed by [`TokenKind::Float`]. A result number is a
//! separate token: `%x#2` is `%x` ([`TokenKind::PercentIdentifier`]) then `#2`
//! ([`TokenKind::HashIdentifier`]).
//!
//! Unlike MLIR, keywords (`func`, `tensor`, `true`, ...) and integer types
//! (`i32`, `si8`, `ui16`) are not separate kinds: they lex as
//! [`TokenKind::BareIdentifier`] and the parser compares their text.
//!
//! # Errors
//!
//! Lexing never fails or panics. Malformed input yields a [`TokenKind::Error`]
//! token whose [`LexError`] gives the message and whose range covers the
//! offending text (for a bad escape, just the escape, though lexing then resumes
//! after the whole string literal). Lexing continues after an error token.
//!
//! # Dimension lists
//!
//! As in MLIR, shapes need help from the parser: `4x8xf32` lexes as the integer
//! `4` followed by the bare identifier `x8xf32`. In a dimension list the parser
//! accepts a bare identifier starting with `x`, treats its first byte as the
//! `x` separator, and calls [`Lexer::reset_to`] with `token.start + 1` so that
//! the rest (`8xf32`) is lexed again: `8`, `xf32`, and after another reset `f32`.
//! Likewise an integer such as `0xf32` (which lexes as hexadecimal) in a
//! dimension position stands for the dimension `0`: the parser resets to
//! `token.start + 1` and goes on with `xf32`. After a reset, any token the
//! parser has already peeked past that point must be discarded.

use std::borrow::Cow;
use std::fmt;

/// What went wrong in a [`TokenKind::Error`] token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LexError {
    /// A character that cannot start a token (including a `/` that does not start `//`).
    UnexpectedCharacter,
    /// A string literal not closed by `"` before a newline, `\v`, `\f` or the end of input.
    UnterminatedString,
    /// A `\` in a string literal not followed by `"`, `\`, `n`, `t` or two hex digits.
    InvalidEscape,
    /// An `@` not followed by a bare identifier or a string literal.
    InvalidSymbolName,
    /// A `#` not followed by a suffix id.
    InvalidAttributeName,
    /// A `%` not followed by a suffix id.
    InvalidSsaName,
    /// A `^` not followed by a suffix id.
    InvalidBlockName,
    /// A `!` not followed by a suffix id.
    InvalidTypeName,
    /// A `.` that does not start `...`.
    ExpectedEllipsis,
}

impl LexError {
    /// The diagnostic message for this error, worded as in MLIR.
    pub fn message(self) -> &'static str {
        match self {
            Self::UnexpectedCharacter => "unexpected character",
            Self::UnterminatedString => "expected '\"' in string literal",
            Self::InvalidEscape => "unknown escape in string literal",
            Self::InvalidSymbolName => "@ identifier expected to start with letter or '_'",
            Self::InvalidAttributeName => "invalid attribute name",
            Self::InvalidSsaName => "invalid SSA name",
            Self::InvalidBlockName => "invalid block name",
            Self::InvalidTypeName => "invalid type identifier",
            Self::ExpectedEllipsis => "expected three consecutive dots for an ellipsis",
        }
    }
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for LexError {}

/// The kind of a [`Token`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// End of input: an empty token at `src.len()`, returned again on every later call.
    Eof,
    /// Malformed input; the range covers the offending text.
    Error(LexError),
    /// `foo`, `foo.bar`, `i32`, `x8xf32`; also every keyword.
    BareIdentifier,
    /// `@foo` or `@"any string"`; see [`Token::symbol_name`].
    AtIdentifier,
    /// `#alias`, `#dialect.attr`, `#0`.
    HashIdentifier,
    /// `%0`, `%arg0`, `%foo`.
    PercentIdentifier,
    /// `^bb0`.
    CaretIdentifier,
    /// `!alias`, `!dialect.type`.
    ExclamationIdentifier,
    /// `42` or `0x1F`, kept as text.
    Integer,
    /// `1.0`, `2.`, `1.5e-3`, kept as text.
    Float,
    /// `"..."`, quotes and escapes included; see [`Token::string_value`].
    String,
    /// `->`
    Arrow,
    /// `:`
    Colon,
    /// `,`
    Comma,
    /// `...`
    Ellipsis,
    /// `=`
    Equal,
    /// `>`
    Greater,
    /// `{`
    LBrace,
    /// `(`
    LParen,
    /// `[`
    LSquare,
    /// `<`
    Less,
    /// `-`
    Minus,
    /// `+`
    Plus,
    /// `?`
    Question,
    /// `}`
    RBrace,
    /// `)`
    RParen,
    /// `]`
    RSquare,
    /// `*`
    Star,
    /// `|`
    VerticalBar,
    /// `{-#`, opening the file metadata dictionary.
    FileMetadataBegin,
    /// `#-}`, closing the file metadata dictionary.
    FileMetadataEnd,
}

impl TokenKind {
    /// The fixed spelling of a punctuation kind (`"->"` for [`TokenKind::Arrow`]),
    /// or `None` for kinds whose text varies.
    pub fn spelling(self) -> Option<&'static str> {
        Some(match self {
            Self::Arrow => "->",
            Self::Colon => ":",
            Self::Comma => ",",
            Self::Ellipsis => "...",
            Self::Equal => "=",
            Self::Greater => ">",
            Self::LBrace => "{",
            Self::LParen => "(",
            Self::LSquare => "[",
            Self::Less => "<",
            Self::Minus => "-",
            Self::Plus => "+",
            Self::Question => "?",
            Self::RBrace => "}",
            Self::RParen => ")",
            Self::RSquare => "]",
            Self::Star => "*",
            Self::VerticalBar => "|",
            Self::FileMetadataBegin => "{-#",
            Self::FileMetadataEnd => "#-}",
            Self::Eof
            | Self::Error(_)
            | Self::BareIdentifier
            | Self::AtIdentifier
            | Self::HashIdentifier
            | Self::PercentIdentifier
            | Self::CaretIdentifier
            | Self::ExclamationIdentifier
            | Self::Integer
            | Self::Float
            | Self::String => return None,
        })
    }
}

/// A token: its kind and its byte range `start..end` in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Byte offset of the first byte of the token.
    pub start: u32,
    /// Byte offset just past the last byte of the token.
    pub end: u32,
}

impl Token {
    /// The token's text in `src`, the source it was lexed from.
    ///
    /// # Panics
    ///
    /// If the range is not valid in `src`, as when slicing a string.
    pub fn text<'a>(&self, src: &'a str) -> &'a str {
        &src[self.start as usize..self.end as usize]
    }

    /// The bytes a [`TokenKind::String`] token denotes: the text between the
    /// quotes with escapes resolved (`\XX` escapes can produce any byte, so the
    /// result need not be UTF-8). Borrowed from `src` when there is no escape.
    /// `None` for any other kind.
    ///
    /// # Panics
    ///
    /// As [`Token::text`].
    pub fn string_value<'a>(&self, src: &'a str) -> Option<Cow<'a, [u8]>> {
        if self.kind != TokenKind::String {
            return None;
        }
        unquote(self.text(src)).map(unescape)
    }

    /// The symbol name of a [`TokenKind::AtIdentifier`] token: `foo` for `@foo`,
    /// and the unescaped string for `@"..."`, as with [`Token::string_value`].
    /// `None` for any other kind.
    ///
    /// # Panics
    ///
    /// As [`Token::text`].
    pub fn symbol_name<'a>(&self, src: &'a str) -> Option<Cow<'a, [u8]>> {
        if self.kind != TokenKind::AtIdentifier {
            return None;
        }
        let name = self.text(src).strip_prefix('@')?;
        Some(unquote(name).map_or(Cow::Borrowed(name.as_bytes()), unescape))
    }

    /// A token spanning `start..end`; the lexer keeps offsets within `u32`.
    fn spanning(kind: TokenKind, start: usize, end: usize) -> Self {
        Self { kind, start: start as u32, end: end as u32 }
    }
}

/// The text between the quotes of a string literal.
fn unquote(literal: &str) -> Option<&str> {
    literal.strip_prefix('"')?.strip_suffix('"')
}

/// Resolves the escapes in the body of a string literal. The lexer has checked
/// them; anything else that starts with `\` is kept as is.
fn unescape(body: &str) -> Cow<'_, [u8]> {
    let bytes = body.as_bytes();
    let Some(first) = bytes.iter().position(|&b| b == b'\\') else {
        return Cow::Borrowed(bytes);
    };
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    let mut i = first;
    while let Some(&b) = bytes.get(i) {
        let (byte, len) = if b == b'\\' {
            match bytes.get(i + 1) {
                Some(b'n') => (b'\n', 2),
                Some(b't') => (b'\t', 2),
                Some(&c @ (b'"' | b'\\')) => (c, 2),
                Some(&hi) => match (hex_value(hi), bytes.get(i + 2).and_then(|&lo| hex_value(lo))) {
                    (Some(hi), Some(lo)) => (hi << 4 | lo, 3),
                    _ => (b, 1),
                },
                None => (b, 1),
            }
        } else {
            (b, 1)
        };
        out.push(byte);
        i += len;
    }
    Cow::Owned(out)
}

/// The value of an ASCII hex digit.
fn hex_value(b: u8) -> Option<u8> {
    // A hex digit's value is below 16, so the cast is lossless.
    char::from(b).to_digit(16).map(|d| d as u8)
}

/// Whether `b` may continue a bare identifier or an `@` identifier.
fn is_bare_id_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.')
}

/// Whether `b` may appear in a suffix id that does not start with a digit.
fn is_suffix_id_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'$' | b'.' | b'_' | b'-')
}

/// Whether `b` ends a string literal without closing it.
fn is_string_breaker(b: u8) -> bool {
    matches!(b, b'\n' | b'\x0B' | b'\x0C')
}

/// Splits MLIR source text into [`Token`]s.
///
/// The lexer is a cursor into the source; cloning it is cheap, and
/// [`Lexer::reset_to`] moves it (see the module documentation on dimension lists).
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    ///
    /// # Panics
    ///
    /// If `src` is longer than `u32::MAX` bytes, since offsets are `u32`.
    pub fn new(src: &'a str) -> Self {
        assert!(u32::try_from(src.len()).is_ok(), "source of {} bytes is too large to lex", src.len());
        Self { src, pos: 0 }
    }

    /// The source being lexed.
    pub fn src(&self) -> &'a str {
        self.src
    }

    /// The byte offset where the next token search starts.
    pub fn offset(&self) -> u32 {
        // `new` checked that offsets fit in `u32`.
        self.pos as u32
    }

    /// Moves the cursor so that the next token is lexed from byte `offset`.
    ///
    /// # Panics
    ///
    /// If `offset` is past the end of the source or not on a character boundary.
    pub fn reset_to(&mut self, offset: u32) {
        let offset = offset as usize;
        assert!(
            self.src.is_char_boundary(offset),
            "cannot reset lexer to offset {offset}: outside the source or inside a character"
        );
        self.pos = offset;
    }

    /// The token [`Lexer::next_token`] would return, without advancing.
    pub fn peek_token(&self) -> Token {
        self.clone().next_token()
    }

    /// Lexes and returns the next token; [`TokenKind::Eof`] once the input is exhausted.
    pub fn next_token(&mut self) -> Token {
        let bytes = self.src.as_bytes();
        loop {
            let start = self.pos;
            let Some(&c) = bytes.get(start) else {
                return Token::spanning(TokenKind::Eof, start, start);
            };
            self.pos += 1;
            let kind = match c {
                // Like MLIR, skip stray NUL bytes as whitespace.
                b' ' | b'\t' | b'\n' | b'\r' | 0 => continue,
                b'/' if self.peek(0) == b'/' => {
                    self.skip_comment();
                    continue;
                }
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                    self.eat_while(is_bare_id_char);
                    TokenKind::BareIdentifier
                }
                b'0'..=b'9' => self.lex_number(c),
                b'"' => return self.lex_string(start, TokenKind::String),
                b'@' => return self.lex_at_identifier(start),
                b'#' if self.eat(b"-}") => TokenKind::FileMetadataEnd,
                b'#' | b'%' | b'^' | b'!' => return self.lex_prefixed_identifier(start, c),
                b'{' if self.eat(b"-#") => TokenKind::FileMetadataBegin,
                b'{' => TokenKind::LBrace,
                b'}' => TokenKind::RBrace,
                b'(' => TokenKind::LParen,
                b')' => TokenKind::RParen,
                b'[' => TokenKind::LSquare,
                b']' => TokenKind::RSquare,
                b'<' => TokenKind::Less,
                b'>' => TokenKind::Greater,
                b':' => TokenKind::Colon,
                b',' => TokenKind::Comma,
                b'=' => TokenKind::Equal,
                b'+' => TokenKind::Plus,
                b'*' => TokenKind::Star,
                b'?' => TokenKind::Question,
                b'|' => TokenKind::VerticalBar,
                b'-' if self.eat(b">") => TokenKind::Arrow,
                b'-' => TokenKind::Minus,
                b'.' if self.eat(b"..") => TokenKind::Ellipsis,
                b'.' => TokenKind::Error(LexError::ExpectedEllipsis),
                _ => {
                    // Cover the whole character so the token's text is a valid `str`.
                    while !self.src.is_char_boundary(self.pos) {
                        self.pos += 1;
                    }
                    TokenKind::Error(LexError::UnexpectedCharacter)
                }
            };
            return Token::spanning(kind, start, self.pos);
        }
    }

    /// The byte `n` bytes past the cursor, or 0 past the end of the input. No
    /// caller accepts 0, so a real NUL byte there is rejected just the same.
    fn peek(&self, n: usize) -> u8 {
        self.src.as_bytes().get(self.pos + n).copied().unwrap_or(0)
    }

    /// Consumes `expected` if it comes next. (Used in match guards: a guard
    /// that fails consumes nothing.)
    fn eat(&mut self, expected: &[u8]) -> bool {
        let found = self.src.as_bytes()[self.pos..].starts_with(expected);
        if found {
            self.pos += expected.len();
        }
        found
    }

    /// Consumes bytes while `pred` holds.
    fn eat_while(&mut self, pred: impl Fn(u8) -> bool) {
        let rest = &self.src.as_bytes()[self.pos..];
        self.pos += rest.iter().position(|&b| !pred(b)).unwrap_or(rest.len());
    }

    /// Skips a `//` comment (the cursor is on the second `/`) and its line break.
    fn skip_comment(&mut self) {
        let rest = &self.src.as_bytes()[self.pos..];
        self.pos += rest.iter().position(|&b| b == b'\n' || b == b'\r').map_or(rest.len(), |i| i + 1);
    }

    /// Lexes the rest of a number whose first digit, `first`, was consumed.
    fn lex_number(&mut self, first: u8) -> TokenKind {
        if first == b'0' && self.peek(0) == b'x' {
            // Without a hex digit, `0x...` is `0` then an identifier, as in `0xi32`.
            if self.peek(1).is_ascii_hexdigit() {
                self.pos += 1;
                self.eat_while(|b| b.is_ascii_hexdigit());
            }
            return TokenKind::Integer;
        }
        self.eat_while(|b| b.is_ascii_digit());
        if self.peek(0) != b'.' {
            return TokenKind::Integer;
        }
        self.pos += 1;
        self.eat_while(|b| b.is_ascii_digit());
        if matches!(self.peek(0), b'e' | b'E') {
            let sign = usize::from(matches!(self.peek(1), b'+' | b'-'));
            if self.peek(1 + sign).is_ascii_digit() {
                self.pos += 1 + sign;
                self.eat_while(|b| b.is_ascii_digit());
            }
        }
        TokenKind::Float
    }

    /// Lexes a string literal whose opening quote was just consumed, as a token
    /// of `kind` starting at `start`. On error, the cursor still moves past the
    /// literal (or the line break that ended it).
    fn lex_string(&mut self, start: usize, kind: TokenKind) -> Token {
        let bytes = self.src.as_bytes();
        let mut bad_escape = None;
        // `Ok` when closed, `Err(offset)` when cut off at `offset`.
        let outcome = loop {
            let Some(&c) = bytes.get(self.pos) else {
                break Err(self.pos);
            };
            self.pos += 1;
            match c {
                b'"' => break Ok(()),
                b'\\' => {
                    let error = self.lex_escape();
                    bad_escape = bad_escape.or(error);
                }
                c if is_string_breaker(c) => break Err(self.pos - 1),
                _ => {}
            }
        };
        match (bad_escape, outcome) {
            (Some(token), _) => token,
            (None, Ok(())) => Token::spanning(kind, start, self.pos),
            (None, Err(end)) => Token::spanning(TokenKind::Error(LexError::UnterminatedString), start, end),
        }
    }

    /// Consumes the rest of an escape whose `\` was just consumed. An invalid
    /// escape is left in place and reported by an error token covering the `\`
    /// and the character after it, if that character belongs to the string.
    fn lex_escape(&mut self) -> Option<Token> {
        let len = match self.peek(0) {
            b'"' | b'\\' | b'n' | b't' => 1,
            c if c.is_ascii_hexdigit() && self.peek(1).is_ascii_hexdigit() => 2,
            _ => {
                let end = match self.src[self.pos..].chars().next() {
                    Some(c) if !matches!(c, '\n' | '\x0B' | '\x0C') => self.pos + c.len_utf8(),
                    _ => self.pos,
                };
                let error = TokenKind::Error(LexError::InvalidEscape);
                return Some(Token::spanning(error, self.pos - 1, end));
            }
        };
        self.pos += len;
        None
    }

    /// Lexes `@foo` or `@"..."`; the `@` at `start` was consumed.
    fn lex_at_identifier(&mut self, start: usize) -> Token {
        match self.peek(0) {
            b'"' => {
                self.pos += 1;
                self.lex_string(start, TokenKind::AtIdentifier)
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                self.eat_while(is_bare_id_char);
                Token::spanning(TokenKind::AtIdentifier, start, self.pos)
            }
            _ => Token::spanning(TokenKind::Error(LexError::InvalidSymbolName), start, self.pos),
        }
    }

    /// Lexes `prefix` suffix-id; the prefix (`#`, `%`, `^` or `!`) at `start` was consumed.
    fn lex_prefixed_identifier(&mut self, start: usize, prefix: u8) -> Token {
        let c = self.peek(0);
        if c.is_ascii_digit() {
            self.eat_while(|b| b.is_ascii_digit());
        } else if is_suffix_id_char(c) {
            self.eat_while(is_suffix_id_char);
        } else {
            let error = match prefix {
                b'#' => LexError::InvalidAttributeName,
                b'%' => LexError::InvalidSsaName,
                b'^' => LexError::InvalidBlockName,
                _ => LexError::InvalidTypeName,
            };
            return Token::spanning(TokenKind::Error(error), start, self.pos);
        }
        let kind = match prefix {
            b'#' => TokenKind::HashIdentifier,
            b'%' => TokenKind::PercentIdentifier,
            b'^' => TokenKind::CaretIdentifier,
            _ => TokenKind::ExclamationIdentifier,
        };
        Token::spanning(kind, start, self.pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use LexError as E;
    use TokenKind as K;

    /// All tokens of `src` up to and including `Eof`.
    fn lex(src: &str) -> Vec<Token> {
        let mut lexer = Lexer::new(src);
        let mut tokens = Vec::new();
        loop {
            let token = lexer.next_token();
            tokens.push(token);
            if token.kind == K::Eof {
                return tokens;
            }
        }
    }

    /// The kinds and texts of the tokens of `src`, without the final `Eof`.
    fn kinds_and_texts(src: &str) -> Vec<(TokenKind, &str)> {
        let mut tokens = lex(src);
        assert_eq!(tokens.pop().map(|t| t.kind), Some(K::Eof));
        tokens.iter().map(|t| (t.kind, t.text(src))).collect()
    }

    /// Asserts that `src` lexes to exactly one token of `kind` covering all of it.
    fn assert_single(src: &str, kind: TokenKind) {
        assert_eq!(kinds_and_texts(src), [(kind, src)], "lexing {src:?}");
    }

    #[test]
    fn eof() {
        let mut lexer = Lexer::new("  // only a comment");
        let eof = Token { kind: K::Eof, start: 19, end: 19 };
        assert_eq!(lexer.next_token(), eof);
        assert_eq!(lexer.next_token(), eof);
        assert_eq!(lex(""), [Token { kind: K::Eof, start: 0, end: 0 }]);
    }

    #[test]
    fn bare_identifiers() {
        for src in ["foo", "foo.bar", "_", "_x$1.y_", "i32", "si8", "f32", "x", "func", "A9"] {
            assert_single(src, K::BareIdentifier);
        }
        // `-` does not continue a bare identifier.
        assert_eq!(kinds_and_texts("a-b"), [(K::BareIdentifier, "a"), (K::Minus, "-"), (K::BareIdentifier, "b")]);
    }

    #[test]
    fn prefixed_identifiers() {
        for (prefix, kind) in [
            ('%', K::PercentIdentifier),
            ('#', K::HashIdentifier),
            ('^', K::CaretIdentifier),
            ('!', K::ExclamationIdentifier),
        ] {
            for suffix in ["0", "123", "arg0", "foo.bar", "-x", "$a-b_c.d", ".1"] {
                assert_single(&format!("{prefix}{suffix}"), kind);
            }
            // A numeric suffix id is all digits.
            let src = format!("{prefix}12ab");
            assert_eq!(kinds_and_texts(&src), [(kind, &src[..3]), (K::BareIdentifier, "ab")]);
        }
        assert_eq!(kinds_and_texts("%foo#1"), [(K::PercentIdentifier, "%foo"), (K::HashIdentifier, "#1")]);
        assert_eq!(
            kinds_and_texts("!llvm.ptr<1>"),
            [(K::ExclamationIdentifier, "!llvm.ptr"), (K::Less, "<"), (K::Integer, "1"), (K::Greater, ">")]
        );
    }

    #[test]
    fn at_identifiers() {
        for src in ["@foo", "@_f.o$o1", "@\"quoted sym\"", "@\"\"", "@\"a\\\"b\""] {
            assert_single(src, K::AtIdentifier);
        }
        assert_eq!(kinds_and_texts("@a-b"), [(K::AtIdentifier, "@a"), (K::Minus, "-"), (K::BareIdentifier, "b")]);
    }

    #[test]
    fn numbers() {
        for src in ["0", "42", "007", "0x1F", "0xdeadBEEF", "123456789012345678901234567890"] {
            assert_single(src, K::Integer);
        }
        for src in ["1.0", "2.", "1.5e-3", "1.5E+3", "0.5e10", "3.e2", "99999999999999999999.9e999"] {
            assert_single(src, K::Float);
        }
        for (src, expected) in [
            ("-1.5", &[(K::Minus, "-"), (K::Float, "1.5")][..]),
            ("+7", &[(K::Plus, "+"), (K::Integer, "7")]),
            ("1e5", &[(K::Integer, "1"), (K::BareIdentifier, "e5")]),
            ("1.0e", &[(K::Float, "1.0"), (K::BareIdentifier, "e")]),
            ("1.0e+", &[(K::Float, "1.0"), (K::BareIdentifier, "e"), (K::Plus, "+")]),
            ("0xi32", &[(K::Integer, "0"), (K::BareIdentifier, "xi32")]),
            ("0X1F", &[(K::Integer, "0"), (K::BareIdentifier, "X1F")]),
            ("0x", &[(K::Integer, "0"), (K::BareIdentifier, "x")]),
            ("0x1.5", &[(K::Integer, "0x1"), (K::Error(E::ExpectedEllipsis), "."), (K::Integer, "5")]),
            ("12abc", &[(K::Integer, "12"), (K::BareIdentifier, "abc")]),
        ] {
            assert_eq!(kinds_and_texts(src), expected, "lexing {src:?}");
        }
    }

    #[test]
    fn punctuation() {
        let src = "( ) { } [ ] < > : , = -> - + * ? | ... {-# #-}";
        let kinds: Vec<_> = lex(src).iter().map(|t| t.kind).collect();
        let expected = [
            K::LParen,
            K::RParen,
            K::LBrace,
            K::RBrace,
            K::LSquare,
            K::RSquare,
            K::Less,
            K::Greater,
            K::Colon,
            K::Comma,
            K::Equal,
            K::Arrow,
            K::Minus,
            K::Plus,
            K::Star,
            K::Question,
            K::VerticalBar,
            K::Ellipsis,
            K::FileMetadataBegin,
            K::FileMetadataEnd,
            K::Eof,
        ];
        assert_eq!(kinds, expected);
        for token in &lex(src)[..expected.len() - 1] {
            assert_eq!(token.kind.spelling(), Some(token.text(src)));
        }
        for kind in [K::Eof, K::Error(E::InvalidEscape), K::BareIdentifier, K::String, K::Float] {
            assert_eq!(kind.spelling(), None);
        }
    }

    #[test]
    fn file_metadata() {
        let src = "{-#\n  dialect_resources: {}\n#-}";
        assert_eq!(
            kinds_and_texts(src),
            [
                (K::FileMetadataBegin, "{-#"),
                (K::BareIdentifier, "dialect_resources"),
                (K::Colon, ":"),
                (K::LBrace, "{"),
                (K::RBrace, "}"),
                (K::FileMetadataEnd, "#-}"),
            ]
        );
        // Without the whole marker these are ordinary tokens.
        assert_eq!(
            kinds_and_texts("{-1} {#a} #-x"),
            [
                (K::LBrace, "{"),
                (K::Minus, "-"),
                (K::Integer, "1"),
                (K::RBrace, "}"),
                (K::LBrace, "{"),
                (K::HashIdentifier, "#a"),
                (K::RBrace, "}"),
                (K::HashIdentifier, "#-x"),
            ]
        );
    }

    #[test]
    fn whitespace_and_comments() {
        let src = "a // comment -> \"\n\tb//c\r%d // unterminated \" at eof";
        assert_eq!(
            kinds_and_texts(src),
            [(K::BareIdentifier, "a"), (K::BareIdentifier, "b"), (K::PercentIdentifier, "%d")]
        );
        // MLIR skips NUL bytes like whitespace.
        assert_eq!(kinds_and_texts("a\0b"), [(K::BareIdentifier, "a"), (K::BareIdentifier, "b")]);
    }

    #[test]
    fn strings_and_escapes() {
        for src in ["\"\"", "\"hello world\"", "\"\\n\\t\\\"\\\\\"", "\"\\00\\fF\"", "\"é \0 \r\""] {
            assert_single(src, K::String);
        }
        let src = r#""a\n\t\"\\\41\ff€""#;
        let token = Lexer::new(src).next_token();
        assert_eq!(token.kind, K::String);
        let value = token.string_value(src).unwrap();
        assert!(matches!(value, Cow::Owned(_)));
        assert_eq!(&*value, b"a\n\t\"\\A\xff\xe2\x82\xac");

        // Without escapes the value borrows from the source.
        let src = "\"plain text\"";
        let value = Lexer::new(src).next_token().string_value(src).unwrap();
        assert!(matches!(value, Cow::Borrowed(b"plain text")));

        assert_eq!(Lexer::new("foo").next_token().string_value("foo"), None);
    }

    #[test]
    fn symbol_names() {
        let src = r#"@foo @"with space\22" @"""#;
        let tokens = lex(src);
        let names: Vec<_> = tokens[..3].iter().map(|t| t.symbol_name(src).unwrap()).collect();
        assert_eq!(names, [&b"foo"[..], b"with space\"", b""]);
        assert!(matches!(names[0], Cow::Borrowed(_)));
        assert_eq!(tokens[3].kind, K::Eof);
        assert_eq!(Lexer::new("%x").next_token().symbol_name("%x"), None);
    }

    #[test]
    fn errors() {
        for (src, expected) in [
            (
                "a ; b",
                &[(K::BareIdentifier, "a"), (K::Error(E::UnexpectedCharacter), ";"), (K::BareIdentifier, "b")][..],
            ),
            ("a/b", &[(K::BareIdentifier, "a"), (K::Error(E::UnexpectedCharacter), "/"), (K::BareIdentifier, "b")]),
            ("€x", &[(K::Error(E::UnexpectedCharacter), "€"), (K::BareIdentifier, "x")]),
            ("\x01\x0B", &[(K::Error(E::UnexpectedCharacter), "\x01"), (K::Error(E::UnexpectedCharacter), "\x0B")]),
            ("\"abc", &[(K::Error(E::UnterminatedString), "\"abc")]),
            ("\"", &[(K::Error(E::UnterminatedString), "\"")]),
            ("\"ab\ncd", &[(K::Error(E::UnterminatedString), "\"ab"), (K::BareIdentifier, "cd")]),
            (
                "\"a\x0Bb\"",
                &[
                    (K::Error(E::UnterminatedString), "\"a"),
                    (K::BareIdentifier, "b"),
                    (K::Error(E::UnterminatedString), "\""),
                ],
            ),
            ("\"a\\qb\" c", &[(K::Error(E::InvalidEscape), "\\q"), (K::BareIdentifier, "c")]),
            ("\"\\é\\\"", &[(K::Error(E::InvalidEscape), "\\é")]),
            ("\"\\4\" x", &[(K::Error(E::InvalidEscape), "\\4"), (K::BareIdentifier, "x")]),
            ("\"\\", &[(K::Error(E::InvalidEscape), "\\")]),
            ("\"\\\nx", &[(K::Error(E::InvalidEscape), "\\"), (K::BareIdentifier, "x")]),
            ("@ x", &[(K::Error(E::InvalidSymbolName), "@"), (K::BareIdentifier, "x")]),
            ("@1", &[(K::Error(E::InvalidSymbolName), "@"), (K::Integer, "1")]),
            ("@", &[(K::Error(E::InvalidSymbolName), "@")]),
            ("@\"ab", &[(K::Error(E::UnterminatedString), "@\"ab")]),
            ("@\"\\z\"", &[(K::Error(E::InvalidEscape), "\\z")]),
            ("# a", &[(K::Error(E::InvalidAttributeName), "#"), (K::BareIdentifier, "a")]),
            ("%", &[(K::Error(E::InvalidSsaName), "%")]),
            ("^(", &[(K::Error(E::InvalidBlockName), "^"), (K::LParen, "(")]),
            ("!\"", &[(K::Error(E::InvalidTypeName), "!"), (K::Error(E::UnterminatedString), "\"")]),
            (
                ". ..",
                &[
                    (K::Error(E::ExpectedEllipsis), "."),
                    (K::Error(E::ExpectedEllipsis), "."),
                    (K::Error(E::ExpectedEllipsis), "."),
                ],
            ),
        ] {
            assert_eq!(kinds_and_texts(src), expected, "lexing {src:?}");
        }
        assert_eq!(E::InvalidSsaName.to_string(), "invalid SSA name");
        assert_eq!(E::UnterminatedString.message(), "expected '\"' in string literal");
    }

    /// Parses a dimension list and element type the way MLIR's parser does,
    /// returning the dimensions and the element type's text.
    fn parse_shape(src: &str) -> (Vec<&str>, &str) {
        let mut lexer = Lexer::new(src);
        let mut dims = Vec::new();
        loop {
            let token = lexer.next_token();
            match token.kind {
                // `0xf32` in a dimension position is `0` then `xf32`.
                K::Integer if token.text(src).starts_with("0x") => {
                    dims.push("0");
                    lexer.reset_to(token.start + 1);
                }
                K::Integer | K::Question => dims.push(token.text(src)),
                _ => return (dims, token.text(src)),
            }
            let x = lexer.next_token();
            assert_eq!(x.kind, K::BareIdentifier);
            assert!(x.text(src).starts_with('x'));
            lexer.reset_to(x.start + 1);
        }
    }

    #[test]
    fn dimension_lists() {
        assert_eq!(kinds_and_texts("1x2x3xi8"), [(K::Integer, "1"), (K::BareIdentifier, "x2x3xi8")]);
        assert_eq!(parse_shape("1x2x3xi8"), (vec!["1", "2", "3"], "i8"));
        assert_eq!(parse_shape("?x4x?xf32"), (vec!["?", "4", "?"], "f32"));
        assert_eq!(parse_shape("0xf32"), (vec!["0"], "f32"));
        assert_eq!(parse_shape("4x0x5xbf16"), (vec!["4", "0", "5"], "bf16"));
        assert_eq!(parse_shape("8 x 2 x i1"), (vec!["8", "2"], "i1"));
        assert_eq!(parse_shape("index"), (vec![], "index"));
    }

    #[test]
    fn peek_and_reset() {
        let src = "%a = b";
        let mut lexer = Lexer::new(src);
        let first = lexer.peek_token();
        assert_eq!(lexer.offset(), 0);
        assert_eq!(lexer.next_token(), first);
        assert_eq!(lexer.offset(), 2);
        assert_eq!(lexer.next_token().kind, K::Equal);
        lexer.reset_to(1);
        assert_eq!(lexer.next_token().text(src), "a");
        lexer.reset_to(6);
        assert_eq!(lexer.next_token().kind, K::Eof);
        assert_eq!(lexer.src(), src);
    }

    #[test]
    #[should_panic(expected = "inside a character")]
    fn reset_inside_character() {
        Lexer::new("é").reset_to(1);
    }

    #[test]
    fn realistic_input() {
        let src = r#"#map = affine_map<(d0) -> (d0 + 1)>
module {
  func.func @add(%arg0: tensor<4x?xf32>, %arg1: i32) -> (f32, i1) attributes {sym_visibility = "private"} {
    %0:2 = "test.op"(%arg0) {value = dense<[1.5, -2.0e-3]> : vector<2xf64>} : (tensor<4x?xf32>) -> (f32, i1)
    cf.br ^bb1(%0#1 : i1) loc("file.mlir":3:4)
  ^bb1(%c: i1):  // block
    return %0#0, %c : f32, i1
  }
}
{-#
  dialect_resources: { builtin: { blob: "0x08000000" } }
#-}
"#;
        let tokens = lex(src);
        assert!(tokens.iter().all(|t| !matches!(t.kind, K::Error(_))));
        let texts: Vec<_> = tokens.iter().map(|t| t.text(src)).collect();
        assert_eq!(texts[..4], ["#map", "=", "affine_map", "<"]);
        assert!(texts.windows(3).any(|w| w == ["%0", "#1", ":"]));
        assert!(texts.windows(4).any(|w| w == ["4", "x", "?", "xf32"]));
        assert!(texts.contains(&"^bb1") && texts.contains(&"2.0e-3") && texts.contains(&"@add"));
    }

    /// A small xorshift generator, enough for deterministic fuzzing.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// Lexes `src` to the end, checking the invariants every token stream has.
    fn check_invariants(src: &str) {
        let mut lexer = Lexer::new(src);
        let mut last_start = 0;
        for _ in 0..=src.len() {
            let peeked = lexer.peek_token();
            let before = lexer.offset();
            let token = lexer.next_token();
            assert_eq!(token, peeked, "{src:?}");
            assert!(last_start <= token.start && token.start <= token.end, "{src:?}");
            assert!(token.end as usize <= src.len(), "{src:?}");
            let text = token.text(src);
            if token.kind == K::Eof {
                assert_eq!(token.start as usize, src.len());
                assert_eq!(lexer.next_token(), token);
                return;
            }
            assert!(!text.is_empty() && lexer.offset() > before, "{src:?}");
            last_start = token.start;
            match token.kind {
                K::String => assert!(token.string_value(src).is_some()),
                K::AtIdentifier => assert!(token.symbol_name(src).is_some()),
                K::Error(_) => continue,
                _ => {}
            }
            // A valid token lexes alone to itself.
            assert_eq!(kinds_and_texts(text), [(token.kind, text)], "{src:?}");
        }
        panic!("lexer did not reach the end of {src:?}");
    }

    #[test]
    fn garbage_never_panics() {
        const PIECES: &[&str] = &[
            "\"", "\\", "@", "#", "%", "^", "!", "{", "}", "-", ">", ".", "/", "0", "7", "x", "e", "E", "+", "a", "_",
            "$", " ", "\n", "\r", "\t", "\0", "\x0B", "\x0C", "\x01", "é", "€", "𐍈", "f", "(", "]", "?", "*", "|", ",",
            ":", "=", "<", "//", "0x", "{-#", "#-}", "...", "\\n", "\\4",
        ];
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for round in 0..3000 {
            let len = rng.below(40);
            let src = if round % 2 == 0 {
                (0..len).map(|_| PIECES[rng.below(PIECES.len())]).collect::<String>()
            } else {
                let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            };
            check_invariants(&src);
        }
    }
}
