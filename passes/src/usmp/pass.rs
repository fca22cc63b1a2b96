//! The `usmp` pass: plans every `buffer.alloc` of a module into pools — one arena per role
//! (scratch, persistent) in the memory bank — validates the plan, and replaces each alloc with a
//! `buffer.pool_view` at its offset. No allocation remains at run time.
//!
//! Functions are planned one by one into the same pools (a pool is as large as the largest
//! function needs): a module's functions do not run at the same time. A module that calls
//! between its functions is rejected until calls are planned.
//!
//! `buffer.overlap` hints (a kernel's output may overlap its input) become planning allowances
//! with `overlap=true` (the default; see [`super::hints`]); every hint is erased either way.
//!
//! ```mlir
//! %a = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
//! // becomes
//! buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 32 : i64}
//! %a = buffer.pool_view @sram_scratch {offset = 0 : i64} : !buffer<1x8xf32>
//! ```

use super::algorithm::{Algorithm, Solution, solve};
use super::exact::ExactLimits;
use super::hints::Hint;
use super::liveness::{Liveness, ModuleLiveness};
use super::problem::{Problem, align_up};
use super::report::{BufferReport, ConstantReport, PoolReport, ResidencyReport, fnv1a64};
use super::validate::validate;
use mc_dialects::buffer::{DEFAULT_ALIGNMENT, GlobalOp, PoolOp, PoolViewOp, Role};
use mc_dialects::func::CallOp;
use mc_ir::pass::{AnalysisManager, OptionSet, OptionType, Pass};
use mc_ir::{Builder, Context, Diagnostic, Failure, InsertPoint, OpId};
use std::time::Duration;

mc_ir::pass_options! {
    /// Options of `usmp`.
    pub struct UsmpOptions {
        /// The planning algorithm.
        algorithm: Algorithm = Algorithm::Auto,
        /// The memory bank the pools go to.
        bank: String = "sram".to_string(),
        /// The bank's capacity in bytes, for every pool in it together (0: unbounded).
        capacity: i64 = 0,
        /// Search nodes the exact planner may visit.
        exact_max_nodes: i64 = 2_000_000,
        /// Milliseconds the exact planner may take.
        exact_time_limit_ms: i64 = 2000,
        /// Write the residency report (JSON) to this file.
        residency_report: String = String::new(),
        /// Write the picture of the pools (SVG) to this file.
        arena_svg: String = String::new(),
        /// Let a kernel's output overlap the input it consumes where the kernel allows it
        /// (`buffer.overlap` hints); with false, the hints are dropped.
        overlap: bool = true,
    }
}

/// The `usmp` pass.
#[derive(Default)]
pub struct Usmp {
    options: UsmpOptions,
}

impl Pass for Usmp {
    fn argument(&self) -> &str {
        "usmp"
    }

    fn summary(&self) -> &str {
        "Plan every buffer.alloc into memory pools (unified static memory planning)"
    }

    fn description(&self) -> &str {
        "Computes the live interval of every buffer.alloc (inter-operator tensors and kernel \
         workspaces together), plans each role's buffers into one pool of the bank with the \
         chosen algorithm, checks the plan with an independent validator, and replaces the \
         allocs with buffer.pool_view ops of module-level buffer.pool arenas."
    }

