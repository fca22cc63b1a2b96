//! Passes and the pass manager, following MLIR's pass infrastructure.
//!
//! - [`Pass`]: a pass's argument, summary, anchor op, typed options and `run`.
//! - [`options`]: typed options declared with [`pass_options!`](crate::pass_options), parsed from
//!   and printed to the `{key=value}` text of pipelines.
//! - [`PassRegistry`]: passes by argument, for pipelines and `--help`.
//! - [`PassManager`] and [`OpPassManager`]: nested, op-anchored pipelines built from text
//!   (`builtin.module(func.func(canonicalize,cse),symbol-dce)`) and printed back to it.
//! - [`PassInstrumentation`] and [`IrPrinter`]: hooks around passes, `--print-ir-*`.
//! - [`timing`]: `--pass-timing` reports built from `tracing` spans.
//! - [`AnalysisManager`]: analyses cached per op until a pass invalidates them.
//! - [`pipeline_text`]: the textual pipeline grammar.

mod analysis;
mod instrumentation;
mod manager;
pub mod options;
mod pass_trait;
pub mod pipeline_text;
mod registry;
pub mod timing;

#[cfg(test)]
mod test_util;

pub use analysis::{Analysis, AnalysisManager};
pub use instrumentation::{IrPrinter, IrPrintingConfig, PassFilter, PassInstrumentation};
pub use manager::{Anchor, OpPassManager, PassManager, PassManagerConfig, VerifierFn};
pub use options::{OptionError, OptionSet, OptionSpec, OptionType};
pub use pass_trait::Pass;
pub use registry::{PassConstructor, PassInfo, PassRegistry};
