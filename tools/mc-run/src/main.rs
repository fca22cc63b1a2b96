//! `mc-run`: runs a model on the host. It reads a `.tflite` model or a `.mlir` file at any
//! level (graph, buffer or loop), lowers it to loop level, JIT-compiles it with Cranelift (or,
//! with `--engine llvm`, with LLVM for this CPU) and calls its entry function on `.npy` inputs,
//! writing `.npy` outputs.
//!
//! ```text
//! mc-run model.tflite --input x.npy --output y.npy [--print-pipeline] [--pass-pipeline=...]
//!        [--load-plugin planner.so] [--planner ALGORITHM] [--overlap BOOL] [--residency-report r.json] [--arena-svg a.svg]
//!        [--pools dtcm:64K,sram] [--memory-config mc.toml] [--workspace-io]
//!        [--no-vectorize] [--engine cranelift|llvm] [--entry main] [--bench N] [--invocations N [--reset-between]]
//! ```
//!
//! With `--invocations N` the model runs N times on one instance (its state carried over), and
//! each `--input`/`--output` file name stands for one file per invocation: `x.npy` is `x.0.npy`,
//! `x.1.npy`, ... (`mc_emulator::harness::invocation_file`, as `mc-emu` numbers them).
//!
//! | module | holds |
//! |---|---|
//! | `model` | loading a `.tflite` or `.mlir` model, running a pipeline on it |
//! | `pipeline` | the module's level and the pipeline that takes it to loop level |
//! | `npy` | `.npy` files as bytes, dtype and shape |
//! | `dtype` | the npy dtype of each element type |
//! | `engine` | the JIT that compiles and calls the model: Cranelift's or LLVM's |
//! | `bind` | arrays bound to the entry's parameters; the call; outputs |
//!
//! Errors (bad files, wrong counts, shapes or dtypes, failing passes) print
//! `mc-run: error: ...` on stderr and exit with status 1.

mod bind;
mod dtype;
mod engine;
mod model;
mod npy;
mod pipeline;

use clap::Parser;
use mc_backend_cranelift::{MODEL_STACK_BYTES, host_runs_vectors, run_with_stack, vectorize_for_host};
use mc_emulator::harness;
use mc_ir::pass::PassRegistry;
use mc_passes::pipelines::LoweringChoices;
use std::process::ExitCode;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(
    name = "mc-run",
    version,
    about = "Runs a model on the host through mc's Cranelift JIT or LLVM",
    max_term_width = 100
)]
struct Options {
    /// The model: a '.tflite' file, or a '.mlir' file at graph, buffer or loop level.
    model: String,

    /// An input '.npy' file; they bind the entry's leading buffer parameters, in order.
    #[arg(long = "input", value_name = "NPY")]
    inputs: Vec<String>,

    /// An output '.npy' file to write; they bind the parameters after the inputs, in order.
    #[arg(long = "output", value_name = "NPY")]
    outputs: Vec<String>,

    /// Print the pass pipeline run to reach loop level on stderr, in MLIR's textual syntax
    /// ('builtin.module()' when the model is at loop level already).
    #[arg(long = "print-pipeline")]
    print_pipeline: bool,

    /// Run this pipeline instead of the one the model's level calls for.
    #[arg(long = "pass-pipeline", value_name = "PIPELINE")]
    pass_pipeline: Option<String>,

    /// The memory planner's algorithm (usmp's `algorithm`: greedy_by_size, greedy_by_conflicts,
    /// first_fit, hill_climb, exact, auto, or a planner of a loaded plugin).
    #[arg(long = "planner", value_name = "ALGORITHM")]
    planner: Option<String>,

    /// Load a planner plugin (a shared library exporting `mc_planner_plugin_v1`), whose planners
    /// `--planner` then selects; repeatable.
    #[arg(long = "load-plugin", value_name = "PATH")]
    load_plugin: Vec<String>,

