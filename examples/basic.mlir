// A small func/arith program in MLIR's generic syntax, the input of
// scripts/run-example.sh:
//   mc-opt examples/basic.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse))'
// canonicalize folds 2 + 3 into 5 and x + 0 into x; cse then merges the two
// identical multiplications, leaving one constant, one muli and one addi.
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "scale_and_sum"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %2 = "arith.addi"(%0, %1) : (i32, i32) -> i32
    %3 = "arith.muli"(%arg0, %2) : (i32, i32) -> i32
    %4 = "arith.muli"(%arg0, %2) : (i32, i32) -> i32
    %5 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %6 = "arith.addi"(%4, %5) : (i32, i32) -> i32
    %7 = "arith.addi"(%3, %6) : (i32, i32) -> i32
    "func.return"(%7) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
