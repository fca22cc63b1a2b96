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
// CHECK: "test.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32 loc("arg":9:9)):
"test.region"() ({
^bb0(%a: i32 loc("arg":9:9)):
}) : () -> () loc(unknown)
// Ops without a location get their position in the file.
// CHECK: "test.implicit"() : () -> () loc("{{.*}}aliases-and-locations.mlir":[[@LINE+1]]:1)
"test.implicit"() : () -> ()
#loc1 = loc("file.mlir":3:7)
