//! Conformance: each int8 MLPerf Tiny model in `../shared/models`, run by `mc-run` on the host
//! (Cranelift JIT, and LLVM's with `--engine llvm`) and by the TensorFlow Lite Micro interpreter (`scripts/tflm_reference.py`),
//! on three seeded random inputs: the outputs must be identical, byte for byte.
//!
//! Needs the models (`shared/models` beside the repository) and the project venv (`.venv`, made
//! by `scripts/setup.sh`); without either the test fails and says how to get it.

use npyz::{NpyFile, WriteOptions, WriterBuilder};
use std::path::Path;
use std::process::Command;

use mc_conformance::paths::{models_dir, repo_root as root, venv_python as python};
use mc_conformance::plugins::{EXAMPLE_PLANNERS, example_plugins};
use mc_conformance::{DType, Rng, Tensor};

/// The four MLPerf Tiny models and their input shapes.
const MLPERF_TINY: [(&str, &[u64]); 4] = [
    ("ad01_int8.tflite", &[1, 640]),
    ("kws_ref_model.tflite", &[1, 49, 10, 1]),
    ("pretrainedResnet_quant.tflite", &[1, 32, 32, 3]),
    ("vww_96_int8.tflite", &[1, 96, 96, 3]),
];

/// `count` random int8 values from `seed` (so runs reproduce).
fn random_int8(seed: u64, count: usize) -> Vec<i8> {
    Tensor::random(DType::Int8, &[count], &mut Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1))
        .data
        .into_iter()
        .map(|b| b as i8)
        .collect()
}

fn write_npy(path: &Path, shape: &[u64], data: &[i8]) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut writer = WriteOptions::new().default_dtype().shape(shape).writer(file).begin_nd().unwrap();
    writer.extend(data.iter().copied()).unwrap();
    writer.finish().unwrap();
}

/// The dtype, shape and elements of an int8 `.npy` file.
fn read_npy(path: &Path) -> (String, Vec<u64>, Vec<i8>) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("cannot open {}: {e}", path.display()));
    let npy = NpyFile::new(std::io::BufReader::new(file)).unwrap();
    let (dtype, shape) = (npy.header().dtype().descr(), npy.header().shape().to_vec());
    (dtype, shape, npy.into_vec::<i8>().unwrap())
}

