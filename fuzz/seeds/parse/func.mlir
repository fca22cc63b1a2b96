"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "scale_and_sum"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %1 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32
    %2 = "arith.cmpi"(%1, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %3 = "arith.select"(%2, %1, %0) : (i1, i32, i32) -> i32
    %4 = "func.call"(%3) <{callee = @scale_and_sum}> : (i32) -> i32
    "func.return"(%4) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
