//! TensorFlow Lite Micro's arena for a model, measured as `scripts/bench-ram.sh` does: the
//! `tflite-micro` interpreter of the project venv loads the model, runs it once on zero inputs
//! and its recording allocator reports the arena's head (planned tensors, inputs and outputs
//! included) and tail (persistent data: kernels' data, variables).

use std::path::{Path, PathBuf};
use std::process::Command;

/// TFLM's arena bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arena {
    /// Planned tensors (the head).
    pub head: u64,
    /// Persistent allocations (the tail).
    pub tail: u64,
}

/// The interpreter run: zero inputs, one invocation, the allocator's report.
const SCRIPT: &str = r#"
import sys
import numpy as np
from tflite_micro.python.tflite_micro import runtime
from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as fb
path = sys.argv[1]
interpreter = runtime.Interpreter.from_file(path, arena_size=16 << 20)
with open(path, "rb") as f:
    subgraph = fb.Model.GetRootAs(f.read(), 0).Subgraphs(0)
for index in range(subgraph.InputsLength()):
    detail = interpreter.get_input_details(index)
    interpreter.set_input(np.zeros(detail["shape"], dtype=detail["dtype"]), index)
interpreter.invoke()
sys.stdout.flush()
interpreter.print_allocations()
"#;

/// The project venv's Python, if `scripts/setup.sh` made it.
pub fn venv_python() -> Option<PathBuf> {
    let python = mc_emulator::paths::repo_root().join(".venv/bin/python");
    python.is_file().then_some(python)
}

/// TFLM's arena for the model at `model`; `Ok(None)` without the venv, an error when the
/// interpreter cannot run the model.
pub fn measure(model: &Path) -> Result<Option<Arena>, String> {
    let Some(python) = venv_python() else { return Ok(None) };
    let output = Command::new(&python)
        .arg("-c")
        .arg(SCRIPT)
        .arg(model)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    if !output.status.success() {
        let last = text.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message");
        return Err(format!("TFLite Micro cannot run '{}': {last}", model.display()));
    }
    parse(&text).map(Some)
}

/// The head and tail of the recording allocator's report.
fn parse(text: &str) -> Result<Arena, String> {
    let field = |name: &str| {
        text.lines()
            .find_map(|line| line.split(&format!("Arena allocation {name} ")).nth(1))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse::<u64>().ok())
            .ok_or_else(|| format!("TFLite Micro's allocation report has no {name} line:\n{text}"))
    };
    Ok(Arena { head: field("head")?, tail: field("tail")? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_gives_head_and_tail() {
        let text = "[RecordingMicroAllocator] Arena allocation total 103680 bytes\n\
                    [RecordingMicroAllocator] Arena allocation head 73728 bytes\n\
                    [RecordingMicroAllocator] Arena allocation tail 29952 bytes\n";
        assert_eq!(parse(text), Ok(Arena { head: 73728, tail: 29952 }));
        assert!(parse("nothing").unwrap_err().contains("no head line"));
    }
}
