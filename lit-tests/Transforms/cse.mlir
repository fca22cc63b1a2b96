// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s
// Same results as mlir-opt's cse on these inputs (apart from the properties upstream adds).
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --cse | FileCheck %s

// Equal pure ops merge into the first; a commutative op matches with its operands swapped.
// CHECK-LABEL: sym_name = "simple"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NEXT:    %[[ADD:.*]] = "arith.addi"(%[[X]], %[[Y]]) : (i32, i32) -> i32
// CHECK-NEXT:    %[[SUB:.*]] = "arith.subi"(%[[X]], %[[Y]]) : (i32, i32) -> i32
// CHECK-NEXT:    %[[SUB2:.*]] = "arith.subi"(%[[Y]], %[[X]]) : (i32, i32) -> i32
// CHECK-NEXT:    %[[C:.*]] = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT:    "func.return"(%[[ADD]], %[[ADD]], %[[ADD]], %[[SUB]], %[[SUB2]], %[[C]], %[[C]])
"func.func"() <{function_type = (i32, i32) -> (i32, i32, i32, i32, i32, i32, i32), sym_name = "simple"}> ({
^bb0(%x: i32, %y: i32):
  %0 = "arith.addi"(%x, %y) : (i32, i32) -> i32
  %1 = "arith.addi"(%x, %y) : (i32, i32) -> i32
  %2 = "arith.addi"(%y, %x) : (i32, i32) -> i32
  %3 = "arith.subi"(%x, %y) : (i32, i32) -> i32
  %4 = "arith.subi"(%y, %x) : (i32, i32) -> i32
  %5 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %6 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  "func.return"(%0, %1, %2, %3, %4, %5, %6) : (i32, i32, i32, i32, i32, i32, i32) -> ()
}) : () -> ()

// -----

// Chains merge transitively: once %1 is %0, %3 equals %2.
// CHECK-LABEL: sym_name = "chain"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:    %[[A:.*]] = "arith.muli"(%[[X]], %[[X]])
// CHECK-NEXT:    %[[B:.*]] = "arith.addi"(%[[A]], %[[X]])
// CHECK-NEXT:    "func.return"(%[[B]], %[[B]])
"func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "chain"}> ({
^bb0(%x: i32):
  %0 = "arith.muli"(%x, %x) : (i32, i32) -> i32
  %1 = "arith.muli"(%x, %x) : (i32, i32) -> i32
  %2 = "arith.addi"(%0, %x) : (i32, i32) -> i32
  %3 = "arith.addi"(%1, %x) : (i32, i32) -> i32
  "func.return"(%2, %3) : (i32, i32) -> ()
}) : () -> ()

// -----

// Different attributes, properties or result types keep ops apart.
// CHECK-LABEL: sym_name = "different"
// CHECK:         "arith.cmpi"({{.*}}) <{predicate = 0 : i64}>
// CHECK-NEXT:    "arith.cmpi"({{.*}}) <{predicate = 1 : i64}>
// CHECK-NEXT:    "arith.addi"({{.*}}) : (i32, i32) -> i32
// CHECK-NEXT:    "arith.addi"({{.*}}) {tag} : (i32, i32) -> i32
// CHECK-NEXT:    "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT:    "arith.constant"() <{value = 1 : i64}> : () -> i64
// CHECK-NEXT:    "arith.constant"() <{value = 2 : i32}> : () -> i32
// CHECK-NEXT:    "func.return"
"func.func"() <{function_type = (i32, i32) -> (i1, i1, i32, i32, i32, i64, i32), sym_name = "different"}> ({
^bb0(%x: i32, %y: i32):
  %0 = "arith.cmpi"(%x, %y) <{predicate = 0 : i64}> : (i32, i32) -> i1
  %1 = "arith.cmpi"(%x, %y) <{predicate = 1 : i64}> : (i32, i32) -> i1
  %2 = "arith.addi"(%x, %y) : (i32, i32) -> i32
  %3 = "arith.addi"(%x, %y) {tag} : (i32, i32) -> i32
  %4 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %5 = "arith.constant"() <{value = 1 : i64}> : () -> i64
  %6 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  "func.return"(%0, %1, %2, %3, %4, %5, %6) : (i1, i1, i32, i32, i32, i64, i32) -> ()
}) : () -> ()

