// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp)' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{algorithm=greedy_by_size})' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{algorithm=greedy_by_conflicts})' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{algorithm=first_fit})' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{algorithm=hill_climb})' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{algorithm=exact})' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{bank=dtcm capacity=96})' | FileCheck %s --check-prefix=BANK

// Every alloc becomes a view of the bank's scratch pool. %a (steps 1-4) and %c (steps 6-7)
// are never live together and share bytes 64..96; %b, live with both, gets 0..64. The pool is
// the lower bound, 96 bytes (most bytes live at one step: %a and %b at step 4).
// CHECK: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 96 : i64}
// CHECK-LABEL: func.func @main
// CHECK-NOT: buffer.alloc
// CHECK: %[[A:.*]] = buffer.pool_view @sram_scratch {offset = [[OA:[0-9]+]] : i64} : !buffer<1x8xf32>
// CHECK: buffer.kernel relu ins(%{{.*}} : !buffer<1x8xf32>) outs(%[[A]] : !buffer<1x8xf32>)
// CHECK: %[[B:.*]] = buffer.pool_view @sram_scratch {offset = [[OB:[0-9]+]] : i64} : !buffer<1x16xf32>
// CHECK: buffer.view %[[B]]
// CHECK: buffer.pool_view @sram_scratch {offset = [[OA]] : i64} : !buffer<1x8xf32>
// BANK: buffer.pool @dtcm_scratch {bank = "dtcm", role = "scratch", size = 96 : i64}
// BANK-NOT: buffer.alloc
func.func @main(%in: !buffer<1x8xf32>, %out: !buffer<1x8xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
  buffer.kernel relu ins(%in : !buffer<1x8xf32>) outs(%a : !buffer<1x8xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x16xf32>
  %v = buffer.view %b {offset = 0 : i64} : !buffer<1x16xf32> to !buffer<1x8xf32, strides: [16, 1], offset: 0>
  buffer.copy %a, %v : !buffer<1x8xf32>, !buffer<1x8xf32, strides: [16, 1], offset: 0>
  %c = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
  buffer.copy %v, %c : !buffer<1x8xf32, strides: [16, 1], offset: 0>, !buffer<1x8xf32>
  buffer.copy %c, %out : !buffer<1x8xf32>, !buffer<1x8xf32>
  return
}

// -----

// Persistent buffers (variables) get their own pool, live for the whole function; scratch
// buffers never share their bytes. Alignments are kept: the 64-aligned workspace starts at a
// multiple of 64 and the pool is aligned to 64 (placed first, it takes 0 and the pool is 32
// bytes; placed second, as first_fit does, it goes to 64).
// CHECK-DAG: buffer.pool @sram_scratch {alignment = 64 : i64, bank = "sram", role = "scratch", size = {{32|80}} : i64}
// CHECK-DAG: buffer.pool @sram_persistent {bank = "sram", role = "persistent", size = 16 : i64}
// CHECK-LABEL: func.func @state
// CHECK: buffer.pool_view @sram_persistent {name = "acc", offset = 0 : i64} : !buffer<4xi32>
// CHECK: buffer.pool_view @sram_scratch {offset = {{0|64}} : i64} : !buffer<4xf32>
// CHECK: buffer.pool_view @sram_scratch {offset = {{0|16}} : i64} : !buffer<4xi32>
func.func @state(%in: !buffer<4xi32>, %out: !buffer<4xi32>) {
  %state = buffer.alloc() {role = "persistent", name = "acc"} : !buffer<4xi32>
  %ws = buffer.alloc() {role = "scratch", alignment = 64 : i64} : !buffer<4xf32>
  %t = buffer.alloc() {role = "scratch"} : !buffer<4xi32>
  buffer.copy %in, %t : !buffer<4xi32>, !buffer<4xi32>
  buffer.copy %in, %state : !buffer<4xi32>, !buffer<4xi32>
  buffer.kernel relu ins(%ws : !buffer<4xf32>) outs(%ws : !buffer<4xf32>)
  buffer.copy %t, %out : !buffer<4xi32>, !buffer<4xi32>
  return
}
