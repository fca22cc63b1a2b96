//! `mcc --profile` and the emulated boards' per-layer counts: the object gains only the weak
//! `<prefix>_layer_hook` (an object compiled without `--profile` has none), computes the same
//! outputs, and on the board the per-layer instructions add up to the whole inference's count
//! as the harness's `bench_mark` measures it in the same program.

use mc_conformance::paths;
use mc_emulator::{Board, harness};
use object::{Object, ObjectSymbol};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcc-profile").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn compile(model: &Path, out: &Path, profile: bool) {
    let mut args =
        vec![model.to_str().unwrap(), "--target", "cortex-m4", "--prefix", "ad01", "-Os", "-o", out.to_str().unwrap()];
    if profile {
        args.push("--profile");
    }
    let output = Command::new(env!("CARGO_BIN_EXE_mcc")).args(&args).output().unwrap();
    assert!(output.status.success(), "mcc failed: {}", String::from_utf8_lossy(&output.stderr));
}

fn hook_symbol(object: &Path) -> Option<bool> {
    let bytes = std::fs::read(object).unwrap();
    let file = object::File::parse(bytes.as_slice()).unwrap();
    file.symbols().find(|s| s.name() == Ok("ad01_layer_hook")).map(|s| s.is_weak() && s.is_definition())
}

/// Links `dir/ad01.o` with the harness (`MC_PROFILE` = `profile`) for `board`.
fn link(board: &Board, dir: &Path, profile: bool) -> PathBuf {
    let options = harness::model_options("ad01", &dir.join("ad01.h")).unwrap().define("MC_PROFILE", u8::from(profile));
    let elf = dir.join("ad01.elf");
    board.link(&[dir.join("ad01.o")], &[harness::model_main()], &options, &elf).unwrap();
    elf
}

#[test]
fn per_layer_counts_add_up_to_the_inference_and_the_hooks_change_no_output() {
    let model = paths::model("ad01_int8.tflite");
    let (plain, profiled) = (scratch("plain"), scratch("profiled"));
    compile(&model, &plain, false);
    compile(&model, &profiled, true);
    assert_eq!(hook_symbol(&plain.join("ad01.o")), None, "no hook without --profile");
    assert_eq!(hook_symbol(&profiled.join("ad01.o")), Some(true), "a weak, defined hook with --profile");
    let layers: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(profiled.join("ad01_layers.json")).unwrap()).unwrap();
    let layers = layers["layers"].as_array().unwrap();
    assert_eq!(layers.len(), 10, "ad01's ten fully connected layers");
    assert!(layers.iter().all(|l| l["kernel"] == "fully_connected" && l["macs"].as_u64().unwrap() > 0));

    let board = Board::lookup("cortex-m4").unwrap();
    let input: Vec<u8> = (0..640u32).map(|i| (i * 7 % 251) as u8).collect();
    let timeout = Duration::from_secs(120);
    let mut outputs = Vec::new();
    for dir in [&plain, &profiled] {
        let elf = link(board, dir, false);
        let work = dir.join("run");
        harness::write_inputs(&work, &[&input]).unwrap();
        board.run(&elf, &work, timeout).unwrap().expect_success().unwrap();
        outputs.push(harness::read_outputs(&work, 1).unwrap());
    }
    assert_eq!(outputs[0], outputs[1], "the hooks change no output");

    let elf = link(board, &profiled, true);
    let work = profiled.join("profile");
    harness::write_inputs(&work, &[&input]).unwrap();
    let (profile, _) = board.profile(&elf, &work, "ad01", layers.len(), timeout).unwrap();
    assert_eq!(profile.entry + profile.layers.iter().sum::<u64>() + profile.exit, profile.total);
    assert!(profile.layers.iter().all(|&n| n > 0));
    // The same program counted from the harness's own mark around model_run. bench_mark calls
    // the hook, and the plugin marks bench_mark again where the call returns into it: its marks
    // are entry, return, entry, return; the inference runs from the first entry to the second.
    let counts = board.count_instructions(&elf, &work, "bench_mark", timeout).unwrap();
    assert_eq!(counts.marks.len(), 4, "{:?}", counts.marks);
    assert_eq!(counts.marks[2] - counts.marks[0], profile.total, "the layers add up to the whole inference");
}
