//! Bank assignment with fallback (TVM's `candidate_memory_pools`): every buffer starts in the
//! first of its candidate banks ([`super::placement::candidates`]); while a bank's pools need
//! more than its capacity, a buffer live at the peak of its fullest pool moves to its next
//! candidate, and the pools are planned again. When a bank overflows and no buffer there has a
//! bank left to go to, planning fails with the report: the bank, its budget, and for each of
//! its pools the peak step and the buffers live there, with sizes and names.
//!
//! Which buffer moves: of the buffers live at the peak that have a next bank, the smallest one
//! at least as large as the excess (it alone may make the bank fit, and keeps the most bytes in
//! the preferred bank), else the largest. The moves are first made against the lower bounds of
//! the pools (cheap: no plan needed), then against the planned heights, which alignment and
//! fragmentation can raise; each move takes a buffer one bank down its list, so this ends.
//! Last, buffers that moved go back up their lists, largest first, wherever every bank still
//! fits: a move made at one peak may have become needless after a move at another.
//!
//! A module's functions share the pools (a pool is as large as the largest function's plan of
//! it), so a bank's usage is, over its roles, the largest plan of each.

use super::algorithm::AlgorithmChoice;
use super::banks::Bank;
use super::config::MemoryConfig;
use super::exact::ExactLimits;
use super::hints::Hint;
use super::liveness::Liveness;
use super::pass::{PLANNED_ROLES, RolePlan};
use super::placement::{Subject, candidates};
use super::problem::{Problem, align_up};
use super::validate::validate;
use mc_dialects::buffer::{DEFAULT_ALIGNMENT, Role};
use std::collections::BTreeMap;

/// One function to plan: its name (for messages) and liveness.
pub struct Function<'a> {
    /// Its symbol name.
    pub name: &'a str,
    /// Its buffers.
    pub live: &'a Liveness,
    /// The module's overlap hints (those of this function's buffers become allowances).
    pub hints: &'a [Hint],
}

/// A pool of one function: (function, bank, role as an index into [`PLANNED_ROLES`]).
type Group = (usize, usize, usize);

/// The index of `role` in [`PLANNED_ROLES`] (roles the pass does not plan have none).
fn role_index(role: Role) -> Option<usize> {
    PLANNED_ROLES.iter().position(|&r| r == role)
}

/// Where every buffer is, and its plans.
struct State<'a> {
    functions: &'a [Function<'a>],
    banks: &'a [Bank],
    /// Per function and buffer: the candidate banks, and the index of the current one.
    candidates: Vec<Vec<(Vec<usize>, usize)>>,
    /// Plans by group, of the current assignment (dropped when a buffer moves in or out).
    plans: BTreeMap<Group, RolePlan>,
}

