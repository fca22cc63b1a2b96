//! The panic guard around a plugin's passes.
//!
//! A plugin links its own copy of Rust's standard library, and a panic started by one copy cannot
//! be caught by the other: unwinding from a plugin into mc would abort the process. So every call
//! mc makes into a plugin's pass enters a [`Guarded`] wrapper, compiled into the plugin, that
//! catches the panic on the plugin's side of the boundary. A pass that panicked is poisoned: it is
//! not called again, and running it fails with the panic's message.

use mc_ir::pass::pipeline_text::PassOption;
use mc_ir::pass::{AnalysisManager, OptionError, OptionSet, OptionSpec, Pass};
use mc_ir::{Context, Diagnostic, Failure, OpId};
use std::any::Any;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;

/// The name of the plugin this copy of the crate is linked into, for messages; set when mc
/// registers the plugin.
pub(crate) static PLUGIN_NAME: OnceLock<&'static str> = OnceLock::new();

/// Runs `f`; a panic becomes its message.
pub(crate) fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| panic_message(&*payload))
}

/// The message of a panic payload (`panic!` with a literal or a format string).
fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// Creates pass `P` inside its guard: the [`PassConstructor`](mc_ir::pass::PassConstructor) a
/// plugin registers for it.
pub(crate) fn guarded_constructor<P: Pass + Default + 'static>() -> Box<dyn Pass> {
    let created = catch(|| {
        let pass = P::default();
        let argument = pass.argument().to_string();
        (pass, argument)
    });
    Box::new(match created {
        Ok((pass, argument)) => Guarded { pass: Some(pass), argument, panic: RefCell::new(None) },
        Err(message) => Guarded::<P> {
            pass: None,
            argument: std::any::type_name::<P>().to_string(),
            panic: RefCell::new(Some(message)),
        },
    })
}

/// A plugin's pass behind the panic guard.
struct Guarded<P> {
    /// The pass; `None` if its constructor panicked.
    pass: Option<P>,
    /// The pass's argument, kept to name the pass once it panicked (its type's name if it could
    /// not be created).
    argument: String,
    /// The message of the first panic, once the pass panicked.
    panic: RefCell<Option<String>>,
}

impl<P: Pass> Guarded<P> {
    /// `f` of the pass, or `fallback` if the pass panicked now or before.
    fn call<'a, T>(&'a self, fallback: T, f: impl FnOnce(&'a P) -> T) -> T {
        let Some(pass) = self.pass.as_ref().filter(|_| self.panic.borrow().is_none()) else { return fallback };
        catch(|| f(pass)).unwrap_or_else(|message| {
            *self.panic.borrow_mut() = Some(message);
            fallback
        })
    }

    /// `f` of the mutable pass, or the panic's message if it panicked now or before.
    fn call_mut<T>(&mut self, f: impl FnOnce(&mut P) -> T) -> Result<T, String> {
        let panic = self.panic.get_mut();
        match (&mut self.pass, &*panic) {
            (Some(pass), None) => catch(|| f(pass)).inspect_err(|message| *panic = Some(message.clone())),
            // A guard without a pass holds its constructor's panic.
            (_, earlier) => Err(earlier.clone().unwrap_or_default()),
        }
    }

    /// What a failure says about a panic: the pass, the plugin and the panic's message.
    fn panicked(&self, message: &str) -> String {
        let plugin = PLUGIN_NAME.get().map(|name| format!(" of pass plugin '{name}'")).unwrap_or_default();
        format!("pass '{}'{plugin} panicked: {message}", self.argument())
    }
}

impl<P: Pass> Pass for Guarded<P> {
    fn argument(&self) -> &str {
        &self.argument
    }

    fn summary(&self) -> &str {
        self.call("", |pass| pass.summary())
    }

    fn description(&self) -> &str {
        self.call("", |pass| pass.description())
    }

    fn name(&self) -> String {
        self.call(std::any::type_name::<P>().to_string(), |pass| pass.name())
    }

    fn anchor(&self) -> Option<&str> {
        self.call(None, |pass| pass.anchor())
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        self.call(false, |pass| pass.options().is_some()).then_some(self as &dyn OptionSet)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        self.call(false, |pass| pass.options().is_some()).then_some(self as &mut dyn OptionSet)
    }

    fn initialize(&mut self, ctx: &mut Context) -> Result<(), Failure> {
        self.call_mut(|pass| pass.initialize(ctx)).unwrap_or_else(|message| {
            let loc = ctx.unknown_loc();
            Err(Diagnostic::error(loc, self.panicked(&message)).into())
        })
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        self.call_mut(|pass| pass.run(ctx, op, analyses))
            .unwrap_or_else(|message| Err(ctx.op_error(op, self.panicked(&message)).into()))
    }
}

/// The options of the guarded pass, each call guarded too.
impl<P: Pass> OptionSet for Guarded<P> {
    fn specs(&self) -> Vec<OptionSpec> {
        self.call(Vec::new(), |pass| pass.options().map(OptionSet::specs).unwrap_or_default())
    }

