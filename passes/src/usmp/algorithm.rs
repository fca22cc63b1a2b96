//! The planning algorithms by name (`usmp{algorithm=...}`), and `auto`, which runs the fast
//! ones and the exact one within its limits and keeps the lowest plan. An [`AlgorithmChoice`]
//! is a built-in or a loaded planner plugin ([`super::plugin`]).

use super::conflicts::Conflicts;
use super::exact::{ExactLimits, exact};
use super::greedy::{by_conflicts_order, by_size_order, first_fit_order, place_in_order};
use super::hill_climb::{climb_from, hill_climb};
use super::plugin;
use super::problem::{Placement, Problem};
use mc_ir::pass::OptionType;

mc_ir::option_enum! {
    /// A planning algorithm.
    pub enum Algorithm {
        /// TVM's greedy by size: larger buffers first, each at the lowest fitting offset.
        GreedyBySize = "greedy_by_size",
        /// TVM's greedy by conflicts: buffers with more conflicts first.
        GreedyByConflicts = "greedy_by_conflicts",
        /// TFLite Micro's `GreedyMemoryPlanner`: larger first, then earlier first use.
        FirstFit = "first_fit",
        /// TVM's hill climbing from the greedy-by-size order.
        HillClimb = "hill_climb",
        /// Branch and bound (MiniMalloc), from the best greedy plan, within its limits.
        Exact = "exact",
        /// Every fast algorithm, then the exact one from the best of them.
        Auto = "auto",
    }
}

/// A planner as selected by name: a built-in algorithm or a loaded plugin's planner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlgorithmChoice {
    /// One of mc's algorithms.
    Builtin(Algorithm),
    /// A planner of a loaded plugin, by name.
    Plugin(String),
}

impl From<Algorithm> for AlgorithmChoice {
    fn from(algorithm: Algorithm) -> AlgorithmChoice {
        AlgorithmChoice::Builtin(algorithm)
    }
}

impl OptionType for AlgorithmChoice {
    fn type_name() -> String {
        let mut names = Algorithm::type_name();
        for name in plugin::names() {
            names.push('|');
            names.push_str(name);
        }
        names
    }

    /// A built-in's name or a loaded planner's; the error lists both.
    fn parse_value(raw: Option<&str>) -> Result<Self, String> {
        if let Ok(algorithm) = Algorithm::parse_value(raw) {
            return Ok(AlgorithmChoice::Builtin(algorithm));
        }
        let name = raw.map(mc_ir::pass::pipeline_text::clean_value).unwrap_or("");
        if plugin::find(name).is_some() {
            return Ok(AlgorithmChoice::Plugin(name.to_string()));
        }
        let builtins = Algorithm::parse_value(None).err().unwrap_or_default();
        let loaded = plugin::names();
        Err(if loaded.is_empty() {
            format!("{builtins} (built-in), or a planner of a plugin given with --load-plugin (none loaded)")
        } else {
            format!("{builtins} (built-in), or a loaded plugin planner: '{}'", loaded.join("', '"))
        })
    }

    fn print_value(&self) -> String {
        match self {
            AlgorithmChoice::Builtin(algorithm) => algorithm.print_value(),
            AlgorithmChoice::Plugin(name) => name.clone(),
        }
    }
}

impl AlgorithmChoice {
    /// Plans `problem`: a built-in with [`solve`] (`limits` bound its exact search), a plugin
    /// with a validated plan (`capacity` is its hint).
    ///
    /// # Errors
    ///
    /// A plugin that is not loaded, fails, panics or returns an invalid plan.
    pub fn solve(&self, problem: &Problem, limits: ExactLimits, capacity: Option<u64>) -> Result<Solution, String> {
        match self {
            AlgorithmChoice::Builtin(algorithm) => Ok(solve(problem, *algorithm, limits)),
            AlgorithmChoice::Plugin(name) => plugin::find(name)
                .ok_or_else(|| format!("no planner plugin '{name}' is loaded"))?
                .solve(problem, capacity),
        }
    }
}

/// Perturbations hill climbing tries at most (TVM bounds its attempts likewise)...
const HILL_CLIMB_ATTEMPTS: usize = 2000;

/// ... and, each costing a greedy placement, at most this many buffer placements in all, so
/// large problems stay fast (10^4 buffers: 20 attempts); at least [`HILL_CLIMB_MIN_ATTEMPTS`].
/// A count, not a time, so plans do not depend on the machine.
const HILL_CLIMB_PLACEMENTS: usize = 200_000;

