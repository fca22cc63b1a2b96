//! `mcc analyze model.tflite --target T [--config mc.toml] [-O2] [--planner A] [--json out.json]
//! [--svg chart.svg [--profile p.json]]`:
//! what a model costs before it is flashed. It compiles the model as `mcc` does (a child `mcc`
//! into a temporary folder), then prints per layer (TFLite operator, in execution order): the
//! operator, its output tensor's name, input and output shapes and types, MACs
//! ([`layers`]), weight bytes and where they live (flash, or the RAM pool a placement rule
//! stages them into), the activation bytes live at its step of the plan, the pool and offset of
//! its output, and its estimated cycles ([`cost`]); then the totals: MACs, cycles, RAM per pool
//! and role with the planner's lower bound, flash (code and constants from the object's
//! sections) and, when the `tflite-micro` venv is there, TensorFlow Lite Micro's arena (head
//! and tail, [`crate::tflm_arena`]). `--json` writes the same as JSON, with every tensor's name;
//! `--svg` a bar chart of the RAM live at each layer and, from `mc-emu --profile`'s JSON, of the
//! instructions per layer ([`chart`]).
//!
//! The model's inputs and outputs live in the caller's memory (not in mc's pools): a layer
//! whose output is a model output shows `caller` as its place, and the live bytes count only
//! the pools.

mod chart;
mod cost;
pub(crate) mod layers;
mod plan;

use crate::child_compile::{Compilation, PREFIX, TempDir};
use clap::Parser;
use layers::{Layer, TensorFacts};
use object::{Object, ObjectSection, SectionKind};
use plan::Plan;
use serde_json::{Value, json};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `mcc analyze`'s options.
#[derive(Parser, Debug)]
#[command(name = "mcc analyze", about = "Per-layer MACs, memory and estimated cycles of a model", max_term_width = 100)]
struct Options {
    /// The TFLite model.
    model: PathBuf,

    /// Target, as `mcc --target` takes it (cortex-m4, rv32imac, ...).
    #[arg(long)]
    target: String,

    /// A TOML file with mcc's [memory] table (banks, placement rules, budgets, planner).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,

    /// Optimization level of the compiled code (flash figures): 0, 2, s or 3.
    #[arg(short = 'O', default_value = "2")]
    opt_level: String,

    /// The memory planner, as `mcc --planner` takes it.
    #[arg(long, value_name = "ALGORITHM")]
    planner: Option<String>,

    /// Also write the analysis as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,

    /// Also draw the RAM live at each layer as an SVG bar chart to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,

    /// The JSON `mc-emu --profile` wrote for this model (`<prefix>_profile.json`): the chart
    /// gets a panel of instructions per layer.
    #[arg(long, value_name = "FILE", requires = "svg")]
    profile: Option<PathBuf>,
}

/// Runs `mcc analyze` on `args` (`analyze` first).
pub fn main(args: &[OsString]) -> ExitCode {
    let options = Options::parse_from(args);
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("mcc analyze: error: {}", message.trim_end());
            ExitCode::FAILURE
        }
    }
}

/// One layer with its place in the plan and its estimated cycles.
struct Row<'a> {
    layer: &'a Layer,
    /// `flash`, or `pool+offset` per weight.
    weight_places: Vec<String>,
    /// The plan's step of the layer, when it touches a planned buffer.
    step: Option<u64>,
    live: u64,
    /// `pool+offset`, `caller` or `-`.
    output_at: String,
    cycles: u64,
}

fn run(options: &Options) -> Result<(), String> {
    let target = mc_backend_llvm::lookup(&options.target)?;
    let name = options.model.display().to_string();
    let bytes = std::fs::read(&options.model).map_err(|e| format!("cannot read the model '{name}': {e}"))?;
    let model = mc_tflite::Model::from_bytes(&bytes).map_err(|e| format!("{name}: {e}"))?;
    let layers = layers::layers(&model);
    // A bad profile fails before the compilation.
    let instructions = options.profile.as_deref().map(chart::instructions_panel).transpose()?;
    let (plan, flash) = compile(options)?;
    let costs = cost::costs(target.cpu);
    let subgraph = model.main_subgraph();
    let io: Vec<&str> = subgraph
        .inputs()
        .iter()
        .chain(subgraph.outputs())
        .filter_map(|&i| subgraph.tensors().get(i))
        .map(|t| t.name())
        .collect();
    let rows: Vec<Row<'_>> = layers.iter().map(|layer| row(layer, &plan, &io, costs)).collect();
    let arena = crate::tflm_arena::measure(&options.model)?;

    print_table(options, target, &rows, &plan, flash, arena);
    if let Some(path) = &options.json {
        let json = to_json(options, target, &rows, &plan, flash, arena);
        let text = serde_json::to_string_pretty(&json).expect("JSON");
        std::fs::write(path, text + "\n").map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        println!("  wrote {}", path.display());
    }
    if let Some(path) = &options.svg {
        let svg = chart::render(&options.model, &options.target, &rows, instructions);
        std::fs::write(path, svg).map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        println!("  wrote {}", path.display());
    }
    Ok(())
}

