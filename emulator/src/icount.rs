//! Exact instruction counts: the shared QEMU plugin (`icount.c`) built once into the cache
//! folder, run with `sym=<mark>`; it prints `MARK n` at each entry of the mark function and
//! `TOTAL n` at exit, which become [`Counts`].

use crate::board::Board;
use crate::paths;
use crate::run::{Run, run_qemu};
use crate::tool;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

/// The instruction counts of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Instructions executed before each entry of the mark function, in order.
    pub marks: Vec<u64>,
    /// Instructions executed in the whole run.
    pub total: u64,
    /// The run itself; its console no longer holds the plugin's `MARK`/`TOTAL` lines.
    pub run: Run,
}

impl Counts {
    /// The instructions between consecutive pairs of marks (1st to 2nd, 3rd to 4th, ...): with
    /// the model harness, one inference each.
    pub fn intervals(&self) -> Vec<u64> {
        self.marks.chunks_exact(2).map(|pair| pair[1] - pair[0]).collect()
    }
}

impl Board {
    /// Runs `elf` like [`Board::run`] with the icount plugin counting instructions and marking
    /// each entry of the function `mark_symbol` (the ELF's symbol table must name it). The
    /// program must exit with 0: a count of a failed run is an error with its console.
    pub fn count_instructions(
        &self,
        elf: &Path,
        workdir: &Path,
        mark_symbol: &str,
        timeout: Duration,
    ) -> Result<Counts, String> {
        if mark_symbol.is_empty() || mark_symbol.contains([',', '=']) || mark_symbol.chars().any(char::is_whitespace) {
            return Err(format!("`{mark_symbol}` cannot be a mark symbol (empty, or with ',', '=' or spaces)"));
        }
        let plugin = icount_plugin()?;
        let mut plugin_arg = plugin.clone().into_os_string();
        plugin_arg.push(format!(",sym={mark_symbol}"));
        let run = run_qemu(self, elf, workdir, timeout, &[OsString::from("-plugin"), plugin_arg])?;
        run.expect_success()?;
        parse(run, mark_symbol)
    }
}

/// Splits the plugin's lines out of the console.
fn parse(mut run: Run, mark_symbol: &str) -> Result<Counts, String> {
    let mut marks = Vec::new();
    let mut total = None;
    let mut console = String::new();
    for line in run.console.lines() {
        if let Some(n) = line.strip_prefix("MARK ").and_then(|n| n.parse::<u64>().ok()) {
            marks.push(n);
        } else if let Some(n) = line.strip_prefix("TOTAL ").and_then(|n| n.parse::<u64>().ok()) {
            total = Some(n);
        } else {
            console.push_str(line);
            console.push('\n');
        }
    }
    run.console = console;
    let Some(total) = total else {
        return Err(format!(
            "on {}: the icount plugin printed no TOTAL line (did it load?)\ncommand: {}\nconsole:\n{}",
            run.board, run.command, run.console
        ));
    };
    if marks.is_empty() {
        return Err(format!(
            "on {}: the mark function was never entered (is `{mark_symbol}` a function in the ELF's symbol table?)\ncommand: {}\nconsole:\n{}",
            run.board, run.command, run.console
        ));
    }
    Ok(Counts { marks, total, run })
}

/// The plugin's shared library, built from the shared source when missing or older than it.
/// Built once per process (a lock), and renamed into place so parallel processes never load a
/// half-written file.
fn icount_plugin() -> Result<PathBuf, String> {
    static BUILT: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(path) = built.as_ref() {
        return Ok(path.clone());
    }
    let source = paths::icount_source()?;
    let dir = paths::cache_dir().join("icount");
    let library = dir.join("libicount.so");
    if library.to_string_lossy().contains(',') {
        return Err(format!("{}: QEMU's -plugin option cannot take a path with a comma", library.display()));
    }
    let modified = |path: &Path| std::fs::metadata(path).and_then(|m| m.modified()).ok();
    let fresh = matches!((modified(&library), modified(&source)), (Some(lib), Some(src)) if lib >= src);
    if !fresh {
        let cc = tool::find("cc")?;
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let partial = dir.join(format!("libicount.so.{}.tmp", std::process::id()));
        let mut command = Command::new(cc);
        command.args(["-O2", "-shared", "-fPIC", "-fvisibility=hidden", "-o"]).arg(&partial).arg(&source);
        tool::run_to_completion(&mut command, "building the QEMU icount plugin")?;
        std::fs::rename(&partial, &library)
            .map_err(|e| format!("cannot move {} to {}: {e}", partial.display(), library.display()))?;
    }
    *built = Some(library.clone());
    Ok(library)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(console: &str) -> Run {
        Run {
            board: "cortex-m4",
            status: 0,
            console: console.to_string(),
            command: String::new(),
            elapsed: Duration::ZERO,
        }
    }

    #[test]
    fn marks_and_total_leave_the_console() {
        let counts = parse(run("hello\nMARK 10\nMARK 25\nworld\nMARK 30\nMARK 70\nTOTAL 99\n"), "m").unwrap();
        assert_eq!(counts.marks, [10, 25, 30, 70]);
        assert_eq!(counts.total, 99);
        assert_eq!(counts.intervals(), [15, 40]);
        assert_eq!(counts.run.console, "hello\nworld\n");
    }

    #[test]
    fn a_missing_total_is_an_error() {
        let error = parse(run("MARK 1\n"), "m").unwrap_err();
        assert!(error.contains("no TOTAL line"), "{error}");
    }

    #[test]
    fn no_marks_is_an_error() {
        let error = parse(run("TOTAL 5\n"), "bench_mark").unwrap_err();
        assert!(error.contains("`bench_mark`"), "{error}");
    }
}
