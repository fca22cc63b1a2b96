//! mc's IR core: an MLIR-style context, operations, types, attributes, text format, verifier,
//! pass manager and rewrite drivers.
#![deny(missing_docs)]

pub mod affine;
mod attributes;
mod block;
pub mod buffer;
pub mod builder;
pub mod builtin;
mod context;
pub mod diagnostics;
mod dialect;
pub mod float_format;
mod interner;
mod location;
mod op_format;
mod op_macro;
mod operation;
pub mod parser;
pub mod pass;
pub mod printer;
pub mod quant;
mod region;
pub mod resources;
pub mod rewrite;
mod symbol_table;
#[cfg(any(test, feature = "test-dialect"))]
pub mod test_dialect;
mod types;
mod value;
pub mod vector;
pub mod verifier;
mod walk;
pub mod wide_float;

pub use affine::{AffineExpr, AffineMap, IntegerSet};
pub use attributes::{AttrKind, Attribute, sign_extend};
pub use block::{Block, BlockId, BlockOps, InsertPoint};
pub use buffer::{BufferType, ElementStorage};
pub use builder::Builder;
pub use context::Context;
pub use diagnostics::{Diagnostic, Failure, Severity};
pub use dialect::{
    AsmResultNamesFn, CanonicalizeFn, Dialect, FoldFn, FoldResult, Folded, InferResultTypesFn, MaterializeConstantFn,
    OpDef, OpName, ParseFn, PrintFn, Traits, VerifyFn, VerifySymbolUsesFn, dialect_of,
};
pub use location::{LocKind, Location};
pub use op_format::{OpFormat, OpFormatSpec};
pub use op_macro::{AttrConstraint, OpShape, op_attr_name};
pub use operation::{OpId, Operation, OperationState};
pub use region::{Region, RegionId};
pub use symbol_table::{SYMBOL_NAME_ATTR, SymbolTable, SymbolTableCollection, VISIBILITY_ATTR};
pub use types::{DYNAMIC, FloatKind, MAX_INTEGER_WIDTH, MemRefType, Signedness, Type, TypeKind};
pub use value::{Use, Uses, Value};
pub use verifier::verify;
