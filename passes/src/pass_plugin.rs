//! Pass plugins (DESIGN.md §7): Rust shared libraries built against mc's crates
//! (`--load-pass-plugin=path.so`) whose passes a pipeline names like built-ins and whose dialects
//! every context of the tool knows. The plugin side is `mc-pass-plugin`.
//!
//! Loading reads the plugin's [`PluginInfo`] and refuses a plugin built for another build of mc
//! (its fingerprint is not [`FINGERPRINT`]) before calling any of its Rust code. It then calls
//! the plugin's registration function (which catches its own panics) and checks every pass and
//! dialect name — not a built-in's, not another plugin's, not twice — before registering any.
//! Loaded libraries stay loaded for the life of the process: the pass registry and the contexts
//! hold functions of theirs.

use mc_ir::pass::PassRegistry;
use mc_ir::{Context, Dialect, dialect_of};
use mc_pass_plugin::{FINGERPRINT, MC_VERSION, PluginInfo, REGISTRATION_SYMBOL, Registrar};
use std::ffi::{CStr, c_char};
use std::sync::Mutex;

/// A loaded pass plugin: what it registered.
#[derive(Clone, Debug)]
pub struct PassPlugin {
    /// Its name, as it calls itself.
    pub name: String,
    /// The library it was loaded from.
    pub path: String,
    /// The arguments of its passes, in registration order.
    pub passes: Vec<String>,
    /// Its dialects.
    pub dialects: Vec<Dialect>,
}

impl PassPlugin {
    /// Registers the plugin's dialects in `ctx`; call it on every context the passes may see.
    pub fn register_dialects(&self, ctx: &mut Context) {
        for dialect in &self.dialects {
            ctx.register_dialect(dialect.clone());
        }
    }
}

/// The plugins loaded so far and their libraries, never unloaded.
struct Loaded {
    plugins: Vec<PassPlugin>,
    libraries: Vec<libloading::Library>,
}

static LOADED: Mutex<Loaded> = Mutex::new(Loaded { plugins: Vec::new(), libraries: Vec::new() });

/// The loaded plugins, even if a thread panicked while holding them (they are only ever
/// appended to whole).
fn loaded() -> std::sync::MutexGuard<'static, Loaded> {
    LOADED.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Loads the pass plugin at `path` and registers its passes in `registry`; its dialects go into
/// each context through [`PassPlugin::register_dialects`].
///
/// # Errors
///
/// A message naming the library (and the plugin, once its name is known) if it cannot be loaded,
/// lacks `mc_pass_plugin_v1`, was built for another build of mc (both fingerprints and what to
/// do), panics while registering, or registers a pass or dialect whose name is invalid, a
/// built-in's or another plugin's. Nothing of a refused plugin is registered.
pub fn load_pass_plugin(path: &str, registry: &mut PassRegistry) -> Result<PassPlugin, String> {
    // SAFETY: loading a library runs its initializers; loading a plugin means trusting it.
    let library = unsafe { libloading::Library::new(path) }.map_err(|e| {
        // libloading says "dlopen failed"; the loader's reason is the error's source.
        let reason = std::error::Error::source(&e).map_or_else(|| e.to_string(), ToString::to_string);
        format!("pass plugin '{path}': cannot load it: {reason}")
    })?;
    // SAFETY: the symbol has this type if the library is a pass plugin at all.
    let entry = unsafe { library.get::<extern "C" fn() -> *const PluginInfo>(REGISTRATION_SYMBOL.as_bytes()) }
        .map_err(|_| {
            format!("pass plugin '{path}': it does not export '{REGISTRATION_SYMBOL}' (is it an mc pass plugin?)")
        })?;
    // SAFETY: as above; the info lives as long as the library.
    let info = unsafe { entry().as_ref() }
        .ok_or_else(|| format!("pass plugin '{path}': '{REGISTRATION_SYMBOL}' returned no plugin info"))?;
    // SAFETY: the strings of the info are C data whatever build the plugin comes from.
    let [name, version, fingerprint] =
        [info.name, info.mc_version, info.fingerprint].map(|text| unsafe { c_str(text) });
    let name = name.ok_or_else(|| format!("pass plugin '{path}': its name is missing or not UTF-8"))?;
    let error = |what: String| format!("pass plugin '{name}' ('{path}'): {what}");
    let (Some(version), Some(fingerprint)) = (version, fingerprint) else {
        return Err(error("its mc version or build fingerprint is missing or not UTF-8".to_string()));
    };
    if fingerprint != FINGERPRINT {
        return Err(error(another_build(version, fingerprint)));
    }
    let mut registrar = Registrar::default();
    let registered = (info.register)(&mut registrar);
    let mut loaded = loaded();
    // The plugin's code has run: the library stays loaded even if it is refused (it may have
    // left thread-local destructors behind).
    loaded.libraries.push(library);
    registered.map_err(error)?;
    let (passes, dialects) = check(&registrar, registry, &loaded.plugins).map_err(error)?;
    let plugin = PassPlugin { name: name.to_string(), path: path.to_string(), passes, dialects };
    loaded.plugins.push(plugin.clone());
    Ok(plugin)
}

