//! MLIR-compatible `--verify-diagnostics` checking and `--split-input-file` splitting.
//!
//! This module mirrors MLIR 22 (`SourceMgrDiagnosticVerifierHandler` in
//! `mlir/lib/IR/Diagnostics.cpp` and `splitAndProcessBuffer` in
//! `mlir/lib/Support/ToolUtilities.cpp`), including its quirks:
//!
//! * A directive is `expected-(error|note|remark|warning)(-re)? *(@DESIGNATOR)? *{{TEXT}}`
//!   and must end its line (trailing whitespace aside). It may appear anywhere on the line,
//!   not only in a comment, and a line holds at most one directive: in
//!   `expected-error {{a}} expected-error {{b}}` the text is `a}} expected-error {{b`.
//! * `DESIGNATOR` is `+N`/`-N` (relative line; a leading `0` makes `N` octal, as LLVM's
//!   `getAsInteger` with radix 0 does, and an `N` that LLVM cannot parse, like `09` or one
//!   beyond `i32::MAX`, counts as 0), `above` (the closest preceding line that is not a
//!   directive line, or line 1 when there is none), `below` (the next line that is not a
//!   directive line, or the last line when none follows) or `unknown` (diagnostics without
//!   a file location). Lines past either end of the file are not errors: such an
//!   expectation can simply never be met and is reported as not produced.
//! * `TEXT` is taken verbatim (no trimming). Without `-re` it must be a substring of the
//!   message, so an empty text matches every message. With `-re`, `{{...}}` parts are POSIX
//!   extended regular expressions (`llvm::Regex` dialect) and the rest is literal; an empty
//!   `-re` text never matches.
//! * An expectation is not used up when it matches: one expectation absorbs every identical
//!   diagnostic on its line, and a second identical expectation there is never matched.
//!
//! In MLIR 22, `mlir-opt --split-input-file --verify-diagnostics` builds one verifier for the
//! whole input file, parses each chunk with locations in the original file (original line
//! numbers and file name), and reports unmatched expectations once, after the last chunk.
//! Use [`Chunk::offset`] / [`Chunk::first_line`] to locate chunk positions in the original.
//!
//! Deviations from MLIR, where MLIR's behaviour cannot be reproduced or is undefined:
//!
//! * `-re` patterns are translated to the `regex` crate (byte-oriented, so `.` matches one
//!   byte as in `llvm::Regex`). Back-references (`\1`-`\9`) are rejected with
//!   `invalid regex: back-references are not supported`. Bracket ranges compare bytes as
//!   signed `char`s, as LLVM does on x86-64. Where zero-width assertions (`^`, `$`,
//!   `[[:<:]]`, `[[:>:]]`) meet at one position, llvm's matcher only passes `^`/`$` first and
//!   then at most one word boundary (so `[[:<:]]^a` and `a[[:>:]]$` never match in MLIR);
//!   here they match in any order.
//! * A diagnostic located in another file is matched against no expectation (MLIR would try
//!   to load that file from disk and read its directives).
//! * Malformed directives make [`DiagnosticVerifier::new`] fail; MLIR reports them, keeps
//!   verifying and fails at the end.
//! * Split markers of one or two bytes (on which MLIR's splitter never terminates) split on
//!   every occurrence of the marker.
#![deny(missing_docs)]

use std::ops::Range;

use regex::bytes::Regex;

pub use super::Severity;

/// A diagnostic after its location has been resolved to a position in a buffer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlainDiagnostic {
    /// The severity.
    pub severity: Severity,
    /// The buffer (file) name of the location, or `None` when the location holds no file
    /// position (MLIR: no `FileLineColLoc` inside it, e.g. `UnknownLoc`).
    pub file: Option<String>,
    /// The 1-based line, 0 when unknown.
    pub line: u32,
    /// The 1-based column in bytes, 0 when unknown.
    pub col: u32,
    /// The message text.
    pub message: String,
}

impl PlainDiagnostic {
    /// An error in `file` at `position` (`None`: no location).
    fn error(file: &str, position: Option<(u32, u32)>, message: String) -> Self {
        let (file, (line, col)) = match position {
            Some(position) => (Some(file.to_owned()), position),
            None => (None, (0, 0)),
        };
        Self { severity: Severity::Error, file, line, col, message }
    }
}

/// Which diagnostics a [`DiagnosticVerifier`] checks, as `--verify-diagnostics[=LEVEL]`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum VerifyLevel {
    /// Report expected diagnostics that were not produced, diagnostics that were not
    /// expected, and near misses (MLIR's `all`, the default).
    #[default]
    All,
    /// Only report expected diagnostics that were not produced (MLIR's `only-expected`).
    OnlyExpected,
}

/// Checks emitted diagnostics against the `expected-*` directives of a buffer, like MLIR's
/// `SourceMgrDiagnosticVerifierHandler`.
///
/// Feed every emitted diagnostic to [`handle`](Self::handle) (a diagnostic first, then each
/// of its notes), then call [`finish`](Self::finish) to get the failures.
#[derive(Debug)]
pub struct DiagnosticVerifier {
    buffer_name: String,
    level: VerifyLevel,
    /// Expectations located in the buffer, in directive order.
    located: Vec<ExpectedDiag>,
    /// `@unknown` expectations, in directive order.
    unknown: Vec<ExpectedDiag>,
    /// Unexpected diagnostics and near misses reported so far.
    failures: Vec<PlainDiagnostic>,
}

impl DiagnosticVerifier {
    /// Reads the `expected-*` directives of the buffer `text` named `buffer_name`.
    ///
    /// # Errors
    ///
    /// Returns MLIR's errors for malformed `-re` texts (`found start of regex with no end
    /// '}}'`, `invalid regex: ...`), each located at its directive.
    pub fn new(buffer_name: &str, text: &str) -> Result<Self, Vec<PlainDiagnostic>> {
        let mut verifier = Self {
            buffer_name: buffer_name.to_owned(),
            level: VerifyLevel::default(),
            located: Vec::new(),
            unknown: Vec::new(),
            failures: Vec::new(),
        };
        let mut errors = Vec::new();
        // Lines are visited without collecting them: a 100 MB input may have 100 million.
        let line_count = to_u32(text.bytes().filter(|&b| b == b'\n').count() + 1);
        // 0-based index of the last line without a directive, as in MLIR.
        let mut last_plain_line = 0;
        // Indices into `located` of the `@below` expectations awaiting a line.
        let mut pending_below: Vec<usize> = Vec::new();
        for (index, line) in text.split('\n').enumerate() {
            let line_no = to_u32(index).wrapping_add(1);
            let line = line.trim_end_matches(LLVM_WHITESPACE);
            // A directive holds a `-`: other lines skip the search for one (which counts in
            // debug builds when a file has millions of lines).
            let directive = if line.as_bytes().contains(&b'-') { Directive::parse(line) } else { None };
            let Some(directive) = directive else {
                for below in pending_below.drain(..) {
                    if let Some(expected) = verifier.located.get_mut(below) {
                        expected.line = line_no;
                    }
                }
                last_plain_line = to_u32(index);
                continue;
            };
            let position = (line_no, column(line.as_bytes(), directive.start));
            let matcher = if directive.is_regex { compile_regex(directive.text) } else { Ok(Matcher::Substring) };
            let matcher = match matcher {
                Ok(matcher) => matcher,
                Err(message) => {
                    errors.push(PlainDiagnostic::error(buffer_name, Some(position), message));
                    continue;
                }
            };
            let mut expected = ExpectedDiag {
                severity: directive.severity,
                line: line_no,
                position: Some(position),
                text: directive.text.to_owned(),
                matcher,
                matched: false,
            };
            match directive.designator {
                Designator::SameLine => {}
                Designator::Offset { down, digits } => {
                    let offset = parse_line_offset(digits);
                    expected.line = if down { line_no.wrapping_add(offset) } else { line_no.wrapping_sub(offset) };
                }
                Designator::Above => expected.line = last_plain_line.wrapping_add(1),
                Designator::Below => {
                    pending_below.push(verifier.located.len());
                    expected.line = line_count;
                }
                Designator::Unknown => {
                    expected.position = None;
                    verifier.unknown.push(expected);
                    continue;
                }
            }
            verifier.located.push(expected);
        }
        if errors.is_empty() { Ok(verifier) } else { Err(errors) }
    }

