//! [`mc_pass_plugin!`](crate::mc_pass_plugin): the registration symbol of a pass plugin.

use crate::guard::{PLUGIN_NAME, catch};
use crate::registrar::Registrar;

/// Exports [`REGISTRATION_SYMBOL`](crate::REGISTRATION_SYMBOL) (`mc_pass_plugin_v1`), returning
/// the [`PluginInfo`](crate::PluginInfo) of a plugin called `name` (for messages) whose `register`
/// function (`fn(&mut Registrar)`) registers its passes and dialects. The info carries the mc
/// version and build [`FINGERPRINT`](crate::FINGERPRINT) the plugin was built with, and a panic
/// during registration is caught and reported:
///
/// ```
/// use mc_ir::pass::{AnalysisManager, Pass};
/// use mc_ir::{Context, Failure, OpId};
/// use mc_pass_plugin::Registrar;
///
/// /// Does nothing, successfully.
/// #[derive(Default)]
/// struct Nothing;
///
/// impl Pass for Nothing {
///     fn argument(&self) -> &str {
///         "nothing"
///     }
///     fn summary(&self) -> &str {
///         "Do nothing"
///     }
///     fn run(&mut self, _: &mut Context, _: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
///         analyses.mark_all_preserved();
///         Ok(())
///     }
/// }
///
/// fn register(registrar: &mut Registrar) {
///     registrar.pass::<Nothing>();
/// }
///
/// mc_pass_plugin::mc_pass_plugin!(name = "nothing", register = register);
///
/// let info = unsafe { &*mc_pass_plugin_v1() };
/// let fingerprint = unsafe { std::ffi::CStr::from_ptr(info.fingerprint) };
/// assert_eq!(fingerprint.to_str(), Ok(mc_pass_plugin::FINGERPRINT));
/// let mut registrar = Registrar::default();
/// assert_eq!((info.register)(&mut registrar), Ok(()));
/// assert_eq!(registrar.passes()[0]().argument(), "nothing");
/// ```
#[macro_export]
macro_rules! mc_pass_plugin {
    (name = $name:literal, register = $register:path $(,)?) => {
        /// The registration symbol mc looks for.
        #[unsafe(no_mangle)]
        pub extern "C" fn mc_pass_plugin_v1() -> *const $crate::PluginInfo {
            // Named so that it does not hide the author's function (often called `register`).
            fn guarded_mc_pass_plugin_register(
                registrar: &mut $crate::Registrar,
            ) -> ::std::result::Result<(), ::std::string::String> {
                $crate::register_guarded($name, registrar, $register)
            }
            static INFO: $crate::PluginInfo =
                $crate::PluginInfo::new(::std::concat!($name, "\0"), guarded_mc_pass_plugin_register);
            &INFO
        }
    };
}

/// Runs a plugin's registration function `register`; a panic becomes an error. Used by
/// [`mc_pass_plugin!`](crate::mc_pass_plugin), so that it runs in the plugin's copy of this crate.
#[doc(hidden)]
pub fn register_guarded(
    name: &'static str,
    registrar: &mut Registrar,
    register: fn(&mut Registrar),
) -> Result<(), String> {
    let _ = PLUGIN_NAME.set(name);
    catch(|| register(registrar)).map_err(|message| format!("it panicked while registering: {message}"))
}
