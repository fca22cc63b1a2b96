// RUN: mc-opt %s | FileCheck %s
// Printing is stable, in the custom and in the generic form, and both read back to the same IR.
// RUN: mc-opt %s > %t.1.mlir && mc-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: mc-opt --print-generic %s > %t.g1.mlir && mc-opt --print-generic %t.g1.mlir > %t.g2.mlir && diff %t.g1.mlir %t.g2.mlir
// RUN: mc-opt --print-generic %s | mc-opt | FileCheck %s
// RUN: mc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// Upstream MLIR reads the generic form (loop ops and !buffer types as unregistered), and mc
// reads what it prints back.
// RUN: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic %t.g1.mlir | mc-opt | FileCheck %s

// A reduction: iter_args carry the accumulator; results are the final values.
// CHECK-LABEL: func.func @sum(
// CHECK-SAME:      %[[BUF:.*]]: !buffer<16xi8>) -> i32 {
// CHECK:         %[[R:.*]] = loop.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32) {
// CHECK-NEXT:      %[[X:.*]] = loop.load %[[BUF]][%[[I]]] : !buffer<16xi8>
// CHECK-NEXT:      %[[W:.*]] = arith.extsi %[[X]] : i8 to i32
// CHECK-NEXT:      %[[N:.*]] = arith.addi %[[ACC]], %[[W]] : i32
// CHECK-NEXT:      loop.yield %[[N]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
// GENERIC-LABEL: sym_name = "sum"
// GENERIC:         "loop.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) ({
// GENERIC-NEXT:    ^bb0(%{{.*}}: index, %{{.*}}: i32):
// GENERIC-NEXT:      "loop.load"(%{{.*}}, %{{.*}}) : (!buffer<16xi8>, index) -> i8
// GENERIC:           "loop.yield"(%{{.*}}) : (i32) -> ()
// GENERIC-NEXT:    }) : (index, index, index, i32) -> i32
func.func @sum(%buf: !buffer<16xi8>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i32
  %s = loop.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (i32) {
    %x = loop.load %buf[%i] : !buffer<16xi8>
    %w = arith.extsi %x : i8 to i32
    %next = arith.addi %acc, %w : i32
    loop.yield %next : i32
  }
  return %s : i32
}

// A loop nest without results: the empty loop.yield is implied, as for scf.for, and printed
// only in the generic form. Several iter_args; results may be unused.
// CHECK-LABEL: func.func @nest(
// CHECK-SAME:      %[[A:.*]]: !buffer<4x8xf32>, %[[B:.*]]: !buffer<8x4xf32, strides: [1, 8], offset: 0>) {
// CHECK:         loop.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      loop.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        %[[V:.*]] = loop.load %[[A]][%[[I]], %[[J]]] : !buffer<4x8xf32>
// CHECK-NEXT:        loop.store %[[V]], %[[B]][%[[J]], %[[I]]] : !buffer<8x4xf32, strides: [1, 8], offset: 0>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK:         %{{.*}}:2 = loop.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[P:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}}) -> (f32, f32) {
// CHECK-NEXT:      loop.yield %[[Q]], %[[P]] : f32, f32
// GENERIC-LABEL: sym_name = "nest"
// GENERIC:             "loop.store"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, !buffer<8x4xf32, strides: [1, 8], offset: 0>, index, index) -> ()
// GENERIC-NEXT:        "loop.yield"() : () -> ()
// GENERIC-NEXT:      }) : (index, index, index) -> ()
func.func @nest(%a: !buffer<4x8xf32>, %b: !buffer<8x4xf32, strides: [1, 8]>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  loop.for %i = %c0 to %c4 step %c1 {
    loop.for %j = %c0 to %c8 step %c1 {
      %v = loop.load %a[%i, %j] : !buffer<4x8xf32>
      loop.store %v, %b[%j, %i] : !buffer<8x4xf32, strides: [1, 8]>
    }
  }
  %f = arith.constant 1.0 : f32
  %g = arith.constant 2.0 : f32
  %r:2 = loop.for %k = %c0 to %c4 step %c1 iter_args(%p = %f, %q = %g) -> (f32, f32) {
    loop.yield %q, %p : f32, f32
  }
  return
}

