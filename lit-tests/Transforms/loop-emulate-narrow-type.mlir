// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(loop-emulate-narrow-type)' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(loop-emulate-narrow-type{unpack})' | FileCheck %s --check-prefix=UNPACK

// Five i4 values packed two per byte, low nibble first, the last high nibble 0: 1 and -2 are
// 0xE1, 7 and -8 are 0x87, 3 alone is 0x03. A load at a run-time index of unknown parity reads
// byte index / 2, shifts it right by 4 for an odd index, and sign-extends the low nibble;
// constant indices fold the parity: element 2 (even) is the low nibble of byte 1, element 3
// (odd) its high nibble. Unpacked, the global holds a byte per value and loads stay loads.
!q4 = !quant.uniform<i4:f32, 5.000000e-01>
buffer.global @w {role = "constant"} : !buffer<5x!q4> = dense<[1, -2, 7, -8, 3]> : tensor<5xi4>
// CHECK: buffer.global @w {role = "constant"} : !buffer<3xi8> = dense<[-31, -121, 3]> : tensor<3xi8>
// UNPACK: buffer.global @w {role = "constant"} : !buffer<5xi8> = dense<[1, -2, 7, -8, 3]> : tensor<5xi8>
// CHECK-LABEL: func.func @loads
// CHECK-SAME: (%[[I:.*]]: index, %[[OUT:.*]]: !buffer<3xi32>)
// CHECK: %[[W:.*]] = buffer.get_global @w : !buffer<3xi8>
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[AT:.*]] = arith.shrui %[[I]], %[[C1]] : index
// CHECK: %[[BYTE:.*]] = loop.load %[[W]][%[[AT]]] : !buffer<3xi8>
// CHECK: %[[WORD:.*]] = arith.extsi %[[BYTE]] : i8 to i32
// CHECK: %[[I32:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[ODD:.*]] = arith.andi %[[I32]], %[[ONE]] : i32
// CHECK: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK: %[[SHIFT:.*]] = arith.shli %[[ODD]], %[[TWO]] : i32
// CHECK: %[[NIBBLE:.*]] = arith.shrsi %[[WORD]], %[[SHIFT]] : i32
// CHECK: %[[C28:.*]] = arith.constant 28 : i32
// CHECK: %[[TOP:.*]] = arith.shli %[[NIBBLE]], %[[C28]] : i32
// CHECK: %[[A:.*]] = arith.shrsi %[[TOP]], %[[C28]] : i32
// CHECK-NOT: i4
// CHECK: loop.store %[[A]], %[[OUT]]
// CHECK: %[[BYTE1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[B1:.*]] = loop.load %[[W]][%[[BYTE1]]] : !buffer<3xi8>
// CHECK: %[[BW:.*]] = arith.extsi %[[B1]] : i8 to i32
// CHECK: %[[L28:.*]] = arith.constant 28 : i32
// CHECK: %[[BT:.*]] = arith.shli %[[BW]], %[[L28]] : i32
// CHECK: %[[B:.*]] = arith.shrsi %[[BT]], %[[L28]] : i32
// CHECK: loop.store %[[B]], %[[OUT]]
// CHECK: %[[BYTE1B:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C1B:.*]] = loop.load %[[W]][%[[BYTE1B]]] : !buffer<3xi8>
// CHECK: %[[CW:.*]] = arith.extsi %[[C1B]] : i8 to i32
// CHECK: %[[R4:.*]] = arith.constant 4 : i32
// CHECK: %[[C:.*]] = arith.shrsi %[[CW]], %[[R4]] : i32
// CHECK: loop.store %[[C]], %[[OUT]]
// UNPACK-LABEL: func.func @loads
// UNPACK-SAME: (%[[I:.*]]: index, %[[OUT:.*]]: !buffer<3xi32>)
// UNPACK: %[[W:.*]] = buffer.get_global @w : !buffer<5xi8>
// UNPACK: %[[BYTE:.*]] = loop.load %[[W]][%[[I]]] : !buffer<5xi8>
// UNPACK: %[[A:.*]] = arith.extsi %[[BYTE]] : i8 to i32
// UNPACK-NOT: arith.sh
// UNPACK: loop.store %[[A]], %[[OUT]]
func.func @loads(%i: index, %out: !buffer<3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %w = buffer.get_global @w : !buffer<5x!q4>
  %a = loop.load %w[%i] : !buffer<5x!q4>
  %a32 = arith.extsi %a : i4 to i32
  loop.store %a32, %out[%c0] : !buffer<3xi32>
  %b = loop.load %w[%c2] : !buffer<5x!q4>
  %b32 = arith.extsi %b : i4 to i32
  loop.store %b32, %out[%c1] : !buffer<3xi32>
  %c = loop.load %w[%c3] : !buffer<5x!q4>
  %c32 = arith.extsi %c : i4 to i32
  loop.store %c32, %out[%c2] : !buffer<3xi32>
  return
}

