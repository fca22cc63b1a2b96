//! Where tests find the shared MLPerf Tiny models and the project's Python venv. Both must
//! exist: a missing one fails the tests with the fix, never skips them.
//!
//! Self-contained (no crate imports, the root found from any crate's manifest folder), so test
//! suites that cannot depend on this crate (the TFLite importer's, which it depends on) include
//! the file with `#[path]`.

use std::path::{Path, PathBuf};

/// The repository root: the nearest folder above the compiled crate holding `Cargo.lock`.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .expect("the crate is inside the repository")
        .canonicalize()
        .expect("the repository root exists")
}

/// The folder of MLPerf Tiny models: `$MC_MODELS_DIR` if set, else `shared/models` beside the
/// repository or beside any folder above it (a git worktree sees the same `shared/`). Panics
/// naming every place it looked when there is none.
pub fn models_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("MC_MODELS_DIR") {
        let dir = PathBuf::from(dir);
        assert!(dir.is_dir(), "MC_MODELS_DIR={} is not a folder", dir.display());
        return dir;
    }
    let root = repo_root();
    let mut looked = Vec::new();
    for ancestor in root.ancestors().skip(1) {
        let candidate = ancestor.join("shared").join("models");
        if candidate.is_dir() {
            return candidate;
        }
        looked.push(candidate.display().to_string());
    }
    panic!(
        "the shared model folder is missing: looked for shared/models in {} (set MC_MODELS_DIR to override)",
        looked.join(", ")
    );
}

/// Every `*.tflite` file in [`models_dir`], sorted; panics when there is none.
pub fn model_paths() -> Vec<PathBuf> {
    let dir = models_dir();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "tflite"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .tflite files in {}", dir.display());
    paths
}

/// The MLPerf Tiny model `file` (`vww_96_int8.tflite`) in [`models_dir`].
pub fn model(file: &str) -> PathBuf {
    let path = models_dir().join(file);
    assert!(path.is_file(), "{} is missing from the shared model folder", path.display());
    path
}

/// The project venv's Python (`.venv/bin/python`, made by `scripts/setup.sh`); panics with the
/// fix when it is missing.
pub fn venv_python() -> PathBuf {
    let python = repo_root().join(".venv/bin/python");
    assert!(
        python.is_file(),
        "{} is missing: run scripts/setup.sh to create the venv with the tflite-micro package",
        python.display()
    );
    python
}
