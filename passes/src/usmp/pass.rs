//! The `usmp` pass: plans every `buffer.alloc` of a module into pools — one arena per bank and
//! role (scratch, persistent) — validates the plan, and replaces each alloc with a
//! `buffer.pool_view` at its offset (a persistent view named after the state it holds). No
//! allocation remains at run time.
//!
//! The banks, their capacities, placement rules and budgets come from the options (`pools`, or
//! `bank` and `capacity`) or a config file (`config`; [`super::config`]); each buffer goes to
//! the first of its candidate banks with room ([`super::assign`]). With `use-workspace-io`,
//! the function's buffer arguments are planned too ([`super::io`]).
//!
//! Functions are planned one by one into the same pools (a pool is as large as the largest
//! function needs): a module's functions do not run at the same time. A module that calls
//! between its functions is rejected until calls are planned.
//!
//! Constants that a `role = "constant"` placement rule sends to a writable bank are staged into
//! that bank's `constant` pool ([`super::staging`]).
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

use super::algorithm::{Algorithm, AlgorithmChoice, Solution};
use super::assign::{Function, assign};
use super::banks::Bank;
use super::config::MemoryConfig;
use super::exact::ExactLimits;
use super::hints::{Hint, scratch_lower_bound};
use super::io::IoBuffers;
use super::liveness::ModuleLiveness;
use super::problem::{Problem, align_up};
use super::report::{
    BufferReport, ConstantReport, OperatorOrderReport, PatchReport, PoolReport, ResidencyReport, StagedReport,
    StateReport, fnv1a64,
};
use super::staging::{Staged, place_constants, rewrite_staged};
use super::views::named_views;
use crate::buffer::patch::PATCH;
use crate::buffer::reorder_for_memory::OPERATOR_ORDER;
use crate::buffer::transpose_view::NOT_A_VIEW;
use crate::graph::fold_pad::FOLDED_PAD;
use mc_dialects::buffer::{DEFAULT_ALIGNMENT, GlobalOp, PoolOp, PoolViewOp, Role, initial_state_byte};
use mc_dialects::func::CallOp;
use mc_ir::pass::{Analysis, AnalysisManager, OptionSet, OptionType, Pass};
use mc_ir::{Builder, Context, Diagnostic, Failure, InsertPoint, OpId};
use std::rc::Rc;
use std::time::Duration;

