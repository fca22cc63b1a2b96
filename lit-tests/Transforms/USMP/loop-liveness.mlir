// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp)' | FileCheck %s
// A buffer used inside a loop.while (or loop.if) region lives across the whole op: the op is
// one step, so the condition's flag, the body's temporary and the carried value never share
// bytes, though their uses inside the loop come one after the other: the next iteration reads
// the carried value and the flag again. The three take 32 + 32 + 8 bytes (the flag at a 16-byte
// boundary: 80); %before, live before the loop only, takes the body temporary's bytes.
// CHECK: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 80 : i64}
// CHECK-LABEL: func.func @main
// CHECK: buffer.pool_view @sram_scratch {offset = 32 : i64} : !buffer<8xf32>
// CHECK: buffer.pool_view @sram_scratch {offset = 0 : i64} : !buffer<8xf32>
// CHECK: buffer.pool_view @sram_scratch {offset = 64 : i64} : !buffer<8xi1>
// CHECK: buffer.pool_view @sram_scratch {offset = 32 : i64} : !buffer<8xf32>
// CHECK: "loop.while"() ({
func.func @main(%in: !buffer<8xf32>, %limit: !buffer<f32>, %out: !buffer<8xf32>) {
  %before = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
  buffer.kernel relu ins(%in : !buffer<8xf32>) outs(%before : !buffer<8xf32>)
  %carried = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
  buffer.copy %before, %carried : !buffer<8xf32>, !buffer<8xf32>
  %flag = buffer.alloc() {role = "scratch"} : !buffer<8xi1>
  %next = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
  "loop.while"() ({
    buffer.kernel less ins(%carried, %limit : !buffer<8xf32>, !buffer<f32>) outs(%flag : !buffer<8xi1>)
    %zero = arith.constant 0 : index
    %c = loop.load %flag[%zero] : !buffer<8xi1>
    loop.condition(%c) : i1
  }, {
    buffer.kernel relu ins(%carried : !buffer<8xf32>) outs(%next : !buffer<8xf32>)
    buffer.copy %next, %carried : !buffer<8xf32>, !buffer<8xf32>
    loop.yield
  }) : () -> ()
  buffer.copy %carried, %out : !buffer<8xf32>, !buffer<8xf32>
  return
}
