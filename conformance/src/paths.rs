//! Where the conformance tests find the shared MLPerf Tiny models and the project's Python venv.
//! Both must exist: a missing one fails the tests with the fix, never skips them.

use std::path::{Path, PathBuf};

/// The repository root (the parent of this crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().expect("the repository root exists")
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
