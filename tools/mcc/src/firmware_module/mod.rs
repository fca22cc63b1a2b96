//! `mcc --emit module`: a self-contained folder a firmware's build adds as a library:
//! `lib<prefix>.a` (the object, archived), `include/<prefix>.h`, the memory plan's residency
//! report and arena picture (staged by the driver), a `CMakeLists.txt` defining the library
//! target `<prefix>` that refuses a firmware built for another CPU or float ABI at configure time,
//! and a `README.md` written for that model. `mc_add_model()` (`cmake/`) runs it at build time.

mod abi;
mod archive;
mod cmake;
mod readme;

use crate::staging::Staging;
use mc_backend_llvm::interface::Interface;
use mc_backend_llvm::{Prefix, TargetSpec};
use mc_ir::Context;

/// What the folder is made of.
pub struct ModuleParts<'a> {
    /// The symbol prefix, which names the library and its files.
    pub prefix: &'a Prefix,
    /// The target as the user named it (`cortex-m4`).
    pub target_name: &'a str,
    /// Its description.
    pub target: &'a TargetSpec,
    /// The model file, as given.
    pub model: &'a str,
    /// The optimization level, as given (`s`, `2`).
    pub opt_level: &'a str,
    /// The object mcc compiled.
    pub object: &'a [u8],
    /// Its C header.
    pub header: &'a str,
    /// What the C API exposes.
    pub interface: &'a Interface,
    /// Whether the object defines its arenas (else the application binds every region).
    pub allocate_arenas: bool,
}

/// Stages the module's archive, header, `CMakeLists.txt` and `README.md`.
pub fn stage(ctx: &Context, staging: &Staging, parts: &ModuleParts<'_>) -> Result<(), String> {
    let p = parts.prefix.as_str();
    staging.write(&format!("lib{p}.a"), &archive::archive(&format!("{p}.o"), parts.object)?)?;
    staging.write(&format!("include/{p}.h"), parts.header.as_bytes())?;
    staging.write("CMakeLists.txt", cmake::cmake_lists(p, parts.model, parts.target_name, parts.target).as_bytes())?;
    staging.write("README.md", readme::readme(ctx, parts)?.as_bytes())
}
