//! `mcc` end to end: objects, reports and the summary; byte-identical outputs for identical
//! inputs; two models with different prefixes link into one relocatable object; bad input
//! exits 1 with a clear message and leaves no files.

use mc_conformance::paths;
use object::{Object, ObjectSymbol};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mcc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcc")).args(args).output().expect("mcc runs")
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcc").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn compile(model: &Path, target: &str, prefix: &str, out: &Path) {
    let output =
        mcc(&[model.to_str().unwrap(), "--target", target, "--prefix", prefix, "-Os", "-o", out.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "mcc failed: {}", String::from_utf8_lossy(&output.stderr));
    for expected in ["import", "LLVM code generation", "RAM   @sram_scratch", "flash constants", &format!("{prefix}.o")]
    {
        assert!(stdout.contains(expected), "the summary lacks '{expected}':\n{stdout}");
    }
}

#[test]
fn objects_and_reports_are_written_identically_and_two_models_link_together() {
    let (ad01, kws) = (paths::model("ad01_int8.tflite"), paths::model("kws_ref_model.tflite"));
    let (first, second) = (scratch("first"), scratch("second"));
    compile(&ad01, "rv32imac", "ad01", &first);
    compile(&ad01, "rv32imac", "ad01", &second);
    for file in ["ad01.o", "ad01_residency.json", "ad01_arena.svg"] {
        let (a, b) = (std::fs::read(first.join(file)).unwrap(), std::fs::read(second.join(file)).unwrap());
        assert!(a == b, "{file} differs between two identical runs");
    }
    let object = std::fs::read(first.join("ad01.o")).unwrap();
    let file = object::File::parse(object.as_slice()).unwrap();
    let exported: Vec<&str> =
        file.symbols().filter(|s| s.is_global() && s.is_definition()).filter_map(|s| s.name().ok()).collect();
    assert_eq!(exported, ["ad01_model_run"], "only the entry is exported");

    compile(&kws, "rv32imac", "kws", &first);
    let linked = first.join("both.o");
    let status = Command::new("/usr/lib/llvm-22/bin/ld.lld")
        .args(["-r", "-o"])
        .arg(&linked)
        .arg(first.join("ad01.o"))
        .arg(first.join("kws.o"))
        .status()
        .unwrap();
    assert!(status.success(), "ld.lld -r could not link two models");
    let linked = std::fs::read(&linked).unwrap();
    let file = object::File::parse(linked.as_slice()).unwrap();
    for symbol in ["ad01_model_run", "kws_model_run"] {
        assert!(file.symbols().any(|s| s.name() == Ok(symbol) && s.is_definition()), "{symbol} after linking");
    }
}

#[test]
fn bad_input_exits_1_with_a_message_and_leaves_no_files() {
    let model = paths::model("ad01_int8.tflite");
    let model = model.to_str().unwrap();
    let out = scratch("bad");
    let out_text = out.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&[model, "--target", "cortex-m99", "-o", out_text], "unknown target 'cortex-m99'; supported targets: host"),
        (&[model, "--target", "cortex-m4", "--prefix", "my-model", "-o", out_text], "invalid prefix 'my-model'"),
        (&[model, "--target", "cortex-m4", "-O1", "-o", out_text], "unknown optimization level '1'"),
        (&[model, "--target", "cortex-m4", "--emit", "exe", "-o", out_text], "unknown output kind 'exe'"),
        (&["missing.tflite", "--target", "cortex-m4", "-o", out_text], "cannot read the model 'missing.tflite'"),
    ];
    for (args, message) in cases {
        let output = mcc(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.starts_with("mcc: error: ") && stderr.contains(message), "{args:?}: {stderr}");
        assert!(!out.exists(), "{args:?} created the output folder");
    }
    // A file where the output folder should be: nothing can be written.
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    std::fs::write(&out, b"a file").unwrap();
    let output = mcc(&[model, "--target", "cortex-m4", "-o", out_text]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot create the output folder"), "{stderr}");
}
