// RUN: mc-opt %s | FileCheck %s
// RUN: mc-opt %s > %t.1.mlir && mc-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// loop.while: the before region computes the condition, the after region is the body; the
// values it carries live in buffers.

// CHECK-LABEL: func.func @count_down
// CHECK:         "loop.while"() ({
// CHECK:           %[[V:.*]] = loop.load %{{.*}}[] : !buffer<i32>
// CHECK:           %[[C:.*]] = arith.cmpi sgt, %[[V]], %{{.*}} : i32
// CHECK-NEXT:      loop.condition(%[[C]]) : i1
// CHECK-NEXT:    }, {
// CHECK:           loop.store %{{.*}}, %{{.*}}[] : !buffer<i32>
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }) : () -> ()
func.func @count_down(%n: !buffer<i32>) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  "loop.while"() ({
    %v = loop.load %n[] : !buffer<i32>
    %c = arith.cmpi sgt, %v, %zero : i32
    loop.condition(%c) : i1
  }, {
    %v = loop.load %n[] : !buffer<i32>
    %w = arith.subi %v, %one : i32
    loop.store %w, %n[] : !buffer<i32>
    loop.yield
  }) : () -> ()
  return
}
