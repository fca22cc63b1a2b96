//! `mcc`: mc's compiler driver. `mcc model.tflite --target cortex-m4 [--prefix model] [-O2]
//! [--config mc.toml] [--emit=obj|asm|llvm-ir|module|mlir-graph|mlir-buffer|mlir-loop]
//! [--planner ALGORITHM] [--load-plugin planner.so] [--load-pass-plugin pass.so]
//! [--graph-passes PASSES] -o outdir/`
//! imports the model (a `.tflite` file, or graph-level IR in a `.mlir` file), runs the extra
//! graph passes (built-in or from pass plugins), lowers it to
//! buffer kernels (`graph_to_inplace_buffers_with`) and to planned
//! loop-level IR (`buffer_to_loop`, with the memory plan's residency report and arena picture
//! written beside the output), lowers that to LLVM for the target and writes `<prefix>.o` (`.s`,
//! `.ll`) and the C header `<prefix>.h`; `--emit=module` writes a library folder for a firmware's
//! build instead (`firmware_module`); `--emit=mlir-*` stops after a stage and writes its IR as
//! `<prefix>.mlir`. The config file's `[memory]` table (`usmp`'s banks, placement rules, budgets
//! and planner, plus `allocate_arenas` and `dump_residency_json`) shapes the plan and the API;
//! its `[memory.patch]` table or `peak_bytes` goal runs the first layers tile by tile
//! (`buffer-patch`).
//! It prints the stages with their times, the RAM of each pool, the flash bytes of the
//! constants and each `PAD` folded into the padding of its consumer (`graph-fold-pad`). Errors
//! exit 1 and leave no partial files in the output folder. `mcc --supported-ops` prints the table
//! of the TFLite operators mc compiles. `mcc analyze ...` ([`analyze`]) reports a model's
//! per-layer costs; `mcc validate ...` ([`validate`]) compares its outputs with TFLite Micro's.
//! `--profile` calls a weak `<prefix>_layer_hook(layer)` between kernels and writes
//! `<prefix>_layers.json` ([`profile`]) for `mc-emu --profile`.

mod analyze;
mod child_compile;
mod firmware_module;
mod profile;
mod staging;
mod tflm_arena;
mod validate;

use clap::Parser;
use firmware_module::ModuleParts;
use mc_backend_llvm::interface::Interface;
use mc_backend_llvm::{
    EmitKind, LowerOptions, OptLevel, Prefix, emit, header, inkwell, lookup, lower_module, optimize,
};
use mc_dialects::buffer::layout::integer_storage_width;
use mc_dialects::buffer::{GlobalOp, KernelOp, PoolOp};
use mc_dialects::func::FuncOp;
use mc_ir::builtin::ModuleOp;
use mc_ir::diagnostics::source::{SourceBuffer, render};
use mc_ir::pass::{PassManager, PassRegistry};
use mc_ir::printer::{PrintOptions, print_top_level_to};
use mc_ir::{Context, Diagnostic};
use mc_passes::graph::fold_pad::FOLDED_PAD;
use mc_passes::pipelines::{LoopChoices, buffer_to_loop_with, graph_to_inplace_buffers_with};
use mc_passes::usmp::config::{MemoryConfig, did_you_mean, toml_error};
use staging::Staging;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(name = "mcc", version, about = "mc compiler driver: TFLite model to object file", max_term_width = 100)]
struct Options {
    /// The model: a TFLite file (its subgraph 0 is the entry, whatever its name), or graph-level
    /// IR (`.mlir`, as `mc-translate --import-tflite` prints it, entry `@main`).
    #[arg(required_unless_present = "supported_ops")]
    model: Option<PathBuf>,

    /// Target: an alias (host, cortex-m0plus, cortex-m3, cortex-m4, cortex-m7, cortex-m33,
    /// rv32imc, rv32imac, rv32imafc) or a triple (thumbv7em-none-eabihf, ...).
    #[arg(long, required_unless_present = "supported_ops")]
    target: Option<String>,

    /// Print every TFLite operator mc compiles, with its element types and options, and exit.
    #[arg(long = "supported-ops", exclusive = true)]
    supported_ops: bool,

