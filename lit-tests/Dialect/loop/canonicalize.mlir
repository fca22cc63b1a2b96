// RUN: mc-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s
// The loop ops' canonicalization patterns (after scf's), and how folding and CSE treat loop
// bodies: pure ops fold and merge inside them, memory ops stay where they are.

// CHECK-LABEL: func.func @static_conditions(
// CHECK-SAME:      %[[X:.*]]: i32, %[[Y:.*]]: i32, %[[B:.*]]: !buffer<i32>) -> (i32, i32) {
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT:    loop.store %[[S]], %[[B]][] : !buffer<i32>
// CHECK-NEXT:    return %[[S]], %[[Y]] : i32, i32
func.func @static_conditions(%x: i32, %y: i32, %b: !buffer<i32>) -> (i32, i32) {
  %true = arith.constant true
  %false = arith.constant false
  %r = loop.if %true -> (i32) {
    %s = arith.addi %x, %y : i32
    loop.store %s, %b[] : !buffer<i32>
    loop.yield %s : i32
  } else {
    loop.yield %x : i32
  }
  %q = loop.if %false -> (i32) {
    loop.yield %x : i32
  } else {
    loop.yield %y : i32
  }
  loop.if %false {
    loop.store %x, %b[] : !buffer<i32>
  }
  return %r, %q : i32, i32
}

// Loops that run zero times or once, and loops passing their values through.
// CHECK-LABEL: func.func @trivial_loops(
// CHECK-SAME:      %[[B:.*]]: !buffer<4xi32>, %[[X:.*]]: i32, %[[N:.*]]: index) -> (i32, i32, i32) {
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[V:.*]] = loop.load %[[B]][%[[C2]]] : !buffer<4xi32>
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[X]], %[[V]] : i32
// CHECK-NEXT:    return %[[X]], %[[S]], %[[X]] : i32, i32, i32
func.func @trivial_loops(%b: !buffer<4xi32>, %x: i32, %n: index) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %never = loop.for %i = %c3 to %c2 step %c1 iter_args(%a = %x) -> (i32) {
    %d = arith.addi %a, %a : i32
    loop.yield %d : i32
  }
  %once = loop.for %i = %c2 to %c3 step %c3 iter_args(%a = %x) -> (i32) {
    %v = loop.load %b[%i] : !buffer<4xi32>
    %s = arith.addi %a, %v : i32
    loop.yield %s : i32
  }
  %through = loop.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    loop.yield %a : i32
  }
  return %never, %once, %through : i32, i32, i32
}

// Constants fold and hoist out of loop bodies; identical pure ops merge; a load after a store
// to the same element is not merged with the load before it.
// CHECK-LABEL: func.func @bodies(
// CHECK-SAME:      %[[B:.*]]: !buffer<8xi32>) -> i32 {
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : i32
// CHECK:         %[[R:.*]] = loop.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32) {
// CHECK-NEXT:      %[[X:.*]] = loop.load %[[B]][%[[I]]] : !buffer<8xi32>
// CHECK-NEXT:      %[[Y:.*]] = arith.muli %[[X]], %[[C5]] : i32
// CHECK-NEXT:      loop.store %[[Y]], %[[B]][%[[I]]] : !buffer<8xi32>
// CHECK-NEXT:      %[[X2:.*]] = loop.load %[[B]][%[[I]]] : !buffer<8xi32>
// CHECK-NEXT:      %[[P:.*]] = arith.addi %[[ACC]], %[[X2]] : i32
// CHECK-NEXT:      %[[Q:.*]] = arith.addi %[[P]], %[[P]] : i32
// CHECK-NEXT:      loop.yield %[[Q]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @bodies(%buf: !buffer<8xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %s = loop.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %five = arith.addi %two, %three : i32
    %x = loop.load %buf[%i] : !buffer<8xi32>
    %y = arith.muli %x, %five : i32
    loop.store %y, %buf[%i] : !buffer<8xi32>
    %x2 = loop.load %buf[%i] : !buffer<8xi32>
    %p = arith.addi %x2, %zero : i32
    %q = arith.addi %acc, %p : i32
    %q2 = arith.addi %acc, %p : i32
    %r = arith.addi %q, %q2 : i32
    loop.yield %r : i32
  }
  return %s : i32
}

// A loop without iter_args whose body stores is kept: only a body that is nothing but its
// yield passes its iter args through without effects.
// CHECK-LABEL: func.func @effects_kept(
// CHECK:         loop.for
// CHECK-NEXT:      loop.store
// CHECK:         loop.for
// CHECK-NEXT:      loop.store
func.func @effects_kept(%buf: !buffer<8xi32>, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  loop.for %i = %c0 to %c8 step %c1 {
    loop.store %x, %buf[%i] : !buffer<8xi32>
  }
  %r = loop.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (i32) {
    loop.store %acc, %buf[%i] : !buffer<8xi32>
    loop.yield %acc : i32
  }
  return %r : i32
}

// Patterns can be switched off by name.
// RUN: mc-opt %s --canonicalize='disable-patterns=SimplifyTrivialLoops,RemoveStaticCondition' | FileCheck %s --check-prefix=DISABLED
// DISABLED-LABEL: func.func @static_conditions(
// DISABLED:         loop.if %true -> (i32) {
// DISABLED-LABEL: func.func @trivial_loops(
// DISABLED:         loop.for
