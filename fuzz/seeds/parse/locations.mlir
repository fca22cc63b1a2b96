"t.op"() : () -> () loc("file.mlir":3:7)
"t.named"() : () -> () loc("conv1"("model.tflite":0:0))
"t.fused"() : () -> () loc(fused<"meta">["a":1:2, callsite("callee" at "caller":3:4)])
"t.region"() ({
^bb0(%a: i32 loc("arg":9:9)):
}) : () -> () loc(unknown)
"t.aliased"() : () -> () loc(#loc1)
#loc1 = loc("x.mlir":1:1)
