func.func @return_op(%a : i32) -> i32 {
  "func.return" (%a) : (i32)->()
}
func.func @affine_apply() {
  return
}
func.func @calls(%arg0: i32) {
  %f = constant @affine_apply : () -> ()
  call_indirect %f() : () -> ()
  %f_0 = constant @return_op : (i32) -> i32
  %2 = call_indirect %f_0(%arg0) : (i32) -> i32
  %3 = "func.call_indirect"(%f_0, %arg0) : ((i32) -> i32, i32) -> i32
  %4 = func.call_indirect %f_0(%arg0) {foo} : (i32) -> i32
  return
}
