// Functions alone (--no-c-api): private ones are internal, public ones exported with the
// prefix; scalars keep their types (index as the pointer-sized integer), several
// results come back in a struct; unplanned allocs are aligned stack slots in the entry block;
// a view is the same pointer with its strides applied at each access; i1 takes a byte in memory.

// RUN: mc-translate --mlir-to-llvmir %s --prefix net --no-c-api | FileCheck %s
// An entry that returns a value has no C API, and the error says why.
// RUN: not mc-translate --mlir-to-llvmir %s --prefix net --entry kernel 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: error: @kernel has no C API: it returns 1 values; outputs must be buffer parameters

// CHECK-LABEL: define internal { i32, i64 } @net_pair(i32 %0, i64 %1)
// CHECK: %[[S:.*]] = insertvalue { i32, i64 } poison, i32 %0, 0
// CHECK-NEXT: %[[P:.*]] = insertvalue { i32, i64 } %[[S]], i64 %1, 1
// CHECK-NEXT: ret { i32, i64 } %[[P]]

// CHECK-LABEL: define i32 @net_kernel(ptr %0, ptr %1)
// CHECK-NEXT: entry:
// CHECK-NEXT: %alloc = alloca [24 x i8], align 64
// CHECK: %[[CALL:.*]] = call { i32, i64 } @net_pair(
// CHECK: extractvalue { i32, i64 } %[[CALL]], 0
// Element (i, j) of the transposed view is at (i + 3 j) * 4 bytes.
// CHECK: mul i64 %iv{{[0-9]*}}, 4
// CHECK: mul i64 %iv{{[0-9]*}}, 12
// CHECK: %[[BIT:.*]] = load i8, ptr %{{.*}}, align 1
// CHECK-NEXT: trunc i8 %[[BIT]] to i1

// CHECK-LABEL: define i64 @net_helper(i64 %0)
// CHECK: mul i64 %0, %0

func.func private @pair(%a: i32, %b: index) -> (i32, index) {
  return %a, %b : i32, index
}

func.func @kernel(%in: !buffer<2x3xi32>, %flags: !buffer<3xi1>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %seed = arith.constant 5 : i32
  %tmp = buffer.alloc() {alignment = 64 : i64, role = "scratch"} : !buffer<2x3xi32>
  %r:2 = func.call @pair(%seed, %c2) : (i32, index) -> (i32, index)
  loop.for %i = %c0 to %c2 step %c1 {
    loop.for %j = %c0 to %c3 step %c1 {
      %x = loop.load %in[%i, %j] : !buffer<2x3xi32>
      loop.store %x, %tmp[%i, %j] : !buffer<2x3xi32>
    }
  }
  %t = buffer.view %tmp : !buffer<2x3xi32> to !buffer<3x2xi32, strides: [1, 3], offset: 0>
  %total = loop.for %j = %c0 to %c3 step %c1 iter_args(%acc = %r#0) -> (i32) {
    %inner = loop.for %i = %c0 to %c2 step %c1 iter_args(%a = %acc) -> (i32) {
      %x = loop.load %t[%j, %i] : !buffer<3x2xi32, strides: [1, 3], offset: 0>
      %s = arith.addi %a, %x : i32
      loop.yield %s : i32
    }
    %f = loop.load %flags[%j] : !buffer<3xi1>
    %kept = arith.select %f, %inner, %acc : i32
    loop.yield %kept : i32
  }
  return %total : i32
}

func.func @helper(%x: index) -> index {
  %y = arith.muli %x, %x : index
  return %y : index
}