    /// Whether the planner lets a kernel's output overlap the input it consumes (usmp's
    /// `overlap`: true or false; default true).
    #[arg(long = "overlap", value_name = "BOOL")]
    overlap: Option<String>,

    /// Write the memory planner's residency report (JSON) to this file.
    #[arg(long = "residency-report", value_name = "JSON")]
    residency_report: Option<String>,

    /// Write the picture of the planned pools (SVG) to this file.
    #[arg(long = "arena-svg", value_name = "SVG")]
    arena_svg: Option<String>,

    /// The memory banks, in priority order (usmp's `pools`: `NAME[:CAPACITY[:rw|ro[:ALIGNMENT]]]`
    /// items, comma-separated).
    #[arg(long = "pools", value_name = "BANKS")]
    pools: Option<String>,

    /// A TOML file whose `[memory]` table gives the banks, placement rules, budgets and planner
    /// (usmp's `config`), and the patch of the first layers (buffer-patch's `config`:
    /// `[memory.patch]` layers and tiles, or a `peak_bytes` goal or bank capacities to choose
    /// them for).
    #[arg(long = "memory-config", value_name = "TOML")]
    memory_config: Option<String>,

    /// Plan the model's inputs and outputs into the pools (usmp's `use-workspace-io`): mc-run
    /// then writes the inputs into the pools' memory and reads the outputs from it.
    #[arg(long = "workspace-io")]
    workspace_io: bool,

    /// Keep every PAD a padded copy (no graph-fold-pad): for measuring what folding saves.
    #[arg(long = "no-fold-pad")]
    no_fold_pad: bool,

    /// Run the operators in the model's order (no buffer-reorder-for-memory): for measuring what
    /// reordering independent branches saves.
    #[arg(long = "model-order")]
    model_order: bool,

    /// Keep the scalar loops (no vectorization): for measuring what the host's SIMD saves. Without
    /// it, a model lowered by mc-run's own pipeline is vectorized with the host target's vector
    /// passes where the JIT lowers vectors on this CPU (x86-64 with SSE4.1).
    #[arg(long = "no-vectorize")]
    no_vectorize: bool,

    /// The JIT: 'cranelift' (every memory access bounds-checked at run time) or 'llvm' (-O3 for
    /// this CPU's name and features, e.g. AVX2; no run-time bounds checks: the IR is verified,
    /// the memory plan validated and the I/O buffers' sizes checked before each call).
    #[arg(long = "engine", value_enum, default_value_t = engine::EngineKind::Cranelift)]
    engine: engine::EngineKind,

    /// The function to call (default: a TFLite model's subgraph 0, whatever its name; `main` in
    /// an IR file).
    #[arg(long = "entry")]
    entry: Option<String>,

    /// Call the function N times and print the fastest call's time on stdout (compilation and
    /// the copying of inputs excluded).
    #[arg(long = "bench", value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    bench: Option<u64>,

    /// Invoke the model N times, one after another on one instance: its state (variables, SVDF
    /// state) carries over from one invocation to the next, as in TFLite Micro's successive
    /// Invoke()s. Each --input and --output FILE then stands for N files numbered by
    /// invocation before the extension: x.npy means x.0.npy, x.1.npy, ... x.<N-1>.npy.
    #[arg(
        long = "invocations",
        value_name = "N",
        default_value_t = 1,
        conflicts_with = "bench",
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    invocations: u64,

    /// Reset the state before every invocation after the first (what the C API's
    /// <prefix>_model_reset_state does), so each runs as a fresh interpreter's first Invoke().
    #[arg(long = "reset-between")]
    reset_between: bool,
}

