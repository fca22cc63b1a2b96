"t.op"() : () -> () loc("file.mlir":3:7)
"t.named"() : () -> () loc("conv1"("model.tflite":0:0))
"t.fused"() : () -> () loc(fused<"meta">["a":1:2, callsite("callee" at "caller":3:4)])
"t.region"() ({
^bb0(%a: i32 loc("arg":9:9)):
}) : () -> () loc(unknown)
"t.aliased"() : () -> () loc(#loc1)
#loc1 = loc("x.mlir":1:1)
"t.range"() {a = loc("f":1:2 to 3:4), b = loc("f":1:2 to :5), c = loc("f":3)} : () -> () loc("f":2:1 to 2:9)
"t.wide"() {a = 340282366920938463463374607431768211455 : ui128, b = 0xFF : f8E4M3FN} : () -> ()
