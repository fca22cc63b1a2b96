//! `mc-plan`: plans a standalone memory-planning problem in MiniMalloc's CSV format, so mc's
//! planners can be compared with the research community's tools on the same files.
//!
//! ```text
//! mc-plan problem.csv [--algorithm auto] [--capacity BYTES] [--time-limit MS] [-o solution.csv]
//!         [--load-plugin=planner.so ...]
//! ```
//!
//! The input has a header and one row per buffer: `id,lower,upper,size`, live at steps
//! `lower..upper` (upper exclusive, as MiniMalloc writes them). The output repeats each row with
//! its `offset`. A summary (height, lower bound, algorithm, optimality or the gap to the bound,
//! time) goes to stderr. `--time-limit` bounds hill climbing and the exact search (`auto`,
//! `exact`; 0: the best greedy plan, as fast as three placements). Memory stays linear in the
//! number of buffers (no conflict lists), so 10^5 buffers take a few tens of MB. A `--capacity` below the lower bound is refused at once ("infeasible: the
//! lower bound is N"). Malformed rows, empty intervals, zero sizes, duplicate ids and a plan above
//! `--capacity` are errors (`mc-plan: error: ...`, exit status 1). `--load-plugin` loads planner plugins whose
//! planners `--algorithm` then selects by name; their plans are validated like the built-ins'.

mod csv_problem;

use clap::Parser;
use mc_ir::pass::OptionType;
use mc_passes::usmp::algorithm::AlgorithmChoice;
use mc_passes::usmp::exact::ExactLimits;
use mc_passes::usmp::plugin;
use mc_passes::usmp::validate::validate;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Command-line options.
#[derive(Parser, Debug)]
#[command(name = "mc-plan", version, about = "Plans a MiniMalloc CSV problem with mc's USMP algorithms")]
struct Options {
    /// The problem: `id,lower,upper,size` rows after a header.
    problem: String,

    /// greedy_by_size, greedy_by_conflicts, first_fit, hill_climb, exact, auto, or a planner of
    /// a loaded plugin.
    #[arg(long, default_value = "auto")]
    algorithm: String,

    /// Load a planner plugin (a shared library exporting `mc_planner_plugin_v1`); repeatable.
    #[arg(long = "load-plugin", value_name = "PATH")]
    load_plugin: Vec<String>,

    /// Fail unless the plan fits in this many bytes.
    #[arg(long)]
    capacity: Option<u64>,

    /// Milliseconds hill climbing and the exact search may take (0: neither, the best greedy
    /// plan).
    #[arg(long = "time-limit", default_value_t = 10_000)]
    time_limit: u64,

    /// Where to write the solution (`id,lower,upper,size,offset`); stdout when absent.
    #[arg(short = 'o', long = "output")]
    output: Option<String>,
}

fn main() -> ExitCode {
    match run(&Options::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("mc-plan: error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options) -> Result<(), String> {
    for path in &options.load_plugin {
        plugin::load(path)?;
    }
    let algorithm = AlgorithmChoice::parse_value(Some(&options.algorithm))
        .map_err(|expected| format!("unknown algorithm '{}': expected {expected}", options.algorithm))?;
    let text =
        std::fs::read_to_string(&options.problem).map_err(|e| format!("cannot read '{}': {e}", options.problem))?;
    let (rows, problem) = csv_problem::parse(&text).map_err(|e| format!("{}: {e}", options.problem))?;
    if let Some(capacity) = options.capacity
        && problem.lower_bound() > capacity
    {
        return Err(format!(
            "infeasible: the lower bound is {} bytes, above the capacity of {capacity}",
            problem.lower_bound()
        ));
    }
    // The time limit bounds the search, not a node count.
    let limits = ExactLimits { time_limit: Duration::from_millis(options.time_limit), max_nodes: u64::MAX };
    let started = Instant::now();
    let solution = algorithm.solve(&problem, limits, options.capacity)?;
    let elapsed = started.elapsed();
    validate(&problem, &solution.placement, None).map_err(|e| format!("internal error: the plan is unsound: {e}"))?;
    let lower_bound = problem.lower_bound();
    eprintln!(
        "mc-plan: {} buffers, height {} bytes, lower bound {lower_bound}, {} ({}), {:.3} ms",
        problem.len(),
        solution.height,
        solution.algorithm,
        if solution.optimal {
            "optimal".to_string()
        } else {
            format!("not proven optimal, {} bytes above the lower bound", solution.height - lower_bound)
        },
        elapsed.as_secs_f64() * 1e3
    );
    if let Some(capacity) = options.capacity
        && solution.height > capacity
    {
        return Err(format!("the plan needs {} bytes, more than the capacity of {capacity}", solution.height));
    }
    let out = csv_problem::write(&rows, &solution.placement.offsets);
    match &options.output {
        Some(path) => std::fs::write(path, out).map_err(|e| format!("cannot write '{path}': {e}")),
        None => {
            print!("{out}");
            Ok(())
        }
    }
}