/// Compiles the model with a child `mcc` into a temporary folder: the plan and the object's
/// (code, constants) flash bytes.
fn compile(options: &Options) -> Result<(Plan, (u64, u64)), String> {
    let dir = TempDir::new("analyze");
    let compilation = Compilation {
        model: &options.model,
        target: &options.target,
        opt_level: &options.opt_level,
        config: options.config.as_ref(),
        planner: options.planner.as_deref(),
    };
    compilation.run(&dir.0)?;
    // The report goes where the config's dump_residency_json says.
    let dump = crate::read_config(&options.config)?.map(|(_, memory)| memory.dump_residency_json).unwrap_or_default();
    let report = match dump.path() {
        Some(path) => PathBuf::from(path),
        None if dump.enabled() => dir.0.join(format!("{PREFIX}_residency.json")),
        None => return Err("the config's dump_residency_json = false: analyze needs the residency report".into()),
    };
    let text = std::fs::read_to_string(&report).map_err(|e| format!("cannot read '{}': {e}", report.display()))?;
    Ok((Plan::from_json(&text)?, flash(&dir.0.join(format!("{PREFIX}.o")))?))
}

/// The object's code (text) and constant (read-only data) bytes.
fn flash(path: &Path) -> Result<(u64, u64), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    let file = object::File::parse(bytes.as_slice()).map_err(|e| format!("'{}': {e}", path.display()))?;
    let (mut code, mut constants) = (0, 0);
    for section in file.sections() {
        match section.kind() {
            SectionKind::Text => code += section.size(),
            SectionKind::ReadOnlyData | SectionKind::ReadOnlyString => constants += section.size(),
            _ => {}
        }
    }
    Ok((code, constants))
}

fn row<'a>(layer: &'a Layer, plan: &Plan, io: &[&str], costs: cost::Costs) -> Row<'a> {
    let weight_places = layer
        .weights
        .iter()
        .map(|w| plan.staged(&w.name).map_or("flash".to_string(), |(pool, offset)| format!("@{pool}+{offset}")))
        .collect();
    let output = layer.outputs.first();
    let placed = output.and_then(|o| plan.find(&o.name));
    // A planned output starts living at the layer's step; else the layer is its planned
    // inputs' last step.
    let step = placed
        .map(|p| p.live[0])
        .or_else(|| layer.inputs.iter().filter_map(|i| plan.find(&i.name)).map(|p| p.live[1]).max());
    let output_at = match (placed, output) {
        (Some(p), _) => format!("@{}+{}", p.pool, p.offset),
        (None, Some(o)) if io.contains(&o.name.as_str()) => "caller".to_string(),
        _ => "-".to_string(),
    };
    let float = output.is_some_and(|o| o.dtype.starts_with("FLOAT"));
    let cycles = costs.cycles(layer.macs, layer.output_elements(), float);
    Row { layer, weight_places, step, live: step.map_or(0, |s| plan.live_bytes(s)), output_at, cycles }
}