/// Attempts hill climbing always makes.
const HILL_CLIMB_MIN_ATTEMPTS: usize = 10;

/// Its seed: plans are deterministic.
const HILL_CLIMB_SEED: u64 = 0x05EE_D05E_ED05_EED0;

/// A plan and where it came from.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The offsets.
    pub placement: Placement,
    /// Its height in bytes.
    pub height: u64,
    /// The algorithm that found it.
    pub algorithm: &'static str,
    /// True if it is proven optimal (it meets the lower bound, or the exact search finished).
    pub optimal: bool,
}

/// Plans `problem` with `algorithm` (`limits` bound the exact search). With overlap allowances
/// it also plans the problem without them and keeps the lower plan (a disjoint plan is valid
/// either way), so allowances never cost bytes.
pub fn solve(problem: &Problem, algorithm: Algorithm, limits: ExactLimits) -> Solution {
    if problem.allowances.is_empty() {
        return solve_one(problem, algorithm, limits);
    }
    let with = solve_one(problem, algorithm, limits);
    let without = solve_one(&problem.clone().with_allowances(Vec::new()), algorithm, limits);
    if without.height < with.height {
        Solution { optimal: without.height <= problem.lower_bound(), ..without }
    } else {
        with
    }
}

/// [`solve`] with the problem's allowances as they are.
fn solve_one(problem: &Problem, algorithm: Algorithm, limits: ExactLimits) -> Solution {
    // The greedy placements always run (a plan is needed); hill climbing and the exact search
    // share the time limit.
    let started = std::time::Instant::now();
    let conflicts = Conflicts::new(problem);
    let lower_bound = problem.lower_bound();
    let solution = |placement: Placement, algorithm: &'static str| {
        let height = placement.height(problem);
        Solution { placement, height, algorithm, optimal: height <= lower_bound }
    };
    let greedy = |name: &'static str, order: &[usize]| solution(place_in_order(problem, &conflicts, order), name);
    let by_conflicts = || greedy("greedy_by_conflicts", &by_conflicts_order(problem, &conflicts));
    let first_fit = || greedy("first_fit", &first_fit_order(problem));
    let attempts = (HILL_CLIMB_PLACEMENTS / problem.len().max(1)).clamp(HILL_CLIMB_MIN_ATTEMPTS, HILL_CLIMB_ATTEMPTS);
    match algorithm {
        Algorithm::GreedyBySize => greedy("greedy_by_size", &by_size_order(problem, &conflicts)),
        Algorithm::GreedyByConflicts => by_conflicts(),
        Algorithm::FirstFit => first_fit(),
        Algorithm::HillClimb => {
            let order = by_size_order(problem, &conflicts);
            solution(hill_climb(problem, &conflicts, &order, attempts, HILL_CLIMB_SEED, None), "hill_climb")
        }
        Algorithm::Exact | Algorithm::Auto => {
            // Hill climbing starts from greedy_by_size's placement rather than placing it again.
            let size_order = by_size_order(problem, &conflicts);
            let mut candidates = vec![greedy("greedy_by_size", &size_order), by_conflicts(), first_fit()];
            let deadline = started + limits.time_limit;
            let climbed = (algorithm == Algorithm::Auto && std::time::Instant::now() < deadline).then(|| {
                let start = candidates[0].placement.clone();
                let placement =
                    climb_from(problem, &conflicts, &size_order, start, attempts, HILL_CLIMB_SEED, Some(deadline));
                solution(placement, "hill_climb")
            });
            candidates.extend(climbed);
            let best = candidates.into_iter().min_by_key(|s| s.height).expect("candidates");
            if best.optimal {
                return if algorithm == Algorithm::Exact { Solution { algorithm: "exact", ..best } } else { best };
            }
            let left = ExactLimits { time_limit: limits.time_limit.saturating_sub(started.elapsed()), ..limits };
            let result = exact(problem, best.placement.clone(), left);
            let height = result.placement.height(problem);
            if height < best.height || algorithm == Algorithm::Exact {
                Solution { placement: result.placement, height, algorithm: "exact", optimal: result.optimal }
            } else {
                Solution { optimal: result.optimal, ..best }
            }
        }
    }
}
