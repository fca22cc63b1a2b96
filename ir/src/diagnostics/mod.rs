//! Diagnostics: located errors, warnings and notes, their rendering, and `--verify-diagnostics`.

pub mod source;
pub mod verify;

use crate::context::Context;
use crate::location::Location;

/// How serious a diagnostic is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Severity {
    /// Compilation failed.
    Error,
    /// Suspicious but accepted.
    Warning,
    /// Extra information attached to another diagnostic.
    Note,
    /// Information requested by the user.
    Remark,
}

impl Severity {
    /// The word printed before the message.
    pub fn label(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        }
    }
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// A message at a location, with attached notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where the problem is.
    pub loc: Location,
    /// What the problem is.
    pub message: String,
    /// Notes pointing at related places.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error at `loc`.
    pub fn error(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, loc, message: message.into(), notes: Vec::new() }
    }

    /// A warning at `loc`.
    pub fn warning(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, loc, message: message.into(), notes: Vec::new() }
    }

    /// A remark at `loc`.
    pub fn remark(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Remark, loc, message: message.into(), notes: Vec::new() }
    }

    /// Attaches a note at `loc`.
    pub fn with_note(mut self, loc: Location, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic { severity: Severity::Note, loc, message: message.into(), notes: Vec::new() });
        self
    }

    /// The diagnostic followed by its notes, flattened.
    pub fn flatten(&self) -> Vec<&Diagnostic> {
        let mut out = vec![self];
        for note in &self.notes {
            out.extend(note.flatten());
        }
        out
    }
}

/// An error that stops a computation, carrying every diagnostic collected so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure(pub Vec<Diagnostic>);

impl From<Diagnostic> for Failure {
    fn from(d: Diagnostic) -> Self {
        Failure(vec![d])
    }
}

impl Context {
    /// Builds an error diagnostic located at `op`.
    pub fn op_error(&self, op: crate::operation::OpId, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.operation(op).loc(), format!("'{}' op {}", self.op_name_of(op), message.into()))
    }
}
