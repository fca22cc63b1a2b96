// RUN: mc-opt %s | FileCheck %s
// Printing is stable, in the custom and in the generic form.
// RUN: mc-opt %s > %t.1.mlir && mc-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: mc-opt --print-generic %s > %t.g1.mlir && mc-opt --print-generic %t.g1.mlir > %t.g2.mlir && diff %t.g1.mlir %t.g2.mlir
// Both forms read back to the same IR.
// RUN: mc-opt %s | mc-opt | FileCheck %s
// RUN: mc-opt --print-generic %s | mc-opt | FileCheck %s
// RUN: mc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// Upstream MLIR prints this input the same way, and reads mc's custom form.
// RUN: mlir-opt-22 %s | FileCheck %s
// RUN: mc-opt %s | mlir-opt-22 | FileCheck %s
// Byte for byte (upstream ends its output with one more empty line):
// RUN: mlir-opt-22 %t.1.mlir | diff -I '^$' %t.1.mlir -
// Upstream MLIR reads mc's generic form, and mc reads upstream's, which spells out the default
// overflow and fast-math flags as properties (kept opaque by mc, and left out of the custom form).
// RUN: mlir-opt-22 %t.g1.mlir --mlir-print-op-generic | mc-opt | FileCheck %s
// RUN: mlir-opt-22 %t.g1.mlir --mlir-print-op-generic | mc-opt --print-generic | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM-LABEL: sym_name = "integer_binary"
// UPSTREAM:         "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// UPSTREAM-LABEL: sym_name = "float_binary"
// UPSTREAM:         "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// UPSTREAM-LABEL: sym_name = "compare_select"
// UPSTREAM:         "arith.cmpf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 0 : i64}> : (f32, f32) -> i1