    /// Sets which diagnostics are checked (default: [`VerifyLevel::All`]).
    #[must_use]
    pub fn with_level(mut self, level: VerifyLevel) -> Self {
        self.level = level;
        self
    }

    /// Checks one emitted diagnostic (notes are checked like any other diagnostic); returns
    /// whether it met an expectation.
    ///
    /// A diagnostic that meets none is recorded as a failure: as a near miss at the last
    /// expectation on its line whose text matches but whose severity differs
    /// (`'warning' diagnostic emitted when expecting a 'error'`), otherwise as
    /// `unexpected <severity>: <message>` at the diagnostic's own location. With
    /// [`VerifyLevel::OnlyExpected`] nothing is recorded.
    pub fn handle(&mut self, diagnostic: &PlainDiagnostic) -> bool {
        let candidates: &mut [ExpectedDiag] = match &diagnostic.file {
            Some(file) if *file == self.buffer_name => &mut self.located,
            Some(_) => &mut [],
            None => &mut self.unknown,
        };
        let mut near_miss = None;
        for expected in candidates {
            if diagnostic.file.is_some() && expected.line != diagnostic.line {
                continue;
            }
            if expected.matches(&diagnostic.message) {
                if expected.severity == diagnostic.severity {
                    expected.matched = true;
                    return true;
                }
                near_miss = Some((expected.severity, expected.position));
            }
        }
        if self.level == VerifyLevel::OnlyExpected {
            return false;
        }
        let failure = match near_miss {
            Some((severity, position)) => PlainDiagnostic::error(
                &self.buffer_name,
                position,
                format!("'{}' diagnostic emitted when expecting a '{severity}'", diagnostic.severity),
            ),
            None => PlainDiagnostic {
                severity: Severity::Error,
                message: format!("unexpected {}: {}", diagnostic.severity, diagnostic.message),
                ..diagnostic.clone()
            },
        };
        self.failures.push(failure);
        false
    }

    /// Ends verification and returns every failure, in MLIR's order: the unexpected
    /// diagnostics and near misses as they were handled, then one
    /// `expected <severity> "<text>" was not produced` error per unmet expectation, located
    /// at its directive (`@unknown` ones without a location) and in directive order, `@unknown`
    /// ones last. An empty result means verification passed.
    ///
    /// (`mlir-opt` verifies twice, once more when the handler is destroyed, and since MLIR only
    /// forgets the located expectations after the first time, it prints unmet `@unknown` ones
    /// twice.)
    #[must_use]
    pub fn finish(self) -> Vec<PlainDiagnostic> {
        let buffer_name = self.buffer_name;
        let mut failures = self.failures;
        failures.extend(self.located.into_iter().chain(self.unknown).filter(|expected| !expected.matched).map(
            |expected| {
                let message = format!("expected {} \"{}\" was not produced", expected.severity, expected.text);
                PlainDiagnostic::error(&buffer_name, expected.position, message)
            },
        ));
        failures
    }
}

/// The characters `StringRef::rtrim` removes.
const LLVM_WHITESPACE: [char; 6] = [' ', '\t', '\n', '\x0B', '\x0C', '\r'];

/// One expected diagnostic.
#[derive(Debug)]
struct ExpectedDiag {
    severity: Severity,
    /// The line the diagnostic is expected on (wrapping like MLIR's `unsigned`).
    line: u32,
    /// Line and column of the directive; `None` for `@unknown`.
    position: Option<(u32, u32)>,
    /// The text between the outer `{{` and `}}`.
    text: String,
    matcher: Matcher,
    matched: bool,
}

impl ExpectedDiag {
    fn matches(&self, message: &str) -> bool {
        match &self.matcher {
            Matcher::Substring => message.contains(&self.text),
            Matcher::Regex(regex) => regex.is_match(message.as_bytes()),
            Matcher::Never => false,
        }
    }
}

/// How an expectation's text is compared with a message.
#[derive(Debug)]
enum Matcher {
    /// The text must occur in the message.
    Substring,
    /// The `-re` text, compiled.
    Regex(Regex),
    /// An empty `-re` text: `llvm::Regex` rejects the empty pattern, so it never matches.
    Never,
}

/// Where a directive's expectation applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Designator<'a> {
    SameLine,
    /// `@+N` (`down`) or `@-N`, with `N` as written.
    Offset {
        down: bool,
        digits: &'a str,
    },
    Above,
    Below,
    Unknown,
}

/// A parsed `expected-*` directive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Directive<'a> {
    severity: Severity,
    is_regex: bool,
    designator: Designator<'a>,
    /// Byte index of `expected-` in the line.
    start: usize,
    text: &'a str,
}

impl<'a> Directive<'a> {
    /// Finds the directive of a right-trimmed line: the leftmost match of MLIR's
    /// `expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *{{(.*)}}$`.
    fn parse(line: &'a str) -> Option<Self> {
        line.match_indices("expected-").find_map(|(start, prefix)| {
            let rest = line.get(start + prefix.len()..)?;
            let (severity, rest) = [
                ("error", Severity::Error),
                ("note", Severity::Note),
                ("remark", Severity::Remark),
                ("warning", Severity::Warning),
            ]
            .into_iter()
            .find_map(|(name, severity)| Some((severity, rest.strip_prefix(name)?)))?;
            let (is_regex, rest) = match rest.strip_prefix("-re") {
                Some(rest) => (true, rest),
                None => (false, rest),
            };
            let rest = rest.trim_start_matches(' ');
            let (designator, rest) = match rest.strip_prefix('@') {
                Some(rest) => Designator::parse(rest)?,
                None => (Designator::SameLine, rest),
            };
            let text = rest.trim_start_matches(' ').strip_prefix("{{")?.strip_suffix("}}")?;
            Some(Self { severity, is_regex, designator, start, text })
        })
    }
}

