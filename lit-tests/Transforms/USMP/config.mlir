// RUN: split-file %s %t
// RUN: mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/mc.toml residency-report=%t/r.json})' | FileCheck %t/model.mlir
// RUN: FileCheck %t/model.mlir --input-file=%t/r.json --check-prefix=REPORT
// The same file written by echo in a RUN line: a TOML file is plain text.
// RUN: echo '[memory]' > %t/echo.toml
// RUN: echo '[[memory.banks]]' >> %t/echo.toml
// RUN: echo 'name = "itcm"' >> %t/echo.toml
// RUN: mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/echo.toml})' | FileCheck %t/model.mlir --check-prefix=ECHO
// A report path in the file (dump_residency_json): the pass writes the report there when its
// residency-report option names no file.
// RUN: echo '[memory]' > %t/dump.toml
// RUN: echo 'dump_residency_json = "dumped.json"' >> %t/dump.toml
// RUN: echo '[[memory.banks]]' >> %t/dump.toml
// RUN: echo 'name = "itcm"' >> %t/dump.toml
// RUN: cd %t && mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/dump.toml})' > /dev/null
// RUN: FileCheck %s --input-file=%t/dumped.json --check-prefix=DUMPED
// DUMPED: "pool": "itcm_scratch"

// The [memory] table of a config file: banks in priority order with capacity, access and
// alignment; budgets capping a bank below its capacity; the planner. Other tables belong to
// other tools and are left alone.

//--- mc.toml
[target]
name = "cortex-m7"

[memory]
planner = "first_fit"

[[memory.banks]]
name = "dtcm"
capacity = 65536
access = "rw"
alignment = 32

[[memory.banks]]
name = "sram"
capacity = 262144

[[memory.banks]]
name = "flash"
access = "ro"

# dtcm may take only 64 bytes here: %a (32) falls back to sram, then %c (32).
[memory.budgets]
dtcm = 64

//--- model.mlir
// CHECK: buffer.pool @dtcm_scratch {alignment = 32 : i64, bank = "dtcm", role = "scratch", size = 64 : i64}
// CHECK: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 32 : i64}
// CHECK-LABEL: func.func @main
// CHECK: buffer.pool_view @sram_scratch {offset = 0 : i64} : !buffer<1x8xf32>
// CHECK: buffer.pool_view @dtcm_scratch {offset = 0 : i64} : !buffer<1x16xf32>
// CHECK: buffer.pool_view @sram_scratch {offset = 0 : i64} : !buffer<1x8xf32>
// REPORT: "algorithm": "first_fit",
// REPORT: "name": "dtcm_scratch",
// REPORT: "capacity": 64,
// REPORT: "name": "sram_scratch",
// REPORT: "capacity": 262144,
// ECHO: buffer.pool @itcm_scratch {bank = "itcm", role = "scratch", size = 96 : i64}
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