    fn set_option(&mut self, key: &str, raw: Option<&str>) -> Result<(), OptionError> {
        self.call_mut(|pass| pass.options_mut().map_or(Err(OptionError::NoSuchOption), |set| set.set_option(key, raw)))
            .unwrap_or_else(|message| {
                Err(OptionError::InvalidValue {
                    expected: format!("a value the pass accepts ({})", self.panicked(&message)),
                })
            })
    }

    fn print_options(&self) -> Vec<PassOption> {
        self.call(Vec::new(), |pass| pass.options().map(OptionSet::print_options).unwrap_or_default())
    }
}

impl<P> Drop for Guarded<P> {
    fn drop(&mut self) {
        // A panic while dropping the pass is dropped too: there is nothing left to fail.
        let _ = catch(|| drop(self.pass.take()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_ir::builtin::ModuleOp;

    mc_ir::pass_options! {
        /// Options of `flaky`.
        struct FlakyOptions {
            /// Panic in `run`.
            panic_in_run: bool = true,
        }
    }

    /// A pass that panics when it runs (if asked to) and when it is dropped.
    #[derive(Default)]
    struct Flaky {
        options: FlakyOptions,
    }

    impl Pass for Flaky {
        fn argument(&self) -> &str {
            "flaky"
        }
        fn summary(&self) -> &str {
            "Panic"
        }
        fn options(&self) -> Option<&dyn OptionSet> {
            Some(&self.options)
        }
        fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
            Some(&mut self.options)
        }
        fn run(&mut self, _: &mut Context, _: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
            assert!(!self.options.panic_in_run, "flaky ran");
            Ok(())
        }
    }

    impl Drop for Flaky {
        fn drop(&mut self) {
            panic!("flaky dropped");
        }
    }

    /// A pass whose constructor panics.
    struct Unbuildable;

    impl Default for Unbuildable {
        fn default() -> Self {
            panic!("cannot build")
        }
    }

    impl Pass for Unbuildable {
        fn argument(&self) -> &str {
            "unbuildable"
        }
        fn summary(&self) -> &str {
            ""
        }
        fn run(&mut self, _: &mut Context, _: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
            Ok(())
        }
    }

    /// Runs `pass` on a fresh module; the messages of its failure.
    fn run(pass: &mut dyn Pass) -> Result<(), Vec<String>> {
        let mut ctx = Context::new();
        let loc = ctx.unknown_loc();
        let module = ModuleOp::build(&mut ctx, loc);
        pass.run(&mut ctx, module.op(), &mut AnalysisManager::new())
            .map_err(|failure| failure.0.into_iter().map(|d| d.message).collect())
    }

    #[test]
    fn a_panic_in_run_fails_the_pass_and_poisons_it() {
        let mut pass = guarded_constructor::<Flaky>();
        assert_eq!((pass.argument(), pass.summary(), pass.name().as_str()), ("flaky", "Panic", "Flaky"));
        let failure = vec!["'builtin.module' op pass 'flaky' panicked: flaky ran".to_string()];
        assert_eq!(run(&mut *pass), Err(failure.clone()));
        // Poisoned: the pass is not called again, its options are gone, it still fails.
        assert!(pass.options().is_none());
        assert_eq!(run(&mut *pass), Err(failure));
        // Dropping it panics inside the guard, which swallows it.
        drop(pass);
    }

    #[test]
    fn options_go_through_the_guard() {
        let mut pass = guarded_constructor::<Flaky>();
        let options = pass.options_mut().unwrap();
        assert_eq!(options.set_option("panic-in-run", Some("false")), Ok(()));
        assert_eq!(options.set_option("other", None), Err(OptionError::NoSuchOption));
        assert_eq!(options.specs().len(), 1);
        assert_eq!(options.print_options()[0].to_string(), "panic-in-run=false");
        assert_eq!(run(&mut *pass), Ok(()));
    }

    #[test]
    fn a_panicking_constructor_gives_a_pass_that_fails() {
        let mut pass = guarded_constructor::<Unbuildable>();
        assert!(pass.argument().ends_with("Unbuildable"), "{}", pass.argument());
        let mut ctx = Context::new();
        let failure = pass.initialize(&mut ctx).unwrap_err();
        assert!(failure.0[0].message.ends_with("Unbuildable' panicked: cannot build"), "{failure:?}");
    }

    #[test]
    fn panic_messages() {
        assert_eq!(catch(|| panic!("literal")), Err::<(), _>("literal".to_string()));
        assert_eq!(catch(|| panic!("{}", 42)), Err::<(), _>("42".to_string()));
        assert_eq!(catch(|| std::panic::panic_any(7)), Err::<(), _>("a panic without a message".to_string()));
        assert_eq!(catch(|| 1), Ok(1));
    }
}
