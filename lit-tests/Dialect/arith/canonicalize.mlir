// RUN: mc-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s
// Folds and canonicalization patterns of each arith op. Results agree with mlir-opt's
// canonicalize on the same input, except where a comment says otherwise. Folded constants are
// deduplicated and hoisted to the function entry, in no promised order (hence CHECK-DAG).
//
// Upstream MLIR reads the result, in the custom and in the generic form, and prints it the same way.
// RUN: mc-opt %s --allow-unregistered-dialect --canonicalize | mlir-opt-22 --allow-unregistered-dialect | FileCheck %s
// RUN: mc-opt %s --allow-unregistered-dialect --canonicalize --print-generic | mlir-opt-22 --allow-unregistered-dialect | FileCheck %s
// RUN: mc-opt %s --allow-unregistered-dialect --canonicalize --print-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @constant_dedup(
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[C1_64:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    return %[[C1]], %[[C1]], %[[C1_64]] : i32, i32, i64
// GENERIC-LABEL: sym_name = "constant_dedup"
// GENERIC-NEXT:    %[[C1:.*]] = "arith.constant"() <{value = 1 : i32}> : () -> i32
// GENERIC-NEXT:    %[[C1_64:.*]] = "arith.constant"() <{value = 1 : i64}> : () -> i64
// GENERIC-NEXT:    "func.return"(%[[C1]], %[[C1]], %[[C1_64]]) : (i32, i32, i64) -> ()
"func.func"() <{function_type = () -> (i32, i32, i64), sym_name = "constant_dedup"}> ({
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %2 = "arith.constant"() <{value = 1 : i64}> : () -> i64
  "func.return"(%0, %1, %2) : (i32, i32, i64) -> ()
}) : () -> ()

// Integer arithmetic on constants wraps at the type's width.
// CHECK-LABEL: func.func @int_fold(
// CHECK-DAG:     %[[ADD:.*]] = arith.constant -106 : i8
// CHECK-DAG:     %[[SUB:.*]] = arith.constant 127 : i8
// CHECK-DAG:     %[[MUL:.*]] = arith.constant -120 : i8
// CHECK-DAG:     %[[DIVSI:.*]] = arith.constant -3 : i8
// CHECK-DAG:     %[[DIVUI:.*]] = arith.constant 64 : i8
// CHECK-DAG:     %[[REMSI:.*]] = arith.constant -1 : i8
// CHECK-DAG:     %[[REMUI:.*]] = arith.constant 1 : i8
// CHECK-DAG:     %[[MIN:.*]] = arith.constant -128 : i8
// CHECK-DAG:     %[[MAX:.*]] = arith.constant 100 : i8
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-NOT:     arith.{{[a-z]+i }}
// CHECK:         return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIVSI]], %[[DIVUI]], %[[REMSI]], %[[REMUI]], %[[MIN]], %[[MAX]], %[[MAX]], %[[MIN]], %[[ZERO]] :
"func.func"() <{function_type = () -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8), sym_name = "int_fold"}> ({
  %c100 = "arith.constant"() <{value = 100 : i8}> : () -> i8
  %c50 = "arith.constant"() <{value = 50 : i8}> : () -> i8
  %min = "arith.constant"() <{value = -128 : i8}> : () -> i8
  %c1 = "arith.constant"() <{value = 1 : i8}> : () -> i8
  %cm7 = "arith.constant"() <{value = -7 : i8}> : () -> i8
  %c2 = "arith.constant"() <{value = 2 : i8}> : () -> i8
  %0 = "arith.addi"(%c100, %c50) : (i8, i8) -> i8
  %1 = "arith.subi"(%min, %c1) : (i8, i8) -> i8
  %2 = "arith.muli"(%c100, %c50) : (i8, i8) -> i8
  %3 = "arith.divsi"(%cm7, %c2) : (i8, i8) -> i8
  %4 = "arith.divui"(%min, %c2) : (i8, i8) -> i8
  %5 = "arith.remsi"(%cm7, %c2) : (i8, i8) -> i8
  %6 = "arith.remui"(%cm7, %c2) : (i8, i8) -> i8
  %7 = "arith.minsi"(%min, %c100) : (i8, i8) -> i8
  %8 = "arith.maxsi"(%min, %c100) : (i8, i8) -> i8
  %9 = "arith.minui"(%min, %c100) : (i8, i8) -> i8
  %10 = "arith.maxui"(%min, %c100) : (i8, i8) -> i8
  %11 = "arith.addi"(%min, %min) : (i8, i8) -> i8
  "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11) : (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) -> ()
}) : () -> ()

