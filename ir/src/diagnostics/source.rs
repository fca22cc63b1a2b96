//! Source buffers and rendering diagnostics against them (`file:line:col: error: ...` with a caret).

use super::{Diagnostic, Severity};
use crate::context::Context;
use crate::location::LocKind;
use std::fmt::Write;

/// A named text buffer with a line index.
#[derive(Debug)]
pub struct SourceBuffer {
    /// Name used in locations (the file path, or `<stdin>`).
    pub name: String,
    /// The text.
    pub text: String,
    /// Line number (1-based) of the buffer's first line in the file it was split from.
    pub first_line: u32,
    /// Byte offset of the start of each line (offsets fit in `u32`: the parser rejects
    /// larger inputs).
    line_starts: Vec<u32>,
}

impl SourceBuffer {
    /// Indexes `text` for line lookups.
    pub fn new(name: &str, text: String, first_line: u32) -> Self {
        // A plain loop: it stays fast in debug builds, even for 100 million empty lines.
        let mut line_starts = vec![0];
        let mut offset = 0u32;
        for &byte in text.as_bytes() {
            offset = offset.wrapping_add(1);
            if byte == b'\n' {
                line_starts.push(offset);
            }
        }
        SourceBuffer { name: name.to_string(), text, first_line, line_starts }
    }

    /// The 1-based (line, column) of a byte offset; lines count from `first_line`, columns in bytes.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let line = self.line_starts.partition_point(|&start| start as usize <= offset).saturating_sub(1);
        (line as u32 + self.first_line, (offset - self.line_starts[line] as usize) as u32 + 1)
    }

    /// The text of a 1-based file line, without its newline.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let index = line.checked_sub(self.first_line)? as usize;
        let start = *self.line_starts.get(index)? as usize;
        let end = self.line_starts.get(index + 1).map_or(self.text.len(), |&e| e as usize - 1);
        self.text.get(start..end.max(start)).map(|s| s.trim_end_matches('\r'))
    }
}

/// Renders `diag` and its notes as MLIR does, with a source line and caret where the buffer is known.
pub fn render(ctx: &Context, diag: &Diagnostic, buffers: &[&SourceBuffer]) -> String {
    let mut out = String::new();
    for d in diag.flatten() {
        render_one(ctx, d, buffers, &mut out);
    }
    out
}

fn render_one(ctx: &Context, diag: &Diagnostic, buffers: &[&SourceBuffer], out: &mut String) {
    let label = diag.severity.label();
    match ctx.file_position(diag.loc) {
        Some((file, line, col)) => {
            let _ = writeln!(out, "{file}:{line}:{col}: {label}: {}", diag.message);
            let buffer = buffers.iter().find(|b| b.name == file);
            if let Some(text) = buffer.and_then(|b| b.line_text(line)) {
                let (prefix, text, caret, suffix) = snippet(text, col.saturating_sub(1) as usize);
                let caret_pad: String =
                    prefix.chars().chain(text[..caret].chars()).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
                let _ = writeln!(out, "{prefix}{text}{suffix}\n{caret_pad}^");
            }
        }
        None => {
            let place = match ctx.loc_kind(diag.loc) {
                LocKind::Unknown => "loc(unknown)".to_string(),
                _ => ctx.loc_name(diag.loc).map_or("loc(unknown)".to_string(), |n| format!("\"{n}\"")),
            };
            let _ = writeln!(out, "{place}: {label}: {}", diag.message);
        }
    }
}

/// Lines longer than this are cut down to [`SNIPPET_CONTEXT`] bytes either side of the caret.
const MAX_SNIPPET_LINE: usize = 1000;
const SNIPPET_CONTEXT: usize = 100;

/// The part of `line` to show for a caret at byte `caret`: a `...` prefix, the text, the caret's
/// offset in that text and a `...` suffix. Short lines are shown whole; a huge line (say, a
/// 100 MB file without line breaks) is cut around the caret.
fn snippet(line: &str, caret: usize) -> (&'static str, &str, usize, &'static str) {
    let caret = line.floor_char_boundary(caret.min(line.len()));
    if line.len() <= MAX_SNIPPET_LINE {
        return ("", line, caret, "");
    }
    let start = line.floor_char_boundary(caret.saturating_sub(SNIPPET_CONTEXT));
    let end = line.ceil_char_boundary((caret + SNIPPET_CONTEXT).min(line.len()));
    let prefix = if start > 0 { "..." } else { "" };
    let suffix = if end < line.len() { "..." } else { "" };
    (prefix, &line[start..end], caret - start, suffix)
}

/// True if any diagnostic in the list is an error.
pub fn has_errors(diags: &[Diagnostic]) -> bool {
    diags.iter().any(|d| d.severity == Severity::Error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_position_line_and_caret() {
        let mut ctx = Context::new();
        let buffer = SourceBuffer::new("t.mlir", "a\n  bad here\n".to_string(), 1);
        let loc = ctx.file_loc("t.mlir", 2, 3);
        let note_loc = ctx.unknown_loc();
        let diag = Diagnostic::error(loc, "oops").with_note(note_loc, "see this");
        let text = render(&ctx, &diag, &[&buffer]);
        assert_eq!(text, "t.mlir:2:3: error: oops\n  bad here\n  ^\nloc(unknown): note: see this\n");
    }

    #[test]
    fn long_lines_are_cut_around_the_caret() {
        let mut ctx = Context::new();
        let line = format!("{}bad{}", " ".repeat(5000), "x".repeat(5000));
        let buffer = SourceBuffer::new("t.mlir", line, 1);
        let loc = ctx.file_loc("t.mlir", 1, 5001);
        let text = render(&ctx, &Diagnostic::error(loc, "oops"), &[&buffer]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "t.mlir:1:5001: error: oops");
        assert_eq!(lines[1], format!("...{}bad{}...", " ".repeat(100), "x".repeat(97)));
        assert_eq!(lines[2], format!("{}^", " ".repeat(103)));
        // Short lines and carets past the end stay as they are.
        assert_eq!(snippet("abc", 7), ("", "abc", 3, ""));
    }

    #[test]
    fn line_col_counts_from_the_first_line() {
        let buffer = SourceBuffer::new("t", "ab\ncd".to_string(), 10);
        assert_eq!(buffer.line_col(0), (10, 1));
        assert_eq!(buffer.line_col(4), (11, 2));
        assert_eq!(buffer.line_text(11), Some("cd"));
        assert_eq!(buffer.line_text(12), None);
    }
}
