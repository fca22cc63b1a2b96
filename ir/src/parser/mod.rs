//! The MLIR text-format parser.

pub mod lexer;
