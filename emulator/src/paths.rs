//! Where the crate finds its files: the board support C and harnesses beside its manifest, the
//! shared icount plugin source (`shared/tools/qemu-icount/icount.c` beside the repository or any
//! folder above it, as the tests find `../shared`), and the Cargo target folder for caches.

use std::path::{Path, PathBuf};

/// `emulator/boards`: start-up code, linker scripts and the semihosting library.
pub fn boards_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("boards")
}

/// `emulator/harness`: the harnesses linked around generated models.
pub fn harness_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("harness")
}

/// The repository root: the nearest folder above this crate holding `Cargo.lock` (or the
/// crate's parent when there is none).
pub fn repo_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .or_else(|| manifest.parent())
        .unwrap_or(manifest)
        .to_path_buf()
}

/// The Cargo target folder: `$CARGO_TARGET_DIR` if set to an absolute path, else the folder
/// above the running executable that holds Cargo's `CACHEDIR.TAG`, else `<repo>/target`.
pub fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).filter(|dir| dir.is_absolute()) {
        return dir;
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.ancestors().find(|dir| dir.join("CACHEDIR.TAG").is_file()).map(Path::to_path_buf))
        .unwrap_or_else(|| repo_root().join("target"))
}

/// The folder this crate caches built helpers in (`<target>/mc-emulator`).
pub fn cache_dir() -> PathBuf {
    target_dir().join("mc-emulator")
}

/// The QEMU instruction-counting plugin's source: `$MC_ICOUNT_SOURCE` if set, else
/// `shared/tools/qemu-icount/icount.c` beside the repository or any folder above it.
pub fn icount_source() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("MC_ICOUNT_SOURCE") {
        let path = PathBuf::from(path);
        return if path.is_file() {
            Ok(path)
        } else {
            Err(format!("MC_ICOUNT_SOURCE={} is not a file", path.display()))
        };
    }
    let root = repo_root();
    let mut looked = Vec::new();
    for ancestor in root.ancestors().skip(1) {
        let candidate = ancestor.join("shared/tools/qemu-icount/icount.c");
        if candidate.is_file() {
            return Ok(candidate);
        }
        looked.push(candidate.display().to_string());
    }
    Err(format!(
        "the QEMU icount plugin source is missing: looked for {} (set MC_ICOUNT_SOURCE to override)",
        looked.join(", ")
    ))
}