// Constants print with MLIR's result names; an i8 255 is -1.
// CHECK-LABEL: func.func @constants() {
// CHECK-NEXT:    %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %c7 = arith.constant 7 : index
// CHECK-NEXT:    %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT:    %cst_0 = arith.constant -2.500000e-01 : f64
// CHECK-NEXT:    %cst_1 = arith.constant 1.000000e+00 : f16
// CHECK-NEXT:    %cst_2 = arith.constant 5.000000e-01 : bf16
// CHECK-NEXT:    %cst_3 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:    %cst_4 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT:    %cst_5 = arith.constant dense<5.000000e-01> : tensor<2x2xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// GENERIC-LABEL: sym_name = "constants"
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = 42 : i32}> : () -> i32
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = -1 : i8}> : () -> i8
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = 7 : index}> : () -> index
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = -2.500000e-01 : f64}> : () -> f64
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = 1.000000e+00 : f16}> : () -> f16
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = 5.000000e-01 : bf16}> : () -> bf16
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = dense<[1, 2, 3, 4]> : tensor<4xi32>}> : () -> tensor<4xi32>
// GENERIC-NEXT:    %{{.*}} = "arith.constant"() <{value = dense<5.000000e-01> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
"func.func"() <{function_type = () -> (), sym_name = "constants"}> ({
  %0 = "arith.constant"() <{value = 42 : i32}> : () -> i32
  %1 = "arith.constant"() <{value = 255 : i8}> : () -> i8
  %2 = "arith.constant"() <{value = true}> : () -> i1
  %3 = "arith.constant"() <{value = 7 : index}> : () -> index
  %4 = "arith.constant"() <{value = 1.5 : f32}> : () -> f32
  %5 = "arith.constant"() <{value = -0.25 : f64}> : () -> f64
  %6 = "arith.constant"() <{value = 1.0 : f16}> : () -> f16
  %7 = "arith.constant"() <{value = 0.5 : bf16}> : () -> bf16
  %8 = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
  %9 = "arith.constant"() <{value = dense<[1, 2, 3, 4]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %10 = "arith.constant"() <{value = dense<0.5> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// Integer binary ops, on scalars (integers of any width, index) and tensors.
// CHECK-LABEL: func.func @integer_binary(
// CHECK-SAME:      %[[A:.*]]: i32, %[[B:.*]]: i32, %[[I:.*]]: index, %[[T:.*]]: tensor<4xi8>, %[[W:.*]]: i128) {
// CHECK-NEXT:    %{{.*}} = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.subi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.divsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.divui %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.remsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.remui %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.minsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.maxsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.minui %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.maxui %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.addi %[[I]], %[[I]] : index
// CHECK-NEXT:    %{{.*}} = arith.muli %[[T]], %[[T]] : tensor<4xi8>
// CHECK-NEXT:    %{{.*}} = arith.subi %[[W]], %[[W]] : i128
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "integer_binary"
// GENERIC-NEXT:  ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %[[I:.*]]: index, %[[T:.*]]: tensor<4xi8>, %[[W:.*]]: i128):
// GENERIC-NEXT:    "arith.addi"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.subi"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.muli"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.divsi"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.divui"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.remsi"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.remui"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.minsi"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.maxsi"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.minui"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.maxui"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:    "arith.addi"(%[[I]], %[[I]]) : (index, index) -> index
// GENERIC-NEXT:    "arith.muli"(%[[T]], %[[T]]) : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
// GENERIC-NEXT:    "arith.subi"(%[[W]], %[[W]]) : (i128, i128) -> i128
"func.func"() <{function_type = (i32, i32, index, tensor<4xi8>, i128) -> (), sym_name = "integer_binary"}> ({
^bb0(%a: i32, %b: i32, %i: index, %t: tensor<4xi8>, %w: i128):
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
  %1 = "arith.subi"(%a, %b) : (i32, i32) -> i32
  %2 = "arith.muli"(%a, %b) : (i32, i32) -> i32
  %3 = "arith.divsi"(%a, %b) : (i32, i32) -> i32
  %4 = "arith.divui"(%a, %b) : (i32, i32) -> i32
  %5 = "arith.remsi"(%a, %b) : (i32, i32) -> i32
  %6 = "arith.remui"(%a, %b) : (i32, i32) -> i32
  %7 = "arith.minsi"(%a, %b) : (i32, i32) -> i32
  %8 = "arith.maxsi"(%a, %b) : (i32, i32) -> i32
  %9 = "arith.minui"(%a, %b) : (i32, i32) -> i32
  %10 = "arith.maxui"(%a, %b) : (i32, i32) -> i32
  %11 = "arith.addi"(%i, %i) : (index, index) -> index
  %12 = "arith.muli"(%t, %t) : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %13 = "arith.subi"(%w, %w) : (i128, i128) -> i128
  "func.return"() : () -> ()
}) : () -> ()

// Float binary ops, on every float type and tensors.
// CHECK-LABEL: func.func @float_binary(
// CHECK-SAME:      %[[X:.*]]: f32, %[[Y:.*]]: f32, %[[H:.*]]: f16, %[[B:.*]]: bf16, %[[D:.*]]: f64, %[[T:.*]]: tensor<2xf32>) {
// CHECK-NEXT:    %{{.*}} = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    %{{.*}} = arith.subf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    %{{.*}} = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    %{{.*}} = arith.divf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    %{{.*}} = arith.minimumf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    %{{.*}} = arith.maximumf %[[X]], %[[Y]] : f32
// CHECK-NEXT:    %{{.*}} = arith.addf %[[H]], %[[H]] : f16
// CHECK-NEXT:    %{{.*}} = arith.mulf %[[B]], %[[B]] : bf16
// CHECK-NEXT:    %{{.*}} = arith.divf %[[D]], %[[D]] : f64
// CHECK-NEXT:    %{{.*}} = arith.maximumf %[[T]], %[[T]] : tensor<2xf32>
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "float_binary"
// GENERIC-NEXT:  ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[H:.*]]: f16, %[[B:.*]]: bf16, %[[D:.*]]: f64, %[[T:.*]]: tensor<2xf32>):
// GENERIC-NEXT:    "arith.addf"(%[[X]], %[[Y]]) : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.subf"(%[[X]], %[[Y]]) : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.mulf"(%[[X]], %[[Y]]) : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.divf"(%[[X]], %[[Y]]) : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.minimumf"(%[[X]], %[[Y]]) : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.maximumf"(%[[X]], %[[Y]]) : (f32, f32) -> f32
// GENERIC-NEXT:    "arith.addf"(%[[H]], %[[H]]) : (f16, f16) -> f16
// GENERIC-NEXT:    "arith.mulf"(%[[B]], %[[B]]) : (bf16, bf16) -> bf16
// GENERIC-NEXT:    "arith.divf"(%[[D]], %[[D]]) : (f64, f64) -> f64
// GENERIC-NEXT:    "arith.maximumf"(%[[T]], %[[T]]) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
"func.func"() <{function_type = (f32, f32, f16, bf16, f64, tensor<2xf32>) -> (), sym_name = "float_binary"}> ({
^bb0(%x: f32, %y: f32, %h: f16, %b: bf16, %d: f64, %t: tensor<2xf32>):
  %0 = "arith.addf"(%x, %y) : (f32, f32) -> f32
  %1 = "arith.subf"(%x, %y) : (f32, f32) -> f32
  %2 = "arith.mulf"(%x, %y) : (f32, f32) -> f32
  %3 = "arith.divf"(%x, %y) : (f32, f32) -> f32
  %4 = "arith.minimumf"(%x, %y) : (f32, f32) -> f32
  %5 = "arith.maximumf"(%x, %y) : (f32, f32) -> f32
  %6 = "arith.addf"(%h, %h) : (f16, f16) -> f16
  %7 = "arith.mulf"(%b, %b) : (bf16, bf16) -> bf16
  %8 = "arith.divf"(%d, %d) : (f64, f64) -> f64
  %9 = "arith.maximumf"(%t, %t) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// Comparisons (predicates by number in the generic form, by name in the custom form) and select.
// The custom form names predicates; a select with a tensor condition spells out its type.
// CHECK-LABEL: func.func @compare_select(
// CHECK-SAME:      %[[A:.*]]: i32, %[[X:.*]]: f32, %[[T:.*]]: tensor<3xi16>, %[[C:.*]]: i1, %[[M:.*]]: tensor<3xi1>) {
// CHECK-NEXT:    %[[EQ:.*]] = arith.cmpi eq, %[[A]], %[[A]] : i32
// CHECK-NEXT:    %{{.*}} = arith.cmpi uge, %[[A]], %[[A]] : i32
// CHECK-NEXT:    %{{.*}} = arith.cmpi slt, %[[T]], %[[T]] : tensor<3xi16>
// CHECK-NEXT:    %{{.*}} = arith.cmpf false, %[[X]], %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = arith.cmpf true, %[[X]], %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = arith.select %[[EQ]], %[[A]], %[[A]] : i32
// CHECK-NEXT:    %{{.*}} = arith.select %[[C]], %[[T]], %[[T]] : tensor<3xi16>
// CHECK-NEXT:    %{{.*}} = arith.select %[[M]], %[[T]], %[[T]] : tensor<3xi1>, tensor<3xi16>
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "compare_select"
// GENERIC-NEXT:  ^bb0(%[[A:.*]]: i32, %[[X:.*]]: f32, %[[T:.*]]: tensor<3xi16>, %[[C:.*]]: i1, %[[M:.*]]: tensor<3xi1>):
// GENERIC-NEXT:    %[[EQ:.*]] = "arith.cmpi"(%[[A]], %[[A]]) <{predicate = 0 : i64}> : (i32, i32) -> i1
// GENERIC-NEXT:    "arith.cmpi"(%[[A]], %[[A]]) <{predicate = 9 : i64}> : (i32, i32) -> i1
// GENERIC-NEXT:    "arith.cmpi"(%[[T]], %[[T]]) <{predicate = 2 : i64}> : (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi1>
// GENERIC-NEXT:    "arith.cmpf"(%[[X]], %[[X]]) <{predicate = 0 : i64}> : (f32, f32) -> i1
// GENERIC-NEXT:    "arith.cmpf"(%[[X]], %[[X]]) <{predicate = 15 : i64}> : (f32, f32) -> i1
// GENERIC-NEXT:    "arith.select"(%[[EQ]], %[[A]], %[[A]]) : (i1, i32, i32) -> i32
// GENERIC-NEXT:    "arith.select"(%[[C]], %[[T]], %[[T]]) : (i1, tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>
// GENERIC-NEXT:    "arith.select"(%[[M]], %[[T]], %[[T]]) : (tensor<3xi1>, tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>
"func.func"() <{function_type = (i32, f32, tensor<3xi16>, i1, tensor<3xi1>) -> (), sym_name = "compare_select"}> ({
^bb0(%a: i32, %x: f32, %t: tensor<3xi16>, %c: i1, %m: tensor<3xi1>):
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i1
  %1 = "arith.cmpi"(%a, %a) <{predicate = 9 : i64}> : (i32, i32) -> i1
  %2 = "arith.cmpi"(%t, %t) <{predicate = 2 : i64}> : (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi1>
  %3 = "arith.cmpf"(%x, %x) <{predicate = 0 : i64}> : (f32, f32) -> i1
  %4 = "arith.cmpf"(%x, %x) <{predicate = 15 : i64}> : (f32, f32) -> i1
  %5 = "arith.select"(%0, %a, %a) : (i1, i32, i32) -> i32
  %6 = "arith.select"(%c, %t, %t) : (i1, tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>
  %7 = "arith.select"(%m, %t, %t) : (tensor<3xi1>, tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>
  "func.return"() : () -> ()
}) : () -> ()

// Casts, on scalars and tensors.
// CHECK-LABEL: func.func @casts(
// CHECK-SAME:      %[[B:.*]]: i8, %[[W:.*]]: i32, %[[X:.*]]: f32, %[[T:.*]]: tensor<2xi8>) {
// CHECK-NEXT:    %{{.*}} = arith.extsi %[[B]] : i8 to i32
// CHECK-NEXT:    %{{.*}} = arith.extui %[[B]] : i8 to i64
// CHECK-NEXT:    %{{.*}} = arith.trunci %[[W]] : i32 to i1
// CHECK-NEXT:    %{{.*}} = arith.sitofp %[[W]] : i32 to f32
// CHECK-NEXT:    %{{.*}} = arith.sitofp %[[B]] : i8 to bf16
// CHECK-NEXT:    %{{.*}} = arith.fptosi %[[X]] : f32 to i8
// CHECK-NEXT:    %{{.*}} = arith.extsi %[[T]] : tensor<2xi8> to tensor<2xi32>
// CHECK-NEXT:    %{{.*}} = arith.sitofp %[[T]] : tensor<2xi8> to tensor<2xf16>
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "casts"
// GENERIC-NEXT:  ^bb0(%[[B:.*]]: i8, %[[W:.*]]: i32, %[[X:.*]]: f32, %[[T:.*]]: tensor<2xi8>):
// GENERIC-NEXT:    "arith.extsi"(%[[B]]) : (i8) -> i32
// GENERIC-NEXT:    "arith.extui"(%[[B]]) : (i8) -> i64
// GENERIC-NEXT:    "arith.trunci"(%[[W]]) : (i32) -> i1
// GENERIC-NEXT:    "arith.sitofp"(%[[W]]) : (i32) -> f32
// GENERIC-NEXT:    "arith.sitofp"(%[[B]]) : (i8) -> bf16
// GENERIC-NEXT:    "arith.fptosi"(%[[X]]) : (f32) -> i8
// GENERIC-NEXT:    "arith.extsi"(%[[T]]) : (tensor<2xi8>) -> tensor<2xi32>
// GENERIC-NEXT:    "arith.sitofp"(%[[T]]) : (tensor<2xi8>) -> tensor<2xf16>
"func.func"() <{function_type = (i8, i32, f32, tensor<2xi8>) -> (), sym_name = "casts"}> ({
^bb0(%b: i8, %w: i32, %x: f32, %t: tensor<2xi8>):
  %0 = "arith.extsi"(%b) : (i8) -> i32
  %1 = "arith.extui"(%b) : (i8) -> i64
  %2 = "arith.trunci"(%w) : (i32) -> i1
  %3 = "arith.sitofp"(%w) : (i32) -> f32
  %4 = "arith.sitofp"(%b) : (i8) -> bf16
  %5 = "arith.fptosi"(%x) : (f32) -> i8
  %6 = "arith.extsi"(%t) : (tensor<2xi8>) -> tensor<2xi32>
  %7 = "arith.sitofp"(%t) : (tensor<2xi8>) -> tensor<2xf16>
  "func.return"() : () -> ()
}) : () -> ()
