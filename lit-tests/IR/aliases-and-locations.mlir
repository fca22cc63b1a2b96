// RUN: mc-opt %s --allow-unregistered-dialect --print-debuginfo | FileCheck %s
// Aliases are resolved on parse; `#loc` aliases may be used before they are defined,
// as upstream MLIR prints them.

!t = tensor<2xi8>
#zero = 0 : i32

// CHECK: "test.op"() {z = 0 : i32} : () -> tensor<2xi8> loc("file.mlir":3:7)
"test.op"() {z = #zero} : () -> !t loc(#loc1)
// CHECK: "test.named"() : () -> () loc("conv1"("model.tflite":0:0))
"test.named"() : () -> () loc("conv1"("model.tflite":0:0))
// CHECK: "test.fused"() : () -> () loc(fused<"meta">["a":1:2, callsite("callee" at "caller":3:4)])
"test.fused"() : () -> () loc(fused<"meta">["a":1:2, callsite("callee" at "caller":3:4)])
// Ranges print as upstream prints them: `to :col` within one line, a missing column is 0 and
// a range that ends where it starts is a position.
// CHECK: "test.ranges"() {a = loc("f":1:2 to 3:4), b = loc("f":1:2 to :5), c = loc("f":3:0), d = loc("f":1:2)} : () -> () loc("f":2:1 to :9)
"test.ranges"() {a = loc("f":1:2 to 3:4), b = loc("f":1:2 to 1:5), c = loc("f":3), d = loc("f":1:2 to 1:2)} : () -> () loc("f":2:1 to 2:9)
// CHECK: "test.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32 loc("arg":9:9)):
"test.region"() ({
^bb0(%a: i32 loc("arg":9:9)):
}) : () -> () loc(unknown)
// Ops without a location get their position in the file.
// CHECK: "test.implicit"() : () -> () loc("{{.*}}aliases-and-locations.mlir":[[@LINE+1]]:1)
"test.implicit"() : () -> ()
#loc1 = loc("file.mlir":3:7)