impl<'a> Designator<'a> {
    /// Parses the designator after `@`, returning it and the rest of the line.
    fn parse(rest: &'a str) -> Option<(Self, &'a str)> {
        for (word, designator) in [("above", Self::Above), ("below", Self::Below), ("unknown", Self::Unknown)] {
            if let Some(rest) = rest.strip_prefix(word) {
                return Some((designator, rest));
            }
        }
        let down = match rest.as_bytes().first()? {
            b'+' => true,
            b'-' => false,
            _ => return None,
        };
        let rest = &rest[1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        (digits > 0).then(|| (Self::Offset { down, digits: &rest[..digits] }, &rest[digits..]))
    }
}

/// Parses a line offset like LLVM's `getAsInteger(0, int&)`: a leading `0` followed by
/// more digits selects octal, and the value must fit in an `int`. Where LLVM fails, MLIR
/// reads an uninitialised variable, which MLIR 22.1.8 builds see as 0.
fn parse_line_offset(digits: &str) -> u32 {
    let (digits, radix) = match digits.strip_prefix('0') {
        Some(octal) if !octal.is_empty() => (octal, 8),
        _ => (digits, 10),
    };
    i32::from_str_radix(digits, radix).map_or(0, i32::cast_unsigned)
}

/// Compiles a `-re` text: `{{...}}` parts are POSIX extended regular expressions, the rest
/// is literal. Errors carry MLIR's messages.
fn compile_regex(text: &str) -> Result<Matcher, String> {
    if text.is_empty() {
        return Ok(Matcher::Never);
    }
    // `s`: `.` also matches `\n`; `-u`: match bytes, as `llvm::Regex` does.
    let mut pattern = String::from("(?s-u)");
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        rest[..open].bytes().for_each(|byte| push_byte(&mut pattern, byte));
        rest = &rest[open + 2..];
        let close = rest.find("}}").ok_or("found start of regex with no end '}}'")?;
        let ere = Ere::translate(&rest.as_bytes()[..close]).map_err(|e| format!("invalid regex: {e}"))?;
        pattern.push_str("(?:");
        pattern.push_str(&ere);
        pattern.push(')');
        rest = &rest[close + 2..];
    }
    rest.bytes().for_each(|byte| push_byte(&mut pattern, byte));
    Regex::new(&pattern).map(Matcher::Regex).map_err(|e| format!("invalid regex: {e}"))
}

/// Appends a pattern matching exactly `byte`.
fn push_byte(pattern: &mut String, byte: u8) {
    if byte.is_ascii_alphanumeric() {
        pattern.push(char::from(byte));
    } else {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        pattern.push_str("\\x");
        pattern.push(char::from(HEX[usize::from(byte >> 4)]));
        pattern.push(char::from(HEX[usize::from(byte & 0xF)]));
    }
}

// `llvm::Regex` error messages (`regerror.c`).
const REG_ECOLLATE: &str = "invalid collating element";
const REG_ECTYPE: &str = "invalid character class";
const REG_EESCAPE: &str = "trailing backslash (\\)";
const REG_ESUBREG: &str = "invalid backreference number";
const REG_EBRACK: &str = "brackets ([ ]) not balanced";
const REG_EPAREN: &str = "parentheses not balanced";
const REG_EBRACE: &str = "braces not balanced";
const REG_BADBR: &str = "invalid repetition count(s)";
const REG_ERANGE: &str = "invalid character range";
const REG_BADRPT: &str = "repetition-operator operand invalid";
const REG_EMPTY: &str = "empty (sub)expression";
const BACK_REFERENCE: &str = "back-references are not supported";

/// The largest repetition count `llvm::Regex` accepts.
const DUP_MAX: u32 = 255;

/// Translates one POSIX extended regular expression, as `llvm::Regex` (`regcomp.c`) parses it,
/// into `regex` crate syntax for a `(?s-u)` byte pattern, failing with llvm's message for
/// the first error llvm would report, or else for a back-reference.
struct Ere<'a> {
    pattern: &'a [u8],
    pos: usize,
    /// Number of groups opened so far.
    groups: usize,
    /// Which of groups 1-9 are closed, i.e. can be back-referenced.
    closed: [bool; 10],
    /// Whether a (valid) back-reference was seen.
    back_reference: bool,
    out: String,
}

impl<'a> Ere<'a> {
    fn translate(pattern: &'a [u8]) -> Result<String, &'static str> {
        let mut ere =
            Self { pattern, pos: 0, groups: 0, closed: [false; 10], back_reference: false, out: String::new() };
        ere.alternation(None)?;
        if ere.back_reference {
            return Err(BACK_REFERENCE);
        }
        Ok(ere.out)
    }

    fn peek(&self) -> Option<u8> {
        self.pattern.get(self.pos).copied()
    }

    fn peek2(&self) -> Option<u8> {
        self.pattern.get(self.pos + 1).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.pos += 1;
        Some(byte)
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.pos += 1;
        }
        found
    }

    fn eat_two(&mut self, first: u8, second: u8) -> bool {
        let found = self.peek() == Some(first) && self.peek2() == Some(second);
        if found {
            self.pos += 2;
        }
        found
    }

    /// The repetition operator that follows, if any (`{` only counts before a digit).
    fn repetition(&self) -> Option<u8> {
        self.peek().filter(|&byte| match byte {
            b'*' | b'+' | b'?' => true,
            b'{' => self.peek2().is_some_and(|byte| byte.is_ascii_digit()),
            _ => false,
        })
    }