// Wrapping at other widths: i1, i64, index, i128.
// CHECK-LABEL: func.func @int_widths(
// CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
// CHECK-DAG:     %[[I64:.*]] = arith.constant -9223372036854775808 : i64
// CHECK-DAG:     %[[INDEX:.*]] = arith.constant 49 : index
// CHECK-DAG:     %[[I128:.*]] = arith.constant -170141183460469231731687303715884105728 : i128
// CHECK:         return %[[FALSE]], %[[I64]], %[[INDEX]], %[[I128]] :
"func.func"() <{function_type = () -> (i1, i64, index, i128), sym_name = "int_widths"}> ({
  %t = "arith.constant"() <{value = true}> : () -> i1
  %0 = "arith.addi"(%t, %t) : (i1, i1) -> i1
  %max = "arith.constant"() <{value = 0x7FFFFFFFFFFFFFFF : i64}> : () -> i64
  %one = "arith.constant"() <{value = 1 : i64}> : () -> i64
  %1 = "arith.addi"(%max, %one) : (i64, i64) -> i64
  %seven = "arith.constant"() <{value = 7 : index}> : () -> index
  %2 = "arith.muli"(%seven, %seven) : (index, index) -> index
  %wide = "arith.constant"() <{value = 170141183460469231731687303715884105727 : i128}> : () -> i128
  %wide1 = "arith.constant"() <{value = 1 : i128}> : () -> i128
  %3 = "arith.addi"(%wide, %wide1) : (i128, i128) -> i128
  "func.return"(%0, %1, %2, %3) : (i1, i64, index, i128) -> ()
}) : () -> ()

// Integers wider than 128 bits are not folded (mlir-opt folds them).
// CHECK-LABEL: func.func @int_too_wide(
// CHECK:         arith.addi %{{.*}}, %{{.*}} : i200
// CHECK:         arith.extui %{{.*}} : i128 to i256
"func.func"() <{function_type = () -> (i200, i256), sym_name = "int_too_wide"}> ({
  %a = "arith.constant"() <{value = 85070591730234615865843651857942052864 : i200}> : () -> i200
  %0 = "arith.addi"(%a, %a) : (i200, i200) -> i200
  %m = "arith.constant"() <{value = -1 : i128}> : () -> i128
  %1 = "arith.extui"(%m) : (i128) -> i256
  "func.return"(%0, %1) : (i200, i256) -> ()
}) : () -> ()

// Division by zero and the overflowing signed MIN / -1 are undefined: they are left alone.
// MIN % -1 is 0.
// CHECK-LABEL: func.func @div_undefined(
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-DAG:     %[[MIN:.*]] = arith.constant -128 : i8
// CHECK-DAG:     %[[M1:.*]] = arith.constant -1 : i8
// CHECK-DAG:     %[[D0:.*]] = arith.divsi %[[MIN]], %[[ZERO]] : i8
// CHECK-DAG:     %[[D1:.*]] = arith.divui %[[MIN]], %[[ZERO]] : i8
// CHECK-DAG:     %[[D2:.*]] = arith.remsi %[[MIN]], %[[ZERO]] : i8
// CHECK-DAG:     %[[D3:.*]] = arith.remui %[[MIN]], %[[ZERO]] : i8
// CHECK-DAG:     %[[D4:.*]] = arith.divsi %[[MIN]], %[[M1]] : i8
// CHECK-DAG:     %[[D5:.*]] = arith.divsi %arg0, %[[ZERO]] : i8
// CHECK:         return %[[D0]], %[[D1]], %[[D2]], %[[D3]], %[[D4]], %[[D5]], %[[ZERO]] :
"func.func"() <{function_type = (i8) -> (i8, i8, i8, i8, i8, i8, i8), sym_name = "div_undefined"}> ({
^bb0(%x: i8):
  %zero = "arith.constant"() <{value = 0 : i8}> : () -> i8
  %min = "arith.constant"() <{value = -128 : i8}> : () -> i8
  %m1 = "arith.constant"() <{value = -1 : i8}> : () -> i8
  %0 = "arith.divsi"(%min, %zero) : (i8, i8) -> i8
  %1 = "arith.divui"(%min, %zero) : (i8, i8) -> i8
  %2 = "arith.remsi"(%min, %zero) : (i8, i8) -> i8
  %3 = "arith.remui"(%min, %zero) : (i8, i8) -> i8
  %4 = "arith.divsi"(%min, %m1) : (i8, i8) -> i8
  %5 = "arith.divsi"(%x, %zero) : (i8, i8) -> i8
  %6 = "arith.remsi"(%min, %m1) : (i8, i8) -> i8
  "func.return"(%0, %1, %2, %3, %4, %5, %6) : (i8, i8, i8, i8, i8, i8, i8) -> ()
}) : () -> ()

