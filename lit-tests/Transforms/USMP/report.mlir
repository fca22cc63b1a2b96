// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp{algorithm=exact residency-report=%t.json arena-svg=%t.svg})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: FileCheck %s --input-file=%t.svg --check-prefix=SVG
// The same plan gives the same hashes (run again and compare the files).
// RUN: mc-opt %s --pass-pipeline='builtin.module(usmp{algorithm=exact residency-report=%t.again.json})' -o /dev/null
// RUN: diff %t.json %t.again.json

// CHECK: "algorithm": "exact",
// CHECK-NEXT: "layout_hash": "{{[0-9a-f]+}}",
// CHECK-NEXT: "layout_and_constants_hash": "{{[0-9a-f]+}}",
// CHECK: "name": "sram_scratch",
// CHECK-NEXT: "bank": "sram",
// CHECK-NEXT: "role": "scratch",
// CHECK-NEXT: "size": 96,
// CHECK: "occupied": 96,
// CHECK-NEXT: "lower_bound": 96,
// CHECK-NEXT: "peak_step": 3,
// CHECK: "name": "conv_out",
// CHECK: "offset": {{0|64}},
// CHECK-NEXT: "size": 32,
// CHECK: "live": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 4
// CHECK: "algorithm": "exact"
// CHECK: "constants": [
// CHECK-NEXT: {
// CHECK-NEXT: "name": "w",
// CHECK-NEXT: "size": 16

// SVG: <svg xmlns="http://www.w3.org/2000/svg"
// SVG: sram_scratch (sram bank, scratch): 96 bytes, lower bound 96, @main
// SVG: <title>conv_out: 32 bytes at {{0|64}}, steps 1..4</title>
// SVG: <title>peak step 3</title>
buffer.global @w {role = "constant"} : !buffer<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
func.func @main(%in: !buffer<1x8xf32>, %out: !buffer<1x8xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32> loc("conv_out")
  buffer.kernel relu ins(%in : !buffer<1x8xf32>) outs(%a : !buffer<1x8xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x16xf32>
  %v = buffer.view %b {offset = 0 : i64} : !buffer<1x16xf32> to !buffer<1x8xf32, strides: [16, 1], offset: 0>
  buffer.copy %a, %v : !buffer<1x8xf32>, !buffer<1x8xf32, strides: [16, 1], offset: 0>
  %c = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
  buffer.copy %v, %c : !buffer<1x8xf32, strides: [16, 1], offset: 0>, !buffer<1x8xf32>
  buffer.copy %c, %out : !buffer<1x8xf32>, !buffer<1x8xf32>
  return
}
