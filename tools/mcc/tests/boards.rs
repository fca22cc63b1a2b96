//! `mcc` objects on emulated boards: each MLPerf Tiny int8 model compiled for Cortex-M3, -M4 and
//! -M7 (QEMU MPS2) and RV32IMAC/RV32IMAFC (QEMU virt), and kws for the Cortex-M0 of QEMU's
//! micro:bit (16 KiB of RAM, 256 KiB of flash), linked with the project's harness
//! (`emulator/harness/model_main.c`) and the board's C library, run under QEMU with semihosting:
//! the outputs must be byte-identical to the tflite-micro interpreter's on the same input. The
//! API variants run too: the application binding every region (`allocate_arenas = false`) and
//! weights staged into RAM by the default hydration, on the M4 and RV32IMAC. A float network
//! (the conformance crate's) runs on every board, soft-float and hard-float, within TFLite
//! Micro's float tolerance: it checks the float ABI of the objects and their libm calls. The
//! converter-made int8 and 16x8 models (`conformance/models`) and every case of every int16
//! operator suite run on the M4 and RV32IMAC, every case of every other suite on the M4, and on the
//! M55 every int8 suite whose loops its vector passes rewrite (dot products, channel loops) and
//! the INT4-weight suites (packed weights the vector passes must leave to scalar loops). A case
//! of several invocations (SVDF state, variables) runs them all in one program and every
//! invocation is compared; with `<prefix>_model_reset_state` between them, each invocation must
//! give a fresh interpreter's first outputs. The PyTorch export forms (folded pads, edge
//! transposes as views, the PyTorch-style MobileNetV2) run on the M4 as a test of their own.

use mc_conformance::{
    Case, DType, Rng, Tensor, converted, networks, paths, pytorch_network, reference, suites, tensor,
};
use mc_emulator::{Board, harness};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The MLPerf Tiny models: file, mcc prefix, input shape.
const MODELS: [(&str, &str, &[usize]); 4] = [
    ("ad01_int8.tflite", "ad01", &[1, 640]),
    ("kws_ref_model.tflite", "kws", &[1, 49, 10, 1]),
    ("pretrainedResnet_quant.tflite", "resnet", &[1, 32, 32, 3]),
    ("vww_96_int8.tflite", "vww", &[1, 96, 96, 3]),
];

/// The application owns every region, and the weights named in the model are staged into RAM.
const BOUND_AND_STAGED: &str = "[memory]\nallocate_arenas = false\n[[memory.banks]]\nname = \"sram\"\n\
    [[memory.banks]]\nname = \"flash\"\naccess = \"ro\"\n\
    [[memory.placement]]\nname = \"*\"\nrole = \"constant\"\nbanks = [\"sram\", \"flash\"]\n";

/// A fresh folder for one model on one board.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("boards").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `model` for `board` with `config` (if any) into `dir`, links it with the harness,
/// runs it on `input` and returns its output 0, or what went wrong.
fn run_on_board(
    board: &Board,
    model: &Path,
    prefix: &str,
    config: Option<&str>,
    input: &[u8],
    dir: &Path,
) -> Result<Vec<u8>, String> {
    let program = Program { prefix, config, outputs: 1, reset_between: false };
    Ok(run_invocations_on_board(board, model, &program, &[vec![input]], dir)?.remove(0).remove(0))
}

/// How one model runs on a board.
struct Program<'a> {
    /// The C prefix.
    prefix: &'a str,
    /// mcc's `--config` file, if any.
    config: Option<&'a str>,
    /// How many outputs to read back (the first ones).
    outputs: usize,
    /// Whether the harness resets the state between invocations.
    reset_between: bool,
}