mc_ir::pass_options! {
    /// Options of `usmp`.
    pub struct UsmpOptions {
        /// The planning algorithm.
        algorithm: AlgorithmChoice = Algorithm::Auto.into(),
        /// The memory bank the pools go to, when neither `pools` nor `config` gives banks.
        bank: String = "sram".to_string(),
        /// That bank's capacity in bytes, for every pool in it together (0: unbounded).
        capacity: i64 = 0,
        /// The banks, in priority order: `NAME[:CAPACITY[:rw|ro[:ALIGNMENT]]]` each
        /// (`dtcm:64K:rw,sram:262144,flash::ro`).
        pools: Vec<String> = Vec::new(),
        /// A TOML file whose `[memory]` table gives banks, placement rules, budgets and planner.
        config: String = String::new(),
        /// Plan the functions' buffer arguments (the model's inputs and outputs) into the
        /// scratch pools too; the functions lose them and say where they are (`usmp.io`).
        use_workspace_io: bool = false,
        /// Search nodes the exact planner may visit.
        exact_max_nodes: i64 = 2_000_000,
        /// Milliseconds `auto`'s hill climbing and the exact planner may take (the greedy
        /// placements always run).
        exact_time_limit_ms: i64 = 2000,
        /// Write the residency report (JSON) to this file (else to the path the config file's
        /// `dump_residency_json` gives, if any).
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
         workspaces together), plans each bank's and role's buffers into one pool \
         (@<bank>_scratch, @<bank>_persistent) with the chosen algorithm, checks the plan with an \
         independent validator, and replaces the allocs with buffer.pool_view ops of \
         module-level buffer.pool arenas.\n\n\
         Banks: `pools=dtcm:64K:rw,sram:262144,flash::ro` (NAME[:CAPACITY[:rw|ro[:ALIGNMENT]]], \
         in priority order, K/M binary suffixes, no capacity = unbounded), or `config=mc.toml` \
         whose [memory] table has [[memory.banks]] (name, capacity, access, alignment), \
         [[memory.placement]] rules (name glob, op glob over the kernel writing the buffer, \
         role, min_size, max_size -> banks; the first match wins), [memory.budgets] (bank = \
         bytes), planner and dump_residency_json (a path: the report's file when \
         residency-report names none); else the single `bank` with \
         `capacity`. A buffer tries its candidate banks in order (a rule's, else every writable \
         bank) and moves to the next when a bank is full; a bank that overflows with no \
         fallback fails with the buffers live at its peak. Constants stay buffer.globals.\n\n\
         use-workspace-io: the functions' buffer arguments become scratch buffers too (inputs \
         live from the first step, outputs to the last); each function loses them and records \
         their pool and offset in its `usmp.io` attribute and the residency report.\n\n\
         overlap (default true): a buffer.overlap hint (from buffer-to-loop: the kernel after it \
         writes its output only over input bytes it has finished reading) lets that output and \
         input share bytes within the hint's bound (max_delta or min_delta); every hint is erased."
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
        // A call passing only scalars (the profile's layer hook) cannot reach a planned buffer.
        let passes_buffers = |o: OpId| {
            let mut types =
                ctx.operation(o).operands().map(|v| ctx.value_type(v)).chain(ctx.operation(o).result_types());
            types.any(|ty| ctx.buffer_parts(ty).is_some())
        };
        let calls = ctx.walk_preorder(op).into_iter().filter(|&o| CallOp::cast(ctx, o).is_some());
        if let Some(call) = calls.into_iter().find(|&o| passes_buffers(o)) {
            return Err(ctx.op_error(call, "usmp: calls passing buffers between functions are not planned yet").into());
        }
        let memory = self.memory_config().map_err(|message| ctx.op_error(op, format!("usmp: {message}")))?;
        let algorithm = memory.planner.clone().unwrap_or_else(|| self.options.algorithm.clone());
        // The arguments become allocs first (hints on them follow the uses).
        let io = if self.options.use_workspace_io { IoBuffers::bind(ctx, op)? } else { IoBuffers::default() };
        let (mut hints, erased) = super::hints::take(ctx, op);
        if !self.options.overlap {
            hints.clear();
        }
        let liveness = if self.options.use_workspace_io || erased {
            // Allocs were added, or hints (ops of the function bodies) erased: any liveness
            // cached before is stale.
            analyses.clear();
            let mut liveness = ModuleLiveness::compute(ctx, op);
            io.extend_live_ranges(&mut liveness);
            Rc::new(liveness)
        } else {
            analyses.get_analysis::<ModuleLiveness>(ctx, op)
        };
        let limits = ExactLimits {
            max_nodes: u64::try_from(self.options.exact_max_nodes).unwrap_or(0),
            time_limit: Duration::from_millis(u64::try_from(self.options.exact_time_limit_ms).unwrap_or(0)),
        };
        let diags: Vec<Diagnostic> = liveness.functions.iter().filter_map(|(_, r)| r.as_ref().err().cloned()).collect();
        if !diags.is_empty() {
            return Err(Failure(diags));
        }
        let names: Vec<String> =
            liveness.functions.iter().map(|(func, _)| ctx.symbol_name(*func).unwrap_or("?").to_string()).collect();
        let functions: Vec<Function<'_>> = liveness
            .functions
            .iter()
            .zip(&names)
            .filter_map(|((_, live), name)| Some(Function { name, live: live.as_ref().ok()?, hints: &hints }))
            .collect();
        let planned = assign(&memory, &functions, &algorithm, limits).map_err(|message| ctx.op_error(op, message))?;
        let plans: Vec<(OpId, Vec<RolePlan>)> = liveness.functions.iter().map(|(f, _)| *f).zip(planned).collect();
        let banks = &memory.banks;
        let pools = pool_sizes(&plans, banks);
        let used: Vec<u64> =
            (0..banks.len()).map(|bank| pools.iter().filter(|p| p.bank == bank).map(|p| p.size).sum()).collect();
        let staged = place_constants(ctx, op, banks, &memory.rules, &used)
            .map_err(|message| ctx.op_error(op, format!("usmp: {message}")))?;
        // The option names the report's file; else a path the config file gives.
        let report_path = Some(self.options.residency_report.as_str())
            .filter(|path| !path.is_empty())
            .or_else(|| memory.dump_residency_json.path());
        if report_path.is_some() || !self.options.arena_svg.is_empty() {
            let state = PlanState {
                algorithm: &algorithm,
                banks,
                hints: &hints,
                io: &io,
                liveness: &liveness,
                plans: &plans,
                staged: &staged,
            };
            let report = residency_report(ctx, op, &state, &pools);
            let write = |path: &str, text: String| {
                std::fs::write(path, text).map_err(|e| ctx.op_error(op, format!("usmp: cannot write '{path}': {e}")))
            };
            if let Some(path) = report_path {
                write(path, report.to_json())?;
            }
            if !self.options.arena_svg.is_empty() {
                write(&self.options.arena_svg, super::svg::render(&report))?;
            }
        }
        io.record(ctx, banks, &liveness, &plans);
        rewrite(ctx, op, banks, &liveness, &plans, &pools);
        rewrite_staged(ctx, op, banks, &staged, |bank| pool_name(bank, Role::Constant));
        Ok(())
    }
}