// Algebraic identities.
// CHECK-LABEL: func.func @int_identities(
// CHECK-SAME:    %[[X:.*]]: i32)
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    return %[[X]], %[[X]], %[[X]], %[[X]], %[[ZERO]], %[[ZERO]], %[[ZERO]], %[[X]], %[[X]], %[[X]], %[[ZERO]], %[[ZERO]], %[[X]], %[[X]], %[[X]], %[[X]] :
"func.func"() <{function_type = (i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32), sym_name = "int_identities"}> ({
^bb0(%x: i32):
  %zero = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %0 = "arith.addi"(%x, %zero) : (i32, i32) -> i32
  %1 = "arith.addi"(%zero, %x) : (i32, i32) -> i32
  %2 = "arith.muli"(%x, %one) : (i32, i32) -> i32
  %3 = "arith.muli"(%one, %x) : (i32, i32) -> i32
  %4 = "arith.muli"(%x, %zero) : (i32, i32) -> i32
  %5 = "arith.muli"(%zero, %x) : (i32, i32) -> i32
  %6 = "arith.subi"(%x, %x) : (i32, i32) -> i32
  %7 = "arith.subi"(%x, %zero) : (i32, i32) -> i32
  %8 = "arith.divsi"(%x, %one) : (i32, i32) -> i32
  %9 = "arith.divui"(%x, %one) : (i32, i32) -> i32
  %10 = "arith.remsi"(%x, %one) : (i32, i32) -> i32
  %11 = "arith.remui"(%x, %one) : (i32, i32) -> i32
  %12 = "arith.minsi"(%x, %x) : (i32, i32) -> i32
  %13 = "arith.maxsi"(%x, %x) : (i32, i32) -> i32
  %14 = "arith.minui"(%x, %x) : (i32, i32) -> i32
  %15 = "arith.maxui"(%x, %x) : (i32, i32) -> i32
  "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
}) : () -> ()

// x / x and x % x are not folded (x may be 0).
// CHECK-LABEL: func.func @no_self_division(
// CHECK:         arith.divsi %[[X:.*]], %[[X]] : i32
// CHECK-NEXT:    arith.remui %[[X]], %[[X]] : i32
"func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "no_self_division"}> ({
^bb0(%x: i32):
  %0 = "arith.divsi"(%x, %x) : (i32, i32) -> i32
  %1 = "arith.remui"(%x, %x) : (i32, i32) -> i32
  "func.return"(%0, %1) : (i32, i32) -> ()
}) : () -> ()

// Commutative ops keep their constant operand on the right.
// CHECK-LABEL: func.func @constants_right(
// CHECK-SAME:    %[[X:.*]]: i32)
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG:     %[[A:.*]] = arith.addi %[[X]], %[[C5]] : i32
// CHECK-DAG:     %[[M:.*]] = arith.muli %[[X]], %[[C7]] : i32
// CHECK-DAG:     %[[MIN:.*]] = arith.minsi %[[X]], %[[C5]] : i32
// CHECK-DAG:     %[[MAX:.*]] = arith.maxui %[[X]], %[[C5]] : i32
// CHECK-DAG:     %[[S:.*]] = arith.subi %[[C5]], %[[X]] : i32
// CHECK:         return %[[A]], %[[M]], %[[MIN]], %[[MAX]], %[[S]] :
"func.func"() <{function_type = (i32) -> (i32, i32, i32, i32, i32), sym_name = "constants_right"}> ({
^bb0(%x: i32):
  %c5 = "arith.constant"() <{value = 5 : i32}> : () -> i32
  %c7 = "arith.constant"() <{value = 7 : i32}> : () -> i32
  %0 = "arith.addi"(%c5, %x) : (i32, i32) -> i32
  %1 = "arith.muli"(%c7, %x) : (i32, i32) -> i32
  %2 = "arith.minsi"(%c5, %x) : (i32, i32) -> i32
  %3 = "arith.maxui"(%c5, %x) : (i32, i32) -> i32
  %4 = "arith.subi"(%c5, %x) : (i32, i32) -> i32
  "func.return"(%0, %1, %2, %3, %4) : (i32, i32, i32, i32, i32) -> ()
}) : () -> ()

// Float arithmetic rounds to the type (f16, bf16), overflows to infinity, and makes the
// positive quiet NaN from 0/0.
// CHECK-LABEL: func.func @float_fold(
// CHECK-DAG:     %[[ADD:.*]] = arith.constant -7.500000e-01 : f32
// CHECK-DAG:     %[[SUB:.*]] = arith.constant 3.750000e+00 : f32
// CHECK-DAG:     %[[MUL:.*]] = arith.constant -3.375000e+00 : f32
// CHECK-DAG:     %[[DIV:.*]] = arith.constant -0.666666686 : f32
// CHECK-DAG:     %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-DAG:     %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG:     %[[F16:.*]] = arith.constant 1.000980e+00 : f16
// CHECK-DAG:     %[[BF16:.*]] = arith.constant 1.007810e+00 : bf16
// CHECK-DAG:     %[[F64:.*]] = arith.constant 0.30000000000000004 : f64
// CHECK-NOT:     arith.{{[a-z]+f }}
// CHECK:         return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]], %[[INF]], %[[INF]], %[[NAN]], %[[F16]], %[[BF16]], %[[F64]] :
"func.func"() <{function_type = () -> (f32, f32, f32, f32, f32, f32, f32, f16, bf16, f64), sym_name = "float_fold"}> ({
  %a = "arith.constant"() <{value = 1.5 : f32}> : () -> f32
  %b = "arith.constant"() <{value = -2.25 : f32}> : () -> f32
  %z = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
  %big = "arith.constant"() <{value = 3.0e38 : f32}> : () -> f32
  %0 = "arith.addf"(%a, %b) : (f32, f32) -> f32
  %1 = "arith.subf"(%a, %b) : (f32, f32) -> f32
  %2 = "arith.mulf"(%a, %b) : (f32, f32) -> f32
  %3 = "arith.divf"(%a, %b) : (f32, f32) -> f32
  %4 = "arith.divf"(%a, %z) : (f32, f32) -> f32
  %5 = "arith.mulf"(%big, %big) : (f32, f32) -> f32
  %6 = "arith.divf"(%z, %z) : (f32, f32) -> f32
  %h1 = "arith.constant"() <{value = 1.0 : f16}> : () -> f16
  %h2 = "arith.constant"() <{value = 1.0e-3 : f16}> : () -> f16
  %7 = "arith.addf"(%h1, %h2) : (f16, f16) -> f16
  %b1 = "arith.constant"() <{value = 1.0 : bf16}> : () -> bf16
  %b2 = "arith.constant"() <{value = 1.0e-2 : bf16}> : () -> bf16
  %8 = "arith.addf"(%b1, %b2) : (bf16, bf16) -> bf16
  %d1 = "arith.constant"() <{value = 0.1 : f64}> : () -> f64
  %d2 = "arith.constant"() <{value = 0.2 : f64}> : () -> f64
  %9 = "arith.addf"(%d1, %d2) : (f64, f64) -> f64
  "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (f32, f32, f32, f32, f32, f32, f32, f16, bf16, f64) -> ()
}) : () -> ()