impl State<'_> {
    /// The bank buffer `b` of function `f` is in.
    fn bank_of(&self, f: usize, b: usize) -> usize {
        let (list, at) = &self.candidates[f][b];
        list[*at]
    }

    /// The problem of `group` and its buffers (indices into the function's liveness).
    fn problem(&self, (f, bank, role): Group) -> (Problem, Vec<usize>) {
        let live = self.functions[f].live;
        let buffers: Vec<usize> = (0..live.buffers.len())
            .filter(|&b| role_index(live.buffers[b].role) == Some(role) && self.bank_of(f, b) == bank)
            .collect();
        let problem = Problem::new(buffers.iter().map(|&b| live.buffers[b].request.clone()).collect());
        let allowances = super::hints::allowances(self.functions[f].hints, live, &buffers);
        (problem.with_allowances(allowances), buffers)
    }

    /// The groups of `bank` that have buffers.
    fn groups(&self, bank: usize) -> Vec<Group> {
        let mut groups = Vec::new();
        for f in 0..self.functions.len() {
            for role in 0..PLANNED_ROLES.len() {
                let live = self.functions[f].live;
                let here = |b: usize| role_index(live.buffers[b].role) == Some(role) && self.bank_of(f, b) == bank;
                if (0..live.buffers.len()).any(here) {
                    groups.push((f, bank, role));
                }
            }
        }
        groups
    }

    /// The bytes `bank` needs when each group needs `need(group)`: per role, the largest over
    /// functions, aligned as pools are.
    fn usage(&self, bank: usize, need: &mut impl FnMut(&Self, Group) -> u64) -> u64 {
        (0..PLANNED_ROLES.len())
            .map(|role| {
                let groups = self.groups(bank).into_iter().filter(|g| g.2 == role);
                align_up(groups.map(|g| need(self, g)).max().unwrap_or(0), DEFAULT_ALIGNMENT)
            })
            .sum()
    }

    /// The first bank over its capacity, with its usage and capacity.
    fn overflowing(&self, need: &mut impl FnMut(&Self, Group) -> u64) -> Option<(usize, u64, u64)> {
        (0..self.banks.len()).find_map(|bank| {
            let capacity = self.banks[bank].capacity?;
            let usage = self.usage(bank, need);
            (usage > capacity).then_some((bank, usage, capacity))
        })
    }

    /// Moves one buffer of `bank` to its next candidate, to shed `excess` bytes: from the
    /// fullest group (by `need`) that has a movable buffer at its peak step. False if none can
    /// move.
    fn spill(&mut self, bank: usize, excess: u64, need: &mut impl FnMut(&Self, Group) -> u64) -> bool {
        let mut groups: Vec<(u64, Group)> = self.groups(bank).into_iter().map(|g| (need(self, g), g)).collect();
        groups.sort_by_key(|&(bytes, g)| (std::cmp::Reverse(bytes), g));
        for (_, group) in groups {
            let f = group.0;
            let (problem, buffers) = self.problem(group);
            let step = problem.peak_step();
            let movable: Vec<(u64, usize)> = buffers
                .iter()
                .zip(&problem.requests)
                .filter(|&(&b, r)| {
                    let (list, at) = &self.candidates[f][b];
                    r.live.start <= step && step <= r.live.end && at + 1 < list.len()
                })
                .map(|(&b, r)| (r.size, b))
                .collect();
            let fits = movable.iter().filter(|&&(size, _)| size >= excess).min();
            let Some(&(_, b)) = fits.or_else(|| movable.iter().max()) else { continue };
            self.shift(f, b, 1);
            return true;
        }
        false
    }

    /// Moves buffer `b` of function `f` `by` places down (or up) its candidate list, dropping
    /// the plans of the groups it leaves and joins.
    fn shift(&mut self, f: usize, b: usize, by: isize) {
        let role = role_index(self.functions[f].live.buffers[b].role).unwrap_or(0);
        let from = self.bank_of(f, b);
        let at = &mut self.candidates[f][b].1;
        *at = at.checked_add_signed(by).expect("a move stays in the candidate list");
        let to = self.bank_of(f, b);
        self.plans.remove(&(f, from, role));
        self.plans.remove(&(f, to, role));
    }

    /// Plans every group without a plan.
    fn plan_all(&mut self, algorithm: &AlgorithmChoice, limits: ExactLimits) -> Result<(), String> {
        let mut unplanned: Vec<Group> = (0..self.banks.len()).flat_map(|bank| self.groups(bank)).collect();
        unplanned.retain(|g| !self.plans.contains_key(g));
        for group in unplanned {
            let plan = plan_group(self, group, algorithm, limits)?;
            self.plans.insert(group, plan);
        }
        Ok(())
    }
}

/// The bytes a group's plan needs.
fn height(state: &State<'_>, group: Group) -> u64 {
    state.plans.get(&group).map_or(0, |p| p.solution.height)
}

/// The bytes a group needs at least.
fn lower_bound(state: &State<'_>, group: Group) -> u64 {
    state.problem(group).0.lower_bound()
}

