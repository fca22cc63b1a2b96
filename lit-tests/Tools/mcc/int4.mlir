// RUN: rm -rf %t && mcc %s --target cortex-m4 --emit=mlir-loop -o %t | FileCheck %s --check-prefix=FLASH
// RUN: FileCheck %s --check-prefix=LOOP < %t/model.mlir
// RUN: mcc %s --target cortex-m4 -O 0 --emit=llvm-ir -o %t > /dev/null && FileCheck %s --check-prefix=PACKED < %t/model.ll
// RUN: mcc %s --target cortex-m4 -O 0 --emit=llvm-ir --int4 unpacked -o %t | FileCheck %s --check-prefix=FLASH-UNPACKED
// RUN: FileCheck %s --check-prefix=UNPACKED < %t/model.ll
// RUN: not mcc %s --target cortex-m4 --int4 nibbles -o %t 2>&1 | FileCheck %s --check-prefix=BAD
// Before the loops, the flash summary counts what the weights will take.
// RUN: mcc %s --target cortex-m4 --emit=mlir-buffer -o %t | FileCheck %s --check-prefix=FLASH
// RUN: mcc %s --target cortex-m4 --emit=mlir-buffer --int4 unpacked -o %t | FileCheck %s --check-prefix=FLASH-UNPACKED

// INT4 weights stay packed in flash, two per byte, low nibble first, each sign-extended when
// read: 1 and -2 are 0xE1, 7 and -8 are 0x87, and 3, the odd one out, is 0x03 (high nibble 0).
// With --int4 unpacked they take a byte each.
// FLASH: flash constants 3 B
// LOOP: buffer.global @{{.*}} {role = "constant"} : !buffer<3xi8> = dense<[-31, -121, 3]> : tensor<3xi8>
// LOOP-NOT: i4
// PACKED: constant [3 x i8] c"\E1\87\03", section ".rodata.model.flash"
// FLASH-UNPACKED: flash constants 5 B
// UNPACKED: constant [5 x i8] c"\01\FE\07\F8\03", section ".rodata.model.flash"
// BAD: mcc: error: unknown INT4 weight storage 'nibbles': expected packed or unpacked
!q = !quant.uniform<i8:f32, 5.000000e-01:1>
!qy = !quant.uniform<i8:f32, 1.000000e+00:-3>
!qw = !quant.uniform<i4:f32, 2.500000e-01>
func.func @main(%x: tensor<1x5x!q>) -> tensor<1x1x!qy> {
  %w = "graph.const"() <{value = dense<[[1, -2, 7, -8, 3]]> : tensor<1x5xi4>}> : () -> tensor<1x5x!qw>
  %y = "graph.fully_connected"(%x, %w) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x5x!q>, tensor<1x5x!qw>) -> tensor<1x1x!qy>
  return %y : tensor<1x1x!qy>
}
