//! The `Pass` trait: what a pass declares (argument, summary, anchor, options) and how it runs.

use super::analysis::AnalysisManager;
use super::options::OptionSet;
use crate::context::Context;
use crate::diagnostics::Failure;
use crate::operation::OpId;

/// A transformation or analysis run on one operation by a [`PassManager`](super::PassManager).
///
/// A pass runs on the op it is scheduled on and may change anything nested in it, but nothing
/// outside it: not the op's parent, not its siblings. Like MLIR, the pass manager relies on this
/// to treat sibling isolated-from-above ops as independent.
///
/// A pass that leaves the IR unchanged says so with
/// [`AnalysisManager::mark_all_preserved`]; cached analyses then survive and `--verify-each` skips
/// the verifier. A pass that changes the IR but keeps some analyses valid marks those with
/// [`AnalysisManager::mark_preserved`].
///
/// ```
/// use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
/// use mc_ir::{Context, Failure, OpId};
///
/// mc_ir::pass_options! {
///     /// Options of `strip-attr`.
///     pub struct StripAttrOptions {
///         /// The attribute to remove.
///         name: String = "tag".to_owned(),
///     }
/// }
///
/// /// Removes one discardable attribute from every nested op.
/// #[derive(Default)]
/// struct StripAttr {
///     options: StripAttrOptions,
/// }
///
/// impl Pass for StripAttr {
///     fn argument(&self) -> &str {
///         "strip-attr"
///     }
///     fn summary(&self) -> &str {
///         "Remove an attribute from every op"
///     }
///     fn options(&self) -> Option<&dyn OptionSet> {
///         Some(&self.options)
///     }
///     fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
///         Some(&mut self.options)
///     }
///     fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
///         let mut changed = false;
///         for nested in ctx.walk_preorder(op) {
///             if ctx.attr(nested, &self.options.name).is_some() {
///                 ctx.set_attr(nested, &self.options.name, None);
///                 changed = true;
///             }
///         }
///         if !changed {
///             analyses.mark_all_preserved();
///         }
///         Ok(())
///     }
/// }
/// ```
pub trait Pass {
    /// The kebab-case name used in pipelines and on the command line, e.g. `canonicalize`.
    fn argument(&self) -> &str;

    /// A one-line summary for `--help`.
    fn summary(&self) -> &str;

    /// A longer description, ideally with a before/after IR sketch; empty by default.
    fn description(&self) -> &str {
        ""
    }

    /// The display name used in IR dump headers and timing reports (MLIR's `getName`, e.g.
    /// `Canonicalizer`). Defaults to the argument in CamelCase (`symbol-dce` is `SymbolDce`).
    fn name(&self) -> String {
        camel_case(self.argument())
    }

    /// The only op this pass may run on, e.g. `func.func`; `None` (the default) for a pass that
    /// runs on any op, like MLIR's op-agnostic passes.
    ///
    /// A pipeline that nests an anchored pass under a different op is rejected when it is built.
    fn anchor(&self) -> Option<&str> {
        None
    }

    /// The pass's options, if it has any; see [`pass_options!`](crate::pass_options).
    fn options(&self) -> Option<&dyn OptionSet> {
        None
    }

    /// The pass's options for setting them from a pipeline; must be the same set as
    /// [`options`](Self::options).
    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        None
    }

    /// Prepares state shared by every run, such as pattern sets; called once per
    /// [`PassManager::run`](super::PassManager::run), before any pass runs.
    ///
    /// # Errors
    ///
    /// A failure stops the pipeline before anything runs.
    fn initialize(&mut self, ctx: &mut Context) -> Result<(), Failure> {
        let _ = ctx;
        Ok(())
    }

    /// Runs the pass on `op`.
    ///
    /// # Errors
    ///
    /// A failure stops the pipeline on this op; its diagnostics are reported to the user. If it
    /// carries no error, the pass manager adds one naming the pass.
    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure>;
}

/// `symbol-dce` to `SymbolDce`: the default display name of a pass.
fn camel_case(argument: &str) -> String {
    argument
        .split(['-', '_'])
        .flat_map(|word| {
            let mut chars = word.chars();
            chars.next().map(|first| first.to_ascii_uppercase()).into_iter().chain(chars)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Named;

    impl Pass for Named {
        fn argument(&self) -> &str {
            "symbol-dce"
        }
        fn summary(&self) -> &str {
            "test"
        }
        fn run(&mut self, _: &mut Context, _: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
            Ok(())
        }
    }

    #[test]
    fn default_name_is_camel_case_argument() {
        assert_eq!(Named.name(), "SymbolDce");
        assert_eq!(camel_case("cse"), "Cse");
        assert_eq!(camel_case("a-b_c"), "ABC");
        assert_eq!(camel_case(""), "");
        assert_eq!((Named.description(), Named.anchor()), ("", None));
        assert!(Named.options().is_none());
        assert!(Named.initialize(&mut Context::new()).is_ok());
    }
}
