//! Source locations attached to operations and block arguments (`loc(...)`).

use crate::attributes::Attribute;
use crate::context::Context;
use std::sync::Arc;

/// A location interned in a [`Context`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Location(pub(crate) u32);

/// The structure of a location.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocKind {
    /// `loc(unknown)`.
    Unknown,
    /// `loc("file":line:col)`.
    FileLineCol {
        /// File name, shared by all locations in the same file.
        file: Arc<str>,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        col: u32,
    },
    /// `loc("file":1:2 to 3:4)` (`to :5` within one line): a source range; a range that ends
    /// where it starts is a [`LocKind::FileLineCol`].
    FileLineColRange {
        /// File name, shared by all locations in the same file.
        file: Arc<str>,
        /// 1-based first line.
        line: u32,
        /// 1-based first column.
        col: u32,
        /// Last line.
        end_line: u32,
        /// Last column.
        end_col: u32,
    },
    /// `loc("name")` or `loc("name"(child))`: a named entity such as a TFLite tensor.
    Name {
        /// The name.
        name: String,
        /// Where the named entity comes from.
        child: Option<Location>,
    },
    /// `loc(callsite(callee at caller))`.
    CallSite {
        /// Location of the callee.
        callee: Location,
        /// Location of the call.
        caller: Location,
    },
    /// `loc(fused[a, b])` or `loc(fused<#meta>[a, b])`.
    Fused {
        /// The fused locations.
        locs: Vec<Location>,
        /// Optional metadata attribute.
        metadata: Option<Attribute>,
    },
}

impl Context {
    /// Interns `kind` and returns its handle.
    pub fn intern_loc(&mut self, kind: LocKind) -> Location {
        Location(self.locs.intern(kind))
    }

    /// The structure of `loc`.
    pub fn loc_kind(&self, loc: Location) -> &LocKind {
        self.locs.get(loc.0)
    }

    /// `loc(unknown)`.
    pub fn unknown_loc(&mut self) -> Location {
        self.intern_loc(LocKind::Unknown)
    }

    /// `loc("file":line:col)`.
    pub fn file_loc(&mut self, file: &str, line: u32, col: u32) -> Location {
        let file = self.shared_file_name(file);
        self.intern_loc(LocKind::FileLineCol { file, line, col })
    }

    /// `loc("file":line:col to end_line:end_col)`; `loc("file":line:col)` when the range ends
    /// where it starts, as upstream builds it.
    pub fn file_range_loc(&mut self, file: &str, (line, col): (u32, u32), (end_line, end_col): (u32, u32)) -> Location {
        if (line, col) == (end_line, end_col) {
            return self.file_loc(file, line, col);
        }
        let file = self.shared_file_name(file);
        self.intern_loc(LocKind::FileLineColRange { file, line, col, end_line, end_col })
    }

    /// The one shared copy of the file name `file`.
    fn shared_file_name(&mut self, file: &str) -> Arc<str> {
        match self.file_names.get(file) {
            Some(shared) => shared.clone(),
            None => {
                let shared: Arc<str> = Arc::from(file);
                self.file_names.insert(shared.clone());
                shared
            }
        }
    }

    /// `loc("name"(child))`.
    pub fn name_loc(&mut self, name: &str, child: Option<Location>) -> Location {
        self.intern_loc(LocKind::Name { name: name.to_string(), child })
    }

    /// The first file position inside `loc`, looking through names, call sites (the callee) and fusions.
    pub fn file_position(&self, loc: Location) -> Option<(&str, u32, u32)> {
        match self.loc_kind(loc) {
            LocKind::Unknown => None,
            LocKind::FileLineCol { file, line, col } | LocKind::FileLineColRange { file, line, col, .. } => {
                Some((file, *line, *col))
            }
            LocKind::Name { child, .. } => child.and_then(|c| self.file_position(c)),
            LocKind::CallSite { callee, .. } => self.file_position(*callee),
            LocKind::Fused { locs, .. } => locs.iter().find_map(|&l| self.file_position(l)),
        }
    }

    /// The first name inside `loc` (`loc("conv1")` gives `conv1`).
    pub fn loc_name(&self, loc: Location) -> Option<&str> {
        match self.loc_kind(loc) {
            LocKind::Name { name, .. } => Some(name),
            LocKind::CallSite { callee, .. } => self.loc_name(*callee),
            LocKind::Fused { locs, .. } => locs.iter().find_map(|&l| self.loc_name(l)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_found_through_wrappers() {
        let mut ctx = Context::new();
        let file = ctx.file_loc("a.mlir", 3, 4);
        let named = ctx.name_loc("conv", Some(file));
        let unknown = ctx.unknown_loc();
        let fused = ctx.intern_loc(LocKind::Fused { locs: vec![unknown, named], metadata: None });
        assert_eq!(ctx.file_position(fused), Some(("a.mlir", 3, 4)));
        assert_eq!(ctx.loc_name(fused), Some("conv"));
        assert_eq!(ctx.file_position(unknown), None);
    }
}
