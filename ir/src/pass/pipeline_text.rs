//! The textual pass-pipeline grammar: parsing and printing strings such as
//! `builtin.module(func.func(canonicalize{max-iterations=3},cse),symbol-dce)`.
//!
//! This module only handles syntax; it does not know which passes exist.
//! The grammar follows MLIR's textual pass pipeline specification:
//!
//! ```text
//! pipeline          ::= pipeline-element (',' pipeline-element)*
//! pipeline-element  ::= op-anchor '(' pipeline? ')'
//!                     | pass-name options?
//! options           ::= '{' (key ('=' value)?)* '}'
//! ```
//!
//! An `op-anchor` is an operation name (`builtin.module`, `func.func`) or
//! `any`. The top level may be one anchored pipeline (`builtin.module(...)`)
//! or a bare list of elements (`canonicalize,cse`). Whitespace may appear
//! around every name, comma, parenthesis and brace, and between options.
//!
//! Option values are kept as raw text. A value ends at whitespace or at the
//! closing `}` of the options, except inside quotes (`"..."`, `'...'`) or
//! nested braces (`{...}`), so `str="a b"` and `nested={a=1 b=2}` are single
//! values. [`clean_value`] and [`list_items`] interpret raw values the way
//! MLIR's option parser does. Unlike MLIR, a `}` inside a quoted value does not
//! close the options.
//!
//! Printing ([`DisplayPipeline`] and the `Display` impls) produces MLIR's
//! canonical form: elements separated by `,` without spaces, options written
//! as `{key=value flag}`, and options omitted when empty. Printing the result
//! of a parse and parsing it again yields an equal tree.

use std::fmt;
use std::ops::Range;

/// How deeply op-anchored pipelines may nest before parsing gives up.
///
/// Real pipelines nest a handful of levels; the limit keeps the recursive
/// parser (and later recursive walks of the tree) from overflowing the stack
/// on hostile input.
pub const MAX_NESTING_DEPTH: usize = 128;

/// One option inside a pass's `{...}` block.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PassOption {
    /// The option name, e.g. `max-iterations`.
    pub key: String,
    /// The raw value text after `=`, or `None` for a bare flag (`{verbose}`).
    ///
    /// Quotes and braces are kept: `str="a b"` stores `"a b"` and
    /// `nested={a=1}` stores `{a=1}`. `key=` stores an empty string.
    pub value: Option<String>,
}

impl fmt::Display for PassOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Some(value) => write!(f, "{}={value}", self.key),
            None => f.write_str(&self.key),
        }
    }
}

/// One element of a textual pipeline.
///
/// Equality ignores spans: two elements are equal when they have the same
/// names, options and nested structure, wherever they came from.
#[derive(Clone, Debug)]
pub enum PipelineElement {
    /// A pass or registered pass pipeline, e.g. `canonicalize{max-iterations=3}`.
    Pass {
        /// The pass argument, e.g. `canonicalize`.
        name: String,
        /// The options in source order; empty when there was no `{...}`.
        options: Vec<PassOption>,
        /// Byte range of the name and its options in the parsed text.
        span: Range<usize>,
    },
    /// A nested pipeline anchored on an operation, e.g. `func.func(cse)`.
    Nested {
        /// The anchor: an operation name such as `func.func`, or `any`.
        anchor: String,
        /// The elements inside the parentheses; may be empty (`func.func()`).
        elements: Vec<PipelineElement>,
        /// Byte range from the anchor name through the closing `)`.
        span: Range<usize>,
    },
}

impl PipelineElement {
    /// The pass name or the anchor operation name.
    pub fn name(&self) -> &str {
        match self {
            Self::Pass { name, .. } => name,
            Self::Nested { anchor, .. } => anchor,
        }
    }

    /// Byte range of this element in the text it was parsed from.
    pub fn span(&self) -> Range<usize> {
        match self {
            Self::Pass { span, .. } | Self::Nested { span, .. } => span.clone(),
        }
    }
}

impl PartialEq for PipelineElement {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Pass { name, options, .. }, Self::Pass { name: other_name, options: other_options, .. }) => {
                name == other_name && options == other_options
            }
            (
                Self::Nested { anchor, elements, .. },
                Self::Nested { anchor: other_anchor, elements: other_elements, .. },
            ) => anchor == other_anchor && elements == other_elements,
            _ => false,
        }
    }
}

impl Eq for PipelineElement {}

impl fmt::Display for PipelineElement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pass { name, options, .. } => {
                f.write_str(name)?;
                if let Some((first, rest)) = options.split_first() {
                    write!(f, "{{{first}")?;
                    for option in rest {
                        write!(f, " {option}")?;
                    }
                    f.write_str("}")?;
                }
                Ok(())
            }
            Self::Nested { anchor, elements, .. } => {
                write!(f, "{anchor}({})", DisplayPipeline(elements))
            }
        }
    }
}