/// Assigns every buffer of `functions` to a bank of `memory` and plans each pool with
/// `algorithm`; returns each function's plans, by bank then role. Every plan is validated.
///
/// # Errors
///
/// A buffer with no writable bank, an unsound plan (a planner bug), or a bank that overflows
/// with nowhere left to move its buffers (the report).
pub(super) fn assign(
    memory: &MemoryConfig,
    functions: &[Function<'_>],
    algorithm: &AlgorithmChoice,
    limits: ExactLimits,
) -> Result<Vec<Vec<RolePlan>>, String> {
    let mut state = State { functions, banks: &memory.banks, candidates: Vec::new(), plans: BTreeMap::new() };
    for function in functions {
        let mut lists = Vec::new();
        for buffer in &function.live.buffers {
            let subject =
                Subject { name: &buffer.name, op: buffer.op.as_deref(), role: buffer.role, size: buffer.request.size };
            let list = candidates(&memory.banks, &memory.rules, &subject);
            if list.is_empty() {
                return Err(format!(
                    "usmp: {} buffer '{}' of @{} has no writable bank to go to",
                    buffer.role, buffer.name, function.name
                ));
            }
            lists.push((list, 0));
        }
        state.candidates.push(lists);
    }
    // Against lower bounds first.
    while let Some((bank, usage, capacity)) = state.overflowing(&mut lower_bound) {
        if !state.spill(bank, usage - capacity, &mut lower_bound) {
            break;
        }
    }
    // Then against the plans.
    loop {
        state.plan_all(algorithm, limits)?;
        let Some((bank, usage, capacity)) = state.overflowing(&mut height) else { break };
        if !state.spill(bank, usage - capacity, &mut height) {
            return Err(over_budget(&state, bank, usage, capacity));
        }
    }
    refill(&mut state, algorithm, limits)?;
    // The map's order: by function, then bank, then role.
    let mut plans: Vec<Vec<RolePlan>> = functions.iter().map(|_| Vec::new()).collect();
    for ((f, _, _), plan) in std::mem::take(&mut state.plans) {
        plans[f].push(plan);
    }
    Ok(plans)
}

/// Moves buffers that fell back up their lists again while every bank still fits, largest
/// first: a buffer moved early may have made room that later moves left unused, and the
/// preferred banks should be as full as their capacity allows.
fn refill(state: &mut State<'_>, algorithm: &AlgorithmChoice, limits: ExactLimits) -> Result<(), String> {
    let mut moved: Vec<(u64, usize, usize)> = Vec::new();
    for (f, lists) in state.candidates.iter().enumerate() {
        for (b, (_, at)) in lists.iter().enumerate() {
            if *at > 0 {
                moved.push((state.functions[f].live.buffers[b].request.size, f, b));
            }
        }
    }
    moved.sort_by_key(|&(size, f, b)| (std::cmp::Reverse(size), f, b));
    for (_, f, b) in moved {
        while state.candidates[f][b].1 > 0 {
            state.shift(f, b, -1);
            // The lower bound rules most moves out without a plan.
            let fits = state.overflowing(&mut lower_bound).is_none() && {
                state.plan_all(algorithm, limits)?;
                state.overflowing(&mut height).is_none()
            };
            if !fits {
                state.shift(f, b, 1);
                state.plan_all(algorithm, limits)?;
                break;
            }
        }
    }
    Ok(())
}

/// Plans one group and validates the plan.
fn plan_group(
    state: &State<'_>,
    group: Group,
    algorithm: &AlgorithmChoice,
    limits: ExactLimits,
) -> Result<RolePlan, String> {
    let (f, bank, role) = group;
    let role = PLANNED_ROLES[role];
    let (problem, buffers) = state.problem(group);
    let capacity = state.banks[bank].capacity;
    let solution = algorithm.solve(&problem, limits, capacity).map_err(|message| format!("usmp: {message}"))?;
    validate(&problem, &solution.placement, None).map_err(|error| {
        format!(
            "usmp: the {} plan of the {role} buffers of @{} in bank '{}' is unsound: {error}",
            solution.algorithm, state.functions[f].name, state.banks[bank].name
        )
    })?;
    Ok(RolePlan { bank, role, problem, buffers, solution })
}

/// The report of a bank whose pools need `usage` bytes, over its `capacity`: for each pool,
/// its plan, lower bound and peak step, and the buffers live there, largest first.
fn over_budget(state: &State<'_>, bank: usize, usage: u64, capacity: u64) -> String {
    let name = &state.banks[bank].name;
    let mut message =
        format!("usmp: the buffers do not fit bank '{name}' (budget {capacity} bytes): {usage} bytes planned");
    for group in state.groups(bank) {
        let (f, role) = (group.0, PLANNED_ROLES[group.2]);
        let (function, plan) = (&state.functions[f], &state.plans[&group]);
        let step = plan.problem.peak_step();
        let mut at_peak: Vec<(u64, &str)> = plan
            .buffers
            .iter()
            .zip(&plan.problem.requests)
            .filter(|(_, r)| r.live.start <= step && step <= r.live.end)
            .map(|(&b, r)| (r.size, function.live.buffers[b].name.as_str()))
            .collect();
        at_peak.sort_unstable_by(|a, b| b.cmp(a));
        message.push_str(&format!(
            "\n  @{}, {role} pool: {} bytes planned ({}), lower bound {}; peak at step {step}, live there:",
            function.name,
            plan.solution.height,
            plan.solution.algorithm,
            plan.problem.lower_bound()
        ));
        for (size, name) in at_peak {
            message.push_str(&format!("\n    {size:>10} bytes  {name}"));
        }
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::algorithm::Algorithm;
    use crate::usmp::liveness::LiveBuffer;
    use crate::usmp::placement::{Rule, RuleSpec};
    use crate::usmp::problem::{Interval, Request};
    use mc_dialects::buffer::AllocOp;
    use mc_ir::{Builder, Context, InsertPoint};

    /// A liveness of named scratch buffers (size, first step, last step); the allocs (detached,
    /// one byte each) are not looked at by the assignment.
    fn live(buffers: &[(&str, u64, u32, u32)]) -> Liveness {
        let mut ctx = Context::new();
        mc_dialects::register_all(&mut ctx);
        let block = ctx.create_block(&[]);
        let loc = ctx.unknown_loc();
        let i8 = ctx.integer_type(8);
        let ty = ctx.buffer_type(vec![1], i8);
        let steps = buffers.iter().map(|b| b.3 + 1).max().unwrap_or(0);
        let buffers = buffers
            .iter()
            .map(|&(name, size, start, end)| LiveBuffer {
                alloc: AllocOp::build(&mut Builder::at(&mut ctx, InsertPoint::end(block), loc), ty, Role::Scratch),
                name: name.to_string(),
                op: None,
                role: Role::Scratch,
                request: Request { size, alignment: 1, live: Interval::new(start, end) },
            })
            .collect();
        Liveness { buffers, steps }
    }

    fn memory(pools: &[&str], rules: &[RuleSpec]) -> MemoryConfig {
        let pools: Vec<String> = pools.iter().map(|p| p.to_string()).collect();
        let mut memory = MemoryConfig::from_options(&pools, "sram", 0).unwrap();
        memory.rules = rules.iter().map(|r| Rule::new("rule".into(), r, &memory.banks).unwrap()).collect();
        memory
    }

    fn banks_of(memory: &MemoryConfig, live: &Liveness) -> Result<Vec<(String, Vec<String>)>, String> {
        let functions = [Function { name: "main", live, hints: &[] }];
        let plans = assign(memory, &functions, &Algorithm::GreedyBySize.into(), ExactLimits::default())?;
        Ok(plans[0]
            .iter()
            .map(|p| {
                let names = p.buffers.iter().map(|&b| live.buffers[b].name.clone()).collect();
                (memory.banks[p.bank].name.clone(), names)
            })
            .collect())
    }

    #[test]
    fn buffers_go_to_the_first_bank_and_fall_back_when_it_is_full() {
        // Peak at step 1: a (64) + b (32) + c (16) = 112 bytes; dtcm holds 64.
        let live = live(&[("a", 64, 0, 1), ("b", 32, 1, 2), ("c", 16, 1, 1)]);
        let unbounded = memory(&["dtcm", "sram"], &[]);
        assert_eq!(
            banks_of(&unbounded, &live).unwrap(),
            vec![("dtcm".into(), vec!["a".into(), "b".into(), "c".into()])]
        );
        // 112 - 64 = 48 bytes too many: the smallest buffer at the peak that sheds them alone is
        // a (64); b and c stay.
        let small = memory(&["dtcm:64", "sram"], &[]);
        assert_eq!(
            banks_of(&small, &live).unwrap(),
            vec![("dtcm".into(), vec!["b".into(), "c".into()]), ("sram".into(), vec!["a".into()])]
        );
    }

    #[test]
    fn a_buffer_moved_needlessly_goes_back_to_the_preferred_bank() {
        // Step 0: x 20 + y 30 + z 20 = 70 bytes over dtcm's 64: x moves (the smallest that
        // sheds 6). Step 1: y 30 + w 40 = 70: y moves. Moving y alone was enough: x comes back.
        let live = live(&[("x", 20, 0, 0), ("y", 30, 0, 1), ("z", 20, 0, 0), ("w", 40, 1, 1)]);
        assert_eq!(
            banks_of(&memory(&["dtcm:64", "sram"], &[]), &live).unwrap(),
            vec![("dtcm".into(), vec!["x".into(), "z".into(), "w".into()]), ("sram".into(), vec!["y".into()])]
        );
    }

    #[test]
    fn rules_choose_the_banks_and_a_full_bank_without_fallback_fails_with_the_report() {
        let live = live(&[("conv_out", 64, 0, 1), ("pool_out", 32, 1, 2)]);
        let conv_to_sram = RuleSpec { name: Some("conv*".into()), banks: vec!["sram".into()], ..RuleSpec::default() };
        let ruled = memory(&["dtcm", "sram"], std::slice::from_ref(&conv_to_sram));
        assert_eq!(
            banks_of(&ruled, &live).unwrap(),
            vec![("dtcm".into(), vec!["pool_out".into()]), ("sram".into(), vec!["conv_out".into()])]
        );
        let full = memory(&["dtcm", "sram:48"], &[conv_to_sram]);
        let report = banks_of(&full, &live).unwrap_err();
        assert!(report.starts_with("usmp: the buffers do not fit bank 'sram' (budget 48 bytes): 64 bytes planned"));
        assert!(
            report.contains("@main, scratch pool: 64 bytes planned (greedy_by_size), lower bound 64; peak at step 0")
        );
        assert!(report.contains("        64 bytes  conv_out"), "{report}");
    }

    #[test]
    fn a_buffer_without_a_writable_bank_is_an_error() {
        let live = live(&[("a", 8, 0, 0)]);
        let error = banks_of(&memory(&["flash::ro"], &[]), &live).unwrap_err();
        assert_eq!(error, "usmp: scratch buffer 'a' of @main has no writable bank to go to");
    }
}
