//! The PyTorch-style int8 MobileNetV2 (`mc_conformance::pytorch_network`: an NCHW input
//! `TRANSPOSE`, explicit `PAD`s before every 3x3 convolution, asymmetric before stride 2) through
//! mc against TFLite Micro: bit-exact, every `PAD` folded into its convolution (the residency
//! report names each), the input `TRANSPOSE` a view of the caller's buffer, and mc's pools
//! with `graph-fold-pad` at most 0.6x of TFLM's arena head (run with `--nocapture` for the
//! figures: pools with and without folding, TFLM's head).

use mc_conformance::host::{run_model_with_pipeline, run_model_with_planner};
use mc_conformance::pytorch_network::{INPUT_SHAPE, WEIGHTS_SEED, mobilenet_v2, mobilenet_v2_cases};
use mc_conformance::suites::{conv, pool, transpose_conv};
use mc_conformance::{DType, Rng, Tensor, check_cases, paths};
use mc_ir::pass::{PassManager, PassRegistry};
use mc_passes::graph::fold_pad::FOLDED_PAD;
use mc_passes::pipelines::{LoweringChoices, graph_to_loop_with};

/// How many pad ops are left in `model` after the graph passes, and how many ops a pad was folded
/// into.
fn pads_left_and_folded(model: &[u8]) -> (usize, usize) {
    let mut ctx = mc_ir::Context::new();
    mc_dialects::register_all(&mut ctx);
    let module = mc_tflite::import::import_and_verify(&mut ctx, model, "model").unwrap();
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    let pipeline = "builtin.module(func.func(graph-canonicalize,graph-fold-pad),graph-prune)";
    PassManager::parse(pipeline, &registry).unwrap().run(&mut ctx, module.op()).unwrap();
    let ops = ctx.walk_preorder(module.op());
    let pads = ops.iter().filter(|&&op| ["graph.pad", "graph.padv2"].contains(&ctx.op_name_of(op))).count();
    (pads, ops.iter().filter(|&&op| ctx.attr(op, FOLDED_PAD).is_some()).count())
}

#[test]
fn every_pad_of_the_network_is_folded() {
    // 1 stem + 17 depthwise convolutions, each after a PAD.
    assert_eq!(pads_left_and_folded(&mobilenet_v2(WEIGHTS_SEED)), (0, 18));
}

#[test]
fn the_pad_suites_fold_every_pad_but_the_kept_ones() {
    let suites = [
        conv::pad_then_conv(),
        conv::int16_pad_then_conv(),
        conv::float_pad_then_conv(),
        pool::pad_then_pool(),
        pool::int16_pad_then_pool(),
        pool::float_pad_then_pool(),
        transpose_conv::pad_then_transpose_conv(),
        transpose_conv::int16_pad_then_transpose_conv(),
        transpose_conv::float_pad_then_transpose_conv(),
    ];
    for case in suites.iter().flatten() {
        // Average pools and pad values their consumer does not read as padding keep the pad;
        // so does max pooling after a PAD whose fill (0, 0.0) is not the lowest value.
        let kept = case.name.contains("(kept)")
            || case.name.starts_with("AveragePool2D")
            || (case.name.contains("PAD (zero point)") && !case.name.contains("Int8"));
        let expected = if kept { (1, 0) } else { (0, 1) };
        assert_eq!(pads_left_and_folded(&case.model), expected, "{}", case.name);
    }
}

#[test]
fn the_pytorch_style_mobilenet_matches_tflite_micro_exactly() {
    check_cases(&mobilenet_v2_cases(WEIGHTS_SEED, 2), 0.0);
}

