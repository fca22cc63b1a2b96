// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp)' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{overlap=true algorithm=first_fit})' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{overlap=true algorithm=hill_climb})' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{overlap=true algorithm=exact})' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{overlap=false})' | FileCheck %s --check-prefix=OFF

// relu reads each element before writing it (allowance 0): its output may lie exactly on its
// input, which it consumes. The pool is one buffer (64 bytes) rather than two; with
// overlap=false, 128. Either way no hint is left.
// CHECK: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 64 : i64}
// CHECK-LABEL: func.func @chain
// CHECK-NOT: buffer.overlap
// CHECK: buffer.pool_view @sram_scratch {offset = 0 : i64}
// CHECK: buffer.pool_view @sram_scratch {offset = 0 : i64}
// OFF: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 128 : i64}
// OFF-NOT: buffer.overlap
func.func @chain(%in: !buffer<16xf32>, %out: !buffer<16xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<16xf32>
  buffer.kernel relu ins(%in : !buffer<16xf32>) outs(%a : !buffer<16xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<16xf32>
  buffer.overlap %b, %a {max_delta = 0 : i64} : !buffer<16xf32>, !buffer<16xf32>
  buffer.kernel relu ins(%a : !buffer<16xf32>) outs(%b : !buffer<16xf32>)
  buffer.copy %b, %out : !buffer<16xf32>, !buffer<16xf32>
  return
}

// -----

// A hint is not used when an operand is only part of its buffer (the allowance is between
// whole buffers' starts), nor for persistent buffers: the buffers stay apart.
// CHECK: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 192 : i64}
// CHECK-LABEL: func.func @unused
// CHECK-NOT: buffer.overlap
func.func @unused(%in: !buffer<16xf32>, %out: !buffer<16xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<16xf32>
  buffer.kernel relu ins(%in : !buffer<16xf32>) outs(%a : !buffer<16xf32>)
  %c = buffer.alloc() {role = "scratch"} : !buffer<32xf32>
  %half = buffer.view %c : !buffer<32xf32> to !buffer<16xf32>
  buffer.overlap %half, %a {max_delta = 0 : i64} : !buffer<16xf32>, !buffer<16xf32>
  buffer.kernel relu ins(%a : !buffer<16xf32>) outs(%half : !buffer<16xf32>)
  %rest = buffer.view %c {offset = 16 : i64} : !buffer<32xf32> to !buffer<16xf32, strides: [1], offset: 16>
  buffer.copy %half, %rest : !buffer<16xf32>, !buffer<16xf32, strides: [1], offset: 16>
  %state = buffer.alloc() {role = "persistent"} : !buffer<16xf32>
  %next = buffer.alloc() {role = "persistent"} : !buffer<16xf32>
  buffer.overlap %next, %state {max_delta = 0 : i64} : !buffer<16xf32>, !buffer<16xf32>
  buffer.kernel relu ins(%state : !buffer<16xf32>) outs(%next : !buffer<16xf32>)
  buffer.copy %half, %out : !buffer<16xf32>, !buffer<16xf32>
  return
}

// -----

// On the function's arguments a hint counts only once use-workspace-io plans them (the RUN
// lines here do not: 0 bytes of pools, no hint left). See overlap-io.mlir.
// CHECK-LABEL: func.func @args
// CHECK-NOT: buffer.overlap
// CHECK: return
func.func @args(%in: !buffer<16xf32>, %out: !buffer<16xf32>) {
  buffer.overlap %out, %in {max_delta = 0 : i64} : !buffer<16xf32>, !buffer<16xf32>
  buffer.kernel relu ins(%in : !buffer<16xf32>) outs(%out : !buffer<16xf32>)
  return
}

// -----

// A chain whose kernels alternate their row order (buffer-row-order): each output may start 16
// bytes above its input (min_delta, rows descending) or 16 bytes below it (max_delta, rows
// ascending), so the chain zig-zags between two offsets 16 bytes apart: 80 bytes rather than
// 64 + 3 x 16 = 112 had every kernel gone one way, or 128 without overlap. (The planner trusts
// the hints; the kernels stand for convolutions.)
// CHECK: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 80 : i64}
// CHECK-LABEL: func.func @zigzag
// CHECK-NOT: buffer.overlap
// OFF: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 128 : i64}
func.func @zigzag(%in: !buffer<16xf32>, %out: !buffer<16xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<16xf32>
  buffer.copy %in, %a : !buffer<16xf32>, !buffer<16xf32>
  %b = buffer.alloc() {role = "scratch"} : !buffer<16xf32>
  buffer.overlap %b, %a {min_delta = 16 : i64} : !buffer<16xf32>, !buffer<16xf32>
  buffer.kernel relu ins(%a : !buffer<16xf32>) outs(%b : !buffer<16xf32>)
  %c = buffer.alloc() {role = "scratch"} : !buffer<16xf32>
  buffer.overlap %c, %b {max_delta = -16 : i64} : !buffer<16xf32>, !buffer<16xf32>
  buffer.kernel relu ins(%b : !buffer<16xf32>) outs(%c : !buffer<16xf32>)
  %d = buffer.alloc() {role = "scratch"} : !buffer<16xf32>
  buffer.overlap %d, %c {min_delta = 16 : i64} : !buffer<16xf32>, !buffer<16xf32>
  buffer.kernel relu ins(%c : !buffer<16xf32>) outs(%d : !buffer<16xf32>)
  buffer.copy %d, %out : !buffer<16xf32>, !buffer<16xf32>
  return
}