/// Displays a list of pipeline elements in MLIR's canonical textual form.
///
/// `DisplayPipeline(&parse_pipeline(text)?).to_string()` reparses to the same
/// elements.
#[derive(Clone, Copy, Debug)]
pub struct DisplayPipeline<'a>(pub &'a [PipelineElement]);

impl fmt::Display for DisplayPipeline<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, element) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{element}")?;
        }
        Ok(())
    }
}

/// Displays a list of pipeline elements one per line, nested pipelines indented by two spaces, the
/// way MLIR's `OpPassManager::dump` (and `mlir-opt --dump-pass-pipeline`) prints them:
///
/// ```text
/// builtin.module(
///   func.func(
///     cse
///   ),
///   symbol-dce
/// )
/// ```
///
/// The text parses back to the same elements.
#[derive(Clone, Copy, Debug)]
pub struct PrettyPipeline<'a>(pub &'a [PipelineElement]);

impl PrettyPipeline<'_> {
    fn write(f: &mut fmt::Formatter<'_>, elements: &[PipelineElement], depth: usize) -> fmt::Result {
        let indent = "  ".repeat(depth);
        for (index, element) in elements.iter().enumerate() {
            if index > 0 {
                f.write_str(",\n")?;
            }
            match element {
                PipelineElement::Pass { .. } => write!(f, "{indent}{element}")?,
                PipelineElement::Nested { anchor, elements, .. } => {
                    writeln!(f, "{indent}{anchor}(")?;
                    Self::write(f, elements, depth + 1)?;
                    write!(f, "\n{indent})")?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for PrettyPipeline<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Self::write(f, self.0, 0)
    }
}

/// A syntax error in a textual pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// What went wrong, e.g. `expected ')' to close 'func.func('`.
    pub message: String,
    /// Byte offset into the parsed text where the error was detected; equal
    /// to the text's length when the input ended too early.
    pub offset: usize,
}

impl PipelineError {
    fn new(message: impl Into<String>, offset: usize) -> Self {
        Self { message: message.into(), offset }
    }

    /// Renders the message followed by the offending line of `text` and a
    /// caret under the error position.
    ///
    /// `text` should be the string that was parsed; an offset past its end
    /// or inside a character is clamped rather than causing a panic.
    pub fn render(&self, text: &str) -> String {
        let mut offset = self.offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line_start = text[..offset].rfind('\n').map_or(0, |newline| newline + 1);
        let line_end = text[offset..].find('\n').map_or(text.len(), |newline| offset + newline);
        let column = text[line_start..offset].chars().count();
        format!("{}\n{}\n{}^", self.message, &text[line_start..line_end], " ".repeat(column))
    }
}

impl fmt::Display for PipelineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

impl std::error::Error for PipelineError {}

/// Parses a textual pipeline into its elements.
///
/// Accepts both an anchored pipeline (`builtin.module(cse)`, `any(cse)`) and
/// a bare element list (`canonicalize,cse`). Empty or all-whitespace text is
/// an empty pipeline.
///
/// # Errors
///
/// Returns a [`PipelineError`] locating the first syntax error: a missing
/// name, separator or closing `)`, unbalanced braces or an unterminated
/// quote in pass options, a malformed option key, options on an op-anchor,
/// or nesting deeper than [`MAX_NESTING_DEPTH`].
pub fn parse_pipeline(text: &str) -> Result<Vec<PipelineElement>, PipelineError> {
    Parser { text, pos: 0 }.parse_list(None, 0)
}

/// Parses a textual pipeline and splits off its outermost anchor.
///
/// When the whole text is a single `anchor(...)` element, returns the anchor
/// name and the elements inside it; otherwise returns `None` and all
/// top-level elements, exactly as [`parse_pipeline`] would.
///
/// # Errors
///
/// Fails exactly when [`parse_pipeline`] does.
pub fn parse_anchored(text: &str) -> Result<(Option<String>, Vec<PipelineElement>), PipelineError> {
    let mut elements = parse_pipeline(text)?;
    if let [PipelineElement::Nested { anchor, elements: inner, .. }] = elements.as_mut_slice() {
        return Ok((Some(std::mem::take(anchor)), std::mem::take(inner)));
    }
    Ok((None, elements))
}

/// Interprets a raw option value as one scalar, the way MLIR does: trims
/// whitespace, then strips one pair of enclosing quotes (`"..."` or `'...'`)
/// or one pair of braces that enclose the whole value (`{a=1 b=2}`).
///
/// Braces are only stripped when they match each other, so `{a},{b}` is
/// returned unchanged.
pub fn clean_value(value: &str) -> &str {
    let value = value.trim_matches(is_space);
    let bytes = value.as_bytes();
    let [first, .., last] = *bytes else {
        return value;
    };
    let enclosed = match (first, last) {
        (b'"', b'"') | (b'\'', b'\'') => true,
        (b'{', _) => find_top_level(&value[1..], b'}') == Some(value.len() - 2),
        _ => false,
    };
    if enclosed { value[1..value.len() - 1].trim_matches(is_space) } else { value }
}

/// Splits a raw list option value (`1,2,3`) into its items, the way MLIR's
/// list options do.
///
/// Commas inside `{}`, `[]`, `()` or quotes do not split, so
/// `{a=1,b=2},"x,y",[3,4]` has three items. Each item is passed through
/// [`clean_value`], so that example yields `a=1,b=2`, `x,y` and `[3,4]`. An
/// empty value is an empty list; an opener that is never closed extends its
/// item to the end of the value.
pub fn list_items(value: &str) -> Vec<String> {
    let mut items = Vec::new();
    if value.is_empty() {
        return items;
    }
    let mut rest = value;
    while let Some(comma) = find_top_level(rest, b',') {
        items.push(clean_value(&rest[..comma]).to_owned());
        rest = &rest[comma + 1..];
    }
    items.push(clean_value(rest).to_owned());
    items
}

/// Finds the first `target` byte in `text` that is not nested inside `{}`,
/// `[]`, `()` or quotes. Returns `None` if there is none, including when an
/// opener or quote before it is never closed. Stray closers are ignored.
fn find_top_level(text: &str, target: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut closers = Vec::new();
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        match closers.last() {
            None if byte == target => return Some(index),
            Some(&closer) if byte == closer => {
                closers.pop();
            }
            _ => match byte {
                b'{' => closers.push(b'}'),
                b'[' => closers.push(b']'),
                b'(' => closers.push(b')'),
                b'"' | b'\'' => {
                    index += 1 + bytes[index + 1..].iter().position(|&b| b == byte)?;
                }
                _ => {}
            },
        }
        index += 1;
    }
    None
}

