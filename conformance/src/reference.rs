//! Runs models through the `tflite-micro` Python interpreter (reference kernels): all cases of
//! a batch in one Python process (`tflm_batch.py`), exchanging raw little-endian arrays through
//! a temporary folder described by a JSON manifest.

use crate::Case;
use crate::paths::venv_python;
use crate::tensor::{DType, Tensor};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The outputs TFLite Micro computes for each case, in order (a case invoked several times: the
/// outputs of each invocation, one after the other). Panics with the interpreter's error output
/// if it fails (a model it rejects is a broken test, not a pass).
pub fn run_tflm(cases: &[Case]) -> Vec<Vec<Tensor>> {
    try_run_tflm(cases).unwrap_or_else(|message| panic!("{message}"))
}

/// [`run_tflm`] for tools: a model the interpreter rejects (or a case it fails on) is an error
/// carrying the interpreter's output.
///
/// # Errors
///
/// `tflm_batch.py failed:` and what it printed.
pub fn try_run_tflm(cases: &[Case]) -> Result<Vec<Vec<Tensor>>, String> {
    let dir = scratch_dir();
    let mut manifest = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        let model = dir.join(format!("case{index}.tflite"));
        std::fs::write(&model, &case.model).expect("write the model");
        let invocations: Vec<Vec<Value>> = case
            .invocations()
            .iter()
            .enumerate()
            .map(|(n, inputs)| {
                inputs
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let path = dir.join(format!("case{index}_run{n}_in{i}.bin"));
                        std::fs::write(&path, &t.data).expect("write an input");
                        json!({"path": path, "dtype": t.dtype.numpy(), "shape": t.shape})
                    })
                    .collect()
            })
            .collect();
        let outputs = dir.join(format!("case{index}_out"));
        let parsed = mc_tflite::Model::from_bytes(&case.model)
            .unwrap_or_else(|e| panic!("{}: the test built an unreadable model: {e}", case.name));
        let count = parsed.main_subgraph().outputs().len();
        manifest.push(
            json!({"name": case.name, "model": model, "invocations": invocations, "outputs": outputs, "num_outputs": count}),
        );
    }
    let manifest_path = dir.join("manifest.json");
    std::fs::write(&manifest_path, serde_json::to_vec(&manifest).expect("json")).expect("write the manifest");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tflm_batch.py");
    let output = Command::new(venv_python()).arg(&script).arg(&manifest_path).output().expect("run the venv's Python");
    if !output.status.success() {
        std::fs::remove_dir_all(&dir).ok();
        return Err(format!(
            "tflm_batch.py failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let results = (0..cases.len()).map(|index| read_outputs(&dir.join(format!("case{index}_out")))).collect();
    std::fs::remove_dir_all(&dir).ok();
    Ok(results)
}

/// A fresh temporary folder for one batch.
fn scratch_dir() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "mc-conformance-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("create a temporary folder");
    dir
}

/// The outputs `tflm_batch.py` wrote under `prefix` (`<prefix>.json` lists them).
fn read_outputs(prefix: &Path) -> Vec<Tensor> {
    let listing = prefix.with_extension("json");
    let text = std::fs::read_to_string(&listing).unwrap_or_else(|e| panic!("{}: {e}", listing.display()));
    let outputs: Vec<Value> = serde_json::from_str(&text).expect("the listing is JSON");
    outputs
        .iter()
        .map(|o| {
            let dtype = DType::from_numpy(o["dtype"].as_str().expect("dtype")).expect("a known dtype");
            let shape =
                o["shape"].as_array().expect("shape").iter().map(|d| d.as_u64().expect("a dim") as usize).collect();
            let data = std::fs::read(o["path"].as_str().expect("path")).expect("read an output");
            Tensor { dtype, shape, data }
        })
        .collect()
}
