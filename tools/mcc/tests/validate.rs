//! `mcc validate`: an int8 model is bit-exact on the host and on an emulated board, a float
//! model prints its error figures, `.npy` inputs (one sample or several stacked) are read, and
//! bad input (wrong shape or type, a board the target cannot run, a model TFLite Micro cannot
//! run) exits 1 with a message.

use mc_conformance::models::OneOp;
use mc_conformance::{DType, networks, paths};
use mc_tflite::{BuiltinOp, BuiltinOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mcc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcc")).args(args).output().expect("mcc runs")
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcc-validate").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An `.npy` file (format 1.0) of `dtype` (numpy's type string), `shape` and raw `data`.
fn write_npy(path: &Path, dtype: &str, shape: &[usize], data: &[u8]) {
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    let shape = if dims.len() == 1 { format!("({},)", dims[0]) } else { format!("({})", dims.join(", ")) };
    let mut header = format!("{{'descr': '{dtype}', 'fortran_order': False, 'shape': {shape}, }}");
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend((header.len() as u16).to_le_bytes());
    bytes.extend(header.as_bytes());
    bytes.extend(data);
    std::fs::write(path, bytes).unwrap();
}

fn succeeds(args: &[&str]) -> String {
    let output = mcc(args);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{args:?}: {}\n{stdout}", String::from_utf8_lossy(&output.stderr));
    stdout
}

#[test]
fn an_int8_model_is_bit_exact_on_the_host_and_on_a_board() {
    let model = paths::model("vww_96_int8.tflite");
    let model = model.to_str().unwrap();
    let host = succeeds(&["validate", model, "--target", "cortex-m4", "--random", "3"]);
    assert!(host.contains("mc on the host JIT against TFLite Micro, 3 random inputs (seed 1)"), "{host}");
    assert!(
        host.contains("  output 0 'Identity_int8' int8 [1,2]: bit-exact yes, top-1 agreement 3/3 (100.0%)"),
        "{host}"
    );

    let board =
        succeeds(&["validate", model, "--target", "cortex-m4", "--board", "cortex-m4", "--random", "2", "--seed", "7"]);
    assert!(
        board.contains("mc on the emulated cortex-m4 board against TFLite Micro, 2 random inputs (seed 7)"),
        "{board}"
    );
    assert!(board.contains("bit-exact yes, top-1 agreement 2/2 (100.0%)"), "{board}");
}

#[test]
fn npy_inputs_are_read_and_outputs_saved() {
    let dir = scratch("npy");
    let model = dir.join("net.tflite");
    std::fs::write(&model, networks::network(true, 3)).unwrap();
    let shape = networks::INPUT_SHAPE;
    let elements: usize = shape.iter().product();
    // Two samples stacked along a new first dimension.
    let data: Vec<u8> = (0..2 * elements).flat_map(|i| ((i % 17) as f32 / 17.0 - 0.5).to_le_bytes()).collect();
    let input = dir.join("x.npy");
    write_npy(&input, "<f4", &[2, shape[0], shape[1], shape[2], shape[3]], &data);
    let saved = dir.join("outputs");
    let stdout = succeeds(&[
        "validate",
        model.to_str().unwrap(),
        "--target",
        "host",
        "--inputs",
        input.to_str().unwrap(),
        "--save-outputs",
        saved.to_str().unwrap(),
    ]);
    assert!(stdout.contains("2 inputs from .npy files"), "{stdout}");
    // A float output always shows its error figures.
    for expected in ["float32 [", "bit-exact ", "max abs error ", "RMSE ", "cosine ", "L2r ", "top-1 agreement 2/2"] {
        assert!(stdout.contains(expected), "lacks '{expected}':\n{stdout}");
    }
    for file in ["mc_output_0.npy", "tflm_output_0.npy"] {
        let bytes = std::fs::read(saved.join(file)).unwrap();
        assert!(bytes.starts_with(b"\x93NUMPY") && String::from_utf8_lossy(&bytes).contains("'shape': (2, "), "{file}");
    }
}

#[test]
fn validate_bad_input_exits_1_with_a_message() {
    let dir = scratch("bad");
    let vww = paths::model("vww_96_int8.tflite");
    let vww = vww.to_str().unwrap();
    let wrong_shape = dir.join("shape.npy");
    write_npy(&wrong_shape, "|i1", &[1, 96, 96], &[0; 96 * 96]);
    let wrong_type = dir.join("type.npy");
    write_npy(&wrong_type, "<f4", &[1, 96, 96, 3], &vec![0; 96 * 96 * 3 * 4]);
    // RELU_N1_TO_1: TFLite Micro has no kernel for it.
    let mut m = OneOp::new();
    let x = m.input("x", &[4], DType::Float32, None);
    let y = m.output("y", &[4], DType::Float32, None);
    m.op(BuiltinOp::ReluN1To1, &[x], &[y], BuiltinOptions::None);
    let no_kernel = dir.join("relu_n1_to_1.tflite");
    std::fs::write(&no_kernel, m.finish()).unwrap();

    let cases: [(&[&str], &str); 6] = [
        (
            &["validate", vww, "--target", "cortex-m4", "--inputs", wrong_shape.to_str().unwrap()],
            "input 0 'input_1_int8' (",
        ),
        (
            &["validate", vww, "--target", "cortex-m4", "--inputs", wrong_type.to_str().unwrap()],
            "expected int8 [1,96,96,3] (or N samples of it stacked first), got float32 [1,96,96,3]",
        ),
        (
            &[
                "validate",
                vww,
                "--target",
                "cortex-m4",
                "--inputs",
                wrong_type.to_str().unwrap(),
                wrong_type.to_str().unwrap(),
            ],
            "the model has 1 inputs, but 2 --inputs files were given",
        ),
        (
            &["validate", vww, "--target", "cortex-m4", "--board", "rv32imac"],
            "the board rv32imac runs riscv32imac-unknown-none-elf code for generic-rv32, but --target cortex-m4",
        ),
        (&["validate", vww, "--target", "cortex-m4", "--board", "pdp11"], "unknown board `pdp11`"),
        (&["validate", no_kernel.to_str().unwrap(), "--target", "host"], "TFLite Micro cannot run '"),
    ];
    for (args, expected) in cases {
        let output = mcc(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.starts_with("mcc validate: error: ") && stderr.contains(expected), "{args:?}: {stderr}");
    }
}