    fn anchor(&self) -> Option<&str> {
        Some("builtin.module")
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if let Some(call) = ctx.walk_preorder(op).into_iter().find(|&o| CallOp::cast(ctx, o).is_some()) {
            return Err(ctx.op_error(call, "usmp: calls between functions are not planned yet").into());
        }
        let (mut hints, erased) = super::hints::take(ctx, op);
        if erased {
            // The hints were ops of the function bodies: steps of any cached liveness.
            analyses.clear();
        }
        if !self.options.overlap {
            hints.clear();
        }
        let liveness = analyses.get_analysis::<ModuleLiveness>(ctx, op);
        let limits = ExactLimits {
            max_nodes: u64::try_from(self.options.exact_max_nodes).unwrap_or(0),
            time_limit: Duration::from_millis(u64::try_from(self.options.exact_time_limit_ms).unwrap_or(0)),
        };
        let mut plans = Vec::new();
        let mut diags = Vec::new();
        for (func, result) in &liveness.functions {
            match result {
                Ok(live) => match plan_function(live, &hints, self.options.algorithm, limits) {
                    Ok(plan) => plans.push((*func, plan)),
                    Err(message) => diags.push(ctx.op_error(*func, message)),
                },
                Err(diag) => diags.push(diag.clone()),
            }
        }
        if !diags.is_empty() {
            return Err(Failure(diags));
        }
        let pools = pool_sizes(&plans);
        let capacity = u64::try_from(self.options.capacity).unwrap_or(0);
        let total: u64 = pools.iter().map(|p| p.size).sum();
        if capacity > 0 && total > capacity {
            return Err(over_budget(ctx, op, &self.options.bank, capacity, &liveness, &plans).into());
        }
        if !self.options.residency_report.is_empty() || !self.options.arena_svg.is_empty() {
            let capacity = (capacity > 0).then_some(capacity);
            let report = residency_report(ctx, op, &self.options, capacity, &liveness, &plans, &pools);
            let write = |path: &str, text: String| {
                std::fs::write(path, text).map_err(|e| ctx.op_error(op, format!("usmp: cannot write '{path}': {e}")))
            };
            if !self.options.residency_report.is_empty() {
                write(&self.options.residency_report, report.to_json())?;
            }
            if !self.options.arena_svg.is_empty() {
                write(&self.options.arena_svg, super::svg::render(&report))?;
            }
        }
        rewrite(ctx, op, &self.options.bank, &liveness, &plans, &pools);
        Ok(())
    }
}

/// The residency report of the plans (before the rewrite: allocs still name the buffers).
fn residency_report(
    ctx: &Context,
    module: OpId,
    options: &UsmpOptions,
    capacity: Option<u64>,
    liveness: &ModuleLiveness,
    plans: &[(OpId, Vec<RolePlan>)],
    pools: &[Pool],
) -> ResidencyReport {
    let bank = &options.bank;
    let func_name = |func: OpId| ctx.symbol_name(func).unwrap_or("").to_string();
    let mut buffers = Vec::new();
    for ((func, role_plans), (_, live)) in plans.iter().zip(&liveness.functions) {
        let Ok(live) = live else { continue };
        for plan in role_plans {
            for (k, &index) in plan.buffers.iter().enumerate() {
                let (buffer, request) = (&live.buffers[index], &plan.problem.requests[k]);
                buffers.push(BufferReport {
                    function: func_name(*func),
                    name: buffer.name.clone(),
                    role: plan.role.to_string(),
                    bank: bank.clone(),
                    pool: pool_name(bank, plan.role),
                    offset: plan.solution.placement.offsets[k],
                    size: request.size,
                    alignment: request.alignment,
                    live: [request.live.start, request.live.end],
                    algorithm: plan.solution.algorithm.to_string(),
                    overlaps: overlapped_input(plan, k).map(|j| live.buffers[plan.buffers[j]].name.clone()),
                });
            }
        }
    }
    let pool_reports: Vec<PoolReport> = pools
        .iter()
        .map(|pool| {
            let (func, plan, steps) = plans
                .iter()
                .zip(&liveness.functions)
                .filter_map(|((func, role_plans), (_, live))| {
                    let plan = role_plans.iter().find(|p| p.role == pool.role)?;
                    Some((*func, plan, live.as_ref().ok()?.steps))
                })
                .max_by_key(|(_, plan, _)| plan.solution.height)
                .expect("a pool has a plan");
            let (_, peak_step) = peak(&plan.problem, steps);
            let lower_bound = plan.problem.lower_bound();
            PoolReport {
                name: pool_name(bank, pool.role),
                bank: bank.clone(),
                role: pool.role.to_string(),
                size: pool.size,
                alignment: pool.alignment,
                capacity,
                function: func_name(func),
                occupied: plan.solution.height,
                lower_bound,
                peak_step,
                steps,
            }
        })
        .collect();
    let mut constants = Vec::new();
    let plan_hash = ResidencyReport::plan_hash(&pool_reports, &buffers);
    let mut with_constants = plan_hash;
    for op in ctx.walk_preorder(module) {
        if let Some(global) = GlobalOp::cast(ctx, op) {
            let data = global.data(ctx).unwrap_or_default();
            with_constants = fnv1a64(global.name(ctx).as_bytes(), with_constants);
            with_constants = fnv1a64(&data, with_constants);
            constants.push(ConstantReport { name: global.name(ctx).to_string(), size: data.len() as u64 });
        }
    }
    ResidencyReport {
        algorithm: options.algorithm.print_value(),
        layout_hash: format!("{plan_hash:016x}"),
        layout_and_constants_hash: format!("{with_constants:016x}"),
        pools: pool_reports,
        buffers,
        constants,
    }
}

