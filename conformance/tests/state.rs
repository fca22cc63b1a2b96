//! Streaming state on the host JIT: every multi-invocation case of the suites (SVDF state,
//! variables) run twice in a row on one instance with the state reset in between
//! (`JitModule::reset_state`, the C API's `model_reset_state`) gives TFLite Micro's outputs both
//! times; reset before every invocation, each invocation gives a fresh interpreter's first
//! outputs.

use mc_conformance::{Case, host, reference, suites, tensor};

/// Every case of several invocations, with its suite's float tolerance.
fn stateful_cases() -> Vec<(Case, f32)> {
    let cases: Vec<(Case, f32)> = suites::ALL
        .iter()
        .flat_map(|suite| (suite.cases)().into_iter().map(|case| (case, suite.float_tolerance)))
        .filter(|(case, _)| !case.then.is_empty())
        .collect();
    assert!(cases.len() >= 10, "only {} multi-invocation cases", cases.len());
    cases
}

#[test]
fn a_reset_starts_the_sequence_over_as_a_fresh_interpreter() {
    let cases = stateful_cases();
    let expected = reference::run_tflm(&cases.iter().map(|(case, _)| case.clone()).collect::<Vec<_>>());
    let mut failures = Vec::new();
    for ((case, tolerance), expected) in cases.iter().zip(&expected) {
        let sequence = case.invocations();
        let twice: Vec<_> = sequence.iter().chain(&sequence).cloned().collect();
        let got = host::run_invocations_with_resets(&case.model, &twice, &[sequence.len()], &case.name, "");
        let twice_expected: Vec<_> = expected.iter().chain(expected).cloned().collect();
        if let Err(message) = got.and_then(|got| tensor::compare_outputs(&got, &twice_expected, *tolerance)) {
            failures.push(format!("{}: {message}", case.name));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

#[test]
fn reset_before_every_invocation_each_is_a_fresh_interpreters_first() {
    let cases = stateful_cases();
    let fresh: Vec<Case> = cases.iter().flat_map(|(case, _)| case.each_invocation_fresh()).collect();
    let mut expected = reference::run_tflm(&fresh).into_iter();
    let carried = reference::run_tflm(&cases.iter().map(|(case, _)| case.clone()).collect::<Vec<_>>());
    let (mut failures, mut stateful) = (Vec::new(), 0);
    for ((case, tolerance), carried) in cases.iter().zip(&carried) {
        let invocations = case.invocations();
        let expected: Vec<_> = (0..invocations.len()).flat_map(|_| expected.next().unwrap()).collect();
        // The test means something only where the state changes the outputs.
        stateful += usize::from(tensor::compare_outputs(carried, &expected, *tolerance).is_err());
        let resets: Vec<usize> = (1..invocations.len()).collect();
        let got = host::run_invocations_with_resets(&case.model, &invocations, &resets, &case.name, "");
        if let Err(message) = got.and_then(|got| tensor::compare_outputs(&got, &expected, *tolerance)) {
            failures.push(format!("{}: {message}", case.name));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
    assert!(stateful * 2 > cases.len(), "only {stateful} of {} cases depend on their state", cases.len());
}
