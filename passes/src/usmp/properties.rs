//! Property tests of the planners on random interval problems: every plan validates, no plan is
//! below the lower bound, and the exact planner is never worse than a heuristic; with random
//! overlap allowances, every algorithm's plan validates and is never higher than without them.

use super::algorithm::{Algorithm, solve};
use super::conflicts::Conflicts;
use super::exact::{ExactLimits, exact};
use super::greedy::{by_conflicts_order, by_size_order, first_fit_order, place_in_order};
use super::hill_climb::hill_climb;
use super::overlap::Allowance;
use super::problem::{Interval, Problem, Request};
use super::validate::validate;
use mc_dialects::buffer::DeltaBound;
use proptest::prelude::*;
use std::time::Duration;

fn problems() -> impl Strategy<Value = Problem> {
    let request = (1u64..200, 0u32..3, 0u32..20, 0u32..8).prop_map(|(size, align_log, start, length)| Request {
        size,
        alignment: 1 << (align_log * 2),
        live: Interval::new(start, start + length),
    });
    proptest::collection::vec(request, 0..14).prop_map(Problem::new)
}

/// Problems with allowances between random pairs, of random side and reach (below, into, past
/// the input).
fn problems_with_allowances() -> impl Strategy<Value = Problem> {
    let pairs = proptest::collection::vec((0usize..14, 0usize..14, -250i64..250, any::<bool>()), 0..10);
    (problems(), pairs).prop_map(|(problem, pairs)| {
        let n = problem.len();
        let allowances = pairs
            .into_iter()
            .filter(|_| n > 1)
            .map(|(o, i, delta, at_most)| {
                let bound = if at_most { DeltaBound::AtMost(delta) } else { DeltaBound::AtLeast(delta) };
                Allowance { output: o % n, input: i % n, bound }
            })
            .filter(|a| a.output != a.input)
            .collect();
        problem.with_allowances(allowances)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn plans_with_allowances_are_valid_and_never_higher(problem in problems_with_allowances()) {
        let without = problem.clone().with_allowances(Vec::new());
        let limits = ExactLimits { max_nodes: 5_000, time_limit: Duration::from_secs(1) };
        let lower_bound = problem.lower_bound();
        prop_assert!(lower_bound <= without.lower_bound());
        let conflicts = Conflicts::new(&problem);
        for order in [by_size_order(&problem, &conflicts), first_fit_order(&problem)] {
            let plan = place_in_order(&problem, &conflicts, &order);
            prop_assert!(validate(&problem, &plan, None).is_ok(), "{:?}", validate(&problem, &plan, None));
        }
        for algorithm in [Algorithm::GreedyBySize, Algorithm::GreedyByConflicts, Algorithm::FirstFit, Algorithm::HillClimb, Algorithm::Exact, Algorithm::Auto] {
            let with = solve(&problem, algorithm, limits);
            prop_assert!(validate(&problem, &with.placement, None).is_ok(), "{algorithm:?}: {:?}", validate(&problem, &with.placement, None));
            prop_assert!(with.height >= lower_bound);
            prop_assert!(with.height <= solve(&without, algorithm, limits).height, "{algorithm:?}");
        }
    }

    #[test]
    fn every_plan_is_valid_and_exact_is_best(problem in problems()) {
        let conflicts = Conflicts::new(&problem);
        let lower_bound = problem.lower_bound();
        let orders = [
            by_size_order(&problem, &conflicts),
            by_conflicts_order(&problem, &conflicts),
            first_fit_order(&problem),
        ];
        let mut heuristic_best = None::<super::problem::Placement>;
        for order in &orders {
            for plan in [place_in_order(&problem, &conflicts, order), hill_climb(&problem, &conflicts, order, 50, 7, None)] {
                prop_assert!(validate(&problem, &plan, None).is_ok(), "{:?}", validate(&problem, &plan, None));
                prop_assert!(plan.height(&problem) >= lower_bound);
                if heuristic_best.as_ref().is_none_or(|b| plan.height(&problem) < b.height(&problem)) {
                    heuristic_best = Some(plan);
                }
            }
        }
        let best = heuristic_best.expect("plans");
        let best_height = best.height(&problem);
        let result = exact(&problem, best, ExactLimits { max_nodes: 20_000, time_limit: Duration::from_secs(1) });
        prop_assert!(validate(&problem, &result.placement, None).is_ok());
        prop_assert!(result.placement.height(&problem) <= best_height);
        prop_assert!(result.placement.height(&problem) >= lower_bound);
    }
}