/// The pool bytes of mc's plan of `model`, with or without folding pads, the output, and the
/// residency report.
fn planned_pools(
    model: &[u8],
    input: &Tensor,
    dir: &std::path::Path,
    fold_pads: bool,
) -> (u64, Vec<Tensor>, serde_json::Value) {
    let report = dir.join(format!("fold-{fold_pads}.json"));
    let options = format!("residency-report=\"{}\"", report.display());
    let outputs = if fold_pads {
        run_model_with_planner(model, std::slice::from_ref(input), "mobilenet", &options)
    } else {
        let pipeline = graph_to_loop_with(&options, &LoweringChoices { fold_pads: false, ..LoweringChoices::default() });
        run_model_with_pipeline(model, std::slice::from_ref(input), "mobilenet", &pipeline)
    }
    .unwrap();
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    (json["pools"].as_array().unwrap().iter().map(|p| p["size"].as_u64().unwrap()).sum(), outputs, json)
}

/// TFLite Micro's arena head (planned tensors, the model's input and output included) for
/// `model` on `input`, from `scripts/tflm_reference.py --print-arena`.
fn tflm_arena_head(model: &[u8], input: &Tensor, dir: &std::path::Path) -> u64 {
    let (model_path, input_path) = (dir.join("mobilenet.tflite"), dir.join("input.npy"));
    std::fs::write(&model_path, model).unwrap();
    let shape: Vec<String> = input.shape.iter().map(usize::to_string).collect();
    let script = format!(
        "import numpy as np, sys; np.save(sys.argv[1], np.frombuffer(bytes.fromhex(sys.argv[2]), dtype=np.int8).reshape(({},)))",
        shape.join(", ")
    );
    let hex: String = input.data.iter().map(|b| format!("{b:02x}")).collect();
    let python = paths::venv_python();
    let saved = std::process::Command::new(&python).args(["-c", &script]).arg(&input_path).arg(hex).status().unwrap();
    assert!(saved.success());
    let output = std::process::Command::new(&python)
        .arg(paths::repo_root().join("scripts/tflm_reference.py"))
        .arg(&model_path)
        .arg("--input")
        .arg(&input_path)
        .arg("--output")
        .arg(dir.join("tflm.npy"))
        .args(["--arena-size", &(4 << 20).to_string(), "--print-arena"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).to_string() + &String::from_utf8_lossy(&output.stderr);
    let head = text.split("allocation head ").nth(1).and_then(|rest| rest.split_whitespace().next());
    head.and_then(|h| h.parse().ok()).unwrap_or_else(|| panic!("no arena head in TFLM's report:\n{text}"))
}

#[test]
fn folding_pads_brings_the_pools_under_six_tenths_of_tflms_arena() {
    let dir = std::env::temp_dir().join(format!("mc-pytorch-network-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let model = mobilenet_v2(WEIGHTS_SEED);
    let input = Tensor::random(DType::Int8, &INPUT_SHAPE, &mut Rng(3));
    let (folded, folded_out, report) = planned_pools(&model, &input, &dir, true);
    let (unfolded, unfolded_out, _) = planned_pools(&model, &input, &dir, false);
    // The report names each folded PAD on its convolution's output, and the input's TRANSPOSE
    // is a view of the caller's buffer: no buffer holds its copy.
    let buffers = report["buffers"].as_array().unwrap();
    let folded_into: Vec<(&str, &str)> =
        buffers.iter().filter_map(|b| Some((b["folded_pad"].as_str()?, b["name"].as_str()?))).collect();
    assert_eq!(folded_into.len(), 18, "{folded_into:?}");
    assert_eq!(folded_into[0], ("pad1", "conv2"));
    assert!(buffers.iter().all(|b| b["name"] != "x_nhwc" && b.get("not_a_view").is_none()), "{buffers:?}");
    assert_eq!(folded_out, unfolded_out, "folding changed the output");
    let head = tflm_arena_head(&model, &input, &dir);
    println!(
        "PyTorch-style MobileNetV2 96x96 int8: mc pools {folded} B with folding ({:.2}x TFLM), {unfolded} B without \
         ({:.2}x), TFLM arena head {head} B",
        folded as f64 / head as f64,
        unfolded as f64 / head as f64
    );
    assert!(folded < unfolded, "folding saves nothing: {folded} B vs {unfolded} B");
    assert!(folded as f64 <= 0.6 * head as f64, "pools {folded} B above 0.6x of TFLM's head {head} B");
    std::fs::remove_dir_all(&dir).unwrap();
}
