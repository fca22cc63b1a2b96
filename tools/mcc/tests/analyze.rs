//! `mcc analyze`: the per-layer table and totals on a real model, the JSON it writes (its
//! totals add up its layers), and bad input exiting 1 with a message.

use mc_conformance::paths;
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn mcc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcc")).args(args).output().expect("mcc runs")
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcc-analyze").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn analyze_prints_every_layer_and_the_totals_and_writes_them_as_json() {
    // The venv must be there: TFLM's arena is part of the report.
    paths::venv_python();
    let model = paths::model("vww_96_int8.tflite");
    let json = scratch("vww").join("vww.json");
    let output = mcc(&["analyze", model.to_str().unwrap(), "--target", "cortex-m4", "--json", json.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "mcc analyze failed: {}", String::from_utf8_lossy(&output.stderr));
    for expected in [
        "mcc analyze: ",
        "for cortex-m4 (thumbv7em-none-eabihf, cortex-m4)",
        "operator",
        "est. cycles",
        "  0 CONV_2D            [1,96,96,3]      [1,48,48,8]      INT8      497664      248 flash",
        " 30 SOFTMAX ",
        "caller",
        "  MACs                            7491968",
        "(cortex-m4 cost table)",
        "RAM   @sram_scratch",
        "lower bound",
        "flash code",
        "flash constants",
        "TFLM arena",
        "(head ",
    ] {
        assert!(stdout.contains(expected), "the report lacks '{expected}':\n{stdout}");
    }

    let report: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let layers = report["layers"].as_array().unwrap();
    assert_eq!(layers.len(), 31, "one entry per operator");
    let sum = |key: &str| layers.iter().map(|l| l[key].as_u64().unwrap()).sum::<u64>();
    assert_eq!(report["totals"]["macs"].as_u64(), Some(sum("macs")));
    assert_eq!(report["totals"]["estimated_cycles"].as_u64(), Some(sum("estimated_cycles")));
    let first = &layers[0];
    assert_eq!(first["operator"], "CONV_2D");
    assert_eq!(first["inputs"][0]["name"], "input_1_int8");
    assert_eq!(first["inputs"][0]["shape"], serde_json::json!([1, 96, 96, 3]));
    assert_eq!(first["weights"][0]["lives_in"], "flash");
    assert!(first["output_at"].as_str().unwrap().starts_with("@sram_scratch+"));
    // The live bytes never exceed the pools.
    let pools: u64 =
        report["totals"]["ram_pools"].as_array().unwrap().iter().map(|p| p["size"].as_u64().unwrap()).sum();
    assert!(layers.iter().all(|l| l["live_bytes"].as_u64().unwrap() <= pools));
    assert!(layers.iter().any(|l| l["live_bytes"].as_u64().unwrap() == pools), "the peak step is a layer's");
    let flash = &report["totals"]["flash"];
    assert!(flash["code"].as_u64().unwrap() > 1000 && flash["constants"].as_u64().unwrap() > 200_000);
    let arena = &report["totals"]["tflm_arena"];
    assert_eq!(arena["total"].as_u64(), Some(arena["head"].as_u64().unwrap() + arena["tail"].as_u64().unwrap()));
}

#[test]
fn analyze_bad_input_exits_1_with_a_message() {
    let dir = scratch("bad");
    let model = paths::model("ad01_int8.tflite");
    let model = model.to_str().unwrap();
    let not_a_model = dir.join("text.tflite");
    std::fs::write(&not_a_model, "not a model").unwrap();
    let config = dir.join("mc.toml");
    std::fs::write(&config, "[memory]\ndump_residency_json = false\n\n[[memory.banks]]\nname = \"sram\"\n").unwrap();
    let cases: [(&[&str], &str); 4] = [
        (&["analyze", model, "--target", "cortex-m99"], "unknown target 'cortex-m99'"),
        (&["analyze", "/nonexistent.tflite", "--target", "cortex-m4"], "cannot read the model '/nonexistent.tflite'"),
        (&["analyze", not_a_model.to_str().unwrap(), "--target", "cortex-m4"], "text.tflite: "),
        (
            &["analyze", model, "--target", "cortex-m4", "--config", config.to_str().unwrap()],
            "dump_residency_json = false: analyze needs the residency report",
        ),
    ];
    for (args, expected) in cases {
        let output = mcc(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.starts_with("mcc analyze: error: ") && stderr.contains(expected), "{args:?}: {stderr}");
    }
}
