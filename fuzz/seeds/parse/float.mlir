"builtin.module"() ({
  "func.func"() <{function_type = (f32) -> f64, sym_name = "f", sym_visibility = "private"}> ({
  ^bb0(%arg0: f32):
    %0 = "arith.constant"() <{value = 1.0e+10 : f32}> : () -> f32
    %1 = "arith.mulf"(%arg0, %0) : (f32, f32) -> f32
    %2 = "arith.constant"() <{value = dense<0x7FC00000> : tensor<2xf32>}> : () -> tensor<2xf32>
    %3 = "arith.constant"() <{value = -0.0 : f64}> : () -> f64
    "func.return"(%3) : (f64) -> ()
  }) : () -> ()
}) : () -> ()
