//! `mcc` end to end: objects, headers, reports and the summary; byte-identical outputs for
//! identical inputs; two models with different prefixes link into one relocatable object; a C
//! program built with the header and the host object computes what the Cranelift JIT computes;
//! bad input exits 1 with a clear message and leaves no files.

use mc_conformance::{DType, Rng, Tensor, paths};
use object::{Object, ObjectSymbol};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mcc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcc")).args(args).output().expect("mcc runs")
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcc").join(name);
    let _ = if dir.is_dir() { std::fs::remove_dir_all(&dir) } else { std::fs::remove_file(&dir) };
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
    for file in ["ad01.o", "ad01.h", "ad01_residency.json", "ad01_arena.svg"] {
        let (a, b) = (std::fs::read(first.join(file)).unwrap(), std::fs::read(second.join(file)).unwrap());
        assert!(a == b, "{file} differs between two identical runs");
    }
    let object = std::fs::read(first.join("ad01.o")).unwrap();
    let file = object::File::parse(object.as_slice()).unwrap();
    let exported: Vec<&str> =
        file.symbols().filter(|s| s.is_global() && s.is_definition()).filter_map(|s| s.name().ok()).collect();
    assert_eq!(
        exported,
        ["ad01_context_init", "ad01_bind_arena", "ad01_model_init", "ad01_model_reset_state", "ad01_model_run"],
        "only the C API is exported"
    );

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
    for symbol in ["ad01_model_run", "kws_model_run", "ad01_model_init", "kws_model_init"] {
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

/// A C program that reads input 0 from the file `argv[1]`, runs the model through the C API and
/// writes output 0 to `argv[2]`, using only the header's names; on the way it checks that every
/// misuse of the API returns its status (exit code 100 + the failed check's line otherwise), and
/// that a state reset (`model_reset_state`) re-hydrates nothing and leaves the next run's output
/// as it was (exit code 5 otherwise).
const HARNESS: &str = r#"
#include PREFIX_HEADER
#include <stdio.h>
#include <string.h>

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define API(name) CAT(PREFIX, CAT(_, name))
#define M(name) CAT(UPPER, CAT(_, name))
#define CHECK(call, status) do { if ((call) != M(CAT(STATUS_, status))) return 100 + __LINE__; } while (0)

#if defined(OVERRIDE_HYDRATE) && M(STAGED_CONSTANT_COUNT) > 0
/* The application's own hydration (a DMA transfer on a real board), from the exported table. */
static int hydrated;
void API(hydrate_constants)(API(context_t) *ctx) {
    for (uint32_t i = 0; i < M(STAGED_CONSTANT_COUNT); i++) {
        const API(staged_constant_t) *c = &API(staged_constants)[i];
        memcpy((uint8_t *)ctx->arena[c->region] + c->offset, c->image, c->bytes);
    }
    hydrated++;
}
#define CHECK_HYDRATED() do { if (hydrated != 1) return 4; } while (0)
#else
#define CHECK_HYDRATED() do { } while (0)
#endif

static uint8_t input[M(INPUT_0_BYTES)] __attribute__((aligned(16)));
static uint8_t output[M(OUTPUT_0_BYTES)] __attribute__((aligned(16)));

int main(int argc, char **argv) {
    FILE *in = fopen(argv[1], "rb");
    if (argc != 3 || !in || fread(input, 1, sizeof input, in) != sizeof input) return 2;
    fclose(in);
    API(context_t) ctx;
    CHECK(API(context_init)(0), NULL_CONTEXT);
    CHECK(API(context_init)(&ctx), OK);
#if M(ALLOCATE_ARENAS) == 0
    static uint8_t arena[M(RAM_BYTES) + 64 * M(ARENA_COUNT)] __attribute__((aligned(64)));
    const uint32_t bytes[] = M(ARENA_BYTES), alignment[] = M(ARENA_ALIGNMENT);
    CHECK(API(model_init)(&ctx), ARENA_UNBOUND);
    CHECK(API(bind_arena)(&ctx, M(ARENA_COUNT), arena, sizeof arena), BAD_REGION);
    CHECK(API(bind_arena)(&ctx, 0, arena, bytes[0] - 1), ARENA_TOO_SMALL);
    CHECK(API(bind_arena)(&ctx, 0, 0, bytes[0]), ARENA_UNBOUND);
    if (alignment[0] > 1) CHECK(API(bind_arena)(&ctx, 0, arena + 1, bytes[0]), ARENA_MISALIGNED);
    uint32_t offset = 0, base[M(ARENA_COUNT)];
    for (uint32_t region = 0; region < M(ARENA_COUNT); region++) {
        base[region] = offset = (offset + alignment[region] - 1) / alignment[region] * alignment[region];
        CHECK(API(bind_arena)(&ctx, region, arena + offset, bytes[region]), OK);
        offset += bytes[region];
    }
#if M(ARENA_COUNT) >= 2
    CHECK(API(bind_arena)(&ctx, 1, arena + base[0], bytes[1]), OK);
    CHECK(API(model_init)(&ctx), ARENA_OVERLAP);
    CHECK(API(bind_arena)(&ctx, 1, arena + base[1], bytes[1]), OK);
#endif
#endif
    CHECK(API(model_run)(&ctx), NOT_INITIALIZED);
    CHECK(API(model_reset_state)(0), NULL_CONTEXT);
    CHECK(API(model_reset_state)(&ctx), NOT_INITIALIZED);
    CHECK(API(model_init)(&ctx), OK);
    CHECK_HYDRATED();
    CHECK(API(model_run)(&ctx), IO_UNBOUND);
    ctx.input[0] = input;
    ctx.output[0] = output;
    CHECK(API(model_run)(&ctx), OK);
    /* A reset touches the state alone: the model runs on, as before. */
    static uint8_t first[sizeof output];
    memcpy(first, output, sizeof output);
    CHECK(API(model_reset_state)(&ctx), OK);
    CHECK_HYDRATED();
    CHECK(API(model_run)(&ctx), OK);
    if (memcmp(first, output, sizeof output) != 0) return 5;
    FILE *out = fopen(argv[2], "wb");
    if (!out || fwrite(output, 1, sizeof output, out) != sizeof output) return 3;
    return fclose(out);
}
"#;

/// Config files: the application binds the arenas, a small `dtcm` bank takes the buffers that
/// fit before `sram`, and the weights named in the model are staged into `sram` while the tables
/// mc derives stay in flash (three regions); or the object's own arenas with staged constants.
const BOUND_ARENAS: &str = "[memory]\nallocate_arenas = false\n[[memory.banks]]\nname = \"dtcm\"\ncapacity = 2048\n\
    [[memory.banks]]\nname = \"sram\"\n[[memory.banks]]\nname = \"flash\"\naccess = \"ro\"\n\
    [[memory.placement]]\nname = \"functional_1/*\"\nrole = \"constant\"\nbanks = [\"sram\", \"flash\"]\n";
const STAGED: &str = "[memory]\n[[memory.banks]]\nname = \"sram\"\n[[memory.banks]]\nname = \"flash\"\naccess = \"ro\"\n\
    [[memory.placement]]\nname = \"*\"\nrole = \"constant\"\nbanks = [\"sram\"]\n";

#[test]
fn a_c_program_using_the_header_and_the_host_object_matches_the_jit() {
    for (file, prefix, shape) in
        [("ad01_int8.tflite", "ad01", &[1usize, 640][..]), ("kws_ref_model.tflite", "kws", &[1, 49, 10, 1])]
    {
        let model = paths::model(file);
        let input = Tensor::random(DType::Int8, shape, &mut Rng(11));
        let bytes = std::fs::read(&model).unwrap();
        let expected = mc_conformance::host::run_model(&bytes, std::slice::from_ref(&input), file).unwrap();
        // (config, the objects allocates its arenas, the harness overrides the hydration)
        for (variant, (config, allocate, hydrate)) in
            [(None, true, false), (Some(BOUND_ARENAS), false, true), (Some(STAGED), true, false)]
                .into_iter()
                .enumerate()
        {
            let dir = scratch(&format!("harness-{prefix}-{variant}"));
            let mut args = vec![model.to_str().unwrap().to_string()];
            args.extend(["--target", "host", "--prefix", prefix, "-Os", "-o"].map(String::from));
            args.push(dir.to_str().unwrap().to_string());
            if let Some(config) = config {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(dir.join("mc.toml"), config).unwrap();
                args.extend(["--config".to_string(), dir.join("mc.toml").to_str().unwrap().to_string()]);
            }
            let output = mcc(&args.iter().map(String::as_str).collect::<Vec<_>>());
            assert!(output.status.success(), "mcc failed: {}", String::from_utf8_lossy(&output.stderr));
            let header = std::fs::read_to_string(dir.join(format!("{prefix}.h"))).unwrap();
            assert!(header.contains(&format!("ALLOCATE_ARENAS {}", u8::from(allocate))), "{header}");
            let staged = !header.contains("STAGED_CONSTANT_COUNT 0");
            assert_eq!(staged, config.is_some(), "constants are staged exactly with a config:\n{header}");
            std::fs::write(dir.join("harness.c"), HARNESS).unwrap();
            let program = dir.join("harness");
            let status = Command::new("cc")
                .arg(format!("-DPREFIX_HEADER=\"{prefix}.h\""))
                .arg(format!("-DPREFIX={prefix}"))
                .arg(format!("-DUPPER={}", prefix.to_ascii_uppercase()))
                .args(if hydrate { &["-DOVERRIDE_HYDRATE"][..] } else { &[] })
                .args(["-std=c99", "-Wall", "-Werror", "-I"])
                .arg(&dir)
                .arg(dir.join("harness.c"))
                .arg(dir.join(format!("{prefix}.o")))
                .arg("-o")
                .arg(&program)
                .status()
                .unwrap();
            assert!(status.success(), "the harness does not build against {prefix}.h and {prefix}.o");
            std::fs::write(dir.join("input.bin"), &input.data).unwrap();
            let status =
                Command::new(&program).arg(dir.join("input.bin")).arg(dir.join("output.bin")).status().unwrap();
            assert_eq!(status.code(), Some(0), "the harness failed for {prefix} (100 + the line of a failed check)");
            let got = std::fs::read(dir.join("output.bin")).unwrap();
            assert_eq!(
                got, expected[0].data,
                "{prefix} (allocate_arenas = {allocate}): the C program and the JIT disagree"
            );
        }
    }
}

#[test]
fn a_model_whose_subgraph_0_is_not_called_main_compiles_with_its_c_api() {
    use mc_tflite::writer::ModelBuilder;
    use mc_tflite::{BuiltinOp, BuiltinOptions, DType as Tfl};
    let mut b = ModelBuilder::new();
    b.subgraph().name = Some("main_graph".to_string());
    let x = b.add_tensor("x", &[1, 8], Tfl::Float32);
    let y = b.add_tensor("y", &[1, 8], Tfl::Float32);
    b.add_op(BuiltinOp::Relu, &[x], &[y], BuiltinOptions::None);
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    let dir = scratch("named-entry");
    std::fs::create_dir_all(&dir).unwrap();
    let model = dir.join("main_graph.tflite");
    std::fs::write(&model, b.finish()).unwrap();
    let out = dir.join("out");
    let output = mcc(&[model.to_str().unwrap(), "--target", "host", "--prefix", "named", "-o", out.to_str().unwrap()]);
    assert!(output.status.success(), "mcc failed: {}", String::from_utf8_lossy(&output.stderr));
    let object = std::fs::read(dir.join("out/named.o")).unwrap();
    let object = object::File::parse(&*object).unwrap();
    let defined: Vec<String> =
        object.symbols().filter(|s| s.is_definition()).filter_map(|s| s.name().ok().map(String::from)).collect();
    assert!(defined.iter().any(|s| s == "named_model_run"), "{defined:?}");
}

#[test]
fn supported_ops_prints_the_support_table() {
    let output = mcc(&["--supported-ops"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text, mc_dialects::graph::support::render());
    for entry in mc_dialects::graph::support::TABLE {
        assert!(text.lines().any(|line| line.starts_with(&format!("{} ", entry.tflite))), "{}", entry.tflite);
    }
    // The README shows the same table.
    let readme = std::fs::read_to_string(paths::repo_root().join("README.md")).unwrap();
    assert!(readme.contains(&text), "README.md's supported operators differ from `mcc --supported-ops`:\n{text}");
    // --supported-ops stands alone.
    assert!(!mcc(&["--supported-ops", "model.tflite"]).status.success());
}

/// A 16x8 fully connected layer `x [1, 4] -> y [1, 2]`: input and output scales and zero points,
/// and the bias (type and values), if any.
fn fully_connected_16x8(input: (f32, i64), output: (f32, i64), bias: Option<(mc_tflite::DType, Vec<u8>)>) -> Vec<u8> {
    use mc_tflite::writer::ModelBuilder;
    use mc_tflite::{BuiltinOp, BuiltinOptions, DType as Tfl, FullyConnectedOptions};
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[1, 4], Tfl::Int16);
    b.set_quantization(x, &[input.0], &[input.1], 0);
    let w = b.add_constant("w", &[2, 4], Tfl::Int8, &[1, 2, 3, 4, 5, 6, 7, 8]);
    b.set_quantization(w, &[0.5], &[0], 0);
    let bias = bias.map_or(-1, |(dtype, data)| b.add_constant("bias", &[2], dtype, &data));
    let y = b.add_tensor("y", &[1, 2], Tfl::Int16);
    b.set_quantization(y, &[output.0], &[output.1], 0);
    let options = FullyConnectedOptions::default();
    b.add_op(BuiltinOp::FullyConnected, &[x, w, bias], &[y], BuiltinOptions::FullyConnected(options));
    b.set_inputs(&[x]);
    b.set_outputs(&[y]);
    b.finish()
}

#[test]
fn bad_16x8_models_exit_1_naming_the_operator_and_tensor_and_leave_no_files() {
    let cases = [
        ("zero-point", fully_connected_16x8((0.5, 3), (1.0, 0), None), "zero point"),
        ("multiplier", fully_connected_16x8((1000.0, 0), (1e-6, 0), None), "multiplier"),
        ("bias-width", fully_connected_16x8((0.5, 0), (1.0, 0), Some((mc_tflite::DType::Int8, vec![1, 2]))), "bias"),
    ];
    for (name, model, what) in cases {
        let dir = scratch(&format!("bad-16x8-{name}"));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("model.tflite");
        std::fs::write(&path, model).unwrap();
        let out = dir.join("out");
        let output = mcc(&[path.to_str().unwrap(), "--target", "cortex-m4", "-o", out.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{name}: {stderr}");
        assert!(stderr.contains(what), "{name}: the error does not say what is wrong: {stderr}");
        assert!(stderr.contains("FULLY_CONNECTED") && stderr.contains("'y'"), "{name}: operator and tensor: {stderr}");
        let written = std::fs::read_dir(&out).map(|entries| entries.count()).unwrap_or(0);
        assert_eq!(written, 0, "{name}: files were left in the output folder");
    }
}

/// Keras' dynamic batch (`SHAPE → STRIDED_SLICE → PACK → RESHAPE`, and the same shape computed
/// with int32 `MUL`/`ADD`/`SUB` and `CONCATENATION`) costs nothing: mc folds the chain at compile
/// time, so the model compiles to the very object, pools and plan of the same model with a
/// plain reshape.
#[test]
fn a_dynamic_batch_reshape_costs_what_a_plain_reshape_costs() {
    use mc_conformance::suites::shape::{ShapeSource, flatten_model};
    let build = |source: ShapeSource| {
        let dir = scratch(&format!("flatten-{source:?}"));
        std::fs::create_dir_all(&dir).unwrap();
        let model = dir.join("flatten.tflite");
        std::fs::write(&model, flatten_model(source, DType::Int8).finish()).unwrap();
        let out = dir.join("out");
        compile(&model, "cortex-m4", "flatten", &out);
        let object = std::fs::read(out.join("flatten.o")).unwrap();
        let report: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join("flatten_residency.json")).unwrap()).unwrap();
        (object, report)
    };
    let (plain_object, plain_report) = build(ShapeSource::Constant);
    assert!(plain_report["pools"].as_array().is_some_and(|pools| !pools.is_empty()), "{plain_report}");
    for source in [ShapeSource::Keras, ShapeSource::Arithmetic] {
        let (object, report) = build(source);
        assert_eq!(report["pools"], plain_report["pools"], "{source:?}: the pools (RAM) differ");
        assert_eq!(report["layout_hash"], plain_report["layout_hash"], "{source:?}: the plan differs");
        assert!(object == plain_object, "{source:?}: the object (code and constants) differs");
    }
}

/// In-place concatenation: the inception-style block of `mc_conformance::suites::views`
/// concatenating its three branches along the rows (contiguous) needs less RAM than with
/// `--no-inplace-concat` — the branches are written straight into the concatenation — and the
/// residency report lists them as views of it; along the channels (`H·W > 1`, not contiguous)
/// the concatenation stays a copy and costs the same either way. Contiguous slices are listed
/// as views of what they slice.
#[test]
fn inplace_concatenation_saves_the_branches_ram_when_contiguous() {
    use mc_conformance::suites::views::{branch_concat_model, slices_model};
    let ram = |axis: i32, inplace: bool| {
        let dir = scratch(&format!("inception-{axis}-{inplace}"));
        std::fs::create_dir_all(&dir).unwrap();
        let model = dir.join("inception.tflite");
        let built = if axis < 0 { slices_model(DType::Int8) } else { branch_concat_model(DType::Int8, axis) };
        std::fs::write(&model, built.finish()).unwrap();
        let out = dir.join("out");
        let mut args = vec![model.to_str().unwrap(), "--target", "cortex-m4", "--prefix", "inception"];
        args.extend(["-o", out.to_str().unwrap()]);
        if !inplace {
            args.push("--no-inplace-concat");
        }
        let output = mcc(&args);
        assert!(output.status.success(), "mcc failed: {}", String::from_utf8_lossy(&output.stderr));
        let report: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join("inception_residency.json")).unwrap()).unwrap();
        let scratch = report["pools"].as_array().unwrap().iter().find(|p| p["role"] == "scratch").unwrap()["size"]
            .as_u64()
            .unwrap();
        (scratch, report)
    };
    // Rows: 3 branches of 64 bytes and their 192-byte concatenation live together when copied;
    // in place, the concatenation alone (and the input read by every branch is the caller's).
    let ((inplace, report), (copied, _)) = (ram(1, true), ram(1, false));
    eprintln!("inception block, row concatenation: {inplace} B in place, {copied} B copied");
    assert!(inplace + 128 <= copied, "in place {inplace} B, copied {copied} B");
    let joined = report["buffers"].as_array().unwrap().iter().find(|b| b["name"] == "joined").expect("joined");
    let views: Vec<(&str, u64)> = joined["views"]
        .as_array()
        .expect("views of joined")
        .iter()
        .map(|v| (v["name"].as_str().unwrap(), v["offset"].as_u64().unwrap()))
        .collect();
    assert_eq!(views, [("branch_max", 0), ("branch_avg", 64), ("branch_relu", 128)], "{joined}");
    // Contiguous slices are views of the pool they slice (rows 1..4 and 4..6 of 8-byte rows).
    let (_, report) = ram(-1, true);
    let pooled = report["buffers"].as_array().unwrap().iter().find(|b| b["name"] == "pooled").expect("pooled");
    let views: Vec<(&str, u64, u64)> = pooled["views"]
        .as_array()
        .expect("views of pooled")
        .iter()
        .map(|v| (v["name"].as_str().unwrap(), v["offset"].as_u64().unwrap(), v["size"].as_u64().unwrap()))
        .collect();
    assert_eq!(views, [("middle", 8, 24), ("bottom", 32, 16)], "{pooled}");
    // Channels: a copy either way.
    let ((inplace, _), (copied, _)) = (ram(3, true), ram(3, false));
    eprintln!("inception block, channel concatenation: {inplace} B in place, {copied} B copied");
    assert_eq!(inplace, copied);
}