// minimumf and maximumf propagate NaN and order -0.0 below +0.0.
// CHECK-LABEL: func.func @min_max_float(
// CHECK-DAG:     %[[A:.*]] = arith.constant 1.500000e+00 : f32
// CHECK-DAG:     %[[B:.*]] = arith.constant -2.250000e+00 : f32
// CHECK-DAG:     %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG:     %[[PZ:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
// CHECK:         return %[[B]], %[[A]], %[[NAN]], %[[NAN]], %[[NZ]], %[[NZ]], %[[PZ]], %[[PZ]], %arg0, %arg0 :
"func.func"() <{function_type = (f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32), sym_name = "min_max_float"}> ({
^bb0(%x: f32):
  %a = "arith.constant"() <{value = 1.5 : f32}> : () -> f32
  %b = "arith.constant"() <{value = -2.25 : f32}> : () -> f32
  %nan = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
  %pz = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
  %nz = "arith.constant"() <{value = -0.0 : f32}> : () -> f32
  %0 = "arith.minimumf"(%a, %b) : (f32, f32) -> f32
  %1 = "arith.maximumf"(%a, %b) : (f32, f32) -> f32
  %2 = "arith.minimumf"(%a, %nan) : (f32, f32) -> f32
  %3 = "arith.maximumf"(%nan, %a) : (f32, f32) -> f32
  %4 = "arith.minimumf"(%pz, %nz) : (f32, f32) -> f32
  %5 = "arith.minimumf"(%nz, %pz) : (f32, f32) -> f32
  %6 = "arith.maximumf"(%pz, %nz) : (f32, f32) -> f32
  %7 = "arith.maximumf"(%nz, %pz) : (f32, f32) -> f32
  %8 = "arith.minimumf"(%x, %x) : (f32, f32) -> f32
  %9 = "arith.maximumf"(%x, %x) : (f32, f32) -> f32
  "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) -> ()
}) : () -> ()

// Float identities hold bit for bit: x + -0.0, x - 0.0, x * 1.0 and x / 1.0 are x; x + 0.0
// is not (-0.0 + 0.0 is 0.0), nor x * 0.0 (NaN, infinities, signs).
// CHECK-LABEL: func.func @float_identities(
// CHECK-SAME:    %[[X:.*]]: f32)
// CHECK-DAG:     %[[PZ:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[ADD:.*]] = arith.addf %[[X]], %[[PZ]] : f32
// CHECK-DAG:     %[[MUL:.*]] = arith.mulf %[[X]], %[[PZ]] : f32
// CHECK:         return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[ADD]], %[[MUL]] :
"func.func"() <{function_type = (f32) -> (f32, f32, f32, f32, f32, f32, f32), sym_name = "float_identities"}> ({
^bb0(%x: f32):
  %pz = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
  %nz = "arith.constant"() <{value = -0.0 : f32}> : () -> f32
  %one = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
  %0 = "arith.addf"(%x, %nz) : (f32, f32) -> f32
  %1 = "arith.subf"(%x, %pz) : (f32, f32) -> f32
  %2 = "arith.mulf"(%x, %one) : (f32, f32) -> f32
  %3 = "arith.mulf"(%one, %x) : (f32, f32) -> f32
  %4 = "arith.divf"(%x, %one) : (f32, f32) -> f32
  %5 = "arith.addf"(%x, %pz) : (f32, f32) -> f32
  %6 = "arith.mulf"(%x, %pz) : (f32, f32) -> f32
  "func.return"(%0, %1, %2, %3, %4, %5, %6) : (f32, f32, f32, f32, f32, f32, f32) -> ()
}) : () -> ()