impl Usmp {
    /// The banks and rules the options give: the config file's, else `pools`, else `bank`.
    fn memory_config(&self) -> Result<MemoryConfig, String> {
        let options = &self.options;
        if options.config.is_empty() {
            return MemoryConfig::from_options(&options.pools, &options.bank, options.capacity);
        }
        if !options.pools.is_empty() || options.capacity != 0 {
            return Err("give the banks either in 'config' or in 'pools'/'capacity', not both".to_string());
        }
        let text = std::fs::read_to_string(&options.config)
            .map_err(|e| format!("cannot read the config file '{}': {e}", options.config))?;
        MemoryConfig::from_toml(&options.config, &text)
    }
}

/// What the pass decided, for the report.
struct PlanState<'a> {
    algorithm: &'a AlgorithmChoice,
    banks: &'a [Bank],
    hints: &'a [Hint],
    io: &'a IoBuffers,
    liveness: &'a ModuleLiveness,
    plans: &'a [(OpId, Vec<RolePlan>)],
    staged: &'a [Staged],
}

/// The string attribute `name` of `op`, if any.
fn string_attr(ctx: &Context, op: OpId, name: &str) -> Option<String> {
    ctx.attr(op, name).and_then(|a| ctx.string_value(a)).map(str::to_string)
}