/// `[1,96,96,3]`.
fn shape(t: &TensorFacts) -> String {
    format!("[{}]", t.shape.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
}

fn places(row: &Row<'_>) -> String {
    let mut places = row.weight_places.clone();
    places.dedup();
    if places.is_empty() { "-".to_string() } else { places.join(",") }
}

fn print_table(
    options: &Options,
    target: &mc_backend_llvm::TargetSpec,
    rows: &[Row<'_>],
    plan: &Plan,
    (code, constants): (u64, u64),
    arena: Option<crate::tflm_arena::Arena>,
) {
    println!("mcc analyze: {} for {} ({}, {})", options.model.display(), options.target, target.triple, target.cpu);
    println!(
        "{:>3} {:<18} {:<16} {:<16} {:<5} {:>10} {:>8} {:<6} {:>5} {:>8} {:<20} {:>11}  output tensor",
        "#",
        "operator",
        "input",
        "output",
        "type",
        "MACs",
        "weights",
        "in",
        "step",
        "live B",
        "output at",
        "est. cycles"
    );
    for row in rows {
        let layer = row.layer;
        let first = |list: &[TensorFacts]| list.first().map_or("-".to_string(), shape);
        let output = layer.outputs.first();
        println!(
            "{:>3} {:<18} {:<16} {:<16} {:<5} {:>10} {:>8} {:<6} {:>5} {:>8} {:<20} {:>11}  {}",
            layer.index,
            layer.operator,
            first(&layer.inputs),
            first(&layer.outputs),
            output.map_or("-", |o| o.dtype),
            layer.macs,
            layer.weight_bytes(),
            places(row),
            row.step.map_or("-".to_string(), |s| s.to_string()),
            row.live,
            row.output_at,
            row.cycles,
            output.map_or("-", |o| o.name.as_str()),
        );
    }
    let macs: u64 = rows.iter().map(|r| r.layer.macs).sum();
    let cycles: u64 = rows.iter().map(|r| r.cycles).sum();
    println!("totals");
    println!("  MACs                       {macs:>12}");
    println!("  estimated cycles           {cycles:>12}  ({} cost table)", target.cpu);
    for pool in &plan.pools {
        println!(
            "  RAM   {:<20} {:>12} B  (bank {}, {}; lower bound {} B at step {})",
            format!("@{}", pool.name),
            pool.size,
            pool.bank,
            pool.role,
            pool.lower_bound,
            pool.peak_step
        );
    }
    for role in ["scratch", "persistent"] {
        let (size, bound) = role_totals(plan, role);
        println!("  RAM   {role:<20} {size:>12} B  (lower bound {bound} B)");
    }
    println!("  flash code                 {code:>12} B");
    println!("  flash constants            {constants:>12} B");
    println!("  flash total                {:>12} B", code + constants);
    match arena {
        Some(a) => println!(
            "  TFLM arena                 {:>12} B  (head {} B: tensors and I/O; tail {} B: persistent)",
            a.head + a.tail,
            a.head,
            a.tail
        ),
        None => println!("  TFLM arena                            -  (no tflite-micro venv: run scripts/setup.sh)"),
    }
}

/// Size and lower bound of the pools of `role`.
fn role_totals(plan: &Plan, role: &str) -> (u64, u64) {
    let pools = plan.pools.iter().filter(|p| p.role == role);
    pools.fold((0, 0), |(size, bound), p| (size + p.size, bound + p.lower_bound))
}

fn tensor_json(t: &TensorFacts) -> Value {
    json!({"name": t.name, "shape": t.shape, "type": t.dtype, "bytes": t.bytes})
}

fn to_json(
    options: &Options,
    target: &mc_backend_llvm::TargetSpec,
    rows: &[Row<'_>],
    plan: &Plan,
    (code, constants): (u64, u64),
    arena: Option<crate::tflm_arena::Arena>,
) -> Value {
    let layers: Vec<Value> = rows
        .iter()
        .map(|row| {
            let layer = row.layer;
            let weights: Vec<Value> = layer
                .weights
                .iter()
                .zip(&row.weight_places)
                .map(|(w, place)| {
                    let mut value = tensor_json(w);
                    value["lives_in"] = json!(place);
                    value
                })
                .collect();
            json!({
                "index": layer.index,
                "operator": layer.operator,
                "inputs": layer.inputs.iter().map(tensor_json).collect::<Vec<_>>(),
                "weights": weights,
                "outputs": layer.outputs.iter().map(tensor_json).collect::<Vec<_>>(),
                "macs": layer.macs,
                "weight_bytes": layer.weight_bytes(),
                "step": row.step,
                "live_bytes": row.live,
                "output_at": row.output_at,
                "estimated_cycles": row.cycles,
            })
        })
        .collect();
    let pools: Vec<Value> = plan
        .pools
        .iter()
        .map(|p| {
            json!({"name": p.name, "bank": p.bank, "role": p.role, "size": p.size,
                   "lower_bound": p.lower_bound, "peak_step": p.peak_step})
        })
        .collect();
    let roles: Vec<Value> = ["scratch", "persistent"]
        .iter()
        .map(|role| {
            let (size, bound) = role_totals(plan, role);
            json!({"role": role, "size": size, "lower_bound": bound})
        })
        .collect();
    json!({
        "model": options.model.display().to_string(),
        "target": options.target,
        "triple": target.triple,
        "cpu": target.cpu,
        "layers": layers,
        "totals": {
            "macs": rows.iter().map(|r| r.layer.macs).sum::<u64>(),
            "estimated_cycles": rows.iter().map(|r| r.cycles).sum::<u64>(),
            "ram_pools": pools,
            "ram_roles": roles,
            "flash": {"code": code, "constants": constants, "total": code + constants},
            "tflm_arena": arena.map(|a| json!({"head": a.head, "tail": a.tail, "total": a.head + a.tail})),
        },
    })
}
