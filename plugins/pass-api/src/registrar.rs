//! [`Registrar`]: what a plugin's registration function adds — passes and dialects — for mc to
//! check and register.

use crate::guard::guarded_constructor;
use mc_ir::Dialect;
use mc_ir::pass::{Pass, PassConstructor};

/// The passes and dialects a plugin registers. mc hands one to the plugin's registration
/// function, then checks every name (no clash with a built-in or with another plugin) before it
/// registers any of them.
#[derive(Default)]
pub struct Registrar {
    passes: Vec<PassConstructor>,
    dialects: Vec<Dialect>,
}

impl Registrar {
    /// Registers pass `P`, created with `P::default()` and then configured from the pipeline's
    /// options. mc gets `P` wrapped in a guard that turns a panic of any of its methods into a
    /// failure of the pass. `P` is created once here, so that a constructor that panics fails the
    /// registration.
    pub fn pass<P: Pass + Default + 'static>(&mut self) -> &mut Self {
        drop(P::default());
        self.passes.push(guarded_constructor::<P>);
        self
    }

    /// Registers `dialect` (its ops under its own namespace) into every context mc creates.
    ///
    /// Its hooks (verifiers, folders, parsers, printers, patterns) are called by mc's own code
    /// and are not guarded: they must not panic (a panic there aborts mc).
    pub fn dialect(&mut self, dialect: Dialect) -> &mut Self {
        self.dialects.push(dialect);
        self
    }

    /// The constructors of the registered passes, in registration order.
    pub fn passes(&self) -> &[PassConstructor] {
        &self.passes
    }

    /// The registered dialects, in registration order.
    pub fn dialects(&self) -> &[Dialect] {
        &self.dialects
    }
}
