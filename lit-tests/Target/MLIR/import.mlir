// mc-translate --import-mlir: upstream func/arith/math/scf/memref IR, as mlir-opt prints it,
// read by MLIR's parser through melior and rebuilt as mc's loop dialect; mc then plans it, and
// the planned kernel exports back to upstream MLIR.

// RUN: mlir-opt-22 %s | mc-translate --import-mlir - | mc-opt | FileCheck %s
// RUN: mlir-opt-22 %s | mc-translate --import-mlir - | mc-opt --pass-pipeline="builtin.module(usmp)" | FileCheck %s --check-prefix=PLANNED
// RUN: mlir-opt-22 %s | mc-translate --import-mlir - | mc-translate --export-mlir - | mlir-opt-22 | FileCheck %s --check-prefix=BACK
// RUN: mc-translate --import-mlir %s --print-debuginfo | FileCheck %s --check-prefix=LOC

// CHECK:       buffer.global @weights {alignment = 64 : i64, role = "constant"} : !buffer<4xi8> = dense<[1, -2, 3, -4]> : tensor<4xi8>
// CHECK:       buffer.pool @arena {bank = "sram", role = "scratch", size = 64 : i64}
// CHECK-LABEL: func.func @dot(
// CHECK-SAME:      %[[X:.*]]: !buffer<4xi8>, %[[OUT:.*]]: !buffer<1xi32>) {
// CHECK:         %[[W:.*]] = buffer.get_global @weights : !buffer<4xi8>
// CHECK-NEXT:    %[[V:.*]] = buffer.pool_view @arena {offset = 16 : i64} : !buffer<4xi32>
// CHECK-NEXT:    %[[T:.*]] = buffer.view %[[V]] {offset = 1 : i64} : !buffer<4xi32> to !buffer<2xi32, strides: [2], offset: 1>
// CHECK-NEXT:    %[[TMP:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xi32>
// CHECK-NEXT:    %[[S:.*]] = loop.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i32) {
// CHECK-NEXT:      %[[XI:.*]] = loop.load %[[X]][%[[I]]] : !buffer<4xi8>
// CHECK-NEXT:      %[[WI:.*]] = loop.load %[[W]][%[[I]]] : !buffer<4xi8>
// CHECK-NEXT:      %[[XE:.*]] = arith.extsi %[[XI]] : i8 to i32
// CHECK-NEXT:      %[[WE:.*]] = arith.extsi %[[WI]] : i8 to i32
// CHECK-NEXT:      %[[P:.*]] = arith.muli %[[XE]], %[[WE]] : i32
// CHECK-NEXT:      %[[N:.*]] = arith.addi %[[A]], %[[P]] : i32
// CHECK-NEXT:      loop.store %[[N]], %[[TMP]][%[[I]]] : !buffer<4xi32>
// CHECK-NEXT:      loop.yield %[[N]] : i32
// CHECK-NEXT:    }
// CHECK:         %[[R:.*]] = loop.if %{{.*}} -> (i32) {
// CHECK-NEXT:      loop.yield %[[S]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[NEG:.*]] = arith.subi %{{.*}}, %[[S]] : i32
// CHECK-NEXT:      loop.yield %[[NEG]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    loop.store %[[R]], %[[T]][%{{.*}}] : !buffer<2xi32, strides: [2], offset: 1>
// CHECK-NEXT:    loop.store %[[R]], %[[OUT]][%{{.*}}] : !buffer<1xi32>
// CHECK-NEXT:    return

// mc's planner places the kernel's workspace (the alloca) in a pool of its own.
// PLANNED:     buffer.pool @sram_scratch
// PLANNED:     func.func @dot(
// PLANNED-NOT:   buffer.alloc
// PLANNED:       buffer.pool_view @sram_scratch {offset = 0 : i64} : !buffer<4xi32>

// BACK:        memref.global "private" constant @weights : memref<4xi8> = dense<[1, -2, 3, -4]> {alignment = 64 : i64}
// BACK:        memref.global "private" @arena : memref<64xi8> = uninitialized {alignment = 16 : i64, mc.bank = "sram", mc.role = "scratch"}
// BACK:          memref.view %{{.*}}[%{{.*}}][] : memref<64xi8> to memref<4xi32>
// BACK-NEXT:     memref.reinterpret_cast %{{.*}} to offset: [1], sizes: [2], strides: [2] : memref<4xi32> to memref<2xi32, strided<[2], offset: 1>>
// BACK-NEXT:     memref.alloca() {alignment = 16 : i64, mc.role = "scratch"} : memref<4xi32>
// BACK:          scf.for
// BACK:          scf.if

// Locations are the upstream file's.
// LOC: loop.load %{{.*}}[%{{.*}}] : !buffer<4xi8> loc("{{.*}}import.mlir":[[# @LINE + 16]]:11)

memref.global "private" constant @weights : memref<4xi8> = dense<[1, -2, 3, -4]> {alignment = 64 : i64}
memref.global "private" @arena : memref<64xi8> = uninitialized
func.func @dot(%x: memref<4xi8>, %out: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i32
  %w = memref.get_global @weights : memref<4xi8>
  %a = memref.get_global @arena : memref<64xi8>
  %v = memref.view %a[%c16][] : memref<64xi8> to memref<4xi32>
  %t = memref.reinterpret_cast %v to offset: [1], sizes: [2], strides: [2] : memref<4xi32> to memref<2xi32, strided<[2], offset: 1>>
  %tmp = memref.alloca() : memref<4xi32>
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
    %xi = memref.load %x[%i] : memref<4xi8>
    %wi = memref.load %w[%i] : memref<4xi8>
    %xe = arith.extsi %xi : i8 to i32
    %we = arith.extsi %wi : i8 to i32
    %p = arith.muli %xe, %we : i32
    %n = arith.addi %acc, %p : i32
    memref.store %n, %tmp[%i] : memref<4xi32>
    scf.yield %n : i32
  }
  %pos = arith.cmpi sgt, %s, %zero : i32
  %r = scf.if %pos -> (i32) {
    scf.yield %s : i32
  } else {
    %neg = arith.subi %zero, %s : i32
    scf.yield %neg : i32
  }
  memref.store %r, %t[%c0] : memref<2xi32, strided<[2], offset: 1>>
  memref.store %r, %out[%c0] : memref<1xi32>
  return
}
