//! Generic transforms that work on any dialect: canonicalize, cse, symbol-dce.

pub mod canonicalize;
pub mod cse;
pub mod symbol_dce;
