//! Pass instrumentation: hooks around every pass run, and the IR printer behind
//! `--print-ir-before`, `--print-ir-after`, `--print-ir-before-all`, `--print-ir-after-all`,
//! `--print-ir-after-change`, `--print-ir-after-failure` and `--print-ir-module-scope`.

use super::pass_trait::Pass;
use crate::context::Context;
use crate::operation::OpId;
use crate::printer::{PrintOptions, op_to_string, print_top_level};
use std::io::Write;

/// Hooks the pass manager calls around each pass run (not around nested pipelines).
///
/// Before-hooks run in the order instrumentations were added, after-hooks in reverse order, as in
/// MLIR, so instrumentations nest like brackets.
pub trait PassInstrumentation {
    /// Called before `pass` runs on `op`.
    fn run_before_pass(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {
        let _ = (pass, ctx, op);
    }

    /// Called after `pass` ran on `op` successfully (and the IR verified, with `--verify-each`).
    fn run_after_pass(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {
        let _ = (pass, ctx, op);
    }

    /// Called after `pass` failed on `op`, or the IR failed to verify after it.
    fn run_after_pass_failed(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {
        let _ = (pass, ctx, op);
    }
}

/// Which passes a print-IR flag applies to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PassFilter {
    /// No pass.
    #[default]
    None,
    /// Every pass (`--print-ir-after-all`).
    All,
    /// The passes with these arguments (`--print-ir-after=cse,canonicalize`).
    Only(Vec<String>),
}

impl PassFilter {
    fn matches(&self, pass: &dyn Pass) -> bool {
        match self {
            PassFilter::None => false,
            PassFilter::All => true,
            PassFilter::Only(arguments) => arguments.iter().any(|argument| argument == pass.argument()),
        }
    }
}

/// What the IR printer prints, mirroring `mlir-opt`'s `--mlir-print-ir-*` flags.
#[derive(Clone, Debug, Default)]
pub struct IrPrintingConfig {
    /// Passes to print the IR before (`--print-ir-before=...`, `--print-ir-before-all`).
    pub before: PassFilter,
    /// Passes to print the IR after (`--print-ir-after=...`, `--print-ir-after-all`). A failing
    /// pass that matches prints with a `Failed` header.
    pub after: PassFilter,
    /// Print after a pass only if it changed the IR (`--print-ir-after-change`).
    pub after_only_on_change: bool,
    /// Print after a pass only if it failed (`--print-ir-after-failure`); `mlir-opt` then treats
    /// every pass as selected for printing after.
    pub after_only_on_failure: bool,
    /// Print the top-level op instead of the op the pass ran on, and name that op in the header
    /// (`--print-ir-module-scope`).
    pub module_scope: bool,
    /// How to print ops (`--print-generic`, `--print-debuginfo`).
    pub print_options: PrintOptions,
}

/// An instrumentation that prints the IR around passes, with MLIR's dump headers:
///
/// ```text
/// // -----// IR Dump After CSE (cse) //----- //
/// ```
///
/// The IR printed is the op the pass ran on (or the top-level op with
/// [`module_scope`](IrPrintingConfig::module_scope)), followed by a blank line. Write errors are
/// ignored, as for diagnostics printed to stderr.
pub struct IrPrinter {
    config: IrPrintingConfig,
    out: Box<dyn Write>,
    /// The IR before the running pass, kept when only changes are printed.
    before_text: Option<String>,
}

impl IrPrinter {
    /// A printer writing to `out` (usually stderr).
    pub fn new(config: IrPrintingConfig, out: Box<dyn Write>) -> Self {
        IrPrinter { config, out, before_text: None }
    }

    /// The op whose IR is printed for a pass on `op`.
    fn print_root(&self, ctx: &Context, op: OpId) -> OpId {
        if !self.config.module_scope {
            return op;
        }
        let mut root = op;
        while let Some(parent) = ctx.parent_op(root) {
            root = parent;
        }
        root
    }

    /// The IR text for a pass on `op`, without a trailing newline.
    fn ir_text(&self, ctx: &Context, op: OpId, options: PrintOptions) -> String {
        let root = self.print_root(ctx, op);
        let mut text = if ctx.parent_op(root).is_none() {
            print_top_level(ctx, root, options)
        } else {
            op_to_string(ctx, root, options)
        };
        text.truncate(text.trim_end().len());
        text
    }

    /// A fingerprint of the IR a pass can change: its op printed with everything visible.
    fn fingerprint(ctx: &Context, op: OpId) -> String {
        op_to_string(ctx, op, PrintOptions { generic: true, debug_info: true })
    }

    fn print(&mut self, title: &str, pass: &dyn Pass, ctx: &Context, op: OpId) {
        let mut header = format!("// -----// IR Dump {title} ({})", pass.argument());
        if self.config.module_scope {
            header.push_str(&format!(" ('{}' operation", ctx.op_name_of(op)));
            if let Some(name) = ctx.attr(op, crate::SYMBOL_NAME_ATTR).and_then(|name| ctx.string_value(name)) {
                header.push_str(&format!(": @{name}"));
            }
            header.push(')');
        }
        let text = self.ir_text(ctx, op, self.config.print_options);
        let _ = write!(self.out, "{header} //----- //\n{text}\n\n");
        let _ = self.out.flush();
    }
}

impl PassInstrumentation for IrPrinter {
    fn run_before_pass(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {
        if self.config.after_only_on_change && self.config.after.matches(pass) {
            self.before_text = Some(Self::fingerprint(ctx, op));
        }
        if self.config.before.matches(pass) {
            self.print(&format!("Before {}", pass.name()), pass, ctx, op);
        }
    }

    fn run_after_pass(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {
        let before = self.before_text.take();
        if self.config.after_only_on_failure || !self.config.after.matches(pass) {
            return;
        }
        if before.is_some_and(|before| before == Self::fingerprint(ctx, op)) {
            return;
        }
        self.print(&format!("After {}", pass.name()), pass, ctx, op);
    }

    fn run_after_pass_failed(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {
        self.before_text = None;
        if self.config.after_only_on_failure || self.config.after.matches(pass) {
            self.print(&format!("After {} Failed", pass.name()), pass, ctx, op);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::PassManager;
    use crate::pass::test_util::{TestIr, build_test_ir, test_registry, test_verifier};
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A `Write` sink the test can read after the pass manager is done with it.
    #[derive(Clone, Default)]
    struct Buffer(Rc<RefCell<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Buffer {
        fn text(&self) -> String {
            String::from_utf8(self.0.borrow().clone()).unwrap()
        }
    }

    /// Runs `pipeline` on a module with `@a` and `@b` and returns what the printer wrote.
    fn run_printing(pipeline: &str, config: IrPrintingConfig) -> String {
        let TestIr { mut ctx, module, .. } = build_test_ir(&["a", "b"], 1);
        let mut pm = PassManager::parse(pipeline, &test_registry()).unwrap();
        pm.config.verifier = Some(test_verifier);
        let buffer = Buffer::default();
        pm.add_instrumentation(Box::new(IrPrinter::new(config, Box::new(buffer.clone()))));
        let _ = pm.run(&mut ctx, module);
        buffer.text()
    }

    /// The header lines of a dump.
    fn headers(text: &str) -> Vec<&str> {
        text.lines().filter(|line| line.starts_with("// -----//")).collect()
    }

    #[test]
    fn prints_before_and_after_in_pass_order() {
        let config = IrPrintingConfig {
            before: PassFilter::Only(vec!["rename-attr".to_owned()]),
            after: PassFilter::All,
            ..IrPrintingConfig::default()
        };
        let text = run_printing("builtin.module(test.func(rename-attr,count-ops),count-ops)", config);
        assert_eq!(
            headers(&text),
            [
                "// -----// IR Dump Before RenameAttribute (rename-attr) //----- //",
                "// -----// IR Dump After RenameAttribute (rename-attr) //----- //",
                "// -----// IR Dump After CountOps (count-ops) //----- //",
                "// -----// IR Dump Before RenameAttribute (rename-attr) //----- //",
                "// -----// IR Dump After RenameAttribute (rename-attr) //----- //",
                "// -----// IR Dump After CountOps (count-ops) //----- //",
                "// -----// IR Dump After CountOps (count-ops) //----- //",
            ]
        );
        let first = text.split("// -----//").nth(1).unwrap();
        assert_eq!(
            first,
            " IR Dump Before RenameAttribute (rename-attr) //----- //\n\
             \"test.func\"() ({\n  \"test.op\"() {old} : () -> ()\n}) {sym_name = \"a\"} : () -> ()\n\n"
        );
        let second = text.split("// -----//").nth(2).unwrap();
        assert!(second.contains("\"test.op\"() {new} : () -> ()"), "{second}");
        assert!(text.ends_with("  }) {sym_name = \"b\"} : () -> ()\n}\n\n"), "{text}");
    }

    #[test]
    fn module_scope_prints_top_level_op_and_names_the_op() {
        let config = IrPrintingConfig { before: PassFilter::All, module_scope: true, ..IrPrintingConfig::default() };
        let text = run_printing("builtin.module(test.func(count-ops),count-ops)", config);
        assert_eq!(
            headers(&text),
            [
                "// -----// IR Dump Before CountOps (count-ops) ('test.func' operation: @a) //----- //",
                "// -----// IR Dump Before CountOps (count-ops) ('test.func' operation: @b) //----- //",
                "// -----// IR Dump Before CountOps (count-ops) ('builtin.module' operation) //----- //",
            ]
        );
        let first = text.split("// -----//").nth(1).unwrap();
        assert!(first.contains("\nmodule {\n"), "{first}");
    }

    #[test]
    fn after_change_skips_unchanged_ir() {
        let config =
            IrPrintingConfig { after: PassFilter::All, after_only_on_change: true, ..IrPrintingConfig::default() };
        let text = run_printing("builtin.module(test.func(count-ops,rename-attr,rename-attr),count-ops)", config);
        assert_eq!(
            headers(&text),
            [
                "// -----// IR Dump After RenameAttribute (rename-attr) //----- //",
                "// -----// IR Dump After RenameAttribute (rename-attr) //----- //",
            ]
        );
    }

    #[test]
    fn failures_print_with_failed_header() {
        let config = IrPrintingConfig { after_only_on_failure: true, ..IrPrintingConfig::default() };
        let text = run_printing("builtin.module(test.func(count-ops,fail-on-b))", config);
        assert_eq!(headers(&text), ["// -----// IR Dump After FailOnB Failed (fail-on-b) //----- //"]);
        assert!(text.contains("{sym_name = \"b\"}"), "{text}");

        // After-all prints failures too; a verifier failure counts as one.
        let config = IrPrintingConfig { after: PassFilter::All, ..IrPrintingConfig::default() };
        let text = run_printing("builtin.module(test.func(break-ir))", config);
        assert_eq!(
            headers(&text),
            [
                "// -----// IR Dump After BreakIr Failed (break-ir) //----- //",
                "// -----// IR Dump After BreakIr Failed (break-ir) //----- //",
            ]
        );
    }

    #[test]
    fn hooks_nest_like_brackets() {
        /// Logs its hooks with a tag.
        struct Tagged(&'static str, Rc<RefCell<Vec<String>>>);

        impl PassInstrumentation for Tagged {
            fn run_before_pass(&mut self, pass: &dyn Pass, _: &Context, _: OpId) {
                self.1.borrow_mut().push(format!("{} before {}", self.0, pass.argument()));
            }
            fn run_after_pass(&mut self, pass: &dyn Pass, _: &Context, _: OpId) {
                self.1.borrow_mut().push(format!("{} after {}", self.0, pass.argument()));
            }
            fn run_after_pass_failed(&mut self, pass: &dyn Pass, _: &Context, _: OpId) {
                self.1.borrow_mut().push(format!("{} failed {}", self.0, pass.argument()));
            }
        }

        let TestIr { mut ctx, module, .. } = build_test_ir(&["a"], 1);
        let log = Rc::new(RefCell::new(Vec::new()));
        let mut pm = PassManager::parse("builtin.module(count-ops,always-fail)", &test_registry()).unwrap();
        pm.add_instrumentation(Box::new(Tagged("1", log.clone())));
        pm.add_instrumentation(Box::new(Tagged("2", log.clone())));
        assert!(pm.run(&mut ctx, module).is_err());
        assert_eq!(
            *log.borrow(),
            [
                "1 before count-ops",
                "2 before count-ops",
                "2 after count-ops",
                "1 after count-ops",
                "1 before always-fail",
                "2 before always-fail",
                "2 failed always-fail",
                "1 failed always-fail",
            ]
        );
    }
}
