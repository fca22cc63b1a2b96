// The canonicalize pass: folding to a fixed point, constant deduplication and hoisting, dead-code
// removal, unreachable blocks, nested regions, and the pass options. Per-op folds and patterns
// are in Dialect/arith/canonicalize.mlir. Same results as mlir-opt's canonicalize here, up to
// the order of hoisted constants.

// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --canonicalize | FileCheck %s
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --canonicalize=top-down=false | FileCheck %s
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --canonicalize='max-num-rewrites=1 test-convergence' | FileCheck %s
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --canonicalize=region-simplify=disabled | FileCheck %s --check-prefix=NO-SIMPLIFY

// Folding reaches a fixed point: ((1 + 2) * 3) - 9 is 0.
// CHECK-LABEL: sym_name = "fixed_point"
// CHECK-NEXT:    %[[ZERO:.*]] = "arith.constant"() <{value = 0 : i32}> : () -> i32
// CHECK-NEXT:    "func.return"(%[[ZERO]]) : (i32) -> ()
"func.func"() <{function_type = () -> i32, sym_name = "fixed_point"}> ({
  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %c3 = "arith.constant"() <{value = 3 : i32}> : () -> i32
  %c9 = "arith.constant"() <{value = 9 : i32}> : () -> i32
  %0 = "arith.addi"(%c1, %c2) : (i32, i32) -> i32
  %1 = "arith.muli"(%0, %c3) : (i32, i32) -> i32
  %2 = "arith.subi"(%1, %c9) : (i32, i32) -> i32
  "func.return"(%2) : (i32) -> ()
}) : () -> ()

// -----

// Constants are deduplicated and hoisted to the start of the function's entry block, from any
// block; x + 2 + 1 becomes x + 3 and x * 1 becomes x; the unreachable block goes.
// CHECK-LABEL: sym_name = "hoist"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:    %[[C3:.*]] = "arith.constant"() <{value = 3 : i32}> : () -> i32
// CHECK-NEXT:    "test.br"() [^bb1] : () -> ()
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[SUM:.*]] = "arith.addi"(%[[X]], %[[C3]]) : (i32, i32) -> i32
// CHECK-NEXT:    "test.br"() [^bb2] : () -> ()
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    "func.return"(%[[SUM]]) : (i32) -> ()
// CHECK-NEXT:  }) : () -> ()
// Without region simplification the unreachable block stays (its op, now dead, is erased).
// NO-SIMPLIFY-LABEL: sym_name = "hoist"
// NO-SIMPLIFY:       ^bb2:
// NO-SIMPLIFY-NEXT:    "func.return"
// NO-SIMPLIFY-NEXT:  ^bb3:
// NO-SIMPLIFY-NEXT:    "func.return"(%arg0) : (i32) -> ()
"func.func"() <{function_type = (i32) -> i32, sym_name = "hoist"}> ({
^bb0(%x: i32):
  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  "test.br"() [^bb1] : () -> ()
^bb1:
  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %c1b = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %s = "arith.addi"(%x, %c2) : (i32, i32) -> i32
  %t = "arith.addi"(%s, %c1b) : (i32, i32) -> i32
  "test.br"() [^bb2] : () -> ()
^bb2:
  %m = "arith.muli"(%t, %c1) : (i32, i32) -> i32
  "func.return"(%m) : (i32) -> ()
^bb3:
  %dead = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "func.return"(%x) : (i32) -> ()
}) : () -> ()

// -----

