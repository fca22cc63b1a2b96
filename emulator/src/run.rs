//! Running an ELF on a board: QEMU with semihosting in its own working folder (the program's
//! files live there), no display and no stdin, stopped at a timeout.

use crate::board::{Board, FAULT_EXIT_STATUS};
use crate::tool;
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A program that ran to its end on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The board's name.
    pub board: &'static str,
    /// The program's exit status (semihosting `SYS_EXIT_EXTENDED`; QEMU's own errors exit 1).
    pub status: i32,
    /// The console text: QEMU's stderr, where semihosting writes.
    pub console: String,
    /// The command line, to run it again by hand (`cd <workdir> && qemu-system-... `).
    pub command: String,
    /// Wall-clock time of the QEMU process.
    pub elapsed: Duration,
}

impl Run {
    /// `Ok` when the program exited with `expected`, else an error with the console text.
    pub fn expect_status(&self, expected: i32) -> Result<(), String> {
        if self.status == expected {
            return Ok(());
        }
        let fault = if self.status == FAULT_EXIT_STATUS { " (a fault)" } else { "" };
        Err(format!(
            "on {}: the program exited with status {}{fault}, expected {expected}\ncommand: {}\nconsole:\n{}",
            self.board, self.status, self.command, self.console
        ))
    }

    /// `Ok` when the program exited with 0, else an error with the console text.
    pub fn expect_success(&self) -> Result<(), String> {
        self.expect_status(0)
    }
}

impl Board {
    /// QEMU's arguments for running `elf` on this board, with semihosting.
    pub fn qemu_args(&self, elf: &Path) -> Vec<OsString> {
        let mut args: Vec<OsString> = self.machine.iter().map(OsString::from).collect();
        for arg in ["-nodefaults", "-display", "none", "-semihosting-config", "enable=on,target=native", "-kernel"] {
            args.push(arg.into());
        }
        args.push(elf.into());
        args
    }

    /// Runs `elf` under QEMU with `workdir` as its working folder (created if missing; the
    /// program's semihosting files are relative to it). A program that exits, with any status,
    /// is `Ok`; a timeout, a QEMU that cannot start or is killed by a signal is an error.
    pub fn run(&self, elf: &Path, workdir: &Path, timeout: Duration) -> Result<Run, String> {
        run_qemu(self, elf, workdir, timeout, &[])
    }
}

/// Runs QEMU with `extra` arguments before the board's (plugins).
pub(crate) fn run_qemu(
    board: &Board,
    elf: &Path,
    workdir: &Path,
    timeout: Duration,
    extra: &[OsString],
) -> Result<Run, String> {
    let qemu = tool::find(board.qemu)?;
    let elf = absolute(elf)?;
    if !elf.is_file() {
        return Err(format!("cannot run {} on {}: the file does not exist", elf.display(), board.name));
    }
    std::fs::create_dir_all(workdir).map_err(|e| format!("cannot create {}: {e}", workdir.display()))?;
    let mut command = Command::new(qemu);
    command.args(extra).args(board.qemu_args(&elf)).current_dir(workdir);
    command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let command_line = format!("cd {} && {}", workdir.display(), tool::command_line(&command));

    let start = Instant::now();
    let mut child = command.spawn().map_err(|e| format!("cannot start {command_line}: {e}"))?;
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let collect = |stdout: Option<std::thread::JoinHandle<String>>, stderr: Option<std::thread::JoinHandle<String>>| {
        let mut text = stderr.and_then(|h| h.join().ok()).unwrap_or_default();
        text.push_str(&stdout.and_then(|h| h.join().ok()).unwrap_or_default());
        text
    };

    let mut pause = Duration::from_millis(1);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() >= timeout => {
                // Our own child, by its handle.
                let _ = child.kill();
                let _ = child.wait();
                let console = collect(stdout, stderr);
                return Err(format!(
                    "on {}: QEMU timed out after {:.1} s (the program neither exited nor faulted)\ncommand: {command_line}\nconsole:\n{console}",
                    board.name,
                    timeout.as_secs_f64()
                ));
            }
            Ok(None) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(10));
            }
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("waiting for {command_line}: {e}"));
            }
        }
    };
    let elapsed = start.elapsed();
    let console = collect(stdout, stderr);
    match status.code() {
        Some(code) => Ok(Run { board: board.name, status: code, console, command: command_line, elapsed }),
        None => Err(format!(
            "on {}: QEMU ended without an exit status ({status}): it crashed or was killed\ncommand: {command_line}\nconsole:\n{console}",
            board.name
        )),
    }
}

/// Reads a pipe to its end on a thread, so a chatty program cannot fill it and block.
fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

fn absolute(path: &Path) -> Result<PathBuf, String> {
    std::path::absolute(path).map_err(|e| format!("cannot resolve {}: {e}", path.display()))
}
