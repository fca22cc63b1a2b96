//! Helpers shared by the emulator's test suites: fixture paths, fresh working folders, linking
//! and running on every board at once (one thread per board, every failure reported).
#![allow(dead_code)]

use mc_emulator::{Board, LinkOptions};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Long enough for any test program (each runs in tens of milliseconds); a hang fails the test.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// `emulator/tests/fixtures/<name>`.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// An empty folder for one test on one board, under Cargo's scratch folder for tests.
pub fn workdir(test: &str, board: &Board) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(test).join(board.name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("cannot clear {}: {e}", dir.display()));
    }
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

/// Links `c_sources` for `board` into `<dir>/<name>.elf`.
pub fn link(
    board: &Board,
    dir: &Path,
    name: &str,
    c_sources: &[PathBuf],
    options: &LinkOptions,
) -> Result<PathBuf, String> {
    let elf = dir.join(format!("{name}.elf"));
    board.link(&[], c_sources, options, &elf)?;
    Ok(elf)
}

/// Runs `check` for every board on its own thread; panics listing every board that failed.
pub fn for_each_board(check: impl Fn(&'static Board) -> Result<(), String> + Sync) {
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = Board::all().iter().map(|board| (board, scope.spawn(|| check(board)))).collect();
        handles
            .into_iter()
            .filter_map(|(board, handle)| match handle.join() {
                Ok(Ok(())) => None,
                Ok(Err(error)) => Some(format!("[{}] {error}", board.name)),
                Err(_) => Some(format!("[{}] panicked", board.name)),
            })
            .collect()
    });
    assert!(failures.is_empty(), "{} board(s) failed:\n{}", failures.len(), failures.join("\n\n"));
}

/// `Err` with `what` when `condition` is false.
pub fn ensure(condition: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if condition { Ok(()) } else { Err(what()) }
}

/// The symbol table of `elf` (name to address), read with the board's binutils `nm`.
pub fn symbols(board: &Board, elf: &Path) -> Result<HashMap<String, u64>, String> {
    let nm = board.gcc.replace("gcc", "nm");
    let output =
        Command::new(&nm).arg(elf).output().map_err(|e| format!("cannot run {nm} (run ./scripts/setup.sh): {e}"))?;
    ensure(output.status.success(), || format!("{nm} failed: {}", String::from_utf8_lossy(&output.stderr)))?;
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (address, _kind, name) = (fields.next()?, fields.next()?, fields.next()?);
            Some((name.to_string(), u64::from_str_radix(address, 16).ok()?))
        })
        .collect())
}