/// The input request `k` of `plan` shares bytes with, by an allowance (as an output).
fn overlapped_input(plan: &RolePlan, k: usize) -> Option<usize> {
    let (offsets, requests) = (&plan.solution.placement.offsets, &plan.problem.requests);
    plan.problem
        .allowances
        .iter()
        .filter(|a| a.output == k)
        .map(|a| a.input)
        .find(|&j| offsets[k] < offsets[j] + requests[j].size && offsets[j] < offsets[k] + requests[k].size)
}

/// The most bytes live at one step of `problem` (over `steps` steps), and the first such step.
fn peak(problem: &Problem, steps: u32) -> (u64, u32) {
    (0..steps)
        .map(|s| {
            let live = problem.requests.iter().filter(|r| r.live.start <= s && s <= r.live.end).map(|r| r.size);
            (live.sum::<u64>(), s)
        })
        .max_by_key(|&(bytes, s)| (bytes, std::cmp::Reverse(s)))
        .unwrap_or((0, 0))
}

/// A function's plan per role: the problem, the buffers (indices into the liveness) and the
/// solution.
struct RolePlan {
    role: Role,
    problem: Problem,
    buffers: Vec<usize>,
    solution: Solution,
}

/// The roles that get pools, in pool order.
const PLANNED_ROLES: [Role; 2] = [Role::Scratch, Role::Persistent];

/// Plans each role of one function and validates every plan.
///
/// # Errors
///
/// A message if a plan fails the validator (it shares no code with the planners: a planner bug,
/// reported rather than used).
fn plan_function(
    live: &Liveness,
    hints: &[Hint],
    algorithm: Algorithm,
    limits: ExactLimits,
) -> Result<Vec<RolePlan>, String> {
    PLANNED_ROLES
        .into_iter()
        .map(|role| {
            let (problem, buffers) = live.problem(role);
            let allowances = super::hints::allowances(hints, live, &buffers, &problem);
            let problem = problem.with_allowances(allowances);
            let solution = solve(&problem, algorithm, limits);
            validate(&problem, &solution.placement, None).map_err(|error| {
                format!("usmp: the {} plan of the {role} buffers is unsound: {error}", solution.algorithm)
            })?;
            Ok(RolePlan { role, problem, buffers, solution })
        })
        .collect()
}

/// One pool to create.
struct Pool {
    role: Role,
    size: u64,
    alignment: u64,
}