/// Why a plugin built against mc `version` with `fingerprint` (not this mc's) is refused, and what
/// to do.
fn another_build(version: &str, fingerprint: &str) -> String {
    let built = if version == MC_VERSION { format!("another build of mc {version}") } else { format!("mc {version}") };
    format!(
        "it was built against {built}, and a pass plugin shares mc's Rust types, so it must come from the same \
         build.\n  plugin built against: {fingerprint}\n  this mc:              {FINGERPRINT}\nRebuild the plugin \
         against this mc: the same mc sources and Cargo.lock, the same rustc and target."
    )
}

/// The NUL-terminated UTF-8 string at `text`, if there is one.
///
/// # Safety
///
/// A non-null `text` points to a NUL-terminated string.
unsafe fn c_str<'a>(text: *const c_char) -> Option<&'a str> {
    // SAFETY: the caller's contract.
    (!text.is_null()).then(|| unsafe { CStr::from_ptr(text) }).and_then(|text| text.to_str().ok())
}

/// Registers the passes of `registrar` in `registry` and returns their arguments and the
/// dialects, or why the plugin is refused; `registry` changes only on success.
fn check(
    registrar: &Registrar,
    registry: &mut PassRegistry,
    others: &[PassPlugin],
) -> Result<(Vec<String>, Vec<Dialect>), String> {
    let mut extended = registry.clone();
    let mut passes: Vec<String> = Vec::new();
    for &constructor in registrar.passes() {
        let argument = constructor().argument().to_string();
        if passes.contains(&argument) {
            return Err(format!("it registers pass '{argument}' twice"));
        }
        if extended.lookup(&argument).is_some() {
            return Err(match others.iter().find(|other| other.passes.contains(&argument)) {
                Some(other) => {
                    format!(
                        "pass '{argument}' is already registered by pass plugin '{}' ('{}')",
                        other.name, other.path
                    )
                }
                None => format!("pass '{argument}' clashes with a built-in pass"),
            });
        }
        extended.register(constructor)?;
        passes.push(argument);
    }
    let mut builtin = Context::new();
    mc_dialects::register_all(&mut builtin);
    let mut dialects: Vec<Dialect> = Vec::new();
    for dialect in registrar.dialects() {
        let name = dialect.name;
        let valid = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !valid {
            return Err(format!(
                "dialect name '{name}' is not a valid namespace (a lowercase ASCII letter, then letters, digits, '_')"
            ));
        }
        if dialects.iter().any(|d| d.name == name) {
            return Err(format!("it registers dialect '{name}' twice"));
        }
        if builtin.is_dialect_registered(name) {
            return Err(format!("dialect '{name}' clashes with a built-in dialect"));
        }
        if let Some(other) = others.iter().find(|other| other.dialects.iter().any(|d| d.name == name)) {
            return Err(format!(
                "dialect '{name}' is already registered by pass plugin '{}' ('{}')",
                other.name, other.path
            ));
        }
        for (index, op) in dialect.ops.iter().enumerate() {
            if dialect_of(op.name) != name || op.name.len() <= name.len() + 1 {
                return Err(format!("op '{}' of dialect '{name}' is not named '{name}.<op>'", op.name));
            }
            if dialect.ops[..index].iter().any(|earlier| earlier.name == op.name) {
                return Err(format!("dialect '{name}' registers op '{}' twice", op.name));
            }
        }
        dialects.push(dialect.clone());
    }
    *registry = extended;
    Ok((passes, dialects))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_ir::pass::{AnalysisManager, Pass};
    use mc_ir::{Failure, OpDef, OpId};

    /// Declares a pass `$Pass` that does nothing, with argument `$argument`.
    macro_rules! pass {
        ($Pass:ident, $argument:literal) => {
            #[derive(Default)]
            struct $Pass;
            impl Pass for $Pass {
                fn argument(&self) -> &str {
                    $argument
                }
                fn summary(&self) -> &str {
                    ""
                }
                fn run(&mut self, _: &mut Context, _: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
                    Ok(())
                }
            }
        };
    }
    pass!(Mine, "mine");
    pass!(Yours, "yours");
    pass!(Cse, "cse");
    pass!(BadName, "Bad_Name");

    fn builtins() -> PassRegistry {
        let mut registry = PassRegistry::new();
        crate::register_all_passes(&mut registry);
        registry
    }

    fn dialect(name: &'static str, ops: &[&'static str]) -> Dialect {
        Dialect { name, ops: ops.iter().map(|&op| OpDef::new(op, "")).collect(), materialize_constant: None }
    }

    /// A plugin loaded before, with pass `mine` and dialect `theirs`.
    fn other() -> PassPlugin {
        PassPlugin {
            name: "other".to_string(),
            path: "libother.so".to_string(),
            passes: vec!["mine".to_string()],
            dialects: vec![dialect("theirs", &[])],
        }
    }

    /// Why `register`'s registrations are refused (after `other()` registered `mine`); checks that
    /// the registry did not change.
    fn refusal(register: impl FnOnce(&mut Registrar)) -> String {
        let mut registrar = Registrar::default();
        register(&mut registrar);
        let mut registry = builtins();
        registry.register(|| Box::new(Mine)).unwrap();
        let before = registry.infos();
        let error = check(&registrar, &mut registry, &[other()]).unwrap_err();
        assert_eq!(registry.infos(), before);
        error
    }

    #[test]
    fn registers_passes_and_keeps_dialects() {
        let mut registrar = Registrar::default();
        registrar.pass::<Mine>().dialect(dialect("mine", &["mine.op"]));
        let mut registry = builtins();
        let (passes, dialects) = check(&registrar, &mut registry, &[]).unwrap();
        assert_eq!(passes, ["mine"]);
        assert!(registry.lookup("mine").is_some());
        let plugin = PassPlugin { name: "mine".to_string(), path: "libmine.so".to_string(), passes, dialects };
        let mut ctx = Context::new();
        plugin.register_dialects(&mut ctx);
        assert!(ctx.is_dialect_registered("mine"));
    }

    #[test]
    fn refuses_bad_and_clashing_names() {
        type Register = fn(&mut Registrar);
        let cases: [(Register, &str); 10] = [
            (|r| _ = r.pass::<Cse>(), "pass 'cse' clashes with a built-in pass"),
            (|r| _ = r.pass::<Mine>(), "pass 'mine' is already registered by pass plugin 'other' ('libother.so')"),
            (|r| _ = r.pass::<Yours>().pass::<Yours>(), "it registers pass 'yours' twice"),
            (|r| _ = r.pass::<BadName>(), "pass argument 'Bad_Name' is not kebab-case"),
            (
                |r| _ = r.dialect(dialect("My", &[])),
                "dialect name 'My' is not a valid namespace (a lowercase ASCII letter, then letters, digits, '_')",
            ),
            (|r| _ = r.dialect(dialect("graph", &[])), "dialect 'graph' clashes with a built-in dialect"),
            (
                |r| _ = r.dialect(dialect("theirs", &[])),
                "dialect 'theirs' is already registered by pass plugin 'other' ('libother.so')",
            ),
            (|r| _ = r.dialect(dialect("d", &[])).dialect(dialect("d", &[])), "it registers dialect 'd' twice"),
            (|r| _ = r.dialect(dialect("d", &["e.op", "d."])), "op 'e.op' of dialect 'd' is not named 'd.<op>'"),
            (|r| _ = r.dialect(dialect("d", &["d.op", "d.op"])), "dialect 'd' registers op 'd.op' twice"),
        ];
        for (register, expected) in cases {
            assert_eq!(refusal(register), expected);
        }
        assert_eq!(refusal(|r| _ = r.dialect(dialect("d", &["d."]))), "op 'd.' of dialect 'd' is not named 'd.<op>'");
    }

    #[test]
    fn another_build_says_what_differs_and_what_to_do() {
        let message = another_build("0.0.1", "mc 0.0.1, sources 0");
        assert!(message.starts_with("it was built against mc 0.0.1, and a pass plugin shares"), "{message}");
        assert!(message.contains("\n  plugin built against: mc 0.0.1, sources 0\n"), "{message}");
        assert!(message.contains(&format!("\n  this mc:              {FINGERPRINT}\n")), "{message}");
        assert!(message.ends_with(
            "\nRebuild the plugin against this mc: the same mc sources and Cargo.lock, the same rustc and target."
        ));
        let message = another_build(MC_VERSION, "mc 0.1.0, sources 0");
        assert!(message.starts_with(&format!("it was built against another build of mc {MC_VERSION},")), "{message}");
    }
}
