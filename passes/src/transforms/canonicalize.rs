//! `canonicalize`: folds ops and applies every registered op's canonicalization patterns until
//! nothing changes, with the greedy rewrite driver.
//!
//! ```mlir
//! %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
//! %c3 = "arith.constant"() <{value = 3 : i32}> : () -> i32
//! %0 = "arith.addi"(%c2, %c3) : (i32, i32) -> i32
//! // becomes
//! %0 = "arith.constant"() <{value = 5 : i32}> : () -> i32
//! ```

use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
use mc_ir::rewrite::greedy::{GreedyRewriteConfig, apply_patterns_greedily};
use mc_ir::rewrite::pattern::{FrozenRewritePatternSet, RewritePatternSet};
use mc_ir::{Context, Diagnostic, Failure, OpId};

mc_ir::option_enum! {
    /// How much region simplification the driver does.
    pub enum RegionSimplify {
        /// None.
        Disabled = "disabled",
        /// Erase unreachable blocks.
        Normal = "normal",
        /// As `normal` (block merging is not implemented yet).
        Aggressive = "aggressive",
    }
}

mc_ir::pass_options! {
    /// Options of `canonicalize`, as in MLIR.
    pub struct CanonicalizeOptions {
        /// Seed the worklist in general top-down order.
        top_down: bool = true,
        /// Perform control flow optimizations to the region tree.
        region_simplify: RegionSimplify = RegionSimplify::Normal,
        /// Max. iterations between applying patterns / simplifying regions (-1: no limit).
        max_iterations: i64 = 10,
        /// Max. number of pattern rewrites within an iteration (-1: no limit).
        max_num_rewrites: i64 = -1,
        /// Test only: Fail pass on non-convergence to detect cyclic pattern.
        test_convergence: bool = false,
        /// Labels of patterns that should be filtered out during application.
        disable_patterns: Vec<String> = Vec::new(),
        /// Labels of patterns that should be used during application, all other patterns are filtered out.
        enable_patterns: Vec<String> = Vec::new(),
    }
}

/// The `canonicalize` pass, or (through [`Canonicalize::for_dialect`]) a pass applying only one
/// dialect's patterns, such as `graph-canonicalize`.
#[derive(Default)]
pub struct Canonicalize {
    options: CanonicalizeOptions,
    /// Only this dialect's patterns, when set.
    dialect: Option<&'static str>,
    /// Adds patterns that belong to no op's hook (a pass's own).
    extra: Option<fn(&mut RewritePatternSet)>,
    patterns: Option<FrozenRewritePatternSet>,
}

impl Canonicalize {
    /// Canonicalization with only the patterns of `dialect`'s ops (folding still applies to every
    /// op, as the greedy driver folds whatever it visits).
    pub fn for_dialect(dialect: &'static str) -> Self {
        Canonicalize { dialect: Some(dialect), ..Canonicalize::default() }
    }

    /// This canonicalization with the patterns `populate` adds as well.
    pub fn with_patterns(self, populate: fn(&mut RewritePatternSet)) -> Self {
        Canonicalize { extra: Some(populate), ..self }
    }
}

impl Pass for Canonicalize {
    fn argument(&self) -> &str {
        "canonicalize"
    }

    fn summary(&self) -> &str {
        "Canonicalize operations"
    }

    fn description(&self) -> &str {
        "Applies the canonicalization patterns of every registered op and folds ops, until a fixed point."
    }

    fn name(&self) -> String {
        "Canonicalizer".to_string()
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }

    fn initialize(&mut self, ctx: &mut Context) -> Result<(), Failure> {
        let mut patterns = RewritePatternSet::canonicalization_patterns(ctx, self.dialect);
        if let Some(populate) = self.extra {
            populate(&mut patterns);
        }
        self.patterns = Some(patterns.freeze_filtered(&self.options.enable_patterns, &self.options.disable_patterns));
        Ok(())
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        let limit = |n: i64| (n >= 0).then_some(n);
        let config = GreedyRewriteConfig {
            top_down: self.options.top_down,
            region_simplify: self.options.region_simplify != RegionSimplify::Disabled,
            max_iterations: limit(self.options.max_iterations).map(|n| n.min(u32::MAX as i64) as u32),
            max_num_rewrites: limit(self.options.max_num_rewrites).map(|n| n as u64),
            ..GreedyRewriteConfig::default()
        };
        let patterns = self.patterns.as_ref().expect("initialize runs before run");
        match apply_patterns_greedily(ctx, op, patterns, &config) {
            Ok(false) => analyses.mark_all_preserved(),
            Ok(true) => {}
            Err(not_converged) if self.options.test_convergence => {
                let loc = ctx.operation(op).loc();
                let message = format!("{} failed to converge: {not_converged}", self.name());
                return Err(Diagnostic::error(loc, message).into());
            }
            Err(_) => {}
        }
        Ok(())
    }
}
