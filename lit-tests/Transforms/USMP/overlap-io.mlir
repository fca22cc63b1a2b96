// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp{use-workspace-io=true residency-report=%t.json})' | FileCheck %s
// RUN: FileCheck %s --input-file=%t.json --check-prefix=REPORT
// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp{use-workspace-io=true overlap=false})' | FileCheck %s --check-prefix=OFF

// With the arguments planned into the pool, the relu's output lies on its input (the model's
// input, consumed): 64 bytes rather than 128, and the report says which buffer overlaps which.
// CHECK: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 64 : i64}
// CHECK-NOT: buffer.overlap
// OFF: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 128 : i64}
// REPORT: "name": "output0"
// REPORT: "overlaps": "input0"
func.func @main(%in: !buffer<16xf32>, %out: !buffer<16xf32>) {
  buffer.overlap %out, %in {max_delta = 0 : i64} : !buffer<16xf32>, !buffer<16xf32>
  buffer.kernel relu ins(%in : !buffer<16xf32>) outs(%out : !buffer<16xf32>)
  return
}
