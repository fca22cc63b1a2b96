// Constant staging: a placement rule with role = "constant" copies the constants it matches
// into a writable bank's constant pool at initialization (buffer.stage) and the code reads them
// there; constants no constant rule matches stay in place; a read-only bank in the rule keeps a
// constant in flash when the writable banks before it are full. The report says where each
// constant went.

// RUN: split-file %s %t
// RUN: mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/stage.toml residency-report=%t/r.json})' | FileCheck %t/model.mlir
// RUN: FileCheck %t/model.mlir --check-prefix=REPORT < %t/r.json
// RUN: mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/full.toml})' | FileCheck %t/model.mlir --check-prefix=FULL
// RUN: not mc-opt %t/model.mlir --pass-pipeline='builtin.module(usmp{config=%t/nowhere.toml})' 2>&1 | FileCheck %t/model.mlir --check-prefix=NOWHERE

//--- stage.toml
[memory]
[[memory.banks]]
name = "dtcm"
capacity = 1024
[[memory.banks]]
name = "sram"
[[memory.banks]]
name = "flash"
access = "ro"

[[memory.placement]]
name = "conv*"
role = "constant"
banks = ["dtcm", "flash"]

//--- full.toml
[memory]
[[memory.banks]]
name = "dtcm"
capacity = 96
[[memory.banks]]
name = "flash"
access = "ro"

[[memory.placement]]
name = "conv*"
role = "constant"
banks = ["dtcm", "flash"]

//--- nowhere.toml
[memory]
[[memory.banks]]
name = "dtcm"
capacity = 96

[[memory.placement]]
name = "conv*"
role = "constant"
banks = ["dtcm"]

//--- model.mlir
// CHECK: buffer.pool @dtcm_scratch {bank = "dtcm", role = "scratch", size = 64 : i64}
// CHECK-NEXT: buffer.pool @dtcm_constant {bank = "dtcm", role = "constant", size = 80 : i64}
// CHECK-NEXT: buffer.stage @conv_w to @dtcm_constant {offset = 0 : i64}
// CHECK-NEXT: buffer.stage @conv_b to @dtcm_constant {offset = 64 : i64}
// CHECK: buffer.global @conv_w
// CHECK: buffer.global @fc_w
// CHECK-LABEL: func.func @main(
// CHECK: buffer.pool_view @dtcm_constant {offset = 0 : i64} : !buffer<64xi8>
// CHECK: buffer.pool_view @dtcm_constant {offset = 64 : i64} : !buffer<4xi32>
// CHECK: buffer.get_global @fc_w : !buffer<16xi8>

// REPORT: "name": "conv_w",
// REPORT-NEXT: "size": 64,
// REPORT-NEXT: "staged": {
// REPORT-NEXT: "bank": "dtcm",
// REPORT-NEXT: "pool": "dtcm_constant",
// REPORT-NEXT: "offset": 0
// REPORT: "name": "fc_w",
// REPORT-NEXT: "size": 16
// REPORT-NEXT: }

// 96 bytes of dtcm: the scratch pool takes 64, conv_w (64) stays in flash, conv_b (16) fits.
// FULL: buffer.pool @dtcm_constant {bank = "dtcm", role = "constant", size = 16 : i64}
// FULL-NEXT: buffer.stage @conv_b to @dtcm_constant {offset = 0 : i64}
// FULL: buffer.get_global @conv_w

// NOWHERE: error: 'builtin.module' op usmp: {{.*}}nowhere.toml:6: placement rule #1 (name = "conv*", role = "constant"): constant @conv_w (64 bytes) fits none of its banks (dtcm has 32 bytes free); list a read-only bank last to let it stay in place

buffer.global @conv_w {role = "constant"} : !buffer<64xi8> = dense<3> : tensor<64xi8>
buffer.global @conv_b {role = "constant"} : !buffer<4xi32> = dense<[1, 2, 3, 4]> : tensor<4xi32>
buffer.global @fc_w {role = "constant"} : !buffer<16xi8> = dense<5> : tensor<16xi8>
func.func @main(%in: !buffer<64xi8>, %out: !buffer<4xi32>) {
  %c0 = arith.constant 0 : index
  %w = buffer.get_global @conv_w : !buffer<64xi8>
  %b = buffer.get_global @conv_b : !buffer<4xi32>
  %f = buffer.get_global @fc_w : !buffer<16xi8>
  %tmp = buffer.alloc() {role = "scratch"} : !buffer<64xi8>
  %x = loop.load %w[%c0] : !buffer<64xi8>
  loop.store %x, %tmp[%c0] : !buffer<64xi8>
  %y = loop.load %b[%c0] : !buffer<4xi32>
  loop.store %y, %out[%c0] : !buffer<4xi32>
  %z = loop.load %f[%c0] : !buffer<16xi8>
  %t = loop.load %tmp[%c0] : !buffer<64xi8>
  return
}