// cmpi, every predicate on -1 and 1 (signed: -1 < 1; unsigned: 255 > 1), and on x and x.
// CHECK-LABEL: func.func @cmpi(
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK-DAG:     %[[F:.*]] = arith.constant false
// CHECK-NOT:     arith.cmpi
// CHECK:         return %[[F]], %[[T]], %[[T]], %[[T]], %[[F]], %[[F]], %[[F]], %[[F]], %[[T]], %[[T]], %[[T]], %[[F]], %[[F]], %[[T]], %[[F]], %[[T]], %[[F]], %[[T]], %[[F]], %[[T]] :
"func.func"() <{function_type = (i8) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1), sym_name = "cmpi"}> ({
^bb0(%x: i8):
  %a = "arith.constant"() <{value = -1 : i8}> : () -> i8
  %b = "arith.constant"() <{value = 1 : i8}> : () -> i8
  %eq = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i8, i8) -> i1
  %ne = "arith.cmpi"(%a, %b) <{predicate = 1 : i64}> : (i8, i8) -> i1
  %slt = "arith.cmpi"(%a, %b) <{predicate = 2 : i64}> : (i8, i8) -> i1
  %sle = "arith.cmpi"(%a, %b) <{predicate = 3 : i64}> : (i8, i8) -> i1
  %sgt = "arith.cmpi"(%a, %b) <{predicate = 4 : i64}> : (i8, i8) -> i1
  %sge = "arith.cmpi"(%a, %b) <{predicate = 5 : i64}> : (i8, i8) -> i1
  %ult = "arith.cmpi"(%a, %b) <{predicate = 6 : i64}> : (i8, i8) -> i1
  %ule = "arith.cmpi"(%a, %b) <{predicate = 7 : i64}> : (i8, i8) -> i1
  %ugt = "arith.cmpi"(%a, %b) <{predicate = 8 : i64}> : (i8, i8) -> i1
  %uge = "arith.cmpi"(%a, %b) <{predicate = 9 : i64}> : (i8, i8) -> i1
  %xeq = "arith.cmpi"(%x, %x) <{predicate = 0 : i64}> : (i8, i8) -> i1
  %xne = "arith.cmpi"(%x, %x) <{predicate = 1 : i64}> : (i8, i8) -> i1
  %xslt = "arith.cmpi"(%x, %x) <{predicate = 2 : i64}> : (i8, i8) -> i1
  %xsle = "arith.cmpi"(%x, %x) <{predicate = 3 : i64}> : (i8, i8) -> i1
  %xsgt = "arith.cmpi"(%x, %x) <{predicate = 4 : i64}> : (i8, i8) -> i1
  %xsge = "arith.cmpi"(%x, %x) <{predicate = 5 : i64}> : (i8, i8) -> i1
  %xult = "arith.cmpi"(%x, %x) <{predicate = 6 : i64}> : (i8, i8) -> i1
  %xule = "arith.cmpi"(%x, %x) <{predicate = 7 : i64}> : (i8, i8) -> i1
  %xugt = "arith.cmpi"(%x, %x) <{predicate = 8 : i64}> : (i8, i8) -> i1
  %xuge = "arith.cmpi"(%x, %x) <{predicate = 9 : i64}> : (i8, i8) -> i1
  "func.return"(%eq, %ne, %slt, %sle, %sgt, %sge, %ult, %ule, %ugt, %uge, %xeq, %xne, %xslt, %xsle, %xsgt, %xsge, %xult, %xule, %xugt, %xuge) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> ()
}) : () -> ()

