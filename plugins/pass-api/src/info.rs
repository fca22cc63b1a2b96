//! What a pass plugin exports: [`PluginInfo`], returned by its [`REGISTRATION_SYMBOL`], and the
//! build [`FINGERPRINT`] mc compares before it calls any of the plugin's Rust code.

use crate::registrar::Registrar;
use std::ffi::c_char;

/// The symbol every pass plugin exports: an `extern "C" fn() -> *const PluginInfo`. The `v1`
/// versions [`PluginInfo`]'s layout; everything else is versioned by the fingerprint.
pub const REGISTRATION_SYMBOL: &str = "mc_pass_plugin_v1";

/// mc's version (the workspace's), as this build of the crate sees it.
pub const MC_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The build fingerprint: mc's version, a hash of the sources of mc's crates and of the
/// workspace's `Cargo.lock`, the rustc version, the target and the panic strategy, e.g.
/// `mc 0.1.0, sources 5e0c64bd5e6e8a45, rustc 1.95.0 (59807616e 2026-04-14),
/// x86_64-unknown-linux-gnu, panic=unwind`. A plugin whose fingerprint differs from mc's was built
/// from other sources, dependency versions or compiler: the Rust types both use may differ in
/// layout, so mc refuses it.
pub const FINGERPRINT: &str = env!("MC_PASS_PLUGIN_FINGERPRINT");

/// Registers a plugin's passes and dialects; returns the message of a panic it caught. A Rust
/// function: mc calls it only once the fingerprints are equal.
pub type RegisterFn = fn(&mut Registrar) -> Result<(), String>;

/// What a pass plugin says about itself. The three strings (NUL-terminated, alive as long as the
/// library) come first and are plain C data, so that mc can read them from a plugin of any
/// build; `register` is Rust and is called only when `fingerprint` equals mc's.
#[repr(C)]
#[derive(Debug)]
pub struct PluginInfo {
    /// The plugin's name, for messages.
    pub name: *const c_char,
    /// [`MC_VERSION`] of the mc the plugin was built against.
    pub mc_version: *const c_char,
    /// [`FINGERPRINT`] of the mc the plugin was built against.
    pub fingerprint: *const c_char,
    /// Registers the plugin's passes and dialects.
    pub register: RegisterFn,
}

// SAFETY: the pointers are to immutable strings of static lifetime.
unsafe impl Sync for PluginInfo {}

impl PluginInfo {
    /// The info of a plugin named `name_nul` (NUL-terminated) built against this mc; used by
    /// [`mc_pass_plugin!`](crate::mc_pass_plugin).
    #[doc(hidden)]
    pub const fn new(name_nul: &'static str, register: RegisterFn) -> Self {
        PluginInfo {
            name: name_nul.as_ptr().cast(),
            mc_version: concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast(),
            fingerprint: concat!(env!("MC_PASS_PLUGIN_FINGERPRINT"), "\0").as_ptr().cast(),
            register,
        }
    }
}
