//! The example planner plugins (`plugins/examples/`) as shared libraries, for tests that plan
//! models with them: the Rust one as cargo built it (a test crate lists it as a dev-dependency,
//! so its library lands beside the test executable), the C one compiled here with the system C
//! compiler.

use crate::paths::repo_root;
use std::env::consts::{DLL_PREFIX, DLL_SUFFIX};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The planners of the example plugins, in the order of [`example_plugins`].
pub const EXAMPLE_PLANNERS: [&str; 2] = ["best_fit_lifetime", "c_first_fit"];

/// The libraries of the example plugins (the C one built into `work`), one per planner of
/// [`EXAMPLE_PLANNERS`]. Panics if the Rust one is missing or the C one does not build.
pub fn example_plugins(work: &Path) -> [PathBuf; 2] {
    let exe = std::env::current_exe().expect("the test executable's path");
    let rust = exe.with_file_name(format!("{DLL_PREFIX}best_fit_lifetime{DLL_SUFFIX}"));
    assert!(
        rust.is_file(),
        "{} is missing: list mc-planner-best-fit-lifetime as a dev-dependency of the test's crate",
        rust.display()
    );
    let c = work.join(format!("{DLL_PREFIX}c_first_fit{DLL_SUFFIX}"));
    let plugins = repo_root().join("plugins");
    let status = Command::new("cc")
        .args(["-shared", "-fPIC", "-I"])
        .arg(plugins.join("api/include"))
        .arg(plugins.join("examples/c_first_fit/first_fit.c"))
        .arg("-o")
        .arg(&c)
        .status()
        .expect("the system C compiler `cc` runs");
    assert!(status.success(), "the C example plugin does not build");
    [rust, c]
}