/// The pool of each role: as large as the largest function's plan, aligned as its most aligned
/// buffer (at least [`DEFAULT_ALIGNMENT`]).
fn pool_sizes(plans: &[(OpId, Vec<RolePlan>)]) -> Vec<Pool> {
    PLANNED_ROLES
        .into_iter()
        .map(|role| {
            let of_role = || plans.iter().flat_map(|(_, p)| p).filter(move |p| p.role == role);
            let size = of_role().map(|p| p.solution.height).max().unwrap_or(0);
            let alignment = of_role()
                .flat_map(|p| p.problem.requests.iter().map(|r| r.alignment))
                .fold(DEFAULT_ALIGNMENT, u64::max);
            Pool { role, size: align_up(size, DEFAULT_ALIGNMENT), alignment }
        })
        .filter(|pool| pool.size > 0)
        .collect()
}

/// The pool symbol of `role` in `bank`.
fn pool_name(bank: &str, role: Role) -> String {
    format!("{bank}_{role}")
}

/// Creates the pools at the top of `module` and replaces every planned alloc with a view.
fn rewrite(
    ctx: &mut Context,
    module: OpId,
    bank: &str,
    liveness: &ModuleLiveness,
    plans: &[(OpId, Vec<RolePlan>)],
    pools: &[Pool],
) {
    let Some(body) = ctx.operation(module).regions().first().and_then(|&r| ctx.entry_block(r)) else { return };
    let loc = ctx.operation(module).loc();
    for pool in pools.iter().rev() {
        let op = PoolOp::build(ctx, loc, &pool_name(bank, pool.role), bank, pool.role, pool.size, pool.alignment).op();
        let ip = match ctx.first_op(body) {
            Some(first) => InsertPoint::before(ctx, first),
            None => InsertPoint::end(body),
        };
        ctx.insert_op(op, ip);
    }
    for ((func, role_plans), (_, live)) in plans.iter().zip(&liveness.functions) {
        let Ok(live) = live else { continue };
        debug_assert!(ctx.is_live(*func));
        for plan in role_plans {
            let name = pool_name(bank, plan.role);
            for (k, &index) in plan.buffers.iter().enumerate() {
                let alloc = live.buffers[index].alloc;
                let ty = ctx.operation(alloc.op()).result_type(0);
                let loc = ctx.operation(alloc.op()).loc();
                let mut b = Builder::at(ctx, InsertPoint::before(ctx, alloc.op()), loc);
                let view = PoolViewOp::build(&mut b, &name, plan.solution.placement.offsets[k], ty);
                ctx.replace_all_uses_with(alloc.result(), view.result());
                ctx.erase_op(alloc.op());
            }
        }
    }
}

/// The error when the pools do not fit the bank: the budget, and for the function and role
/// needing the most, its peak step and the buffers live there.
fn over_budget(
    ctx: &Context,
    module: OpId,
    bank: &str,
    capacity: u64,
    liveness: &ModuleLiveness,
    plans: &[(OpId, Vec<RolePlan>)],
) -> Diagnostic {
    let mut message = format!("usmp: the buffers do not fit bank '{bank}' (budget {capacity} bytes)");
    for ((func, role_plans), (_, live)) in plans.iter().zip(&liveness.functions) {
        let Ok(live) = live else { continue };
        for plan in role_plans.iter().filter(|p| !p.problem.is_empty()) {
            let requests = &plan.problem.requests;
            let (_, peak) = peak(&plan.problem, live.steps);
            let mut at_peak: Vec<(u64, &str)> = plan
                .buffers
                .iter()
                .zip(requests)
                .filter(|(_, r)| r.live.start <= peak && peak <= r.live.end)
                .map(|(&i, r)| (r.size, live.buffers[i].name.as_str()))
                .collect();
            at_peak.sort_unstable_by(|a, b| b.cmp(a));
            let func_name = ctx.symbol_name(*func).unwrap_or("?");
            message.push_str(&format!(
                "\n  @{func_name}, {} pool: {} bytes planned ({}), lower bound {}; peak at step {peak}, live there:",
                plan.role,
                plan.solution.height,
                plan.solution.algorithm,
                plan.problem.lower_bound()
            ));
            for (size, name) in at_peak {
                message.push_str(&format!("\n    {size:>10} bytes  {name}"));
            }
        }
    }
    ctx.op_error(module, message)
}
