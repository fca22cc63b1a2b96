//! What mc's pass plugins and mc share (DESIGN.md §7), like MLIR's C++ pass plugins: a plugin is
//! a Rust shared library built against mc's own crates (`mc-ir`, and `mc-dialects`, `mc-passes`
//! as it needs) that registers passes — and optionally dialects — which `mc-opt
//! --load-pass-plugin=lib.so` then runs by name in `--pass-pipeline` like built-ins.
//!
//! The ABI is the compiler's own: mc and the plugin hand each other Rust values (`Box<dyn Pass>`,
//! `&mut Context`), so both must come from the same build of mc's crates with the same rustc. The
//! plugin exports [`REGISTRATION_SYMBOL`] returning a [`PluginInfo`] with mc's version and the
//! build [`FINGERPRINT`], and mc refuses a plugin whose fingerprint is not its own before calling
//! any of its Rust code. The [`mc_pass_plugin!`] macro writes that symbol; [`Registrar`] is what
//! the plugin registers into. A plugin's passes run behind a panic guard compiled into the plugin
//! (each side has its own copy of the standard library, and a panic cannot unwind from one into
//! the other): a panic is a failure of the pass, never a crash.
//!
//! | module | holds |
//! |---|---|
//! | `info` | [`PluginInfo`], the symbol's name, [`MC_VERSION`] and [`FINGERPRINT`] (computed by `build.rs`) |
//! | `registrar` | [`Registrar`]: the passes and dialects a plugin registers |
//! | `guard` | the panic guard around every call into a plugin's pass |
//! | `export` | the [`mc_pass_plugin!`] macro |
#![deny(missing_docs)]

mod export;
mod guard;
mod info;
mod registrar;

#[doc(hidden)]
pub use export::register_guarded;
pub use info::{FINGERPRINT, MC_VERSION, PluginInfo, REGISTRATION_SYMBOL, RegisterFn};
pub use registrar::Registrar;
