// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{pools=dtcm:64,sram})' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{pools=dtcm,sram})' | FileCheck %s --check-prefix=UNBOUNDED
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{pools=flash::ro,dtcm:1K:rw:64})' | FileCheck %s --check-prefix=RO
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(usmp{pools=dtcm:64,sram residency-report=%t.json})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --check-prefix=REPORT

// Banks in priority order with fallback (TVM's candidate pools). dtcm holds 64 bytes; at the
// peak (step 4) %a (32) and %b (64) are live, 96 bytes: the smallest buffer there that sheds
// the 32 extra bytes alone, %a, falls back to sram. Then %b and %c (steps 6-7) still need 96:
// %c goes too. sram's %a and %c are never live together and share their bytes.
// CHECK: buffer.pool @dtcm_scratch {bank = "dtcm", role = "scratch", size = 64 : i64}
// CHECK: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 32 : i64}
// CHECK-LABEL: func.func @main
// CHECK: buffer.pool_view @sram_scratch {offset = 0 : i64} : !buffer<1x8xf32>
// CHECK: buffer.pool_view @dtcm_scratch {offset = 0 : i64} : !buffer<1x16xf32>
// CHECK: buffer.pool_view @sram_scratch {offset = 0 : i64} : !buffer<1x8xf32>

// Unbounded, everything stays in the first bank.
// UNBOUNDED: buffer.pool @dtcm_scratch {bank = "dtcm", role = "scratch", size = 96 : i64}
// UNBOUNDED-NOT: sram

// A read-only bank holds no planned buffer; a bank's alignment is its pools' least alignment.
// RO: buffer.pool @dtcm_scratch {alignment = 64 : i64, bank = "dtcm", role = "scratch", size = 96 : i64}
// RO-NOT: flash

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

// Scratch and persistent buffers keep separate arenas in each bank; the persistent one lives
// the whole function: 32 + 2 x 32 bytes at the peak do not fit dtcm's 64, so one 32-byte
// scratch buffer falls back to sram and the state and the other stay.
// CHECK-DAG: buffer.pool @dtcm_scratch {bank = "dtcm", role = "scratch", size = 32 : i64}
// CHECK-DAG: buffer.pool @dtcm_persistent {bank = "dtcm", role = "persistent", size = 32 : i64}
// CHECK-DAG: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 32 : i64}
// CHECK-LABEL: func.func @state
// CHECK: buffer.pool_view @dtcm_persistent {name = "acc", offset = 0 : i64} : !buffer<8xi32>
// UNBOUNDED-LABEL: func.func @state
// The report (of the last split) gives each pool its bank's capacity and each buffer its bank.
// REPORT: "name": "dtcm_scratch",
// REPORT-NEXT: "bank": "dtcm",
// REPORT: "capacity": 64,
// REPORT: "name": "sram_scratch",
// REPORT-NEXT: "bank": "sram",
// REPORT: "capacity": null,
// REPORT: "buffers": [
// REPORT: "bank": "dtcm",
// REPORT-NEXT: "pool": "dtcm_scratch",
// REPORT: "name": "acc",
// REPORT-NEXT: "role": "persistent",
// REPORT-NEXT: "bank": "dtcm",
// REPORT-NEXT: "pool": "dtcm_persistent",
// RO-LABEL: func.func @state
func.func @state(%in: !buffer<8xi32>, %out: !buffer<8xi32>) {
  %state = buffer.alloc() {role = "persistent", name = "acc"} : !buffer<8xi32>
  %t = buffer.alloc() {role = "scratch"} : !buffer<8xi32>
  %u = buffer.alloc() {role = "scratch"} : !buffer<8xi32>
  buffer.copy %in, %t : !buffer<8xi32>, !buffer<8xi32>
  buffer.copy %in, %u : !buffer<8xi32>, !buffer<8xi32>
  buffer.copy %in, %state : !buffer<8xi32>, !buffer<8xi32>
  buffer.copy %t, %out : !buffer<8xi32>, !buffer<8xi32>
  buffer.copy %u, %out : !buffer<8xi32>, !buffer<8xi32>
  return
}