// Conditionals: without results the else region is optional; with results both regions yield.
// CHECK-LABEL: func.func @conditionals(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32, %[[OUT:.*]]: !buffer<i32>) -> i32 {
// CHECK-NEXT:    loop.if %[[C]] {
// CHECK-NEXT:      loop.store %[[X]], %[[OUT]][] : !buffer<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    loop.if %[[C]] {
// CHECK-NEXT:      loop.store %[[X]], %[[OUT]][] : !buffer<i32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      loop.store %[[Y]], %[[OUT]][] : !buffer<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.*]] = loop.if %[[C]] -> (i32) {
// CHECK-NEXT:      loop.yield %[[X]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      loop.yield %[[Y]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
// GENERIC-LABEL: sym_name = "conditionals"
// GENERIC:         "loop.if"(%{{.*}}) ({
// GENERIC-NEXT:      "loop.store"(%{{.*}}, %{{.*}}) : (i32, !buffer<i32>) -> ()
// GENERIC-NEXT:      "loop.yield"() : () -> ()
// GENERIC-NEXT:    }, {
// GENERIC-NEXT:    }) : (i1) -> ()
func.func @conditionals(%c: i1, %x: i32, %y: i32, %out: !buffer<i32>) -> i32 {
  loop.if %c {
    loop.store %x, %out[] : !buffer<i32>
  }
  loop.if %c {
    loop.store %x, %out[] : !buffer<i32>
  } else {
    loop.store %y, %out[] : !buffer<i32>
  }
  %r = loop.if %c -> i32 {
    loop.yield %x : i32
  } else {
    loop.yield %y : i32
  }
  return %r : i32
}

// Quantized elements load and store as their storage integers.
// CHECK-LABEL: func.func @quantized(
// CHECK:         %[[Q:.*]] = loop.load %{{.*}}[%{{.*}}] : !buffer<4x!quant.uniform<i8:f32, 5.000000e-01:-3>, strides: [1], offset: 2>
// CHECK-NEXT:    loop.store %[[Q]], %{{.*}}[%{{.*}}] : !buffer<4x!quant.uniform<i8:f32, 2.500000e-01:1>>
// GENERIC-LABEL: sym_name = "quantized"
// GENERIC:         "loop.load"(%{{.*}}, %{{.*}}) : (!buffer<4x!quant.uniform<i8:f32, 5.000000e-01:-3>, strides: [1], offset: 2>, index) -> i8
func.func @quantized(%in: !buffer<4x!quant.uniform<i8:f32, 0.5:-3>, offset: 2>, %out: !buffer<4x!quant.uniform<i8:f32, 0.25:1>>, %i: index) {
  %q = loop.load %in[%i] : !buffer<4x!quant.uniform<i8:f32, 0.5:-3>, offset: 2>
  loop.store %q, %out[%i] : !buffer<4x!quant.uniform<i8:f32, 0.25:1>>
  return
}

// Unsigned integers load and store as signless integers of their width (the arithmetic says
// how it reads them: extui, shrui, cmpi ult).
// CHECK-LABEL: func.func @unsigned(
// CHECK:         %[[A:.*]] = loop.load %{{.*}}[%{{.*}}] : !buffer<4xui32>
// CHECK-NEXT:    %[[B:.*]] = arith.extui %[[A]] : i32 to i64
// CHECK-NEXT:    loop.store %[[B]], %{{.*}}[%{{.*}}] : !buffer<4xui64>
// GENERIC-LABEL: sym_name = "unsigned"
// GENERIC:         "loop.load"(%{{.*}}, %{{.*}}) : (!buffer<4xui32>, index) -> i32
func.func @unsigned(%in: !buffer<4xui32>, %out: !buffer<4xui64>, %i: index) {
  %a = loop.load %in[%i] : !buffer<4xui32>
  %b = arith.extui %a : i32 to i64
  loop.store %b, %out[%i] : !buffer<4xui64>
  return
}

// The generic form is accepted as is, including an explicit terminator of a loop without
// results, and prints in the custom form; `: index` after the step is accepted as in scf.for.
// CHECK-LABEL: func.func @generic_input(
// CHECK-NEXT:    loop.for %{{.*}} = %[[N:.*]] to %[[N]] step %[[N]] {
// CHECK-NEXT:    }
// CHECK-NEXT:    loop.for %{{.*}} = %[[N]] to %[[N]] step %[[N]] {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @generic_input(%n: index) {
  "loop.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    "loop.yield"() : () -> ()
  }) : (index, index, index) -> ()
  loop.for %i = %n to %n step %n : index {
  }
  return
}