    /// Alternatives up to `stop` (exclusive) or the end; each must be non-empty.
    fn alternation(&mut self, stop: Option<u8>) -> Result<(), &'static str> {
        loop {
            let mut emitted = false;
            while let Some(byte) = self.peek()
                && byte != b'|'
                && Some(byte) != stop
            {
                self.pos += 1;
                emitted |= self.expression(byte)?;
            }
            if !emitted {
                return Err(REG_EMPTY);
            }
            if !self.eat(b'|') {
                return Ok(());
            }
            self.out.push('|');
        }
    }

    /// An atom starting with `first` (already consumed) and its optional repetition.
    /// Returns whether anything remains of it: llvm drops `x{0}` entirely.
    fn expression(&mut self, first: u8) -> Result<bool, &'static str> {
        let start = self.out.len();
        match first {
            b'(' => {
                if self.peek().is_none() {
                    return Err(REG_EPAREN);
                }
                self.groups += 1;
                let group = self.groups;
                self.out.push_str("(?:");
                if self.peek() != Some(b')') {
                    self.alternation(Some(b')'))?;
                }
                if let Some(closed) = self.closed.get_mut(group) {
                    *closed = true;
                }
                self.out.push(')');
                if self.next() != Some(b')') {
                    return Err(REG_EPAREN);
                }
            }
            b')' => return Err(REG_EPAREN),
            b'^' | b'$' | b'.' => self.out.push(char::from(first)),
            b'*' | b'+' | b'?' => return Err(REG_BADRPT),
            b'[' => self.bracket()?,
            b'\\' => {
                let escaped = self.next().ok_or(REG_EESCAPE)?;
                if let Some(group) = escaped.checked_sub(b'0').filter(|digit| (1..=9).contains(digit)) {
                    if !self.closed[usize::from(group)] {
                        return Err(REG_ESUBREG);
                    }
                    self.back_reference = true;
                } else {
                    push_byte(&mut self.out, escaped);
                }
            }
            b'{' if self.peek().is_some_and(|byte| byte.is_ascii_digit()) => return Err(REG_BADRPT),
            _ => push_byte(&mut self.out, first),
        }
        let Some(operator) = self.repetition() else {
            return Ok(true);
        };
        self.pos += 1;
        if first == b'^' {
            return Err(REG_BADRPT);
        }
        let atom = self.out.split_off(start);
        self.out.push_str("(?:");
        self.out.push_str(&atom);
        self.out.push(')');
        let mut emitted = true;
        if operator == b'{' {
            let min = self.count()?;
            let max = if self.eat(b',') {
                if self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
                    let max = self.count()?;
                    if min > max {
                        return Err(REG_BADBR);
                    }
                    Some(max)
                } else {
                    None
                }
            } else {
                Some(min)
            };
            if !self.eat(b'}') {
                let closed = self.pattern[self.pos..].contains(&b'}');
                return Err(if closed { REG_BADBR } else { REG_EBRACE });
            }
            emitted = max != Some(0);
            self.out.push('{');
            self.out.push_str(&min.to_string());
            self.out.push(',');
            if let Some(max) = max {
                self.out.push_str(&max.to_string());
            }
            self.out.push('}');
        } else {
            self.out.push(char::from(operator));
        }
        if self.repetition().is_some() {
            return Err(REG_BADRPT);
        }
        Ok(emitted)
    }

    /// A repetition count (at least one digit is known to follow).
    fn count(&mut self) -> Result<u32, &'static str> {
        let mut count = 0;
        while count <= DUP_MAX
            && let Some(digit) = self.peek().filter(u8::is_ascii_digit)
        {
            count = count * 10 + u32::from(digit - b'0');
            self.pos += 1;
        }
        if count > DUP_MAX { Err(REG_BADBR) } else { Ok(count) }
    }

    /// A bracket expression after its `[`.
    fn bracket(&mut self) -> Result<(), &'static str> {
        // llvm's word-boundary extensions, recognised only in exactly these spellings.
        for (spelling, assertion) in [(b"[:<:]]", r"\b{start}"), (b"[:>:]]", r"\b{end}")] {
            if self.pattern[self.pos..].starts_with(spelling) {
                self.pos += spelling.len();
                self.out.push_str(assertion);
                return Ok(());
            }
        }
        let mut set = [false; 256];
        let negated = self.eat(b'^');
        if self.eat(b']') {
            set[usize::from(b']')] = true;
        } else if self.eat(b'-') {
            set[usize::from(b'-')] = true;
        }
        while let Some(byte) = self.peek()
            && byte != b']'
            && !(byte == b'-' && self.peek2() == Some(b']'))
        {
            self.bracket_term(&mut set)?;
        }
        if self.eat(b'-') {
            set[usize::from(b'-')] = true;
        }
        if self.next() != Some(b']') {
            return Err(REG_EBRACK);
        }
        if negated {
            for member in &mut set {
                *member = !*member;
            }
        }
        push_class(&mut self.out, &set);
        Ok(())
    }

    /// One term of a bracket expression: a class, an equivalence class, a symbol or a range.
    fn bracket_term(&mut self, set: &mut [bool; 256]) -> Result<(), &'static str> {
        match (self.peek(), self.peek2()) {
            (Some(b'['), Some(b':')) => {
                self.pos += 2;
                if matches!(self.peek().ok_or(REG_EBRACK)?, b'-' | b']') {
                    return Err(REG_ECTYPE);
                }
                let name_start = self.pos;
                while self.peek().is_some_and(|byte| byte.is_ascii_alphabetic()) {
                    self.pos += 1;
                }
                let member = character_class(&self.pattern[name_start..self.pos]).ok_or(REG_ECTYPE)?;
                (0..=u8::MAX).filter(member).for_each(|byte| set[usize::from(byte)] = true);
                if self.peek().is_none() {
                    return Err(REG_EBRACK);
                }
                if !self.eat_two(b':', b']') {
                    return Err(REG_ECTYPE);
                }
            }
            (Some(b'['), Some(b'=')) => {
                self.pos += 2;
                if matches!(self.peek().ok_or(REG_EBRACK)?, b'-' | b']') {
                    return Err(REG_ECOLLATE);
                }
                set[usize::from(self.collating_element(b'=')?)] = true;
            }
            (Some(b'-'), _) => return Err(REG_ERANGE),
            _ => {
                let first = self.symbol()?;
                let last = if self.peek() == Some(b'-') && self.peek2().is_some_and(|byte| byte != b']') {
                    self.pos += 1;
                    if self.eat(b'-') { b'-' } else { self.symbol()? }
                } else {
                    first
                };
                // llvm compares plain `char`s, which are signed on x86-64.
                let (first, last) = (first.cast_signed(), last.cast_signed());
                if first > last {
                    return Err(REG_ERANGE);
                }
                (first..=last).for_each(|byte| set[usize::from(byte.cast_unsigned())] = true);
            }
        }
        Ok(())
    }

    /// A single byte or a `[.name.]` collating symbol.
    fn symbol(&mut self) -> Result<u8, &'static str> {
        if self.eat_two(b'[', b'.') {
            return self.collating_element(b'.');
        }
        self.next().ok_or(REG_EBRACK)
    }

    /// The name of a collating element up to and including `end` `]`: one of llvm's
    /// character names or a single byte.
    fn collating_element(&mut self, end: u8) -> Result<u8, &'static str> {
        let start = self.pos;
        while !(self.peek() == Some(end) && self.peek2() == Some(b']')) {
            self.next().ok_or(REG_EBRACK)?;
        }
        let name = &self.pattern[start..self.pos];
        self.pos += 2;
        match (collating_name(name), name) {
            (Some(byte), _) | (None, &[byte]) => Ok(byte),
            _ => Err(REG_ECOLLATE),
        }
    }
}

/// The members of a `[:name:]` class, with llvm's (ASCII-only) tables.
fn character_class(name: &[u8]) -> Option<fn(&u8) -> bool> {
    let member: fn(&u8) -> bool = match name {
        b"alnum" => u8::is_ascii_alphanumeric,
        b"alpha" => u8::is_ascii_alphabetic,
        b"blank" => |byte| matches!(byte, b' ' | b'\t'),
        // llvm's table lacks NUL.
        b"cntrl" => |byte| matches!(byte, 1..=31 | 127),
        b"digit" => u8::is_ascii_digit,
        b"graph" => u8::is_ascii_graphic,
        b"lower" => u8::is_ascii_lowercase,
        b"print" => |byte| matches!(byte, b' '..=b'~'),
        b"punct" => u8::is_ascii_punctuation,
        // Includes the vertical tab, unlike `u8::is_ascii_whitespace`.
        b"space" => |byte| matches!(byte, b'\t'..=b'\r' | b' '),
        b"upper" => u8::is_ascii_uppercase,
        b"xdigit" => u8::is_ascii_hexdigit,
        _ => return None,
    };
    Some(member)
}

/// llvm's character names for `[.name.]` and `[=name=]`: runs of consecutive codes starting
/// at the given byte, names separated by spaces, aliases of one code by `/`.
const COLLATING_NAMES: [(u8, &str); 3] = [
    (
        0,
        "NUL SOH STX ETX EOT ENQ ACK BEL/alert BS/backspace HT/tab LF/newline VT/vertical-tab \
         FF/form-feed CR/carriage-return SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC \
         IS4/FS IS3/GS IS2/RS IS1/US space exclamation-mark quotation-mark number-sign \
         dollar-sign percent-sign ampersand apostrophe left-parenthesis right-parenthesis \
         asterisk plus-sign comma hyphen/hyphen-minus period/full-stop slash/solidus zero one \
         two three four five six seven eight nine colon semicolon less-than-sign equals-sign \
         greater-than-sign question-mark commercial-at",
    ),
    (
        b'[',
        "left-square-bracket backslash/reverse-solidus right-square-bracket \
         circumflex/circumflex-accent underscore/low-line grave-accent",
    ),
    (b'{', "left-brace/left-curly-bracket vertical-line right-brace/right-curly-bracket tilde DEL"),
];