/// The residency report of the plans (before the rewrite: allocs still name the buffers).
fn residency_report(ctx: &Context, module: OpId, state: &PlanState<'_>, pools: &[Pool]) -> ResidencyReport {
    let PlanState { algorithm, banks, hints, io, liveness, plans, staged } = *state;
    let func_name = |func: OpId| ctx.symbol_name(func).unwrap_or("").to_string();
    let mut buffers = Vec::new();
    for ((func, role_plans), (_, live)) in plans.iter().zip(&liveness.functions) {
        let Ok(live) = live else { continue };
        for plan in role_plans {
            for (k, &index) in plan.buffers.iter().enumerate() {
                let (buffer, request) = (&live.buffers[index], &plan.problem.requests[k]);
                let bank = &banks[plan.bank].name;
                buffers.push(BufferReport {
                    function: func_name(*func),
                    name: buffer.name.clone(),
                    op: buffer.op.clone(),
                    role: plan.role.to_string(),
                    bank: bank.clone(),
                    pool: pool_name(bank, plan.role),
                    io: io.label(buffer.alloc),
                    offset: plan.solution.placement.offsets[k],
                    size: request.size,
                    alignment: request.alignment,
                    live: [request.live.start, request.live.end],
                    algorithm: plan.solution.algorithm.to_string(),
                    overlaps: overlapped_input(plan, k).map(|j| live.buffers[plan.buffers[j]].name.clone()),
                    persistent_state: (plan.role == Role::Persistent).then(|| {
                        let ty = ctx.operation(buffer.alloc.op()).result_type(0);
                        StateReport { initial_byte: initial_state_byte(ctx, ty) }
                    }),
                    views: named_views(ctx, buffer.alloc.result(), &buffer.name),
                    folded_pad: string_attr(ctx, buffer.alloc.op(), FOLDED_PAD),
                    not_a_view: string_attr(ctx, buffer.alloc.op(), NOT_A_VIEW),
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
                    let plan = role_plans.iter().find(|p| p.role == pool.role && p.bank == pool.bank)?;
                    Some((*func, plan, live.as_ref().ok()?.steps))
                })
                .max_by_key(|(_, plan, _)| plan.solution.height)
                .expect("a pool has a plan");
            let peak_step = plan.problem.peak_step();
            let lower_bound = plan.problem.lower_bound();
            let bank = &banks[pool.bank];
            PoolReport {
                name: pool_name(&bank.name, pool.role),
                bank: bank.name.clone(),
                role: pool.role.to_string(),
                size: pool.size,
                alignment: pool.alignment,
                capacity: bank.capacity,
                function: func_name(func),
                occupied: plan.solution.height,
                lower_bound,
                peak_step,
                steps,
                proven_optimal: plan.solution.optimal,
                gap_to_lower_bound: (!plan.solution.optimal).then(|| plan.solution.height.saturating_sub(lower_bound)),
            }
        })
        .collect();
    let globals: Vec<GlobalOp> =
        ctx.walk_preorder(module).into_iter().filter_map(|op| GlobalOp::cast(ctx, op)).collect();
    let constants: Vec<ConstantReport> = globals
        .iter()
        .map(|global| {
            let name = global.name(ctx);
            let staged = staged.iter().find(|s| s.global == name).map(|s| StagedReport {
                bank: banks[s.bank].name.clone(),
                pool: pool_name(&banks[s.bank].name, Role::Constant),
                offset: s.offset,
            });
            ConstantReport { name: name.to_string(), size: global.data(ctx).map_or(0, |d| d.len() as u64), staged }
        })
        .collect();
    let plan_hash = ResidencyReport::plan_hash(&pool_reports, &buffers, &constants);
    let mut with_constants = plan_hash;
    for global in globals {
        with_constants = fnv1a64(global.name(ctx).as_bytes(), with_constants);
        with_constants = fnv1a64(&global.data(ctx).unwrap_or_default(), with_constants);
    }
    ResidencyReport {
        algorithm: algorithm.print_value(),
        layout_hash: format!("{plan_hash:016x}"),
        layout_and_constants_hash: format!("{with_constants:016x}"),
        pools: pool_reports,
        buffers,
        constants,
        operator_orders: liveness.functions.iter().filter_map(|&(func, _)| operator_order(ctx, func)).collect(),
        patches: liveness
            .functions
            .iter()
            .filter_map(|(func, live)| {
                let lower_bound = scratch_lower_bound(hints, live.as_ref().ok()?, |b| io.label(b.alloc).is_none());
                patch(ctx, *func, lower_bound)
            })
            .collect(),
    }
}

/// The run, grid, peaks and operator-at-a-time bound `buffer-patch` recorded on `func`, if it
/// patched it, with `lower_bound`, the bound of its plan as patched.
fn patch(ctx: &Context, func: OpId, lower_bound: u64) -> Option<PatchReport> {
    let entries = ctx.attr(func, PATCH)?;
    let value = |name: &str| {
        ctx.dictionary_get(entries, name).and_then(|a| ctx.integer_value(a)).and_then(|v| u64::try_from(v).ok())
    };
    Some(PatchReport {
        function: ctx.symbol_name(func).unwrap_or("").to_string(),
        layers: value("layers")?,
        tiles: [value("rows")?, value("cols")?],
        original_peak: value("original_peak")?,
        peak: value("peak")?,
        lower_bound,
        operator_at_a_time_lower_bound: value("operator_at_a_time_bound")?,
    })
}

/// The peaks `buffer-reorder-for-memory` recorded on `func`, if it reordered it.
fn operator_order(ctx: &Context, func: OpId) -> Option<OperatorOrderReport> {
    let peaks = ctx.attr(func, OPERATOR_ORDER)?;
    let peak = |name: &str| {
        ctx.dictionary_get(peaks, name).and_then(|a| ctx.integer_value(a)).and_then(|v| u64::try_from(v).ok())
    };
    Some(OperatorOrderReport {
        function: ctx.symbol_name(func).unwrap_or("").to_string(),
        original_peak: peak("original_peak")?,
        peak: peak("peak")?,
    })
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

/// A function's plan of one bank and role: the problem, the buffers (indices into the
/// liveness) and the solution.
pub(super) struct RolePlan {
    /// The bank (index into the banks).
    pub(super) bank: usize,
    /// The role.
    pub(super) role: Role,
    /// The buffers' requests.
    pub(super) problem: Problem,
    /// Each request's buffer, as an index into the function's liveness.
    pub(super) buffers: Vec<usize>,
    /// The validated plan.
    pub(super) solution: Solution,
}

/// The roles that get pools, in pool order.
pub(super) const PLANNED_ROLES: [Role; 2] = [Role::Scratch, Role::Persistent];

/// One pool to create.
struct Pool {
    bank: usize,
    role: Role,
    size: u64,
    alignment: u64,
}

/// The pool of each bank and role: as large as the largest function's plan, aligned as its
/// most aligned buffer and at least as the bank asks.
fn pool_sizes(plans: &[(OpId, Vec<RolePlan>)], banks: &[Bank]) -> Vec<Pool> {
    let mut pools = Vec::new();
    for (bank, spec) in banks.iter().enumerate() {
        for role in PLANNED_ROLES {
            let of_pool = || plans.iter().flat_map(|(_, p)| p).filter(move |p| p.role == role && p.bank == bank);
            let size = of_pool().map(|p| p.solution.height).max().unwrap_or(0);
            let alignment = of_pool()
                .flat_map(|p| p.problem.requests.iter().map(|r| r.alignment))
                .fold(spec.alignment.max(DEFAULT_ALIGNMENT), u64::max);
            if size > 0 {
                pools.push(Pool { bank, role, size: align_up(size, DEFAULT_ALIGNMENT), alignment });
            }
        }
    }
    pools
}

/// The pool symbol of `role` in `bank`.
pub(super) fn pool_name(bank: &str, role: Role) -> String {
    format!("{bank}_{role}")
}

/// Creates the pools at the top of `module` and replaces every planned alloc with a view.
fn rewrite(
    ctx: &mut Context,
    module: OpId,
    banks: &[Bank],
    liveness: &ModuleLiveness,
    plans: &[(OpId, Vec<RolePlan>)],
    pools: &[Pool],
) {
    let Some(body) = ctx.operation(module).regions().first().and_then(|&r| ctx.entry_block(r)) else { return };
    let loc = ctx.operation(module).loc();
    for pool in pools.iter().rev() {
        let bank = &banks[pool.bank].name;
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
            let name = pool_name(&banks[plan.bank].name, plan.role);
            for (k, &index) in plan.buffers.iter().enumerate() {
                let alloc = live.buffers[index].alloc;
                let ty = ctx.operation(alloc.op()).result_type(0);
                let loc = ctx.operation(alloc.op()).loc();
                let mut b = Builder::at(ctx, InsertPoint::before(ctx, alloc.op()), loc);
                let view = PoolViewOp::build(&mut b, &name, plan.solution.placement.offsets[k], ty);
                if plan.role == Role::Persistent {
                    // State keeps its name down to the C API's header, which lists it.
                    let state = ctx.string_attr(&live.buffers[index].name);
                    ctx.set_attr(view.op(), "name", Some(state));
                }
                ctx.replace_all_uses_with(alloc.result(), view.result());
                ctx.erase_op(alloc.op());
            }
        }
    }
}