// -----

// Views: a load through a strided view reads storage element offset + Σ index·stride (here
// 1 + 2·i + j); the views go with the loads. An extension to i16 takes the i32 truncated.
// Unpacked, the views stay, over i8.
!q4 = !quant.uniform<i4:f32, 5.000000e-01>
buffer.global @w {role = "constant"} : !buffer<2x4x!q4> = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi4>
// CHECK: buffer.global @w {role = "constant"} : !buffer<4xi8> = dense<[16, 50, 84, 118]> : tensor<4xi8>
// CHECK-LABEL: func.func @view
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index, %[[OUT:.*]]: !buffer<1xi16>)
// CHECK-NOT: buffer.view
// CHECK: %[[W:.*]] = buffer.get_global @w : !buffer<4xi8>
// CHECK-NOT: buffer.view
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[I2:.*]] = arith.muli %[[I]], %[[C2]] : index
// CHECK: %[[S:.*]] = arith.addi %[[I2]], %[[J]] : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[S1:.*]] = arith.addi %[[S]], %[[C1]] : index
// CHECK: %[[HALF:.*]] = arith.constant 1 : index
// CHECK: arith.shrui %[[S1]], %[[HALF]] : index
// CHECK: %[[NIB:.*]] = arith.shrsi
// CHECK: %[[TOP:.*]] = arith.shli %[[NIB]]
// CHECK: %[[V:.*]] = arith.shrsi %[[TOP]]
// CHECK: %[[T:.*]] = arith.trunci %[[V]] : i32 to i16
// CHECK: loop.store %[[T]], %[[OUT]]
// UNPACK: buffer.global @w {role = "constant"} : !buffer<2x4xi8> = dense<{{\[}}[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi8>
// UNPACK-LABEL: func.func @view
// UNPACK: %[[W:.*]] = buffer.get_global @w : !buffer<2x4xi8>
// UNPACK: %[[FLAT:.*]] = buffer.view %[[W]] : !buffer<2x4xi8> to !buffer<8xi8>
// UNPACK: %[[ODD:.*]] = buffer.view %[[FLAT]] {offset = 1 : i64} : !buffer<8xi8> to !buffer<3x2xi8, strides: [2, 1], offset: 1>
// UNPACK: %[[X:.*]] = loop.load %[[ODD]][%{{.*}}, %{{.*}}] : !buffer<3x2xi8, strides: [2, 1], offset: 1>
// UNPACK: arith.extsi %[[X]] : i8 to i16
func.func @view(%i: index, %j: index, %out: !buffer<1xi16>) {
  %c0 = arith.constant 0 : index
  %w = buffer.get_global @w : !buffer<2x4x!q4>
  %flat = buffer.view %w : !buffer<2x4x!q4> to !buffer<8x!q4>
  %odd = buffer.view %flat {offset = 1 : i64} : !buffer<8x!q4> to !buffer<3x2x!q4, strides: [2, 1], offset: 1>
  %x = loop.load %odd[%i, %j] : !buffer<3x2x!q4, strides: [2, 1], offset: 1>
  %x16 = arith.extsi %x : i4 to i16
  loop.store %x16, %out[%c0] : !buffer<1xi16>
  return
}