    /// Prefix of every symbol, section and output file (a C identifier).
    #[arg(long, default_value = "model")]
    prefix: String,

    /// Optimization level: 0, 2, s or 3 (-O2, -Os).
    #[arg(short = 'O', default_value = "2")]
    opt_level: String,

    /// What to write: obj (<prefix>.o), asm (<prefix>.s), llvm-ir (<prefix>.ll), module (a library
    /// folder: lib<prefix>.a, include/<prefix>.h, CMakeLists.txt, README.md and the memory plan),
    /// or the IR after a stage as <prefix>.mlir: mlir-graph (imported), mlir-buffer (buffer
    /// kernels), mlir-loop (planned loops).
    #[arg(long, default_value = "obj")]
    emit: String,

    /// A TOML file whose [memory] table gives banks, placement rules, budgets, the planner,
    /// allocate_arenas and dump_residency_json, and the patch of the first layers
    /// ([memory.patch] layers and tiles, or peak_bytes to choose them for).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,

    /// The memory planner: a built-in algorithm (greedy_by_size, greedy_by_conflicts, first_fit,
    /// hill_climb, exact, auto) or a loaded planner plugin's name.
    #[arg(long, value_name = "ALGORITHM")]
    planner: Option<String>,

    /// Load a planner plugin (a shared library exporting `mc_planner_plugin_v1`); repeatable.
    #[arg(long = "load-plugin", value_name = "PATH")]
    load_plugin: Vec<String>,

    /// Load a pass plugin (a Rust library exporting `mc_pass_plugin_v1`, built against this mc);
    /// its passes can run in --graph-passes. Repeatable.
    #[arg(long = "load-pass-plugin", value_name = "PATH")]
    load_pass_plugin: Vec<String>,

    /// Extra passes on the imported graph before it is lowered, in MLIR's pipeline syntax
    /// without the anchor (`func.func(graph-fuse-activation)`).
    #[arg(long = "graph-passes", value_name = "PASSES")]
    graph_passes: Option<String>,

    /// Keep every elementwise kernel in its own loop nest (no loop-fuse-elementwise): for
    /// measuring what fusion saves.
    #[arg(long = "no-fusion")]
    no_fusion: bool,

    /// How INT4 weights are stored in flash: packed (two per byte, as in the model file, each
    /// read a nibble at a time) or unpacked (one byte per weight: twice the flash, fewer
    /// instructions).
    #[arg(long, value_name = "STORAGE", default_value = "packed")]
    int4: String,

    /// Keep every PAD a padded copy (no graph-fold-pad): for measuring what folding saves.
    #[arg(long = "no-fold-pad")]
    no_fold_pad: bool,

    /// Copy every concatenation and pack into its own output (no buffer-inplace-concat): for
    /// measuring what in-place concatenation saves.
    #[arg(long = "no-inplace-concat")]
    no_inplace_concat: bool,

    /// Call a weak, empty <prefix>_layer_hook(layer) before every kernel and at the end, and
    /// write <prefix>_layers.json: per-layer instruction counts with `mc-emu --profile`.
    #[arg(long)]
    profile: bool,

    /// Output folder (created if missing).
    #[arg(short = 'o', required_unless_present = "supported_ops")]
    output: Option<PathBuf>,
}

/// What a compilation needs that `--supported-ops` alone does not (clap requires them then).
struct Job<'a> {
    model: &'a PathBuf,
    target: &'a str,
    output: &'a PathBuf,
}

fn main() -> ExitCode {
    // Commands with their own options come first; anything else is a compilation.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    match args.get(1).and_then(|a| a.to_str()) {
        Some("analyze") => return analyze::main(&args[1..]),
        Some("validate") => return validate::main(&args[1..]),
        _ => {}
    }
    let options = Options::parse();
    if options.supported_ops {
        print!("{}", mc_dialects::graph::support::render());
        return ExitCode::SUCCESS;
    }
    let (Some(model), Some(target), Some(output)) = (&options.model, &options.target, &options.output) else {
        unreachable!("clap requires the model, --target and -o without --supported-ops");
    };
    match run(&options, &Job { model, target, output }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("mcc: error: {}", message.trim_end());
            ExitCode::FAILURE
        }
    }
}

