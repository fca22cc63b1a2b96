//! Every per-operator suite (`mc_conformance::suites`) through mc and TFLite Micro: one test per
//! suite, named `family::suite`.

/// One module per family, one test per suite.
macro_rules! suite_tests {
    ($($family:ident: [$($suite:ident => $tolerance:expr),* $(,)?]),* $(,)?) => {
        $(mod $family {
            $(#[test]
            fn $suite() {
                mc_conformance::check_cases(&mc_conformance::suites::$family::$suite(), $tolerance);
            })*
        })*
    };
}

mc_conformance::for_each_suite!(suite_tests);