/// The whitespace MLIR trims around pipeline tokens.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
}

/// Characters allowed in pass names and op-anchor names.
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '$')
}

/// Characters allowed in option keys.
fn is_key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')
}

/// Describes the character at a position for error messages.
fn describe(c: Option<char>) -> String {
    match c {
        Some(c) => format!("{c:?}"),
        None => "end of input".to_owned(),
    }
}

/// Recursive-descent parser over the pipeline text. `pos` is always a byte
/// offset on a character boundary.
struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_spaces(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start_matches(is_space).len();
    }

    fn take_while(&mut self, pred: fn(char) -> bool) -> &'a str {
        let start = self.pos;
        let rest = &self.text[start..];
        self.pos += rest.len() - rest.trim_start_matches(pred).len();
        &self.text[start..self.pos]
    }

    fn error<T>(&self, message: impl Into<String>) -> Result<T, PipelineError> {
        Err(PipelineError::new(message, self.pos))
    }

    /// Parses comma-separated elements. At the top level (`anchor` is `None`)
    /// the list runs to the end of the text; inside `anchor(` it stops at the
    /// closing `)`, which is left for the caller.
    fn parse_list(&mut self, anchor: Option<&str>, depth: usize) -> Result<Vec<PipelineElement>, PipelineError> {
        let mut elements = Vec::new();
        self.skip_spaces();
        match (self.peek(), anchor) {
            (None, None) | (Some(')'), Some(_)) => return Ok(elements),
            (Some(')'), None) => return self.extra_paren(),
            (None, Some(anchor)) => return self.unclosed(anchor),
            _ => {}
        }
        loop {
            elements.push(self.parse_element(depth)?);
            self.skip_spaces();
            match (self.peek(), anchor) {
                (Some(','), _) => self.pos += 1,
                (None, None) | (Some(')'), Some(_)) => return Ok(elements),
                (Some(')'), None) => return self.extra_paren(),
                (None, Some(anchor)) => return self.unclosed(anchor),
                (found, None) => {
                    return self.error(format!("expected ',' between pipeline elements, found {}", describe(found)));
                }
                (found, Some(_)) => {
                    return self
                        .error(format!("expected ',' or ')' after pipeline element, found {}", describe(found)));
                }
            }
        }
    }

    fn extra_paren<T>(&self) -> Result<T, PipelineError> {
        self.error("unbalanced parentheses: extra ')' with no open pipeline")
    }

    fn unclosed<T>(&self, anchor: &str) -> Result<T, PipelineError> {
        self.error(format!("expected ')' to close '{anchor}('"))
    }

    /// Parses a pass (with optional options) or an anchored nested pipeline.
    fn parse_element(&mut self, depth: usize) -> Result<PipelineElement, PipelineError> {
        self.skip_spaces();
        let start = self.pos;
        let name = self.take_while(is_name_char).to_owned();
        let name_end = self.pos;
        match self.peek() {
            found if name.is_empty() => {
                return match found {
                    Some(c) if !"(){},".contains(c) => self
                        .error(format!("unexpected character {}, expected a pass or op-anchor name", describe(found))),
                    _ => self.error(format!("empty pass name before {}", describe(found))),
                };
            }
            Some(c) if !is_space(c) && !"(){},".contains(c) => {
                return self.error(format!("invalid character {} in pass name '{name}'", describe(Some(c))));
            }
            _ => {}
        }
        self.skip_spaces();
        match self.peek() {
            Some('(') => {
                if depth == MAX_NESTING_DEPTH {
                    return self.error(format!("pipeline nesting exceeds the maximum depth of {MAX_NESTING_DEPTH}"));
                }
                self.pos += 1;
                let elements = self.parse_list(Some(&name), depth + 1)?;
                self.pos += 1; // The closing ')' that ended the list.
                Ok(PipelineElement::Nested { anchor: name, elements, span: start..self.pos })
            }
            Some('{') => {
                let options_start = self.pos;
                let options = self.parse_options()?;
                let end = self.pos;
                self.skip_spaces();
                if self.peek() == Some('(') {
                    return Err(PipelineError::new(
                        format!("op-anchor '{name}' cannot take options; only passes have options"),
                        options_start,
                    ));
                }
                Ok(PipelineElement::Pass { name, options, span: start..end })
            }
            _ => Ok(PipelineElement::Pass { name, options: Vec::new(), span: start..name_end }),
        }
    }

    /// Parses `{key=value flag ...}` starting at the `{`.
    fn parse_options(&mut self) -> Result<Vec<PassOption>, PipelineError> {
        let open = self.pos;
        self.pos += 1;
        let mut options = Vec::new();
        loop {
            self.skip_spaces();
            match self.peek() {
                None => {
                    return Err(PipelineError::new("unbalanced braces in pass options: missing closing '}'", open));
                }
                Some('}') => {
                    self.pos += 1;
                    return Ok(options);
                }
                Some(_) => options.push(self.parse_option()?),
            }
        }
    }

    /// Parses one `key`, or `key=value`, inside an options block.
    fn parse_option(&mut self) -> Result<PassOption, PipelineError> {
        let key = self.take_while(is_key_char).to_owned();
        match self.peek() {
            Some('=') if key.is_empty() => self.error("empty option key before '='"),
            Some('=') => {
                self.pos += 1;
                let value = self.scan_value()?.to_owned();
                Ok(PassOption { key, value: Some(value) })
            }
            None | Some('}') => Ok(PassOption { key, value: None }),
            Some(c) if is_space(c) => Ok(PassOption { key, value: None }),
            found if key.is_empty() => {
                self.error(format!("unexpected character {} in pass options, expected an option key", describe(found)))
            }
            found => self.error(format!("invalid character {} in option key '{key}'", describe(found))),
        }
    }

    /// Scans a raw option value: up to whitespace or the options' closing
    /// `}`, treating quoted strings and nested braces as opaque.
    fn scan_value(&mut self) -> Result<&str, PipelineError> {
        let start = self.pos;
        let bytes = self.text.as_bytes();
        let mut depth = 0usize;
        while let Some(&byte) = bytes.get(self.pos) {
            match byte {
                b'{' => depth += 1,
                b'}' if depth == 0 => break,
                b'}' => depth -= 1,
                b'"' | b'\'' => {
                    let Some(len) = bytes[self.pos + 1..].iter().position(|&b| b == byte) else {
                        return self.error("unterminated quoted string in pass options");
                    };
                    self.pos += len + 1;
                }
                _ if depth == 0 && is_space(char::from(byte)) => break,
                _ => {}
            }
            self.pos += 1;
        }
        Ok(&self.text[start..self.pos])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(name: &str, options: &[(&str, Option<&str>)]) -> PipelineElement {
        PipelineElement::Pass {
            name: name.to_owned(),
            options: options
                .iter()
                .map(|&(key, value)| PassOption { key: key.to_owned(), value: value.map(str::to_owned) })
                .collect(),
            span: 0..0,
        }
    }

    fn nested(anchor: &str, elements: Vec<PipelineElement>) -> PipelineElement {
        PipelineElement::Nested { anchor: anchor.to_owned(), elements, span: 0..0 }
    }

    fn print(elements: &[PipelineElement]) -> String {
        DisplayPipeline(elements).to_string()
    }

    fn parse_err(text: &str) -> PipelineError {
        match parse_pipeline(text) {
            Ok(elements) => panic!("{text:?} parsed as {elements:?}"),
            Err(error) => error,
        }
    }

    /// Asserts that `text` fails with a message containing `needle` at `offset`.
    fn assert_err(text: &str, needle: &str, offset: usize) {
        let error = parse_err(text);
        assert!(error.message.contains(needle), "{text:?}: message {:?} lacks {needle:?}", error.message);
        assert_eq!(error.offset, offset, "{text:?}: {}", error.render(text));
    }

    fn assert_round_trip(text: &str) {
        let parsed = parse_pipeline(text).unwrap();
        let printed = print(&parsed);
        assert_eq!(parse_pipeline(&printed).unwrap(), parsed, "{text:?} printed as {printed:?}");
        assert_eq!(print(&parse_pipeline(&printed).unwrap()), printed);
    }

    #[test]
    fn nested_pipeline() {
        let parsed = parse_pipeline("builtin.module(func.func(canonicalize,cse),symbol-dce)");
        assert_eq!(
            parsed.unwrap(),
            vec![nested(
                "builtin.module",
                vec![nested("func.func", vec![pass("canonicalize", &[]), pass("cse", &[])]), pass("symbol-dce", &[]),]
            )]
        );
    }

    #[test]
    fn any_anchor_and_bare_list() {
        assert_eq!(parse_pipeline("any(cse)").unwrap(), vec![nested("any", vec![pass("cse", &[])])]);
        assert_eq!(parse_pipeline("canonicalize,cse").unwrap(), vec![pass("canonicalize", &[]), pass("cse", &[])]);
        assert_eq!(
            parse_pipeline("builtin.module(cse),func.func(cse)").unwrap(),
            vec![nested("builtin.module", vec![pass("cse", &[])]), nested("func.func", vec![pass("cse", &[])]),]
        );
    }

    #[test]
    fn empty_pipelines() {
        assert_eq!(parse_pipeline("").unwrap(), vec![]);
        assert_eq!(parse_pipeline(" \t\n").unwrap(), vec![]);
        assert_eq!(parse_pipeline("func.func()").unwrap(), vec![nested("func.func", vec![])]);
        assert_eq!(
            parse_pipeline("builtin.module( func.func( ) )").unwrap(),
            vec![nested("builtin.module", vec![nested("func.func", vec![])])]
        );
    }

    #[test]
    fn whitespace_everywhere() {
        let text =
            " builtin.module ( func.func ( canonicalize { max-iterations=3 \t top-down } ,\n cse ) , symbol-dce ) ";
        assert_eq!(
            parse_pipeline(text).unwrap(),
            vec![nested(
                "builtin.module",
                vec![
                    nested(
                        "func.func",
                        vec![
                            pass("canonicalize", &[("max-iterations", Some("3")), ("top-down", None)]),
                            pass("cse", &[]),
                        ]
                    ),
                    pass("symbol-dce", &[]),
                ]
            )]
        );
    }

    #[test]
    fn spans_cover_elements() {
        let text = " builtin.module( cse{a=1} , func.func(dce) ) ";
        let parsed = parse_pipeline(text).unwrap();
        let PipelineElement::Nested { elements, span, .. } = &parsed[0] else { panic!() };
        assert_eq!(&text[span.clone()], "builtin.module( cse{a=1} , func.func(dce) )");
        assert_eq!(&text[elements[0].span()], "cse{a=1}");
        assert_eq!(&text[elements[1].span()], "func.func(dce)");
        let PipelineElement::Nested { elements: inner, .. } = &elements[1] else { panic!() };
        assert_eq!(&text[inner[0].span()], "dce");
        assert_eq!(elements[1].name(), "func.func");
        assert_eq!(inner[0].name(), "dce");
    }

    #[test]
    fn option_forms() {
        let text = r#"p{key=value key2=value2 flag list=1,2 str="quoted string" nested={a=1 b=2} empty= single='it, is' deep={a={b=c d} e=f}}"#;
        assert_eq!(
            parse_pipeline(text).unwrap(),
            vec![pass(
                "p",
                &[
                    ("key", Some("value")),
                    ("key2", Some("value2")),
                    ("flag", None),
                    ("list", Some("1,2")),
                    ("str", Some("\"quoted string\"")),
                    ("nested", Some("{a=1 b=2}")),
                    ("empty", Some("")),
                    ("single", Some("'it, is'")),
                    ("deep", Some("{a={b=c d} e=f}")),
                ]
            )]
        );
    }

    #[test]
    fn option_values_with_delimiters() {
        // Quotes protect braces, parentheses and commas from the pipeline parser.
        let text = r#"a{s="x}y(z),w" t='{'},b"#;
        assert_eq!(
            parse_pipeline(text).unwrap(),
            vec![pass("a", &[("s", Some("\"x}y(z),w\"")), ("t", Some("'{'"))]), pass("b", &[])]
        );
        // Parentheses and brackets are ordinary value characters.
        assert_eq!(
            parse_pipeline("a{x=(1,2) y=[3]}").unwrap(),
            vec![pass("a", &[("x", Some("(1,2)")), ("y", Some("[3]"))])]
        );
        // A quote may start mid-value, as in MLIR.
        assert_eq!(parse_pipeline(r#"a{x=ab"c d"e}"#).unwrap(), vec![pass("a", &[("x", Some("ab\"c d\"e"))])]);
    }

    #[test]
    fn empty_option_block() {
        assert_eq!(parse_pipeline("cse{}").unwrap(), vec![pass("cse", &[])]);
        assert_eq!(parse_pipeline("cse{ \n }").unwrap(), vec![pass("cse", &[])]);
    }

    #[test]
    fn list_items_split_at_top_level() {
        assert_eq!(list_items("1,2,3"), ["1", "2", "3"]);
        assert_eq!(list_items(""), Vec::<String>::new());
        assert_eq!(list_items("one"), ["one"]);
        assert_eq!(list_items(" a , b "), ["a", "b"]);
        assert_eq!(list_items("1,2,"), ["1", "2", ""]);
        assert_eq!(list_items(r#"{a=1,b=2},"x,y",[3,4],(5,6),'p,q'"#), ["a=1,b=2", "x,y", "[3,4]", "(5,6)", "p,q"]);
        assert_eq!(list_items("{a={b,c}},d"), ["a={b,c}", "d"]);
        assert_eq!(list_items("{a},{b}"), ["a", "b"]);
        // Mismatched closers are ignored inside a group.
        assert_eq!(list_items("{a)b,c},d"), ["a)b,c", "d"]);
        // Unterminated openers and quotes swallow the rest of the value.
        assert_eq!(list_items("a,{b,c"), ["a", "{b,c"]);
        assert_eq!(list_items("a,\"b,c"), ["a", "\"b,c"]);
        // Stray closers at the top level are ordinary characters.
        assert_eq!(list_items("a),b"), ["a)", "b"]);
    }

    #[test]
    fn clean_value_strips_one_delimiter_pair() {
        assert_eq!(clean_value("plain"), "plain");
        assert_eq!(clean_value(r#""quoted string""#), "quoted string");
        assert_eq!(clean_value("' padded '"), "padded");
        assert_eq!(clean_value("{a=1 b=2}"), "a=1 b=2");
        assert_eq!(clean_value("{{a}}"), "{a}");
        assert_eq!(clean_value("{a},{b}"), "{a},{b}");
        assert_eq!(clean_value("{a"), "{a");
        assert_eq!(clean_value("\""), "\"");
        assert_eq!(clean_value("\"a'"), "\"a'");
        assert_eq!(clean_value(""), "");
        assert_eq!(clean_value("  "), "");
    }

    #[test]
    fn printing_matches_mlir() {
        let text = " builtin.module( func.func( canonicalize{ max-iterations=3  top-down } , cse ), symbol-dce ) ";
        assert_eq!(
            print(&parse_pipeline(text).unwrap()),
            "builtin.module(func.func(canonicalize{max-iterations=3 top-down},cse),symbol-dce)"
        );
        assert_eq!(print(&parse_pipeline("cse{}").unwrap()), "cse");
        assert_eq!(print(&parse_pipeline("a( )").unwrap()), "a()");
        assert_eq!(print(&[]), "");
        assert_eq!(pass("p", &[("k", Some("")), ("f", None)]).to_string(), "p{k= f}");
        let option = PassOption { key: "k".to_owned(), value: Some("1,2".to_owned()) };
        assert_eq!(option.to_string(), "k=1,2");
    }

    #[test]
    fn pretty_printing_matches_mlir_dump() {
        let elements =
            parse_pipeline("builtin.module(func.func(canonicalize{max-iterations=3},cse),any(),symbol-dce)").unwrap();
        let pretty = PrettyPipeline(&elements).to_string();
        assert_eq!(
            pretty,
            "builtin.module(\n  func.func(\n    canonicalize{max-iterations=3},\n    cse\n  ),\n  any(\n\n  ),\n  symbol-dce\n)"
        );
        assert_eq!(parse_pipeline(&pretty).unwrap(), elements);
        assert_eq!(PrettyPipeline(&parse_pipeline("cse,dce").unwrap()).to_string(), "cse,\ndce");
        assert_eq!(PrettyPipeline(&[]).to_string(), "");
    }

    #[test]
    fn round_trips() {
        for text in [
            "",
            "cse",
            "canonicalize,cse",
            "builtin.module(func.func(canonicalize,cse),symbol-dce)",
            "any(cse)",
            "a()",
            "a(b(c(d())),e)",
            "canonicalize{max-iterations=3}",
            r#"p{list=1,2 str="quoted string, with comma" nested={a=1 b={c=2}} flag empty=}"#,
            r#"m(p{s='x}' t="(" u=')'},q)"#,
            " spaced ( out { k= } ) ",
        ] {
            assert_round_trip(text);
        }
    }

    #[test]
    fn equality_ignores_spans() {
        let a = parse_pipeline("x(cse)").unwrap();
        let b = parse_pipeline("   x(  cse )").unwrap();
        assert_ne!(a[0].span(), b[0].span());
        assert_eq!(a, b);
        assert_ne!(pass("x", &[]), nested("x", vec![]));
        assert_ne!(pass("x", &[]), pass("x", &[("k", None)]));
        assert_ne!(pass("x", &[("k", None)]), pass("x", &[("k", Some(""))]));
    }

    #[test]
    fn anchored() {
        let (anchor, elements) = parse_anchored(" builtin.module(cse, func.func(dce)) ").unwrap();
        assert_eq!(anchor.as_deref(), Some("builtin.module"));
        assert_eq!(elements, vec![pass("cse", &[]), nested("func.func", vec![pass("dce", &[])])]);

        let (anchor, elements) = parse_anchored("any()").unwrap();
        assert_eq!((anchor.as_deref(), elements), (Some("any"), vec![]));

        let (anchor, elements) = parse_anchored("canonicalize,cse").unwrap();
        assert_eq!((anchor, elements), (None, vec![pass("canonicalize", &[]), pass("cse", &[])]));

        let (anchor, elements) = parse_anchored("cse").unwrap();
        assert_eq!((anchor, elements), (None, vec![pass("cse", &[])]));

        let (anchor, elements) = parse_anchored("a(x),b(y)").unwrap();
        assert_eq!(anchor, None);
        assert_eq!(elements.len(), 2);

        assert_eq!(parse_anchored("").unwrap(), (None, vec![]));
        assert_eq!(parse_anchored("a(").unwrap_err().offset, 2);
    }

    #[test]
    fn error_empty_pass_name() {
        assert_err(",cse", "empty pass name before ','", 0);
        assert_err("cse,", "empty pass name before end of input", 4);
        assert_err("cse,,dce", "empty pass name before ','", 4);
        assert_err("m(,)", "empty pass name before ','", 2);
        assert_err("m(cse,)", "empty pass name before ')'", 6);
        assert_err("(cse)", "empty pass name before '('", 0);
        assert_err("{a=1}", "empty pass name before '{'", 0);
        assert_err(" }", "empty pass name before '}'", 1);
    }

    #[test]
    fn error_bad_characters_in_names() {
        assert_err("!cse", "unexpected character '!', expected a pass or op-anchor name", 0);
        assert_err("m( \"x\")", "unexpected character '\"'", 3);
        assert_err("cs!e", "invalid character '!' in pass name 'cs'", 2);
        assert_err("cse=3", "invalid character '=' in pass name 'cse'", 3);
        assert_err("caf\u{e9}", "invalid character '\u{e9}' in pass name 'caf'", 3);
        assert_err("\u{e9}", "unexpected character '\u{e9}'", 0);
    }

    #[test]
    fn error_missing_separator() {
        assert_err("cse dce", "expected ',' between pipeline elements, found 'd'", 4);
        assert_err("m(cse dce)", "expected ',' or ')' after pipeline element, found 'd'", 6);
        assert_err("a{x=1}{y=2}", "expected ',' between pipeline elements, found '{'", 6);
        assert_err("m(a)b", "expected ',' between pipeline elements, found 'b'", 4);
        assert_err("m(a}", "expected ',' or ')' after pipeline element, found '}'", 3);
        assert_err("cse}", "expected ',' between pipeline elements, found '}'", 3);
    }

    #[test]
    fn error_unbalanced_parentheses() {
        assert_err("builtin.module(cse", "expected ')' to close 'builtin.module('", 18);
        assert_err("builtin.module(func.func(cse)", "expected ')' to close 'builtin.module('", 29);
        assert_err("m(", "expected ')' to close 'm('", 2);
        assert_err("m( ", "expected ')' to close 'm('", 3);
        assert_err("m(a,", "empty pass name before end of input", 4);
        assert_err("cse)", "extra ')' with no open pipeline", 3);
        assert_err("m(cse))", "extra ')' with no open pipeline", 6);
        assert_err(")", "extra ')' with no open pipeline", 0);
    }

    #[test]
    fn error_options() {
        assert_err("p{a=1", "unbalanced braces in pass options: missing closing '}'", 1);
        assert_err("m(p {a={b=1})", "unbalanced braces in pass options", 4);
        assert_err("p{", "unbalanced braces in pass options", 1);
        assert_err(r#"p{s="abc}"#, "unterminated quoted string in pass options", 4);
        assert_err("p{s='abc}", "unterminated quoted string in pass options", 4);
        assert_err("p{=1}", "empty option key before '='", 2);
        assert_err("p{a b =1}", "empty option key before '='", 6);
        assert_err("p{a+b=1}", "invalid character '+' in option key 'a'", 3);
        assert_err("p{a{b}}", "invalid character '{' in option key 'a'", 3);
        assert_err("p{\"k\"=1}", "unexpected character '\"' in pass options, expected an option key", 2);
        assert_err("m{a=1}(cse)", "op-anchor 'm' cannot take options", 1);
    }

    #[test]
    fn error_nesting_too_deep() {
        let ok = format!("{}cse{}", "a(".repeat(MAX_NESTING_DEPTH), ")".repeat(MAX_NESTING_DEPTH));
        assert_round_trip(&ok);
        let deep = "a(".repeat(MAX_NESTING_DEPTH + 1);
        assert_err(&deep, "exceeds the maximum depth", 2 * MAX_NESTING_DEPTH + 1);
        let very_deep = "a(".repeat(100_000);
        assert_err(&very_deep, "exceeds the maximum depth", 2 * MAX_NESTING_DEPTH + 1);
    }

    #[test]
    fn error_rendering() {
        let text = "builtin.module(cse dce)";
        let error = parse_err(text);
        assert_eq!(
            error.render(text),
            "expected ',' or ')' after pipeline element, found 'd'\n\
             builtin.module(cse dce)\n                   ^"
        );
        assert_eq!(error.to_string(), "expected ',' or ')' after pipeline element, found 'd' (at byte 19)");

        let text = "m(\n  \u{e9}t\u{e9},\n  cse";
        let error = parse_err(text);
        assert_eq!(error.render(text), format!("{}\n  \u{e9}t\u{e9},\n  ^", error.message));

        let text = "m(cse";
        assert_eq!(parse_err(text).render(text), "expected ')' to close 'm('\nm(cse\n     ^");

        // Offsets that do not belong to the text are clamped.
        let error = PipelineError::new("boom", 99);
        assert_eq!(error.render("\u{e9}"), "boom\n\u{e9}\n ^");
        assert_eq!(PipelineError::new("boom", 1).render("\u{e9}"), "boom\n\u{e9}\n^");
    }

    /// Deterministic xorshift generator, so the garbage test needs no crates.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, bound: usize) -> usize {
            (self.next() % bound as u64) as usize
        }
    }

    #[test]
    fn garbage_never_panics_and_successes_round_trip() {
        const PIECES: &[&str] = &[
            "a",
            "cse",
            "func.func",
            "any",
            "-",
            "_",
            ".",
            "(",
            ")",
            "{",
            "}",
            "[",
            "]",
            ",",
            "=",
            "\"",
            "'",
            " ",
            "\t",
            "\n",
            "k=",
            "x",
            "1",
            "\u{e9}",
            "\u{1F600}",
            "!",
            "\\",
            "\0",
        ];
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut successes = 0;
        for _ in 0..50_000 {
            let len = rng.below(24);
            let text: String = (0..len).map(|_| PIECES[rng.below(PIECES.len())]).collect();
            let mut half = text.len() / 2;
            while !text.is_char_boundary(half) {
                half -= 1;
            }
            for candidate in [text.as_str(), &text[..half]] {
                match parse_pipeline(candidate) {
                    Ok(elements) => {
                        successes += 1;
                        let printed = print(&elements);
                        assert_eq!(
                            parse_pipeline(&printed).as_ref(),
                            Ok(&elements),
                            "{candidate:?} printed as {printed:?}"
                        );
                        assert!(parse_anchored(candidate).is_ok());
                    }
                    Err(error) => {
                        assert!(error.offset <= candidate.len(), "{candidate:?}: {error:?}");
                        assert!(candidate.is_char_boundary(error.offset), "{candidate:?}: {error:?}");
                        assert!(!error.message.is_empty());
                        error.render(candidate);
                        assert_eq!(parse_anchored(candidate).unwrap_err(), error);
                    }
                }
                for item in list_items(candidate) {
                    assert!(candidate.contains(item.as_str()));
                }
                clean_value(candidate);
            }
        }
        assert!(successes > 1_000, "only {successes} random inputs parsed");
    }
}