/// Timed stages for the summary.
struct Stages(Vec<(&'static str, f64)>);

impl Stages {
    fn run<T>(&mut self, name: &'static str, work: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let result = work();
        self.0.push((name, start.elapsed().as_secs_f64()));
        result
    }
}

/// What `--emit` asks for: IR after a stage, LLVM's output, or a library folder.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Emit {
    Graph,
    Buffer,
    Loop,
    Llvm(EmitKind),
    Module,
}

impl Emit {
    fn parse(text: &str) -> Result<Emit, String> {
        Ok(match text {
            "mlir-graph" => Emit::Graph,
            "mlir-buffer" => Emit::Buffer,
            "mlir-loop" => Emit::Loop,
            "module" => Emit::Module,
            _ => Emit::Llvm(text.parse().map_err(|_| {
                format!(
                    "unknown output kind '{text}': expected obj, asm, llvm-ir, module, mlir-graph, mlir-buffer or mlir-loop"
                )
            })?),
        })
    }

    /// What LLVM writes for it, if it goes that far (a module holds an object).
    fn llvm_kind(self) -> Option<EmitKind> {
        match self {
            Emit::Llvm(kind) => Some(kind),
            Emit::Module => Some(EmitKind::Object),
            Emit::Graph | Emit::Buffer | Emit::Loop => None,
        }
    }
}

/// Whether `--int4 <storage>` asks for unpacked weights.
fn unpack_int4(storage: &str) -> Result<bool, String> {
    match storage {
        "packed" => Ok(false),
        "unpacked" => Ok(true),
        other => Err(format!("unknown INT4 weight storage '{other}': expected packed or unpacked")),
    }
}

/// The config file's checked contents and path, if one was given.
fn read_config(path: &Option<PathBuf>) -> Result<Option<(PathBuf, MemoryConfig)>, String> {
    let Some(path) = path else { return Ok(None) };
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read the config file '{name}': {e}"))?;
    // The file is mcc's own: every top-level table must be one it reads.
    let table: toml::Table = toml::from_str(&text).map_err(|e| toml_error(&name, &text, &e))?;
    if let Some(key) = table.keys().find(|k| k.as_str() != "memory") {
        return Err(format!("{name}: unknown table '{key}'{}", did_you_mean(key, &["memory"])));
    }
    Ok(Some((path.clone(), MemoryConfig::from_toml(&name, &text)?)))
}

fn run(options: &Options, job: &Job<'_>) -> Result<(), String> {
    for path in &options.load_plugin {
        mc_passes::usmp::plugin::load(path)?;
    }
    let target = lookup(job.target)?;
    let prefix = Prefix::new(&options.prefix)?;
    let level: OptLevel = options.opt_level.parse()?;
    let emit_kind = Emit::parse(&options.emit)?;
    let loop_choices =
        LoopChoices { fuse: !options.no_fusion, unpack_int4: unpack_int4(&options.int4)?, ..LoopChoices::default() };
    let config = read_config(&options.config)?;
    let model =
        std::fs::read(job.model).map_err(|e| format!("cannot read the model '{}': {e}", job.model.display()))?;
    let mut staging = Staging::new(job.output)?;
    let name = job.model.display().to_string();
    let mut stages = Stages(Vec::new());
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    for path in &options.load_pass_plugin {
        mc_passes::pass_plugin::load_pass_plugin(path, &mut registry)?.register_dialects(&mut ctx);
    }
    let report = |ctx: &Context, diags: &[Diagnostic]| diags.iter().map(|d| render(ctx, d, &[])).collect::<String>();

    let is_ir = job.model.extension().is_some_and(|e| e == "mlir");
    let module = if is_ir {
        let text = String::from_utf8(model.clone()).map_err(|_| format!("the model '{name}' is not UTF-8 text"))?;
        let source = SourceBuffer::new(&name, text, 1);
        let rendered =
            |ctx: &Context, diags: &[Diagnostic]| diags.iter().map(|d| render(ctx, d, &[&source])).collect::<String>();
        let module =
            stages.run("parse", || mc_ir::parser::parse_source(&mut ctx, &source)).map_err(|d| rendered(&ctx, &[d]))?;
        mc_ir::verify(&ctx, module.op()).map_err(|d| rendered(&ctx, &d))?;
        module
    } else {
        stages
            .run("import", || mc_tflite::import::import_and_verify(&mut ctx, &model, &name))
            .map_err(|d| report(&ctx, &d))?
    };
    // A TFLite model's entry is its subgraph 0, whatever the converter named it.
    let entry = match is_ir {
        true => "main".to_string(),
        false => mc_tflite::import::entry_name(&ctx, module).ok_or("the model has no subgraph")?,
    };
    // The entry's buffers are the model's inputs then its outputs: count the inputs now.
    let inputs = mc_ir::SymbolTable::new(&ctx, module.op())
        .lookup(&entry)
        .and_then(|op| FuncOp::cast(&ctx, op))
        .map(|func| func.signature(&ctx).0.len())
        .ok_or_else(|| format!("the model has no @{entry} function"))?;
    let dump_residency = config.as_ref().map(|(_, memory)| memory.dump_residency_json.clone()).unwrap_or_default();
    let residency_name = format!("{}_residency.json", prefix.as_str());
    let residency = staging.path(&residency_name);
    // A report path from the config: the report goes there once everything else is in place.
    if let Some(to) = dump_residency.path() {
        staging.send(&residency_name, PathBuf::from(to));
    }
    let svg = staging.path(&format!("{}_arena.svg", prefix.as_str()));
    let mut usmp = format!("arena-svg=\"{}\"", svg.display());
    if dump_residency.enabled() || emit_kind == Emit::Module {
        usmp.push_str(&format!(" residency-report=\"{}\"", residency.display()));
    }
    if let Some((path, _)) = &config {
        usmp.push_str(&format!(" config=\"{}\"", path.display()));
    }
    if let Some(planner) = &options.planner {
        usmp.push_str(&format!(" algorithm={planner}"));
    }
    // The config file may patch the first layers ([memory.patch], or a goal to choose a patch for).
    let patch_options = config.as_ref().map(|(path, _)| format!("config=\"{}\"", path.display())).unwrap_or_default();
    if let Some(passes) = &options.graph_passes {
        let pipeline = format!("builtin.module({passes})");
        let mut pm = PassManager::parse(&pipeline, &registry).map_err(|e| e.render(&pipeline))?;
        stages.run("graph passes", || pm.run(&mut ctx, module.op())).map_err(|f| report(&ctx, &f.0))?;
    }
    let mut folded_pads = Vec::new();
    for (stage, pipeline, emitted) in [
        (
            "lower to buffer kernels",
            graph_to_inplace_buffers_with(!options.no_inplace_concat, !options.no_fold_pad, &patch_options),
            Emit::Graph,
        ),
        (
            "lower to planned loops",
            profile::pipeline(buffer_to_loop_with(&usmp, loop_choices), options.profile),
            Emit::Buffer,
        ),
    ] {
        if emit_kind == emitted {
            break;
        }
        let mut pm = PassManager::parse(&pipeline, &registry).map_err(|e| e.render(&pipeline))?;
        stages.run(stage, || pm.run(&mut ctx, module.op())).map_err(|f| report(&ctx, &f.0))?;
        if emitted == Emit::Graph {
            folded_pads = folded_pad_lines(&ctx, module.op());
            if options.profile {
                let layers = profile::layers_json(&ctx, module.op(), (!is_ir).then_some(model.as_slice()));
                staging.write(&format!("{}_layers.json", prefix.as_str()), layers.as_bytes())?;
            }
        }
    }
    // Cores with a vector unit get their loops vectorized (`--emit mlir-loop` shows the result).
    if let Some(passes) = target.vector_passes().filter(|_| !matches!(emit_kind, Emit::Graph | Emit::Buffer)) {
        let pipeline = format!("builtin.module({passes})");
        let mut pm = PassManager::parse(&pipeline, &registry).map_err(|e| e.render(&pipeline))?;
        stages.run("vectorize", || pm.run(&mut ctx, module.op())).map_err(|f| report(&ctx, &f.0))?;
    }
    if let Some(kind) = emit_kind.llvm_kind() {
        let machine = target.machine(level)?;
        let llvm = inkwell::context::Context::create();
        let mut lower = LowerOptions::new(prefix.clone(), inputs);
        if let Some(api) = lower.api.as_mut() {
            api.entry = entry.clone();
            if let Some((_, memory)) = &config {
                api.allocate_arenas = memory.allocate_arenas;
            }
        }
        let lowered = stages
            .run("lower to LLVM", || lower_module(&ctx, module.op(), &llvm, &machine, &lower))
            .map_err(|d| report(&ctx, &[d]))?;
        stages.run("LLVM optimization", || optimize(&lowered, &machine, level))?;
        let bytes = stages.run("LLVM code generation", || emit(&lowered, &machine, kind))?;
        let extension = match kind {
            EmitKind::Object => "o",
            EmitKind::Assembly => "s",
            EmitKind::LlvmIr => "ll",
        };
        let header = header(&ctx, module.op(), &lower).map_err(|d| report(&ctx, &[d]))?;
        if let (Emit::Module, Some(api)) = (emit_kind, &lower.api) {
            let interface = Interface::of(&ctx, module.op(), api).map_err(|d| report(&ctx, &[d]))?;
            let parts = ModuleParts {
                prefix: &prefix,
                target_name: job.target,
                target,
                model: &name,
                opt_level: &options.opt_level,
                object: &bytes,
                header: &header,
                interface: &interface,
                allocate_arenas: api.allocate_arenas,
            };
            firmware_module::stage(&ctx, &staging, &parts)?;
        } else {
            staging.write(&format!("{}.{extension}", prefix.as_str()), &bytes)?;
            staging.write(&format!("{}.h", prefix.as_str()), header.as_bytes())?;
        }
    } else {
        let mut text = Vec::new();
        print_top_level_to(&ctx, module.op(), PrintOptions::default(), &mut text).expect("printing to memory");
        staging.write(&format!("{}.mlir", prefix.as_str()), &text)?;
    }
    let written = staging.commit()?;

    println!("mcc: {} for {} ({}, {}), -O{}", name, job.target, target.triple, target.cpu, &options.opt_level);
    for (stage, seconds) in &stages.0 {
        println!("  {stage:<24} {:>9.1} ms", seconds * 1e3);
    }
    let module_op = ModuleOp::cast(&ctx, module.op()).expect("a module");
    let mut flash = 0;
    for op in module_op.ops(&ctx) {
        if let Some(pool) = PoolOp::cast(&ctx, op) {
            println!(
                "  RAM   {:<22} {:>9} B  (bank {}, {})",
                format!("@{}", pool.name(&ctx)),
                pool.size_bytes(&ctx),
                pool.bank_name(&ctx),
                pool.role_value(&ctx).map_or("?", |r| r.as_str())
            );
        } else if let Some(global) = GlobalOp::cast(&ctx, op) {
            let bytes = global.data(&ctx).map_or(0, |d| d.len());
            // INT4 weights hold a value per byte until loop-emulate-narrow-type packs them.
            let int4 = integer_storage_width(&ctx, ctx.element_type(global.buffer_type(&ctx))) == Some(4);
            flash += if int4 && !loop_choices.unpack_int4 { bytes.div_ceil(2) } else { bytes };
        }
    }
    println!("  flash {:<22} {flash:>9} B", "constants");
    for line in folded_pads {
        println!("  {line}");
    }
    for path in written {
        println!("  wrote {}", path.display());
    }
    Ok(())
}

/// One line per kernel a `PAD` was folded into (`graph-fold-pad` marks them `folded_pad`):
/// `folded PAD 'pad tensor' into conv_2d 'output tensor'`.
fn folded_pad_lines(ctx: &Context, root: mc_ir::OpId) -> Vec<String> {
    let kernels = ctx.walk_preorder(root).into_iter().filter_map(|op| KernelOp::cast(ctx, op));
    kernels
        .filter_map(|kernel| {
            let pad = ctx.string_value(ctx.attr(kernel.op(), FOLDED_PAD)?)?;
            let name = kernel.kernel_name(ctx).unwrap_or("kernel");
            let output = ctx.loc_name(ctx.operation(kernel.op()).loc()).unwrap_or("?");
            Some(format!("folded PAD '{pad}' into {name} '{output}'"))
        })
        .collect()
}