fn main() -> ExitCode {
    let options = Options::parse();
    // Unplanned allocs live on the stack: run on a thread with room for a model's activations.
    match run_with_stack(MODEL_STACK_BYTES, || run(&options)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(message)) => {
            eprintln!("mc-run: error: {message}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("mc-run: error: cannot start the thread that runs the model: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options) -> Result<(), String> {
    for path in &options.load_plugin {
        mc_passes::usmp::plugin::load(path)?;
    }
    let mut model = model::Model::load(&options.model)?;
    let count = options.invocations as usize;
    let invocation_file = |path: &str, number: usize, count: usize| {
        harness::invocation_file(std::path::Path::new(path), number, count).to_string_lossy().into_owned()
    };
    let invocations = (0..count)
        .map(|number| {
            options
                .inputs
                .iter()
                .map(|path| {
                    let file = invocation_file(path, number, count);
                    npy::read(&file).map(|array| (file, array))
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    let mut usmp_options = [
        ("algorithm", &options.planner),
        ("overlap", &options.overlap),
        ("residency-report", &options.residency_report),
        ("arena-svg", &options.arena_svg),
        ("config", &options.memory_config),
    ]
    .iter()
    .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name}=\"{v}\"")))
    .collect::<Vec<_>>();
    // A list option: braces group its items (quotes would make one item of them).
    usmp_options.extend(options.pools.as_ref().map(|banks| format!("pools={{{banks}}}")));
    if options.workspace_io {
        usmp_options.push("use-workspace-io=true".to_string());
    }
    let usmp_options = usmp_options.join(" ");
    // mc-run's own lowering goes on to the host target's vector passes where this CPU runs them,
    // for the engine's vector width, which also decides how convolutions are lowered for them.
    let host = mc_backend_llvm::lookup("host")?;
    let vectorizing = options.pass_pipeline.is_none() && !options.no_vectorize && host_runs_vectors();
    let vector_bits = options.engine.vector_bits();
    let choices = LoweringChoices {
        fold_pads: !options.no_fold_pad,
        reorder: !options.model_order,
        patch_options: options.memory_config.as_ref().map(|path| format!("config=\"{path}\"")).unwrap_or_default(),
        output_channel_vectors: vectorizing && host.output_channel_vectors(vector_bits),
    };
    let mut ran = match model.pipeline_to_loops(options.pass_pipeline.as_deref(), &usmp_options, &choices) {
        Some(pipeline) => model.run_pipeline(&pipeline, &registry)?,
        None => "builtin.module()".to_string(),
    };
    let lowered_here = ran != "builtin.module()";
    let vector_passes = host.vector_passes_for_width(vector_bits).filter(|_| lowered_here && vectorizing);
    let vectorize =
        |model: &mut model::Model, passes: &str| model.run_pipeline(&format!("builtin.module({passes})"), &registry);
    let (model, vectorized) = match (options.engine, vector_passes) {
        // LLVM lowers every vector the passes make.
        (engine::EngineKind::Llvm, Some(passes)) => {
            let vectorized = vectorize(&mut model, passes)?;
            (model, Some(vectorized))
        }
        // Code with vectors Cranelift cannot lower (wider than 128 bits) is lowered again, scalar.
        _ => vectorize_for_host(
            model,
            vector_passes,
            vectorize,
            |model| (&model.ctx, model.module),
            || {
                let mut model = model::Model::load(&options.model)?;
                model.run_pipeline(&ran, &registry)?;
                Ok(model)
            },
        )?,
    };
    if let Some(vectorized) = vectorized {
        ran = format!("{ran}\n{vectorized}");
    }
    if options.print_pipeline {
        eprintln!("{ran}");
    }
    let entry = options.entry.clone().unwrap_or_else(|| model.entry.clone());
    let repeat = options.bench.unwrap_or(1) as usize;
    let outcome =
        bind::run(options.engine, &model, &entry, &invocations, options.outputs.len(), repeat, options.reset_between)?;
    for (number, arrays) in (0..count).zip(&outcome.outputs) {
        for (path, array) in options.outputs.iter().zip(arrays) {
            npy::write(&invocation_file(path, number, count), array)?;
        }
    }
    if let Some(count) = options.bench {
        println!("best of {count} calls: {:.1} us", outcome.best.as_secs_f64() * 1e6);
    }
    Ok(())
}