/// Compiles `model` for `board` as `program` says into `dir`, links it with the harness, invokes
/// it once per list of `invocations` (one input each) in one program on one context, and
/// returns the outputs of every invocation, or what went wrong.
fn run_invocations_on_board(
    board: &Board,
    model: &Path,
    program: &Program<'_>,
    invocations: &[Vec<&[u8]>],
    dir: &Path,
) -> Result<Vec<Vec<Vec<u8>>>, String> {
    let prefix = program.prefix;
    let mut mcc = Command::new(env!("CARGO_BIN_EXE_mcc"));
    mcc.arg(model).args(["--target", board.name, "--prefix", prefix, "-Os", "-o"]).arg(dir);
    if let Some(config) = program.config {
        std::fs::write(dir.join("mc.toml"), config).unwrap();
        mcc.arg("--config").arg(dir.join("mc.toml"));
    }
    let output = mcc.output().unwrap();
    if !output.status.success() {
        return Err(format!("mcc failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    let header = dir.join(format!("{prefix}.h"));
    let options = harness::model_options(prefix, &header)?
        .define("MC_INVOCATIONS", invocations.len())
        .define("MC_RESET_BETWEEN", u8::from(program.reset_between));
    let elf = dir.join(format!("{prefix}.elf"));
    board.link(&[dir.join(format!("{prefix}.o"))], &[harness::model_main()], &options, &elf)?;
    let work = dir.join("run");
    harness::write_invocations(&work, invocations)?;
    let run = board.run(&elf, &work, Duration::from_secs(60))?;
    run.expect_success().map_err(|e| format!("{e}\n{}", harness::describe_exit(run.status)))?;
    harness::read_invocation_outputs(&work, invocations.len(), program.outputs)
}

/// Runs every `(model, board, config)` job on a few threads and checks each output against
/// TFLite Micro's; panics listing every failure.
fn check(jobs: &[(usize, &'static Board, Option<&'static str>)]) {
    let inputs: Vec<Tensor> =
        MODELS.iter().map(|(_, _, shape)| Tensor::random(DType::Int8, shape, &mut Rng(5))).collect();
    let cases: Vec<Case> = MODELS
        .iter()
        .zip(&inputs)
        .map(|((file, prefix, _), input)| Case {
            name: prefix.to_string(),
            model: std::fs::read(paths::model(file)).unwrap(),
            inputs: vec![input.clone()],
            then: Vec::new(),
            expected: None,
        })
        .collect();
    let expected = reference::run_tflm(&cases);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                while let Some(&(model, board, config)) =
                    jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::SeqCst))
                {
                    let (file, prefix, _) = MODELS[model];
                    let label = format!(
                        "{prefix} on {}{}",
                        board.name,
                        if config.is_some() { " (bound arenas, staged weights)" } else { "" }
                    );
                    let dir = scratch(&format!("{prefix}-{}-{}", board.name, config.is_some()));
                    let result = run_on_board(board, &paths::model(file), prefix, config, &inputs[model].data, &dir);
                    let failure = match result {
                        Ok(got) if got == expected[model][0].data => continue,
                        Ok(got) => {
                            let at = got.iter().zip(&expected[model][0].data).position(|(a, b)| a != b);
                            format!(
                                "{label}: output differs from TFLite Micro's (first at byte {at:?}; {} vs {} bytes)",
                                got.len(),
                                expected[model][0].data.len()
                            )
                        }
                        Err(message) => format!("{label}: {message}"),
                    };
                    failures.lock().unwrap().push(failure);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} of {} runs failed:\n{}", failures.len(), jobs.len(), failures.join("\n"));
}

/// The micro:bit: too small for most models, so tested apart.
const MICROBIT: &str = "cortex-m0";

#[test]
fn mlperf_tiny_models_on_every_board_match_tflite_micro() {
    let mut jobs = Vec::new();
    for board in Board::all().iter().filter(|b| b.name != MICROBIT) {
        for model in 0..MODELS.len() {
            jobs.push((model, board, None));
        }
    }
    check(&jobs);
}

#[test]
fn bound_arenas_and_staged_weights_match_tflite_micro_on_cortex_m4_and_rv32imac() {
    let mut jobs = Vec::new();
    for board in ["cortex-m4", "rv32imac"] {
        for model in 0..MODELS.len() {
            jobs.push((model, Board::lookup(board).unwrap(), Some(BOUND_AND_STAGED)));
        }
    }
    check(&jobs);
}

#[test]
fn kws_runs_in_the_16_kib_of_a_micro_bit_and_resnet_does_not_fit() {
    // kws plans into 11,840 bytes (TFLite Micro's arena for it is 24,272): it fits the board's
    // 16 KiB with the harness and stack.
    let board = Board::lookup(MICROBIT).unwrap();
    check(&[(1, board, None)]);
    // resnet needs 33,792 bytes of arena: the link says which region overflowed.
    let (file, prefix, shape) = MODELS[2];
    let input = Tensor::random(DType::Int8, shape, &mut Rng(5));
    let error =
        run_on_board(board, &paths::model(file), prefix, None, &input.data, &scratch("resnet-microbit")).unwrap_err();
    assert!(error.contains("region `RAM' overflowed"), "{error}");
}

#[test]
fn a_float_network_on_every_board_matches_tflite_micro() {
    let cases = networks::network_cases(true, 3, 1);
    let expected = reference::run_tflm(&cases);
    let (case, expected) = (&cases[0], &expected[0]);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = Board::all()
            .iter()
            .map(|board| {
                scope.spawn(move || {
                    let dir = scratch(&format!("float-{}", board.name));
                    let model = dir.join("float.tflite");
                    std::fs::write(&model, &case.model).unwrap();
                    let got = run_on_board(board, &model, "net", None, &case.inputs[0].data, &dir)
                        .map_err(|e| format!("{}: {e}", board.name))?;
                    let got = Tensor { data: got, ..expected[0].clone() };
                    tensor::compare_outputs(&[got], expected, 1e-5).map_err(|e| format!("{}: {e}", board.name))
                })
            })
            .collect();
        runs.into_iter().filter_map(|run| run.join().unwrap().err()).collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs every case (model files written to the scratch folder) on each of `boards`, two at a
/// time, and checks every output against TFLite Micro's (or the case's own expected outputs),
/// floats within `float_tolerance` of the case; panics listing every failure. A case of several
/// invocations (state carried over) runs them all in one program on one context, as TFLite
/// Micro's successive `Invoke()`s, and every invocation's outputs are compared.
fn check_cases_on_boards(label: &str, cases: &[(Case, f32)], boards: &[&str]) {
    let references: Vec<Case> = cases.iter().map(|(case, _)| case.clone()).filter(|c| c.expected.is_none()).collect();
    let mut from_tflm = reference::run_tflm(&references).into_iter();
    let expected: Vec<Vec<Tensor>> =
        cases.iter().map(|(case, _)| case.expected.clone().unwrap_or_else(|| from_tflm.next().unwrap())).collect();
    compare_cases_on_boards(label, cases, &expected, false, boards);
}

/// Runs every case on each of `boards`, two at a time, resetting the state between invocations
/// if `reset_between`, and checks every invocation's outputs against `expected` (per case, all
/// invocations' one after the other), floats within the case's tolerance; panics listing every
/// failure.
fn compare_cases_on_boards(
    label: &str,
    cases: &[(Case, f32)],
    expected: &[Vec<Tensor>],
    reset_between: bool,
    boards: &[&str],
) {
    let jobs: Vec<(usize, &str)> =
        (0..cases.len()).flat_map(|case| boards.iter().map(move |&board| (case, board))).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                while let Some(&(index, board)) = jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::SeqCst)) {
                    let ((case, tolerance), expected) = (&cases[index], &expected[index]);
                    let dir = scratch(&format!("{label}-{index}-{board}"));
                    let model = dir.join("model.tflite");
                    std::fs::write(&model, &case.model).unwrap();
                    let board = Board::lookup(board).unwrap();
                    let result = run_case_on_board(board, case, reset_between, expected, &model, &dir)
                        .and_then(|got| tensor::compare_outputs(&got, expected, *tolerance));
                    if let Err(message) = result {
                        failures.lock().unwrap().push(format!("{} on {}: {message}", case.name, board.name));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} of {} runs failed:\n{}", failures.len(), jobs.len(), failures.join("\n"));
}

/// Runs every invocation of `case` (its model written at `model`) on `board` in one program,
/// resetting the state between invocations if `reset_between`; returns the outputs of every
/// invocation one after the other, typed as `expected` (as many, all invocations').
fn run_case_on_board(
    board: &Board,
    case: &Case,
    reset_between: bool,
    expected: &[Tensor],
    model: &Path,
    dir: &Path,
) -> Result<Vec<Tensor>, String> {
    let invocations = case.invocations();
    let inputs: Vec<Vec<&[u8]>> =
        invocations.iter().map(|inputs| inputs.iter().map(|t| &t.data[..]).collect()).collect();
    let program = Program { prefix: "m", config: None, outputs: expected.len() / invocations.len(), reset_between };
    let got = run_invocations_on_board(board, model, &program, &inputs, dir)?;
    Ok(got.into_iter().flatten().zip(expected).map(|(data, e)| Tensor { data, ..e.clone() }).collect())
}

/// Every case of the conformance suites `keep` selects, with its suite's float tolerance.
fn suite_cases(keep: impl Fn(&suites::Suite) -> bool) -> Vec<(Case, f32)> {
    suites::ALL
        .iter()
        .filter(|suite| keep(suite))
        .flat_map(|suite| (suite.cases)().into_iter().map(|case| (case, suite.float_tolerance)))
        .collect()
}

#[test]
fn pytorch_export_forms_on_cortex_m4_match_tflite_micro() {
    // What PyTorch exports bring, through the LLVM backend: PADs folded into convolutions (or
    // read past by transposed convolutions), NCHW inputs and outputs transposed as strided views
    // of the caller's buffers, and the PyTorch-style MobileNetV2 they add up to.
    let mut cases =
        suite_cases(|suite| suite.name.contains("edge_transposes") || suite.name.contains("pad_then_transpose_conv"));
    let network = pytorch_network::mobilenet_v2_cases(pytorch_network::WEIGHTS_SEED, 1);
    cases.extend(network.into_iter().map(|case| (case, 0.0)));
    check_cases_on_boards("pytorch", &cases, &["cortex-m4"]);
}

#[test]
fn converter_made_int8_and_16x8_models_on_cortex_m4_and_rv32imac_match_tflite_micro() {
    let cases: Vec<(Case, f32)> =
        converted::MODELS.iter().map(|file| (converted::cases(file, 1, 9).remove(0), 0.0)).collect();
    check_cases_on_boards("converted", &cases, &["cortex-m4", "rv32imac"]);
}

#[test]
fn model_zoo_int8_and_16x8_networks_on_cortex_m4_match_tflite_micro() {
    // The converter-made networks of the model zoo (recurrent, transformer, MobileNetV2,
    // EfficientNet, separable, resize, text, TCN, siamese, attention, uint8 I/O...) through the
    // LLVM backend, one input each.
    let cases: Vec<(Case, f32)> = converted::ZOO_NETWORKS
        .iter()
        .flat_map(|(_, files)| files.iter().filter(|file| !file.ends_with("_f32.tflite")))
        .map(|file| (converted::cases_with_tokens(file, 1, 9, Some(converted::TEXT_TOKENS)).remove(0), 0.0))
        .collect();
    assert!(cases.len() >= 40, "only {} zoo files", cases.len());
    check_cases_on_boards("zoo", &cases, &["cortex-m4"]);
}

#[test]
fn int16_operator_cases_on_cortex_m4_and_rv32imac_match_tflite_micro() {
    // The LLVM backend's int16 arithmetic (64-bit accumulators and requantization, widening
    // loads) against TFLite Micro, operator by operator: every case of every int16 suite.
    let cases = suite_cases(|suite| suite.name.contains("int16"));
    assert!(cases.len() > 200, "only {} int16 cases", cases.len());
    check_cases_on_boards("int16", &cases, &["cortex-m4", "rv32imac"]);
}

#[test]
fn every_other_operator_case_on_cortex_m4_matches_tflite_micro() {
    // Every case of every other conformance suite through the LLVM backend on the M4: each
    // operator, element type and option set runs on an emulated board as well as on the JIT.
    let cases = suite_cases(|suite| !suite.name.contains("int16"));
    check_cases_on_boards("cases", &cases, &["cortex-m4"]);
}

#[test]
fn int8_dot_product_cases_on_cortex_m55_match_tflite_micro() {
    // The Cortex-M55 vectorizes the int8 dot products (vectorize-dot-products: 16-lane vmlava,
    // masked tails; vectorize-unrolled-dot-products: the runs of an unrolled window): every case of the int8 CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED,
    // BATCH_MATMUL and LSTM suites (the LSTM's gates share the fully connected layer's dot
    // products) on its board.
    let suites = [
        "conv::int8_conv_2d",
        "conv::int8_depthwise_conv_2d",
        "fully_connected::int8_fully_connected",
        "batch_matmul::int8_batch_matmul",
        "recurrent::int8_lstm",
    ];
    let cases = suite_cases(|suite| suites.contains(&suite.name));
    assert!(cases.len() >= 40, "only {} cases", cases.len());
    check_cases_on_boards("m55-dot", &cases, &["cortex-m55"]);
}

#[test]
fn int4_weight_cases_on_cortex_m55_match_tflite_micro() {
    // INT4 weights stay packed two per byte in flash and are read a byte at a time
    // (loop-emulate-narrow-type): the M55's vector dot products do not take those reads and must
    // leave them to the scalar loops, not compute something else. Every case of the three int4
    // suites (odd weight counts among them); the M4 (whose packed int8 multiply-accumulates must
    // leave them alike) runs them with every other suite.
    let cases = suite_cases(|suite| suite.name.contains("int4_weights"));
    assert!(cases.len() >= 90, "only {} int4 cases", cases.len());
    check_cases_on_boards("int4", &cases, &["cortex-m55"]);
}

#[test]
fn int8_channel_loop_cases_on_cortex_m55_match_tflite_micro() {
    // vectorize-channels widens every int8 channel loop of integer arith (4 channels per step,
    // one i32 lane each, masked tails), not only the depthwise convolution's: every case of each
    // int8 suite with such a loop runs on the M55 board. The comparisons and SELECT_V2 are among
    // them for their boolean buffers, which channel loops must not widen (a vector of i1 is a
    // bit mask in memory, a buffer of booleans one byte each); MEAN and SUM over a window of a
    // few channels are strided loops LLVM's MVE gather lowering looped forever on (gathers off).
    let suites = [
        "activation::int8_activations",
        "activation::int8_leaky_relu",
        "arg_extremum::int8_arg_max_min",
        "arithmetic::int8_div",
        "arithmetic::int8_squared_difference",
        "binary::int8_binary_ops",
        "comparison::int8_comparisons",
        "l2_normalization::int8_l2_normalization",
        "logic::int8_select_v2",
        "min_max::int8_maximum_minimum",
        "pool::int8_pools",
        "prelu::int8_prelu",
        "reduce::int8_mean",
        "reduce::int8_sum",
        "reduce::int8_reduce_max_min",
    ];
    let cases = suite_cases(|suite| {
        suites.contains(&suite.name) || (suite.name.starts_with("control_flow::") && suite.name.contains("int8"))
    });
    assert!(cases.len() >= 400, "only {} cases", cases.len());
    check_cases_on_boards("m55-channels", &cases, &["cortex-m55"]);
}

#[test]
fn a_state_reset_between_invocations_gives_a_fresh_interpreters_outputs_on_cortex_m4() {
    // Every multi-invocation case (SVDF state, variables), the harness calling
    // model_reset_state before each invocation after the first: each invocation's outputs are
    // those of a fresh TFLite Micro interpreter invoked once on its inputs.
    let cases: Vec<(Case, f32)> = suite_cases(|_| true).into_iter().filter(|(case, _)| !case.then.is_empty()).collect();
    assert!(cases.len() >= 10, "only {} multi-invocation cases", cases.len());
    let fresh: Vec<Case> = cases.iter().flat_map(|(case, _)| case.each_invocation_fresh()).collect();
    let mut from_tflm = reference::run_tflm(&fresh).into_iter();
    let expected: Vec<Vec<Tensor>> = cases
        .iter()
        .map(|(case, _)| case.invocations().iter().flat_map(|_| from_tflm.next().unwrap()).collect())
        .collect();
    compare_cases_on_boards("reset", &cases, &expected, true, &["cortex-m4"]);
}

#[test]
fn multi_invocation_cases_on_rv32imac_match_tflite_micro_invocation_after_invocation() {
    // The M4 runs them with every other case; the RV32IMAC too: state carried over in one
    // program, every invocation compared.
    let cases: Vec<(Case, f32)> = suite_cases(|_| true).into_iter().filter(|(case, _)| !case.then.is_empty()).collect();
    check_cases_on_boards("stateful", &cases, &["rv32imac"]);
}