fn collating_name(name: &[u8]) -> Option<u8> {
    COLLATING_NAMES.iter().find_map(|&(first, names)| {
        names
            .split(' ')
            .zip(first..)
            .find(|(aliases, _)| aliases.split('/').any(|alias| alias.as_bytes() == name))
            .map(|(_, byte)| byte)
    })
}

/// Appends a byte class holding exactly the bytes in `set`.
fn push_class(pattern: &mut String, set: &[bool; 256]) {
    let mut ranges: Vec<(u8, u8)> = Vec::new();
    for byte in (0..=u8::MAX).filter(|&byte| set[usize::from(byte)]) {
        match ranges.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(byte) => *last = byte,
            _ => ranges.push((byte, byte)),
        }
    }
    if ranges.is_empty() {
        pattern.push_str(r"[^\x00-\xFF]");
        return;
    }
    pattern.push('[');
    for (first, last) in ranges {
        push_byte(pattern, first);
        if last != first {
            pattern.push('-');
            push_byte(pattern, last);
        }
    }
    pattern.push(']');
}

/// The marker `--split-input-file` splits on by default, and the output separator's text.
pub const DEFAULT_SPLIT_MARKER: &str = "// -----";

/// How many trailing bytes of the marker MLIR leaves out of its first search, to report
/// near misses.
const SPLIT_CHECK_LEN: usize = 2;

/// One chunk of a split input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chunk<'a> {
    /// The chunk's text, a slice of the original. After the first chunk it starts with
    /// whatever followed the marker on its line, usually just the newline.
    pub text: &'a str,
    /// Byte offset of `text` in the original.
    pub offset: usize,
    /// The 1-based line of the original on which `text` starts: line `n` of the chunk is
    /// line `first_line + n - 1` of the original. For chunks after a marker this is the
    /// marker's line.
    pub first_line: u32,
}

impl Chunk<'_> {
    /// The buffer name MLIR gives the chunk of a file named `original`
    /// (`within split at FILE:LINE offset `, trailing space included). MLIR 22's `mlir-opt`
    /// reports locations in the original file instead; tools that parse chunks on their own
    /// (e.g. `mlir-translate`) use this name with chunk-relative line numbers.
    #[must_use]
    pub fn buffer_name(&self, original: &str) -> String {
        format!("within split at {original}:{} offset ", self.first_line)
    }
}

/// Splits `text` like `--split-input-file=MARKER` (see [`split_input_with_warnings`]),
/// dropping the near-miss warnings.
#[must_use]
pub fn split_input<'a>(text: &'a str, marker: &str) -> Vec<Chunk<'a>> {
    split(text, marker).0
}

/// Splits `text` like MLIR's `splitAndProcessBuffer` with input marker `marker`, also
/// returning its `near miss with file split marker` warnings for the buffer `buffer_name`.
///
/// An empty `marker` disables splitting: the whole text is the only chunk. Otherwise the
/// marker is searched anywhere, not only at the start of a line; the chunk after it starts
/// right after it, so text following the marker on its line belongs to the next chunk.
/// MLIR first searches for the marker without its last two bytes: an occurrence not
/// followed by those two bytes and one more byte other than `0` is a near miss (warned
/// about at the byte after the shortened marker, and not a split). In particular a marker
/// with an extra dash splits but leaves that dash in the next chunk. A text starting with
/// the shortened marker has no empty first chunk: its first chunk starts right after the
/// shortened marker, keeping the marker's last two bytes (`--`). An empty text gives no
/// chunks.
#[must_use]
pub fn split_input_with_warnings<'a>(
    buffer_name: &str,
    text: &'a str,
    marker: &str,
) -> (Vec<Chunk<'a>>, Vec<PlainDiagnostic>) {
    let (chunks, near_misses) = split(text, marker);
    let warnings = near_misses
        .into_iter()
        .map(|offset| {
            let (line, col) = line_and_column(text.as_bytes(), offset);
            PlainDiagnostic {
                severity: Severity::Warning,
                file: Some(buffer_name.to_owned()),
                line,
                col,
                message: "near miss with file split marker".to_owned(),
            }
        })
        .collect();
    (chunks, warnings)
}

/// Splits `text`, returning the chunks and the byte offsets of the near misses.
fn split<'a>(text: &'a str, marker: &str) -> (Vec<Chunk<'a>>, Vec<usize>) {
    if marker.is_empty() {
        return (vec![Chunk { text, offset: 0, first_line: 1 }], Vec::new());
    }
    let bytes = text.as_bytes();
    let marker = marker.as_bytes();
    let check_len = if marker.len() > SPLIT_CHECK_LEN { SPLIT_CHECK_LEN } else { 0 };
    let (prefix, suffix) = marker.split_at(marker.len() - check_len);

    let mut pieces = Vec::new();
    let mut start = 0;
    while let Some(found) = bytes[start..].windows(prefix.len()).position(|window| window == prefix) {
        pieces.push(start..start + found);
        start += found + prefix.len();
    }
    pieces.push(start..bytes.len());

    let mut ranges: Vec<Range<usize>> = Vec::new();
    let mut near_misses = Vec::new();
    let mut current = 0..0;
    for piece in pieces {
        if current.is_empty() {
            current = piece;
            continue;
        }
        let after = &bytes[piece.clone()];
        let is_marker =
            check_len == 0 || (after.starts_with(suffix) && after.get(check_len).is_some_and(|&byte| byte != b'0'));
        if is_marker {
            ranges.push(current);
            current = piece.start + check_len..piece.end;
        } else {
            near_misses.push(piece.start);
            current = current.start..piece.end;
        }
    }
    if !current.is_empty() {
        ranges.push(current);
    }

    let mut line = 1u32;
    let mut counted = 0;
    let chunks = ranges
        .into_iter()
        .map(|range| {
            // Only a chunk following a leading shortened marker can start inside a character
            // (when the marker ends with a multi-byte one); its partial bytes are dropped.
            // Every end is the start of a marker occurrence or of the text's end.
            let mut start = range.start;
            while !text.is_char_boundary(start) {
                start += 1;
            }
            line = line.saturating_add(count_newlines(&bytes[counted..start]));
            counted = start;
            Chunk { text: &text[start..range.end], offset: start, first_line: line }
        })
        .collect();
    (chunks, near_misses)
}

fn count_newlines(bytes: &[u8]) -> u32 {
    to_u32(bytes.iter().filter(|&&byte| byte == b'\n').count())
}

/// Line and column of byte `offset` in `text`, as `SourceMgr::getLineAndColumn` computes them.
fn line_and_column(text: &[u8], offset: usize) -> (u32, u32) {
    (count_newlines(&text[..offset]).saturating_add(1), column(text, offset))
}

/// 1-based column of byte `offset` in `text`: LLVM counts bytes from the last `\n` or `\r`.
fn column(text: &[u8], offset: usize) -> u32 {
    let line_start = text[..offset].iter().rposition(|&byte| byte == b'\n' || byte == b'\r').map_or(0, |i| i + 1);
    to_u32(offset - line_start).saturating_add(1)
}

fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "test.mlir";

    fn diag(severity: Severity, line: u32, message: &str) -> PlainDiagnostic {
        PlainDiagnostic { severity, file: Some(FILE.to_owned()), line, col: 1, message: message.to_owned() }
    }

    fn unknown(severity: Severity, message: &str) -> PlainDiagnostic {
        PlainDiagnostic { severity, file: None, line: 0, col: 0, message: message.to_owned() }
    }

    fn error_at(line: u32, col: u32, message: &str) -> PlainDiagnostic {
        PlainDiagnostic {
            severity: Severity::Error,
            file: Some(FILE.to_owned()),
            line,
            col,
            message: message.to_owned(),
        }
    }

    fn verifier(text: &str) -> DiagnosticVerifier {
        DiagnosticVerifier::new(FILE, text).expect("directives are well formed")
    }

    /// Feeds `diagnostics` and returns the failures.
    fn run(text: &str, diagnostics: &[PlainDiagnostic]) -> Vec<PlainDiagnostic> {
        let mut verifier = verifier(text);
        for diagnostic in diagnostics {
            verifier.handle(diagnostic);
        }
        verifier.finish()
    }

    fn messages(failures: &[PlainDiagnostic]) -> Vec<&str> {
        failures.iter().map(|failure| failure.message.as_str()).collect()
    }

    fn construction_errors(text: &str) -> Vec<String> {
        DiagnosticVerifier::new(FILE, text)
            .expect_err("directives are malformed")
            .into_iter()
            .map(|error| error.message)
            .collect()
    }

    #[test]
    fn same_line_directive_matches_substring() {
        let text = "cf.br ^missing  // expected-error {{undefined block}}\n";
        let mut verifier = verifier(text);
        assert!(verifier.handle(&diag(Severity::Error, 1, "reference to an undefined block")));
        assert!(verifier.finish().is_empty());
    }

    #[test]
    fn every_severity_has_a_directive() {
        let text = "x // expected-error {{e}}\nx // expected-warning {{w}}\nx // expected-note {{n}}\nx // expected-remark {{r}}";
        let failures = run(
            text,
            &[
                diag(Severity::Error, 1, "e"),
                diag(Severity::Warning, 2, "w"),
                diag(Severity::Note, 3, "n"),
                diag(Severity::Remark, 4, "r"),
            ],
        );
        assert_eq!(failures, []);
    }

    #[test]
    fn relative_offsets() {
        let text = "// expected-error@+2 {{down}}\n\nop\n// expected-error @-3 {{up}}\n";
        let failures = run(text, &[diag(Severity::Error, 3, "down"), diag(Severity::Error, 1, "up")]);
        assert_eq!(failures, []);
    }

    #[test]
    fn offset_with_leading_zero_is_octal() {
        let text = "// expected-error@+010 {{far}}\n";
        assert_eq!(run(text, &[diag(Severity::Error, 9, "far")]), []);
    }

    #[test]
    fn unparsable_offset_means_same_line() {
        let text = "a\nb // expected-error@+09 {{x}}\nc // expected-error@-2147483648 {{y}}";
        assert_eq!(run(text, &[diag(Severity::Error, 2, "x"), diag(Severity::Error, 3, "y")]), []);
    }

    #[test]
    fn offsets_past_the_file_are_only_unmet() {
        let text = "op\n// expected-error@+5 {{late}}\n// expected-error@-9 {{early}}";
        let failures = run(text, &[diag(Severity::Error, 7, "late")]);
        assert_eq!(failures, [error_at(3, 4, "expected error \"early\" was not produced")]);
    }

    #[test]
    fn above_and_below() {
        let text = "\
op1
// expected-error@above {{a1}}
// expected-note@above {{a2}}
// expected-remark@below {{b1}}
// expected-remark@below {{b2}}
op6
";
        let failures = run(
            text,
            &[
                diag(Severity::Error, 1, "a1"),
                diag(Severity::Note, 1, "a2"),
                diag(Severity::Remark, 6, "b1"),
                diag(Severity::Remark, 6, "b2"),
            ],
        );
        assert_eq!(failures, []);
    }

    #[test]
    fn above_on_first_line_means_first_line() {
        let text = "// expected-error@above {{first}}\nop";
        assert_eq!(run(text, &[diag(Severity::Error, 1, "first")]), []);
    }

    #[test]
    fn dangling_below_means_last_line() {
        // The empty text after the final newline is a line of its own.
        assert_eq!(run("op\n// expected-error@below {{x}}\n", &[diag(Severity::Error, 3, "x")]), []);
        assert_eq!(run("op\n// expected-error@below {{x}}", &[diag(Severity::Error, 2, "x")]), []);
    }

    #[test]
    fn unknown_location() {
        let text = "// expected-error@unknown {{lost}}\n";
        let mut verifier = verifier(text);
        assert!(!verifier.handle(&diag(Severity::Error, 1, "lost")));
        assert!(verifier.handle(&unknown(Severity::Error, "lost")));
        assert_eq!(messages(&verifier.finish()), ["unexpected error: lost"]);

        let failures = run(text, &[]);
        assert_eq!(failures, [PlainDiagnostic::error(FILE, None, "expected error \"lost\" was not produced".into())]);
    }

    #[test]
    fn unlocated_diagnostic_is_unexpected_without_location() {
        let failures = run("", &[unknown(Severity::Warning, "w")]);
        assert_eq!(failures, [unknown(Severity::Error, "unexpected warning: w")]);
    }

    #[test]
    fn regex_mixes_literal_and_regex_parts() {
        let text = "op // expected-error-re {{value (i{{[0-9]+}}) used {{.*}} times}}";
        let mut verifier = verifier(text);
        assert!(verifier.handle(&diag(Severity::Error, 1, "the value (i32) used 3\n and 4 times here")));
        assert!(!verifier.handle(&diag(Severity::Error, 1, "value (ix) used 3 times")));
        // The literal parentheses are literal.
        assert!(!verifier.handle(&diag(Severity::Error, 1, "value i32 used 3 times")));
        assert_eq!(verifier.finish().len(), 2);
    }

    #[test]
    fn regex_follows_posix_extended_syntax() {
        let cases = [
            (r"{{\d}}", "d", "1"),
            (r"{{a{x}}", "a{x", "aax"),
            (r"{{a{2}b}}", "aab", "ab"),
            (r"{{[\]}}", "\\", "]"),
            (r"{{[]a]}}", "]", "b"),
            (r"{{[[:digit:][:space:]]+x}}", "1\x0b2x", "ax"),
            (r"{{^[[:<:]]ab[[:>:]]}}", "ab c", "abc"),
            (r"{{[[.hyphen.]]}}", "-", "h"),
            (r"{{[[=a=]]}}", "a", "="),
            (r"{{x.y}}", "x\ny", "xy"),
            (r"{{x.y}}", "x.y", "xéy"),
            (r"{{()a}}", "a", "b"),
            (r"{{a{0}b}}", "b", "c"),
            (r"{{[^a]}}", "\n", "a"),
        ];
        for (pattern, matching, other) in cases {
            let text = format!("// expected-error-re {{{{{pattern}}}}}");
            let mut verifier = verifier(&text);
            assert!(verifier.handle(&diag(Severity::Error, 1, matching)), "{pattern} on {matching:?}");
            assert!(!verifier.handle(&diag(Severity::Error, 1, other)), "{pattern} on {other:?}");
        }
    }

    #[test]
    fn regex_errors_use_llvm_messages() {
        let cases = [
            ("{{a", "found start of regex with no end '}}'"),
            ("{{(a}}", "invalid regex: parentheses not balanced"),
            ("{{a)}}", "invalid regex: parentheses not balanced"),
            ("{{*a}}", "invalid regex: repetition-operator operand invalid"),
            ("{{a**}}", "invalid regex: repetition-operator operand invalid"),
            ("{{a+?}}", "invalid regex: repetition-operator operand invalid"),
            ("{{^*}}", "invalid regex: repetition-operator operand invalid"),
            ("{{{1}}}", "invalid regex: repetition-operator operand invalid"),
            ("{{}}x", "invalid regex: empty (sub)expression"),
            ("{{a|}}", "invalid regex: empty (sub)expression"),
            ("{{(a{0})}}", "invalid regex: empty (sub)expression"),
            ("{{a{1}}", "invalid regex: braces not balanced"),
            ("{{a{2,1}}}", "invalid regex: invalid repetition count(s)"),
            ("{{a{256}}}", "invalid regex: invalid repetition count(s)"),
            ("{{a{1x}b}}", "invalid regex: invalid repetition count(s)"),
            ("{{[a}}", "invalid regex: brackets ([ ]) not balanced"),
            ("{{[[:word:]]}}", "invalid regex: invalid character class"),
            ("{{[z-a]}}", "invalid regex: invalid character range"),
            ("{{[a-c-e]}}", "invalid regex: invalid character range"),
            ("{{[[.foo.]]}}", "invalid regex: invalid collating element"),
            ("{{a\\}}", "invalid regex: trailing backslash (\\)"),
            ("{{\\1}}", "invalid regex: invalid backreference number"),
            ("{{(a)\\1}}", "invalid regex: back-references are not supported"),
            ("{{(a)\\1(}}", "invalid regex: parentheses not balanced"),
        ];
        for (text, message) in cases {
            let line = format!("op // expected-error-re {{{{{text}}}}}");
            let errors = DiagnosticVerifier::new(FILE, &line).expect_err(text);
            assert_eq!(errors, [error_at(1, 7, message)], "{text}");
        }
    }

    #[test]
    fn malformed_directives_are_all_reported() {
        let text = "// expected-error-re {{{{(}}}}\nop\n// expected-note-re {{x{{y}}";
        assert_eq!(
            construction_errors(text),
            ["invalid regex: parentheses not balanced", "found start of regex with no end '}}'"]
        );
    }

    #[test]
    fn several_expectations_for_one_line() {
        let text = "\
// expected-error@+2 {{first}}
// expected-error@+1 {{second}}
op // expected-note {{third}}
";
        let failures = run(
            text,
            &[diag(Severity::Error, 3, "second"), diag(Severity::Error, 3, "first"), diag(Severity::Note, 3, "third")],
        );
        assert_eq!(failures, []);
    }

    #[test]
    fn identical_expectations_are_not_used_up() {
        let text = "op // expected-error {{dup}}\n// expected-error@-1 {{dup}}";
        let failures = run(text, &[diag(Severity::Error, 1, "dup"), diag(Severity::Error, 1, "dup")]);
        assert_eq!(failures, [error_at(2, 4, "expected error \"dup\" was not produced")]);
    }

    #[test]
    fn one_directive_per_text_line() {
        let text = "op // expected-error {{a}} expected-error {{b}}";
        let mut verifier = verifier(text);
        assert!(verifier.handle(&diag(Severity::Error, 1, "a}} expected-error {{b")));
        assert!(!verifier.handle(&diag(Severity::Error, 1, "a")));
    }

    #[test]
    fn directive_must_end_the_line() {
        let text = "op // expected-error {{x}} trailing\n// expected-error@above {{y}}  \t\r";
        let failures = run(text, &[diag(Severity::Error, 1, "y")]);
        assert_eq!(failures, []);
    }

    #[test]
    fn directive_spacing_variants() {
        let text = "// expected-error{{a}}\n// expected-error   @above   {{b}}\n// expected-error-re@above{{c}}";
        let failures =
            run(text, &[diag(Severity::Error, 1, "a"), diag(Severity::Error, 1, "b"), diag(Severity::Error, 1, "c")]);
        assert_eq!(failures, []);
        // Not directives: a space before `-re`, an unknown designator, a lone brace.
        let text = "op\n// expected-error -re {{a}}\n// expected-error@here {{b}}\n// expected-error {{c}";
        assert_eq!(run(text, &[]), []);
    }

    #[test]
    fn text_is_not_trimmed_and_empty_text() {
        let mut verifier =
            verifier("// expected-error {{ spaced }}\n// expected-error {{}}\n// expected-error-re {{}}");
        assert!(!verifier.handle(&diag(Severity::Error, 1, "spaced")));
        assert!(verifier.handle(&diag(Severity::Error, 1, "a spaced b")));
        assert!(verifier.handle(&diag(Severity::Error, 2, "anything")));
        assert!(!verifier.handle(&diag(Severity::Error, 3, "anything")));
        assert_eq!(
            messages(&verifier.finish()),
            ["unexpected error: spaced", "unexpected error: anything", "expected error \"\" was not produced"]
        );
    }

    #[test]
    fn unexpected_diagnostics_are_reported_where_emitted() {
        let emitted = PlainDiagnostic { col: 9, ..diag(Severity::Remark, 4, "hello") };
        let failures = run("", &[emitted, diag(Severity::Note, 2, "n"), diag(Severity::Error, 3, "e")]);
        assert_eq!(
            failures,
            [
                PlainDiagnostic {
                    severity: Severity::Error,
                    col: 9,
                    ..diag(Severity::Remark, 4, "unexpected remark: hello")
                },
                PlainDiagnostic { severity: Severity::Error, ..diag(Severity::Note, 2, "unexpected note: n") },
                diag(Severity::Error, 3, "unexpected error: e"),
            ]
        );
    }

    #[test]
    fn diagnostic_in_another_file_is_unexpected() {
        let other = PlainDiagnostic { file: Some("other.mlir".into()), ..diag(Severity::Error, 1, "x") };
        let failures = run("op // expected-error {{x}}", std::slice::from_ref(&other));
        assert_eq!(
            failures,
            [
                PlainDiagnostic { message: "unexpected error: x".into(), ..other },
                error_at(1, 7, "expected error \"x\" was not produced"),
            ]
        );
    }

    #[test]
    fn near_miss_is_reported_at_the_directive() {
        let text = "op\n  // expected-error@-1 {{careful}}";
        let mut verifier = verifier(text);
        assert!(!verifier.handle(&diag(Severity::Warning, 1, "be careful")));
        assert_eq!(
            verifier.finish(),
            [
                error_at(2, 6, "'warning' diagnostic emitted when expecting a 'error'"),
                error_at(2, 6, "expected error \"careful\" was not produced"),
            ]
        );
    }

    #[test]
    fn unmet_expectations_in_directive_order_unknown_last() {
        let text =
            "// expected-note@unknown {{u}}\n// expected-remark@below {{r}}\nop // expected-warning-re {{w{{.}}}}";
        assert_eq!(
            run(text, &[]),
            [
                error_at(2, 4, "expected remark \"r\" was not produced"),
                error_at(3, 7, "expected warning \"w{{.}}\" was not produced"),
                PlainDiagnostic::error(FILE, None, "expected note \"u\" was not produced".into()),
            ]
        );
    }

    #[test]
    fn only_expected_level_ignores_unexpected() {
        let mut verifier =
            verifier("op // expected-error {{x}}\n// expected-error {{y}}").with_level(VerifyLevel::OnlyExpected);
        assert!(!verifier.handle(&diag(Severity::Error, 1, "other")));
        assert!(!verifier.handle(&diag(Severity::Warning, 1, "x")));
        assert!(verifier.handle(&diag(Severity::Error, 1, "x")));
        assert_eq!(verifier.finish(), [error_at(2, 4, "expected error \"y\" was not produced")]);
    }

    #[test]
    fn columns_count_bytes_after_carriage_returns() {
        let text = "é // expected-error {{a}}\r\nx\ry // expected-error {{b}}";
        assert_eq!(
            run(text, &[]),
            [
                error_at(1, 7, "expected error \"a\" was not produced"),
                error_at(2, 6, "expected error \"b\" was not produced")
            ]
        );
    }

    fn texts<'a>(chunks: &[Chunk<'a>]) -> Vec<&'a str> {
        chunks.iter().map(|chunk| chunk.text).collect()
    }

    #[test]
    fn split_at_markers() {
        let text = "a\n// -----\nb\nc\n// ----- trailing\nd\n";
        let chunks = split_input(text, DEFAULT_SPLIT_MARKER);
        assert_eq!(texts(&chunks), ["a\n", "\nb\nc\n", " trailing\nd\n"]);
        assert_eq!(chunks.iter().map(|chunk| chunk.first_line).collect::<Vec<_>>(), [1, 2, 5]);
        assert_eq!(chunks.iter().map(|chunk| chunk.offset).collect::<Vec<_>>(), [0, 10, 23]);
        for chunk in &chunks {
            assert_eq!(&text[chunk.offset..chunk.offset + chunk.text.len()], chunk.text);
        }
        assert_eq!(chunks[1].buffer_name("in.mlir"), "within split at in.mlir:2 offset ");
    }

    #[test]
    fn marker_anywhere_on_a_line() {
        assert_eq!(texts(&split_input("a // ----- b", DEFAULT_SPLIT_MARKER)), ["a ", " b"]);
    }

    #[test]
    fn near_misses() {
        let text = "a\n// ----\nb\n// -----0\nc\n// ------\nd\n// -----";
        let (chunks, warnings) = split_input_with_warnings(FILE, text, DEFAULT_SPLIT_MARKER);
        // An extra dash still splits, leaving the dash behind.
        assert_eq!(texts(&chunks), ["a\n// ----\nb\n// -----0\nc\n", "-\nd\n// -----"]);
        assert_eq!(
            warnings,
            [(2, 7), (4, 7), (8, 7)].map(|(line, col)| PlainDiagnostic {
                severity: Severity::Warning,
                file: Some(FILE.to_owned()),
                line,
                col,
                message: "near miss with file split marker".to_owned(),
            })
        );
    }

    #[test]
    fn leading_marker_and_empty_input() {
        // The leading piece is empty, so the next one is taken as is, `--` included.
        assert_eq!(texts(&split_input("// -----\nx\n// -----\ny", DEFAULT_SPLIT_MARKER)), ["--\nx\n", "\ny"]);
        assert_eq!(split_input("", DEFAULT_SPLIT_MARKER), []);
        assert_eq!(texts(&split_input("a\n// -----\n", DEFAULT_SPLIT_MARKER)), ["a\n", "\n"]);
    }

    #[test]
    fn empty_marker_disables_splitting() {
        assert_eq!(split_input("", ""), [Chunk { text: "", offset: 0, first_line: 1 }]);
        assert_eq!(texts(&split_input("a\n// -----\nb", "")), ["a\n// -----\nb"]);
    }

    #[test]
    fn custom_and_short_markers() {
        assert_eq!(texts(&split_input("a\n#--#\nb", "#--#")), ["a\n", "\nb"]);
        assert_eq!(texts(&split_input("a;b;;c", ";")), ["a", "b", "c"]);
        // A marker ending in a multi-byte character; the text starts with its first six
        // bytes, which end inside a character.
        let chunks = split_input("//—–x\n//——\ny", "//——");
        assert_eq!(texts(&chunks), ["x\n", "\ny"]);
        assert_eq!(chunks.iter().map(|chunk| chunk.offset).collect::<Vec<_>>(), [8, 18]);
    }

    #[test]
    fn split_then_verify_with_original_lines() {
        let text = "\
op1 // expected-error {{one}}
// -----
// expected-error@+1 {{two}}
op4
";
        let mut verifier = verifier(text);
        let chunks = split_input(text, DEFAULT_SPLIT_MARKER);
        assert_eq!(chunks.len(), 2);
        // Chunk 2 line 3 is original line 4.
        let line = chunks[1].first_line + 3 - 1;
        assert!(verifier.handle(&diag(Severity::Error, line, "two")));
        assert_eq!(messages(&verifier.finish()), ["expected error \"one\" was not produced"]);
    }

    /// A deterministic stream of random texts made of pieces of `alphabet`.
    fn random_texts(alphabet: &'static [&'static str], count: usize) -> impl Iterator<Item = String> {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        (0..count).map(move |_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (0..state % 24)
                .map(|step| {
                    let pick = usize::try_from((state >> (step * 2 % 60)) & 0xFFFF).unwrap_or_default();
                    alphabet[pick % alphabet.len()]
                })
                .collect()
        })
    }

    #[test]
    fn never_panics() {
        const ALPHABET: &[&str] = &[
            "expected-",
            "error",
            "note",
            "-re",
            " ",
            "@",
            "+",
            "-",
            "0",
            "9",
            "above",
            "below",
            "unknown",
            "{{",
            "}}",
            "{",
            "}",
            "[",
            "]",
            "(",
            ")",
            "|",
            "*",
            "?",
            "\\",
            "^",
            "$",
            ":",
            "=",
            ".",
            "é",
            "—",
            "\n",
            "\r",
            "// -----",
            "// ---",
            "a",
        ];
        for text in random_texts(ALPHABET, 20_000) {
            if let Ok(mut verifier) = DiagnosticVerifier::new(FILE, &text) {
                verifier.handle(&diag(Severity::Error, 1, &text));
                verifier.handle(&unknown(Severity::Note, &text));
                let _ = verifier.finish();
            }
            for marker in [DEFAULT_SPLIT_MARKER, "", "-", "//—", text.as_str()] {
                let _ = split_input_with_warnings(FILE, &text, marker);
            }
        }
    }

    #[test]
    fn accepted_patterns_compile() {
        const ALPHABET: &[&str] = &[
            "a", "(", ")", "|", "*", "+", "?", "{", "}", "1", ",", "0", "[", "]", "^", "-", ":", "alpha", "=", ".",
            "$", "\\", "é", "[:<:]]",
        ];
        let mut accepted = 0;
        for pattern in random_texts(ALPHABET, 20_000) {
            if let Ok(translated) = Ere::translate(pattern.as_bytes()) {
                accepted += 1;
                assert!(Regex::new(&format!("(?s-u){translated}")).is_ok(), "{pattern:?} as {translated:?}");
            }
        }
        assert!(accepted > 400, "only {accepted} patterns accepted");
    }
}