// cmpf, every predicate on ordered operands (1.5 vs -2.25) and with a NaN.
// CHECK-LABEL: func.func @cmpf(
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK-DAG:     %[[F:.*]] = arith.constant false
// CHECK-NOT:     arith.cmpf
// CHECK:         return %[[F]], %[[F]], %[[T]], %[[T]], %[[F]], %[[F]], %[[T]], %[[T]], %[[F]], %[[T]], %[[T]], %[[F]], %[[F]], %[[T]], %[[F]], %[[T]],
// CHECK-SAME:             %[[F]], %[[F]], %[[F]], %[[F]], %[[F]], %[[F]], %[[F]], %[[F]], %[[T]], %[[T]], %[[T]], %[[T]], %[[T]], %[[T]], %[[T]], %[[T]] :
"func.func"() <{function_type = () -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1), sym_name = "cmpf"}> ({
  %a = "arith.constant"() <{value = 1.5 : f32}> : () -> f32
  %b = "arith.constant"() <{value = -2.25 : f32}> : () -> f32
  %n = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
  %0 = "arith.cmpf"(%a, %b) <{predicate = 0 : i64}> : (f32, f32) -> i1
  %1 = "arith.cmpf"(%a, %b) <{predicate = 1 : i64}> : (f32, f32) -> i1
  %2 = "arith.cmpf"(%a, %b) <{predicate = 2 : i64}> : (f32, f32) -> i1
  %3 = "arith.cmpf"(%a, %b) <{predicate = 3 : i64}> : (f32, f32) -> i1
  %4 = "arith.cmpf"(%a, %b) <{predicate = 4 : i64}> : (f32, f32) -> i1
  %5 = "arith.cmpf"(%a, %b) <{predicate = 5 : i64}> : (f32, f32) -> i1
  %6 = "arith.cmpf"(%a, %b) <{predicate = 6 : i64}> : (f32, f32) -> i1
  %7 = "arith.cmpf"(%a, %b) <{predicate = 7 : i64}> : (f32, f32) -> i1
  %8 = "arith.cmpf"(%a, %b) <{predicate = 8 : i64}> : (f32, f32) -> i1
  %9 = "arith.cmpf"(%a, %b) <{predicate = 9 : i64}> : (f32, f32) -> i1
  %10 = "arith.cmpf"(%a, %b) <{predicate = 10 : i64}> : (f32, f32) -> i1
  %11 = "arith.cmpf"(%a, %b) <{predicate = 11 : i64}> : (f32, f32) -> i1
  %12 = "arith.cmpf"(%a, %b) <{predicate = 12 : i64}> : (f32, f32) -> i1
  %13 = "arith.cmpf"(%a, %b) <{predicate = 13 : i64}> : (f32, f32) -> i1
  %14 = "arith.cmpf"(%a, %b) <{predicate = 14 : i64}> : (f32, f32) -> i1
  %15 = "arith.cmpf"(%a, %b) <{predicate = 15 : i64}> : (f32, f32) -> i1
  %16 = "arith.cmpf"(%a, %n) <{predicate = 0 : i64}> : (f32, f32) -> i1
  %17 = "arith.cmpf"(%a, %n) <{predicate = 1 : i64}> : (f32, f32) -> i1
  %18 = "arith.cmpf"(%a, %n) <{predicate = 2 : i64}> : (f32, f32) -> i1
  %19 = "arith.cmpf"(%a, %n) <{predicate = 3 : i64}> : (f32, f32) -> i1
  %20 = "arith.cmpf"(%a, %n) <{predicate = 4 : i64}> : (f32, f32) -> i1
  %21 = "arith.cmpf"(%a, %n) <{predicate = 5 : i64}> : (f32, f32) -> i1
  %22 = "arith.cmpf"(%a, %n) <{predicate = 6 : i64}> : (f32, f32) -> i1
  %23 = "arith.cmpf"(%a, %n) <{predicate = 7 : i64}> : (f32, f32) -> i1
  %24 = "arith.cmpf"(%a, %n) <{predicate = 8 : i64}> : (f32, f32) -> i1
  %25 = "arith.cmpf"(%a, %n) <{predicate = 9 : i64}> : (f32, f32) -> i1
  %26 = "arith.cmpf"(%a, %n) <{predicate = 10 : i64}> : (f32, f32) -> i1
  %27 = "arith.cmpf"(%a, %n) <{predicate = 11 : i64}> : (f32, f32) -> i1
  %28 = "arith.cmpf"(%a, %n) <{predicate = 12 : i64}> : (f32, f32) -> i1
  %29 = "arith.cmpf"(%a, %n) <{predicate = 13 : i64}> : (f32, f32) -> i1
  %30 = "arith.cmpf"(%a, %n) <{predicate = 14 : i64}> : (f32, f32) -> i1
  %31 = "arith.cmpf"(%a, %n) <{predicate = 15 : i64}> : (f32, f32) -> i1
  "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> ()
}) : () -> ()

// select: a constant condition picks a side; equal sides need no condition; select(c, true,
// false) is c. (mlir-opt also turns select(c, false, true) into an xori, which mc lacks.)
// CHECK-LABEL: func.func @select(
// CHECK-SAME:    %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK-DAG:     %[[F:.*]] = arith.constant false
// CHECK-DAG:     %[[NOT:.*]] = arith.select %[[C]], %[[F]], %[[T]] : i1
// CHECK-DAG:     %[[KEPT:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : i32
// CHECK:         return %[[X]], %[[Y]], %[[X]], %[[C]], %[[NOT]], %[[KEPT]] :
"func.func"() <{function_type = (i1, i32, i32) -> (i32, i32, i32, i1, i1, i32), sym_name = "select"}> ({
^bb0(%c: i1, %x: i32, %y: i32):
  %t = "arith.constant"() <{value = true}> : () -> i1
  %f = "arith.constant"() <{value = false}> : () -> i1
  %0 = "arith.select"(%t, %x, %y) : (i1, i32, i32) -> i32
  %1 = "arith.select"(%f, %x, %y) : (i1, i32, i32) -> i32
  %2 = "arith.select"(%c, %x, %x) : (i1, i32, i32) -> i32
  %3 = "arith.select"(%c, %t, %f) : (i1, i1, i1) -> i1
  %4 = "arith.select"(%c, %f, %t) : (i1, i1, i1) -> i1
  %5 = "arith.select"(%c, %x, %y) : (i1, i32, i32) -> i32
  "func.return"(%0, %1, %2, %3, %4, %5) : (i32, i32, i32, i1, i1, i32) -> ()
}) : () -> ()

