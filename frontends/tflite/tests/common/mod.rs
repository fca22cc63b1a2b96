//! Where the tests find the shared models and the project's Python venv.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The repository root (two levels above this crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository root exists")
}

/// The folder of MLPerf Tiny models: `$MC_MODELS_DIR` if set, else
/// `shared/models` beside the repository (`../shared/models` from its root,
/// as CI lays it out) or beside any folder above it (a git worktree under
/// `wt/` sees the same `shared/`). Panics with every place it looked when
/// there is none: a missing model folder must fail the tests, not skip them.
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

/// The project venv's Python (`.venv/bin/python`, made by `scripts/setup.sh`);
/// panics with the fix when it is missing.
pub fn venv_python() -> PathBuf {
    let python = repo_root().join(".venv/bin/python");
    assert!(
        python.is_file(),
        "{} is missing: run scripts/setup.sh to create the venv with the tflite-micro package",
        python.display()
    );
    python
}