// -----

// Ops with side effects are never merged: calls (func.call has no effect information) and
// unregistered ops (which may have any effect).
// CHECK-LABEL: sym_name = "effects"
// CHECK:         %[[C1:.*]] = "func.call"(%{{.*}}) <{callee = @callee}>
// CHECK-NEXT:    %[[C2:.*]] = "func.call"(%{{.*}}) <{callee = @callee}>
// CHECK-NEXT:    %[[U1:.*]] = "test.op"(%{{.*}})
// CHECK-NEXT:    %[[U2:.*]] = "test.op"(%{{.*}})
// CHECK-NEXT:    "func.return"(%[[C1]], %[[C2]], %[[U1]], %[[U2]])
"func.func"() <{function_type = (i32) -> i32, sym_name = "callee", sym_visibility = "private"}> ({
^bb0(%x: i32):
  "func.return"(%x) : (i32) -> ()
}) : () -> ()
"func.func"() <{function_type = (i32) -> (i32, i32, i32, i32), sym_name = "effects"}> ({
^bb0(%x: i32):
  %0 = "func.call"(%x) <{callee = @callee}> : (i32) -> i32
  %1 = "func.call"(%x) <{callee = @callee}> : (i32) -> i32
  %2 = "test.op"(%x) : (i32) -> i32
  %3 = "test.op"(%x) : (i32) -> i32
  "func.return"(%0, %1, %2, %3) : (i32, i32, i32, i32) -> ()
}) : () -> ()

// -----

// Trivially dead pure ops are erased on the way, as upstream's cse does; ops with effects stay.
// CHECK-LABEL: sym_name = "dead"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:    "test.effect"(%[[X]])
// CHECK-NEXT:    "func.return"(%[[X]])
"func.func"() <{function_type = (i32) -> i32, sym_name = "dead"}> ({
^bb0(%x: i32):
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  %1 = "arith.constant"() <{value = 7 : i32}> : () -> i32
  "test.effect"(%x) : (i32) -> ()
  "func.return"(%x) : (i32) -> ()
}) : () -> ()

// -----

// Functions are isolated from above: equal ops in two functions stay in each.
// CHECK-LABEL: sym_name = "iso_a"
// CHECK:         "arith.muli"
// CHECK-LABEL: sym_name = "iso_b"
// CHECK:         "arith.muli"
"func.func"() <{function_type = (i32) -> i32, sym_name = "iso_a"}> ({
^bb0(%x: i32):
  %0 = "arith.muli"(%x, %x) : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()
}) : () -> ()
"func.func"() <{function_type = (i32) -> i32, sym_name = "iso_b"}> ({
^bb0(%x: i32):
  %0 = "arith.muli"(%x, %x) : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()
}) : () -> ()

// -----

// Nested regions: ops inside a region are merged with each other, but an unregistered op might
// be isolated from above, so (as in MLIR) its regions do not reuse values from outside; and
// nothing inside a region replaces what comes after the op.
// CHECK-LABEL: sym_name = "nested"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:    %[[OUTER:.*]] = "arith.addi"(%[[X]], %[[X]])
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      %[[INNER:.*]] = "arith.addi"(%[[X]], %[[X]])
// CHECK-NEXT:      %[[MUL:.*]] = "arith.muli"(%[[INNER]], %[[INNER]])
// CHECK-NEXT:      "test.use"(%[[INNER]], %[[MUL]], %[[MUL]])
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %[[OTHER:.*]] = "arith.addi"(%[[X]], %[[X]])
// CHECK-NEXT:      "test.use"(%[[OTHER]])
// CHECK-NEXT:    })
// CHECK-NEXT:    %[[AFTER:.*]] = "arith.muli"(%[[OUTER]], %[[OUTER]])
// CHECK-NEXT:    "func.return"(%[[OUTER]], %[[AFTER]])
"func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "nested"}> ({
^bb0(%x: i32):
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "test.region"() ({
    %1 = "arith.addi"(%x, %x) : (i32, i32) -> i32
    %2 = "arith.muli"(%1, %1) : (i32, i32) -> i32
    %3 = "arith.muli"(%1, %1) : (i32, i32) -> i32
    "test.use"(%1, %2, %3) : (i32, i32, i32) -> ()
  }, {
    %4 = "arith.addi"(%x, %x) : (i32, i32) -> i32
    "test.use"(%4) : (i32) -> ()
  }) : () -> ()
  %5 = "arith.muli"(%0, %0) : (i32, i32) -> i32
  "func.return"(%0, %5) : (i32, i32) -> ()
}) : () -> ()