/// Runs `command`, failing with its output unless it succeeds.
fn run(what: &str, command: &mut Command) {
    let output = command.output().unwrap_or_else(|e| panic!("cannot start {what}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Runs `model` (input shape `shape`) on three random inputs through mc-run (with `flags`) and
/// TFLM.
fn check_model(model: &str, shape: &[u64], flags: &[&str]) {
    check_model_on(model, shape, flags, 1..=3);
}

/// [`check_model`] on the random inputs of `seeds`.
fn check_model_on(model: &str, shape: &[u64], flags: &[&str], seeds: std::ops::RangeInclusive<u64>) {
    check_file(&models_dir().join(model), shape, flags, seeds);
}

/// [`check_model_on`] for the model file `path`.
fn check_file(path: &Path, shape: &[u64], flags: &[&str], seeds: std::ops::RangeInclusive<u64>) {
    let model = path.file_name().unwrap().to_str().unwrap();
    let python = python();
    let work =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("conformance").join(flags.join("_").replace([':', ',', '/'], "-"));
    std::fs::create_dir_all(&work).unwrap();
    let count = shape.iter().product::<u64>() as usize;
    for seed in seeds {
        let file = |what: &str| work.join(format!("{model}.seed{seed}.{what}.npy"));
        let (input, ours, reference) = (file("input"), file("mc"), file("tflm"));
        write_npy(&input, shape, &random_int8(seed, count));
        run(
            &format!("mc-run on {model} (seed {seed})"),
            Command::new(env!("CARGO_BIN_EXE_mc-run"))
                .arg(path)
                .args(flags)
                .arg("--input")
                .arg(&input)
                .arg("--output")
                .arg(&ours),
        );
        run(
            &format!("tflm_reference.py on {model} (seed {seed})"),
            Command::new(&python)
                .arg(root().join("scripts/tflm_reference.py"))
                .arg(path)
                .arg("--input")
                .arg(&input)
                .arg("--output")
                .arg(&reference),
        );
        let (ours, reference) = (read_npy(&ours), read_npy(&reference));
        assert_eq!(ours, reference, "{model}, seed {seed}: mc-run's output (left) differs from TFLM's (right)");
    }
}

#[test]
fn ad01_matches_tflite_micro() {
    check_model("ad01_int8.tflite", &[1, 640], &[]);
}

#[test]
fn kws_matches_tflite_micro() {
    check_model("kws_ref_model.tflite", &[1, 49, 10, 1], &[]);
}

#[test]
fn resnet_matches_tflite_micro() {
    check_model("pretrainedResnet_quant.tflite", &[1, 32, 32, 3], &[]);
}

#[test]
fn vww_matches_tflite_micro() {
    check_model("vww_96_int8.tflite", &[1, 96, 96, 3], &[]);
}

#[test]
fn the_llvm_engine_matches_tflite_micro_on_every_model() {
    for (model, shape) in MLPERF_TINY {
        check_model_on(model, shape, &["--engine", "llvm"], 1..=2);
    }
}

#[test]
fn the_llvm_engine_reads_and_writes_io_in_the_workspace_and_hydrates_staged_weights() {
    // The inputs and outputs live in the LLVM code's own arenas; with the weights staged into a
    // dtcm constant pool, model_init's hydration copies them there.
    let config = Path::new(env!("CARGO_TARGET_TMPDIR")).join("staged_llvm.toml");
    let text = "[memory]\n[[memory.banks]]\nname = \"dtcm\"\n[[memory.banks]]\nname = \"flash\"\naccess = \"ro\"\n\
                [[memory.placement]]\nname = \"*onv*\"\nrole = \"constant\"\nbanks = [\"dtcm\", \"flash\"]\n";
    std::fs::write(&config, text).unwrap();
    let kws = ("kws_ref_model.tflite", &[1, 49, 10, 1][..]);
    check_model_on(kws.0, kws.1, &["--engine", "llvm", "--pools", "dtcm:8K,sram", "--workspace-io"], 5..=5);
    check_model_on(kws.0, kws.1, &["--engine", "llvm", "--memory-config", config.to_str().unwrap()], 5..=5);
}

#[test]
fn kws_in_two_banks_with_io_in_the_workspace_matches_tflite_micro() {
    // dtcm (8 KiB) cannot hold the 16,000-byte peak: buffers fall back to sram; the input and
    // output live in the pools, written and read there by mc-run.
    check_model("kws_ref_model.tflite", &[1, 49, 10, 1], &["--pools", "dtcm:8K,sram", "--workspace-io"]);
}

#[test]
fn weights_staged_into_ram_keep_the_models_bit_exact() {
    // A constant placement rule copies every conv's weights and biases into a dtcm constant pool
    // (the JIT fills it as model_init's hydration would); the kernels read them from there.
    let config = Path::new(env!("CARGO_TARGET_TMPDIR")).join("staged.toml");
    let text = "[memory]\n[[memory.banks]]\nname = \"dtcm\"\n[[memory.banks]]\nname = \"flash\"\naccess = \"ro\"\n\
                [[memory.placement]]\nname = \"*onv*\"\nrole = \"constant\"\nbanks = [\"dtcm\", \"flash\"]\n";
    std::fs::write(&config, text).unwrap();
    let config = config.to_str().unwrap();
    for (model, shape) in [("kws_ref_model.tflite", &[1, 49, 10, 1][..]), ("vww_96_int8.tflite", &[1, 96, 96, 3])] {
        let report = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{model}.staged.json"));
        let report_arg = report.to_str().unwrap();
        check_model_on(model, shape, &["--memory-config", config, "--residency-report", report_arg], 4..=4);
        let json = std::fs::read_to_string(&report).unwrap();
        let staged = json.matches("\"pool\": \"dtcm_constant\"").count();
        assert!(staged >= 4, "{model}: only {staged} constants staged:\n{json}");
    }
}

#[test]
fn vww_with_its_input_in_the_workspace_overlapped_by_the_first_conv_matches_tflite_micro() {
    // The first conv's output is planned over the model's input it consumes (usmp's overlap,
    // on by default): the input bytes are overwritten while the conv still reads the rows below.
    check_model("vww_96_int8.tflite", &[1, 96, 96, 3], &["--workspace-io"]);
}

#[test]
fn kws_with_disjoint_buffers_matches_tflite_micro() {
    check_model("kws_ref_model.tflite", &[1, 49, 10, 1], &["--overlap", "false"]);
}

#[test]
fn every_planner_keeps_the_models_bit_exact() {
    // Each algorithm places the buffers differently (and overlaps kernels' outputs with their
    // inputs differently): the outputs must not change.
    for algorithm in ["greedy_by_size", "greedy_by_conflicts", "first_fit", "hill_climb", "exact"] {
        for (model, shape) in MLPERF_TINY {
            check_model_on(model, shape, &["--planner", algorithm], 4..=4);
        }
    }
}

#[test]
fn the_example_planner_plugins_keep_the_models_bit_exact() {
    // The Rust and the C example plugin, loaded by mc-run and selected like a built-in: each plan
    // passes mc's validator, and the outputs are TFLite Micro's.
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("plugins");
    std::fs::create_dir_all(&work).unwrap();
    let libraries = example_plugins(&work);
    for (library, planner) in libraries.iter().zip(EXAMPLE_PLANNERS) {
        let load = format!("--load-plugin={}", library.display());
        for (model, shape) in MLPERF_TINY {
            check_model_on(model, shape, &[&load, "--planner", planner], 5..=5);
        }
    }
}

#[test]
fn the_entry_of_a_model_is_its_subgraph_0_whatever_its_name() {
    // PyTorch converters name subgraph 0 `main_graph`; no --entry is needed.
    use mc_tflite::writer::ModelBuilder;
    use mc_tflite::{BuiltinOp, BuiltinOptions, DType as Tfl};
    let mut b = ModelBuilder::new();
    b.subgraph().name = Some("main_graph".to_string());
    let x = b.add_tensor("x", &[1, 16], Tfl::Int8);
    let y = b.add_tensor("y", &[1, 16], Tfl::Int8);
    for t in [x, y] {
        b.set_quantization(t, &[0.5], &[-3], 0);
    }
    b.add_op(BuiltinOp::Relu, &[x], &[y], BuiltinOptions::None);
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("named-entry");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("main_graph.tflite");
    std::fs::write(&path, b.finish()).unwrap();
    check_file(&path, &[1, 16], &[], 1..=1);
}