// Casts of constants; fptosi rounds towards zero and leaves out-of-range values (poison) alone.
// CHECK-LABEL: func.func @casts(
// CHECK-DAG:     %[[SEXT:.*]] = arith.constant -1 : i32
// CHECK-DAG:     %[[ZEXT:.*]] = arith.constant 255 : i32
// CHECK-DAG:     %[[TRUNC:.*]] = arith.constant 44 : i8
// CHECK-DAG:     %[[FP:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-DAG:     %[[SI:.*]] = arith.constant -2 : i32
// CHECK-DAG:     %[[BIG:.*]] = arith.constant 1.000000e+10 : f32
// CHECK-DAG:     %[[KEPT:.*]] = arith.fptosi %[[BIG]] : f32 to i32
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
// CHECK:         return %[[SEXT]], %[[ZEXT]], %[[TRUNC]], %[[FP]], %[[SI]], %[[KEPT]], %[[SEXT]], %[[ONE]], %[[FALSE]] :
"func.func"() <{function_type = () -> (i32, i32, i8, f32, i32, i32, i32, i32, i1), sym_name = "casts"}> ({
  %m = "arith.constant"() <{value = -1 : i8}> : () -> i8
  %k = "arith.constant"() <{value = 300 : i32}> : () -> i32
  %f = "arith.constant"() <{value = -2.75 : f32}> : () -> f32
  %big = "arith.constant"() <{value = 1.0e10 : f32}> : () -> f32
  %t = "arith.constant"() <{value = true}> : () -> i1
  %0 = "arith.extsi"(%m) : (i8) -> i32
  %1 = "arith.extui"(%m) : (i8) -> i32
  %2 = "arith.trunci"(%k) : (i32) -> i8
  %3 = "arith.sitofp"(%m) : (i8) -> f32
  %4 = "arith.fptosi"(%f) : (f32) -> i32
  %5 = "arith.fptosi"(%big) : (f32) -> i32
  %6 = "arith.extsi"(%t) : (i1) -> i32
  %7 = "arith.extui"(%t) : (i1) -> i32
  %8 = "arith.trunci"(%k) : (i32) -> i1
  "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8) : (i32, i32, i8, f32, i32, i32, i32, i32, i1) -> ()
}) : () -> ()

// Tensor operands are not folded yet (mlir-opt folds splats).
// CHECK-LABEL: func.func @tensors(
// CHECK:         arith.addi %{{.*}}, %{{.*}} : tensor<4xi32>
"func.func"() <{function_type = () -> tensor<4xi32>, sym_name = "tensors"}> ({
  %a = "arith.constant"() <{value = dense<1> : tensor<4xi32>}> : () -> tensor<4xi32>
  %0 = "arith.addi"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  "func.return"(%0) : (tensor<4xi32>) -> ()
}) : () -> ()

// Patterns: constants reassociate through addi, subi and muli chains.
// CHECK-LABEL: func.func @reassociate(
// CHECK-SAME:    %[[X:.*]]: i32)
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : i32
// CHECK-DAG:     %[[CM2:.*]] = arith.constant -2 : i32
// CHECK-DAG:     %[[WRAP:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG:     %[[ADD_ADD:.*]] = arith.addi %[[X]], %[[C3]] : i32
// CHECK-DAG:     %[[ADD_SUB:.*]] = arith.addi %[[X]], %[[C2]] : i32
// CHECK-DAG:     %[[ADD_RSUB:.*]] = arith.subi %[[C3]], %[[X]] : i32
// CHECK-DAG:     %[[SUB_ADD:.*]] = arith.addi %[[X]], %[[CM2]] : i32
// CHECK-DAG:     %[[RSUB_ADD:.*]] = arith.subi %[[C2]], %[[X]] : i32
// CHECK-DAG:     %[[SUB_SUB:.*]] = arith.subi %[[X]], %[[C4]] : i32
// CHECK-DAG:     %[[MUL_MUL:.*]] = arith.muli %[[X]], %[[C6]] : i32
// CHECK-DAG:     %[[LEFT:.*]] = arith.addi %[[X]], %[[C3]] : i32
// CHECK-DAG:     %[[WRAPPED:.*]] = arith.addi %[[X]], %[[WRAP]] : i32
// CHECK:         return %[[ADD_ADD]], %[[ADD_SUB]], %[[ADD_RSUB]], %[[SUB_ADD]], %[[RSUB_ADD]], %[[SUB_SUB]], %[[MUL_MUL]], %[[LEFT]], %[[WRAPPED]] :
"func.func"() <{function_type = (i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32), sym_name = "reassociate"}> ({
^bb0(%x: i32):
  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %c3 = "arith.constant"() <{value = 3 : i32}> : () -> i32
  %max = "arith.constant"() <{value = 2147483647 : i32}> : () -> i32
  %add = "arith.addi"(%x, %c1) : (i32, i32) -> i32
  %sub = "arith.subi"(%x, %c1) : (i32, i32) -> i32
  %rsub = "arith.subi"(%c1, %x) : (i32, i32) -> i32
  %mul = "arith.muli"(%x, %c2) : (i32, i32) -> i32
  %0 = "arith.addi"(%add, %c2) : (i32, i32) -> i32
  %1 = "arith.addi"(%sub, %c3) : (i32, i32) -> i32
  %2 = "arith.addi"(%rsub, %c2) : (i32, i32) -> i32
  %3 = "arith.subi"(%add, %c3) : (i32, i32) -> i32
  %4 = "arith.subi"(%c3, %add) : (i32, i32) -> i32
  %5 = "arith.subi"(%sub, %c3) : (i32, i32) -> i32
  %6 = "arith.muli"(%mul, %c3) : (i32, i32) -> i32
  %7 = "arith.addi"(%c2, %add) : (i32, i32) -> i32
  %8 = "arith.addi"(%add, %max) : (i32, i32) -> i32
  "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8) : (i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
}) : () -> ()