// -----

// Blocks: an op is replaced by an equal op in a block that dominates it (^bb0 dominates all,
// ^bb1 dominates ^bb2 and ^bb3), never by one in a sibling block (^bb2 and ^bb3), and blocks
// unreachable from the entry only see their own ops (upstream leaves unreachable blocks alone).
// CHECK-LABEL: sym_name = "blocks"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:    %[[A:.*]] = "arith.addi"(%[[X]], %[[X]])
// CHECK-NEXT:    "test.br"() [^bb1]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[M:.*]] = "arith.muli"(%[[X]], %[[X]])
// CHECK-NEXT:    "test.cond_br"() [^bb2, ^bb3]
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[S2:.*]] = "arith.subi"(%[[X]], %[[X]])
// CHECK-NEXT:    "test.use"(%[[A]], %[[M]], %[[S2]])
// CHECK-NEXT:    "test.br"() [^bb4]
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    %[[S3:.*]] = "arith.subi"(%[[X]], %[[X]])
// CHECK-NEXT:    "test.use"(%[[A]], %[[M]], %[[S3]])
// CHECK-NEXT:    "test.br"() [^bb4]
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    %[[S4:.*]] = "arith.subi"(%[[X]], %[[X]])
// CHECK-NEXT:    "func.return"(%[[A]], %[[S4]])
// CHECK-NEXT:  ^bb5:
// CHECK-NEXT:    %[[U:.*]] = "arith.addi"(%[[X]], %[[X]])
// CHECK-NEXT:    "func.return"(%[[U]], %[[U]])
"func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "blocks"}> ({
^bb0(%x: i32):
  %a = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "test.br"() [^bb1] : () -> ()
^bb1:
  %a1 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  %m = "arith.muli"(%x, %x) : (i32, i32) -> i32
  "test.cond_br"() [^bb2, ^bb3] : () -> ()
^bb2:
  %m2 = "arith.muli"(%x, %x) : (i32, i32) -> i32
  %s2 = "arith.subi"(%x, %x) : (i32, i32) -> i32
  "test.use"(%a1, %m2, %s2) : (i32, i32, i32) -> ()
  "test.br"() [^bb4] : () -> ()
^bb3:
  %s3 = "arith.subi"(%x, %x) : (i32, i32) -> i32
  "test.use"(%a1, %m, %s3) : (i32, i32, i32) -> ()
  "test.br"() [^bb4] : () -> ()
^bb4:
  %s4 = "arith.subi"(%x, %x) : (i32, i32) -> i32
  "func.return"(%a, %s4) : (i32, i32) -> ()
^bb5:
  %u = "arith.addi"(%x, %x) : (i32, i32) -> i32
  %u2 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "func.return"(%u, %u2) : (i32, i32) -> ()
}) : () -> ()

// -----

// A loop: the header dominates the body and the exit, whatever the back edge.
// CHECK-LABEL: sym_name = "loop"
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[H:.*]] = "arith.addi"
// CHECK-NEXT:    "test.use"(%[[H]])
// CHECK-NEXT:    "test.cond_br"() [^bb2, ^bb3]
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    "test.use"(%[[H]])
// CHECK-NEXT:    "test.br"() [^bb1]
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    "test.use"(%[[H]])
"func.func"() <{function_type = (i32) -> (), sym_name = "loop"}> ({
^bb0(%x: i32):
  "test.br"() [^bb1] : () -> ()
^bb1:
  %h = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "test.use"(%h) : (i32) -> ()
  "test.cond_br"() [^bb2, ^bb3] : () -> ()
^bb2:
  %b = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "test.use"(%b) : (i32) -> ()
  "test.br"() [^bb1] : () -> ()
^bb3:
  %e = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "test.use"(%e) : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()
