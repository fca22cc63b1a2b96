//! External tools (GCC drivers, QEMU, the host C compiler): finding them on `PATH` and running
//! them to completion, with errors that name the fix.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The path of `program` on `PATH`, or an error telling how to install it.
pub(crate) fn find(program: &str) -> Result<PathBuf, String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).map(|dir| dir.join(program)).find(|candidate| candidate.is_file()).ok_or_else(|| {
        format!("`{program}` is not installed (not found on PATH): run ./scripts/setup.sh to install the toolchains and QEMU")
    })
}

/// The command line of `command`, for error messages (arguments with spaces are quoted).
pub(crate) fn command_line(command: &Command) -> String {
    std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(|arg| {
            let arg = arg.to_string_lossy();
            if arg.is_empty() || arg.contains([' ', '"', '\'']) { format!("'{arg}'") } else { arg.into_owned() }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `command` to completion (no stdin), returning its output when it exits with 0 and an
/// error with `what`, the command line and its stderr otherwise.
pub(crate) fn run_to_completion(command: &mut Command, what: &str) -> Result<Output, String> {
    let output = command
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{what}: cannot start `{}`: {e}", command.get_program().to_string_lossy()))?;
    if output.status.success() {
        Ok(output)
    } else {
        Err(format!(
            "{what} failed ({}):\n{}{}\ncommand: {}",
            output.status,
            String::from_utf8_lossy(&output.stderr),
            String::from_utf8_lossy(&output.stdout),
            command_line(command)
        ))
    }
}
