//! The built shared library loads into mc's planner registry, plans through the C ABI, and its
//! plans pass mc's validator.

use mc_passes::usmp::algorithm::AlgorithmChoice;
use mc_passes::usmp::exact::ExactLimits;
use mc_passes::usmp::plugin;
use mc_passes::usmp::problem::{Interval, Problem, Request};

#[test]
fn the_cdylib_plans_a_problem_through_mc() {
    // Integration tests run from target/<profile>/deps, where `cargo test` leaves the cdylib.
    let exe = std::env::current_exe().unwrap();
    let library = exe.parent().unwrap().join(format!(
        "{}best_fit_lifetime{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let names = plugin::load(library.to_str().unwrap()).unwrap();
    assert_eq!(names, ["best_fit_lifetime"]);
    let request = |size, start, end| Request { size, alignment: 8, live: Interval::new(start, end) };
    let problem = Problem::new(vec![request(16, 0, 0), request(8, 0, 3), request(8, 1, 2), request(24, 3, 4)]);
    let choice = AlgorithmChoice::Plugin("best_fit_lifetime".to_string());
    let solution = choice.solve(&problem, ExactLimits::default(), None).unwrap();
    assert_eq!(solution.algorithm, "best_fit_lifetime");
    assert_eq!(solution.placement.offsets, [8, 0, 8, 8]);
    assert_eq!(solution.height, 32);
    // Loading it again is a clash with itself, named.
    let again = plugin::load(library.to_str().unwrap()).unwrap_err();
    assert!(again.contains("planner 'best_fit_lifetime' is already loaded from"), "{again}");
}