// Patterns: additions and subtractions of the same value cancel.
// CHECK-LABEL: func.func @cancel(
// CHECK-SAME:    %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT:    return %[[X]], %[[Y]], %[[X]], %[[X]] :
"func.func"() <{function_type = (i32, i32) -> (i32, i32, i32, i32), sym_name = "cancel"}> ({
^bb0(%x: i32, %y: i32):
  %add = "arith.addi"(%x, %y) : (i32, i32) -> i32
  %sub = "arith.subi"(%x, %y) : (i32, i32) -> i32
  %0 = "arith.subi"(%add, %y) : (i32, i32) -> i32
  %1 = "arith.subi"(%add, %x) : (i32, i32) -> i32
  %2 = "arith.addi"(%sub, %y) : (i32, i32) -> i32
  %3 = "arith.addi"(%y, %sub) : (i32, i32) -> i32
  "func.return"(%0, %1, %2, %3) : (i32, i32, i32, i32) -> ()
}) : () -> ()

// Patterns: chains of casts collapse.
// CHECK-LABEL: func.func @cast_chains(
// CHECK-SAME:    %[[B:.*]]: i8, %[[H:.*]]: i16, %[[W:.*]]: i32, %[[T:.*]]: tensor<2xi8>)
// CHECK-DAG:     %[[SS:.*]] = arith.extsi %[[B]] : i8 to i32
// CHECK-DAG:     %[[UU:.*]] = arith.extui %[[B]] : i8 to i32
// CHECK-DAG:     %[[SU:.*]] = arith.extui %[[B]] : i8 to i64
// CHECK-DAG:     %[[TRUNC:.*]] = arith.trunci %[[H]] : i16 to i8
// CHECK-DAG:     %[[EXT:.*]] = arith.extsi %[[B]] : i8 to i16
// CHECK-DAG:     %[[EXTU:.*]] = arith.extui %[[B]] : i8 to i16
// CHECK-DAG:     %[[TT:.*]] = arith.trunci %[[W]] : i32 to i8
// CHECK-DAG:     %[[TENSOR:.*]] = arith.extsi %[[T]] : tensor<2xi8> to tensor<2xi64>
// CHECK:         return %[[SS]], %[[UU]], %[[SU]], %[[H]], %[[B]], %[[TRUNC]], %[[EXT]], %[[EXTU]], %[[TT]], %[[TENSOR]] :
"func.func"() <{function_type = (i8, i16, i32, tensor<2xi8>) -> (i32, i32, i64, i16, i8, i8, i16, i16, i8, tensor<2xi64>), sym_name = "cast_chains"}> ({
^bb0(%b: i8, %h: i16, %w: i32, %t: tensor<2xi8>):
  %s16 = "arith.extsi"(%b) : (i8) -> i16
  %u16 = "arith.extui"(%b) : (i8) -> i16
  %0 = "arith.extsi"(%s16) : (i16) -> i32
  %1 = "arith.extui"(%u16) : (i16) -> i32
  %2 = "arith.extsi"(%u16) : (i16) -> i64
  %h32 = "arith.extsi"(%h) : (i16) -> i32
  %3 = "arith.trunci"(%h32) : (i32) -> i16
  %b32 = "arith.extui"(%b) : (i8) -> i32
  %4 = "arith.trunci"(%b32) : (i32) -> i8
  %5 = "arith.trunci"(%h32) : (i32) -> i8
  %bs32 = "arith.extsi"(%b) : (i8) -> i32
  %6 = "arith.trunci"(%bs32) : (i32) -> i16
  %7 = "arith.trunci"(%b32) : (i32) -> i16
  %w16 = "arith.trunci"(%w) : (i32) -> i16
  %8 = "arith.trunci"(%w16) : (i16) -> i8
  %t32 = "arith.extsi"(%t) : (tensor<2xi8>) -> tensor<2xi32>
  %9 = "arith.extsi"(%t32) : (tensor<2xi32>) -> tensor<2xi64>
  "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (i32, i32, i64, i16, i8, i8, i16, i16, i8, tensor<2xi64>) -> ()
}) : () -> ()

// Patterns can be switched off by name, as in MLIR.
// RUN: mc-opt %s --allow-unregistered-dialect --canonicalize='disable-patterns=AddIAddConstant' | FileCheck %s --check-prefix=DISABLED
// DISABLED-LABEL: func.func @reassociate(
// DISABLED:         %[[ADD:.*]] = arith.addi %arg0, %{{.*}} : i32
// DISABLED:         %[[ADD_ADD:.*]] = arith.addi %[[ADD]], %{{.*}} : i32
// DISABLED:         return %[[ADD_ADD]],
