// RUN: split-file %s %t
// RUN: mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/rules.toml})' | FileCheck %t/model.mlir
// RUN: mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/first.toml})' | FileCheck %t/model.mlir --check-prefix=FIRST
// RUN: mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/op.toml})' | FileCheck %t/model.mlir --check-prefix=OP

// Placement rules move buffers by name glob, operator glob (the kernel an alloc records as its
// first writer), role and size; the first matching rule wins; a buffer no rule matches goes to
// the writable banks in declaration order (dtcm first).

//--- rules.toml
[memory]
[[memory.banks]]
name = "dtcm"
capacity = 4096
[[memory.banks]]
name = "sram"
[[memory.banks]]
name = "flash"
access = "ro"

# conv_out (32 bytes) by name.
[[memory.placement]]
name = "conv*"
banks = ["sram"]

# The variable by role.
[[memory.placement]]
role = "persistent"
banks = ["dtcm"]

# pool_out (64 bytes) by size; fc_out (32 bytes) matches no rule and goes to dtcm.
[[memory.placement]]
min_size = 64
banks = ["sram", "dtcm"]

//--- first.toml
[memory]
[[memory.banks]]
name = "dtcm"
[[memory.banks]]
name = "sram"

# Every *_out buffer to sram: conv_out matches this rule first, so the next does not apply.
[[memory.placement]]
name = "*_out"
banks = ["sram"]

[[memory.placement]]
name = "conv*"
banks = ["dtcm"]

//--- op.toml
[memory]
[[memory.banks]]
name = "dtcm"
[[memory.banks]]
name = "sram"

# conv_out records relu as its first writer: to sram; the other buffers record no kernel.
[[memory.placement]]
op = "rel*"
banks = ["sram"]

//--- model.mlir
// CHECK-DAG: buffer.pool @dtcm_scratch {bank = "dtcm", role = "scratch", size = 32 : i64}
// CHECK-DAG: buffer.pool @dtcm_persistent {bank = "dtcm", role = "persistent", size = 32 : i64}
// CHECK-DAG: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 96 : i64}
// CHECK-LABEL: func.func @main
// CHECK: buffer.pool_view @dtcm_persistent {name = "acc", offset = 0 : i64} : !buffer<1x8xf32>
// CHECK: buffer.pool_view @sram_scratch {offset = {{[0-9]+}} : i64} : !buffer<1x8xf32>
// CHECK: buffer.pool_view @sram_scratch {offset = {{[0-9]+}} : i64} : !buffer<1x16xf32>
// CHECK: buffer.pool_view @dtcm_scratch {offset = 0 : i64} : !buffer<1x8xf32>
// FIRST: buffer.pool @dtcm_persistent
// FIRST: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 96 : i64}
// FIRST-NOT: dtcm_scratch
// OP-DAG: buffer.pool @dtcm_scratch {bank = "dtcm", role = "scratch", size = 64 : i64}
// OP-DAG: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 32 : i64}
// OP-LABEL: func.func @main
// OP: buffer.pool_view @sram_scratch {offset = 0 : i64} : !buffer<1x8xf32>
// OP: buffer.pool_view @dtcm_scratch {offset = 0 : i64} : !buffer<1x16xf32>
func.func @main(%in: !buffer<1x8xf32>, %out: !buffer<1x8xf32>) {
  %acc = buffer.alloc() {role = "persistent", name = "acc"} : !buffer<1x8xf32>
  %conv = buffer.alloc() {role = "scratch", name = "conv_out", kernel = "relu"} : !buffer<1x8xf32>
  buffer.kernel relu ins(%in : !buffer<1x8xf32>) outs(%conv : !buffer<1x8xf32>)
  %pool = buffer.alloc() {role = "scratch", name = "pool_out"} : !buffer<1x16xf32>
  %v = buffer.view %pool {offset = 0 : i64} : !buffer<1x16xf32> to !buffer<1x8xf32, strides: [16, 1], offset: 0>
  buffer.copy %conv, %v : !buffer<1x8xf32>, !buffer<1x8xf32, strides: [16, 1], offset: 0>
  buffer.copy %v, %acc : !buffer<1x8xf32, strides: [16, 1], offset: 0>, !buffer<1x8xf32>
  %fc = buffer.alloc() {role = "scratch", name = "fc_out"} : !buffer<1x8xf32>
  buffer.copy %acc, %fc : !buffer<1x8xf32>, !buffer<1x8xf32>
  buffer.copy %fc, %out : !buffer<1x8xf32>, !buffer<1x8xf32>
  return
}