// Dead pure ops go, chains of them too; ops with effects (calls, unregistered ops) stay.
// CHECK-LABEL: sym_name = "dead"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:    "func.call"(%[[X]]) <{callee = @callee}> : (i32) -> i32
// CHECK-NEXT:    "test.unknown"(%[[X]]) : (i32) -> i32
// CHECK-NEXT:    "func.return"() : () -> ()
"func.func"() <{function_type = (i32) -> (), sym_name = "dead"}> ({
^bb0(%x: i32):
  %a = "arith.muli"(%x, %x) : (i32, i32) -> i32
  %b = "arith.addi"(%a, %x) : (i32, i32) -> i32
  %c = "arith.cmpi"(%b, %x) <{predicate = 0 : i64}> : (i32, i32) -> i1
  %call = "func.call"(%x) <{callee = @callee}> : (i32) -> i32
  %u = "test.unknown"(%x) : (i32) -> i32
  %unused = "arith.constant"() <{value = 7 : i32}> : () -> i32
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = (i32) -> i32, sym_name = "callee", sym_visibility = "private"}> ({
^bb0(%x: i32):
  "func.return"(%x) : (i32) -> ()
}) : () -> ()

// -----

// Inside the region of an unregistered op, which might be isolated from above, folding and
// dead-code removal happen, but constants stay in the region; an outer constant that loses its
// last use goes.
// CHECK-LABEL: sym_name = "regions"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:    "test.region"() ({
// CHECK-DAG:       %[[FIVE:.*]] = "arith.constant"() <{value = 5 : i32}> : () -> i32
// CHECK-DAG:       %[[ZERO:.*]] = "arith.constant"() <{value = 0 : i32}> : () -> i32
// CHECK-NEXT:      "test.use"(%[[FIVE]], %[[ZERO]]) : (i32, i32) -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "func.return"() : () -> ()
"func.func"() <{function_type = (i32) -> (), sym_name = "regions"}> ({
^bb0(%x: i32):
  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  "test.region"() ({
    %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %c3 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %s = "arith.addi"(%c2, %c3) : (i32, i32) -> i32
    %d = "arith.muli"(%x, %s) : (i32, i32) -> i32
    %y = "arith.addi"(%x, %c1) : (i32, i32) -> i32
    %z = "arith.subi"(%y, %y) : (i32, i32) -> i32
    "test.use"(%s, %z) : (i32, i32) -> ()
  }) : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Nothing to do: the IR is left as it is.
// CHECK-LABEL: sym_name = "nothing"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:    %[[M:.*]] = "arith.muli"(%[[X]], %[[X]]) : (i32, i32) -> i32
// CHECK-NEXT:    "func.return"(%[[M]]) : (i32) -> ()
"func.func"() <{function_type = (i32) -> i32, sym_name = "nothing"}> ({
^bb0(%x: i32):
  %m = "arith.muli"(%x, %x) : (i32, i32) -> i32
  "func.return"(%m) : (i32) -> ()
}) : () -> ()

// -----

// Iteration limits. With max-iterations=0 nothing is done; with max-num-rewrites=0 no op is
// visited (as in MLIR, folds included); one iteration cannot confirm convergence after a change,
// which test-convergence reports.
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --canonicalize=max-iterations=0 | FileCheck %s --check-prefix=UNCHANGED
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --canonicalize=max-num-rewrites=0 | FileCheck %s --check-prefix=UNCHANGED
// UNCHANGED-LABEL: sym_name = "limits"
// UNCHANGED-NEXT:    %[[C1:.*]] = "arith.constant"() <{value = 1 : i32}> : () -> i32
// UNCHANGED-NEXT:    %[[C2:.*]] = "arith.constant"() <{value = 2 : i32}> : () -> i32
// UNCHANGED-NEXT:    %[[S:.*]] = "arith.addi"(%[[C1]], %[[C2]]) : (i32, i32) -> i32
// UNCHANGED-NEXT:    "func.return"(%[[S]]) : (i32) -> ()
// RUN: not mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --canonicalize='max-iterations=1 test-convergence' 2>&1 | FileCheck %s --check-prefix=DIVERGE
// DIVERGE: error: Canonicalizer failed to converge: greedy pattern rewrite did not converge after 1 iterations and 0 rewrites
// CHECK-LABEL: sym_name = "limits"
// CHECK-NEXT:    %[[C3:.*]] = "arith.constant"() <{value = 3 : i32}> : () -> i32
// CHECK-NEXT:    "func.return"(%[[C3]]) : (i32) -> ()
"func.func"() <{function_type = () -> i32, sym_name = "limits"}> ({
  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %s = "arith.addi"(%c1, %c2) : (i32, i32) -> i32
  "func.return"(%s) : (i32) -> ()
}) : () -> ()
