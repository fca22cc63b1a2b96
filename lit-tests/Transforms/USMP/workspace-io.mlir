// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp{use-workspace-io=true algorithm=exact residency-report=%t.json})' | FileCheck %s
// RUN: FileCheck %s --input-file=%t.json --check-prefix=REPORT
// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp{use-workspace-io=true pools=dtcm:32,sram})' | FileCheck %s --check-prefix=BANKS

// I/O in the workspace: the input and output arguments become scratch buffers of the pool and
// the function loses them. The input is live from the first step to its last read (the relu),
// the output from its first write to the end, so they share bytes with each other and with the
// temporaries: with I/O the pool is still 96 bytes (without it, 96 plus 64 of caller memory).
// `usmp.io` says where each went, in the order of the arguments (inputs, then outputs).
// CHECK: buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 96 : i64}
// CHECK-LABEL: func.func @main()
// CHECK-SAME: usmp.io = [{index = 0 : i64, kind = "input", name = "input0", offset = [[IN:[0-9]+]] : i64, pool = @sram_scratch, type = !buffer<1x8xf32>}, {index = 0 : i64, kind = "output", name = "output0", offset = [[OUT:[0-9]+]] : i64, pool = @sram_scratch, type = !buffer<1x8xf32>}]
// CHECK-NEXT: %[[IN_VIEW:.*]] = buffer.pool_view @sram_scratch {offset = [[IN]] : i64} : !buffer<1x8xf32>
// CHECK-NEXT: %[[OUT_VIEW:.*]] = buffer.pool_view @sram_scratch {offset = [[OUT]] : i64} : !buffer<1x8xf32>
// CHECK: buffer.kernel relu ins(%[[IN_VIEW]] : !buffer<1x8xf32>)
// CHECK: buffer.copy %{{.*}}, %[[OUT_VIEW]]

// REPORT: "name": "sram_scratch",
// REPORT: "lower_bound": 96,
// REPORT: "name": "input0",
// REPORT-NEXT: "role": "scratch",
// REPORT-NEXT: "bank": "sram",
// REPORT-NEXT: "pool": "sram_scratch",
// REPORT-NEXT: "io": "input 0",
// REPORT: "live": [
// REPORT-NEXT: 0,
// REPORT-NEXT: 3
// REPORT: "name": "output0",
// REPORT: "io": "output 0",
// REPORT: "live": [
// REPORT-NEXT: 9,
// REPORT-NEXT: 10

// I/O buffers take part in placement like the others: with dtcm full, some go to sram.
// BANKS: buffer.pool @dtcm_scratch {bank = "dtcm", role = "scratch", size = 32 : i64}
// BANKS: buffer.pool @sram_scratch
// BANKS: usmp.io = [{{.*}}pool = @{{dtcm|sram}}_scratch
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
