//! Compiling a model as `mcc` does, from inside one of its commands (`analyze`, `validate`): a
//! child `mcc` (this very executable) writes `model.o`, `model.h` and the plan's reports into a
//! folder, and its summary stays out of the command's output.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What the child compiles and how.
pub struct Compilation<'a> {
    /// The model file.
    pub model: &'a Path,
    /// `--target`.
    pub target: &'a str,
    /// `-O`.
    pub opt_level: &'a str,
    /// `--config`.
    pub config: Option<&'a PathBuf>,
    /// `--planner`.
    pub planner: Option<&'a str>,
}

/// The prefix of the child's files and symbols.
pub const PREFIX: &str = "model";

impl Compilation<'_> {
    /// Compiles into `dir` (`model.o`, `model.h`, `model_residency.json`, `model_arena.svg`);
    /// the error is the child's message.
    pub fn run(&self, dir: &Path) -> Result<(), String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find mcc itself: {e}"))?;
        let mut command = Command::new(exe);
        command.arg(self.model).args(["--target", self.target, "--prefix", PREFIX, "-O", self.opt_level]);
        command.arg("-o").arg(dir);
        if let Some(config) = self.config {
            command.arg("--config").arg(config);
        }
        if let Some(planner) = self.planner {
            command.args(["--planner", planner]);
        }
        let output = command.output().map_err(|e| format!("cannot run mcc: {e}"))?;
        if output.status.success() {
            return Ok(());
        }
        Err(String::from_utf8_lossy(&output.stderr).trim_start_matches("mcc: error: ").to_string())
    }
}

/// A fresh temporary folder for `command`'s child compilation, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// `<tmp>/mcc-<command>-<pid>`, empty.
    pub fn new(command: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("mcc-{command}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}
