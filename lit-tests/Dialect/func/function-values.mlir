// func.constant and func.call_indirect: functions as values, in upstream's custom and generic
// forms; upstream reads what mc prints and prints it the same way.
// RUN: mc-opt %s | FileCheck %s
// RUN: mc-opt %s | mc-opt | FileCheck %s
// RUN: mlir-opt-22 %s | FileCheck %s
// RUN: mc-opt %s | mlir-opt-22 | FileCheck %s
// RUN: mc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: mc-opt --print-generic %s | mlir-opt-22 --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC


func.func @callee(%a: i32) -> i32 {
  return %a : i32
}

func.func private @nothing()

// CHECK-LABEL: func.func @calls(%arg0: i32) -> i32 {
// CHECK-NEXT:    %f = constant @nothing : () -> ()
// CHECK-NEXT:    call_indirect %f() : () -> ()
// CHECK-NEXT:    %f_0 = constant @callee : (i32) -> i32
// CHECK-NEXT:    %0 = call_indirect %f_0(%arg0) : (i32) -> i32
// CHECK-NEXT:    %1 = call_indirect %f_0(%0) {note} : (i32) -> i32
// CHECK-NEXT:    return %1 : i32
// GENERIC-LABEL: sym_name = "calls"
// GENERIC:       %[[F:.*]] = "func.constant"() <{value = @nothing}> : () -> (() -> ())
// GENERIC-NEXT:  "func.call_indirect"(%[[F]]) : (() -> ()) -> ()
// GENERIC-NEXT:  %[[G:.*]] = "func.constant"() <{value = @callee}> : () -> ((i32) -> i32)
// GENERIC-NEXT:  %[[R:.*]] = "func.call_indirect"(%[[G]], %arg0) : ((i32) -> i32, i32) -> i32
// GENERIC-NEXT:  "func.call_indirect"(%[[G]], %[[R]]) {note} : ((i32) -> i32, i32) -> i32
func.func @calls(%arg0: i32) -> i32 {
  %f = constant @nothing : () -> ()
  call_indirect %f() : () -> ()
  %g = func.constant @callee : (i32) -> i32
  %r = "func.call_indirect"(%g, %arg0) : ((i32) -> i32, i32) -> i32
  %s = func.call_indirect %g(%r) {note} : (i32) -> i32
  return %s : i32
}
