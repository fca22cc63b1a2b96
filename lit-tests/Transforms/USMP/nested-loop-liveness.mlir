// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp)' | FileCheck %s
// Nested control flow: a buffer used only inside a loop.while nested in a loop.if of an outer
// loop.while's body lives across the whole outer op, as do the outer loop's carried value and
// flag: %inner never shares bytes with %carried or %flag, though its uses come between theirs.
// %before, live before the outer loop only, and %after, written after it, take %inner's bytes.
// CHECK: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 96 : i64}
// CHECK-LABEL: func.func @main
// CHECK:      %[[BEFORE:.*]] = buffer.pool_view @sram_scratch {offset = [[SHARED:[0-9]+]] : i64} : !buffer<8xf32>
// CHECK-NEXT: buffer.kernel relu ins(%{{.*}} : !buffer<8xf32>) outs(%[[BEFORE]] : !buffer<8xf32>)
// CHECK-NEXT: %[[CARRIED:.*]] = buffer.pool_view @sram_scratch {offset = [[CARRIED_AT:[0-9]+]] : i64} : !buffer<8xf32>
// CHECK-NOT:  offset = [[SHARED]]
// CHECK-NOT:  offset = [[CARRIED_AT]]
// CHECK:      %[[INNER:.*]] = buffer.pool_view @sram_scratch {offset = [[SHARED]] : i64} : !buffer<8xf32>
// CHECK:      %[[AFTER:.*]] = buffer.pool_view @sram_scratch {offset = [[SHARED]] : i64} : !buffer<8xf32>
// CHECK:      "loop.while"() ({
func.func @main(%in: !buffer<8xf32>, %limit: !buffer<f32>, %c: !buffer<i1>, %out: !buffer<8xf32>) {
  %before = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
  buffer.kernel relu ins(%in : !buffer<8xf32>) outs(%before : !buffer<8xf32>)
  %carried = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
  buffer.copy %before, %carried : !buffer<8xf32>, !buffer<8xf32>
  %flag = buffer.alloc() {role = "scratch"} : !buffer<8xi1>
  %inner_flag = buffer.alloc() {role = "scratch"} : !buffer<8xi1>
  %inner = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
  %after = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
  %zero = arith.constant 0 : index
  "loop.while"() ({
    buffer.kernel less ins(%carried, %limit : !buffer<8xf32>, !buffer<f32>) outs(%flag : !buffer<8xi1>)
    %more = loop.load %flag[%zero] : !buffer<8xi1>
    loop.condition(%more) : i1
  }, {
    %v = loop.load %c[] : !buffer<i1>
    loop.if %v {
      "loop.while"() ({
        buffer.kernel less ins(%carried, %limit : !buffer<8xf32>, !buffer<f32>) outs(%inner_flag : !buffer<8xi1>)
        %again = loop.load %inner_flag[%zero] : !buffer<8xi1>
        loop.condition(%again) : i1
      }, {
        buffer.kernel add ins(%carried, %carried : !buffer<8xf32>, !buffer<8xf32>) outs(%inner : !buffer<8xf32>) {fused_activation = "NONE"}
        buffer.copy %inner, %carried : !buffer<8xf32>, !buffer<8xf32>
        loop.yield
      }) : () -> ()
      loop.yield
    } else {
      buffer.kernel relu ins(%carried : !buffer<8xf32>) outs(%carried : !buffer<8xf32>)
      loop.yield
    }
    loop.yield
  }) : () -> ()
  buffer.kernel relu ins(%carried : !buffer<8xf32>) outs(%after : !buffer<8xf32>)
  buffer.copy %after, %out : !buffer<8xf32>, !buffer<8xf32>
  return
}
