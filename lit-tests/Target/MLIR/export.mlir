// mc-translate --export-mlir: mc's loop-level IR as upstream func/arith/math/scf/memref, built
// through melior and verified by MLIR; upstream mlir-opt reads it and lowers it to LLVM.

// RUN: mc-opt %s | mc-translate --export-mlir - | mlir-opt-22 | FileCheck %s
// RUN: mc-translate --export-mlir %s -o %t.mlir && mlir-opt-22 --verify-diagnostics %t.mlir -o /dev/null
// RUN: mc-translate --export-mlir %s | mlir-opt-22 --pass-pipeline="builtin.module(convert-scf-to-cf,convert-math-to-llvm,expand-strided-metadata,finalize-memref-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)" | FileCheck %s --check-prefix=LLVM

// Pools become private writable byte globals (bank and role kept), constants private constant
// globals with their data; quantized elements are their storage integers.
// CHECK:       memref.global "private" @sram : memref<64xi8> = uninitialized {alignment = 16 : i64, mc.bank = "sram", mc.role = "scratch"}
// CHECK:       memref.global "private" @state : memref<8xi8> = dense<0> {alignment = 16 : i64, mc.bank = "dtcm", mc.role = "persistent"}
// CHECK:       memref.global "private" constant @w : memref<4xi8> = dense<[1, -2, 3, -4]> {alignment = 16 : i64}
// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %[[X:.*]]: memref<4xi8>, %[[Y:.*]]: memref<2x2xf32>) -> i32 {
// CHECK:         %[[W:.*]] = memref.get_global @w : memref<4xi8>
// A pool view: the pool's bytes viewed at the byte offset...
// CHECK:         %[[P:.*]] = memref.get_global @sram : memref<64xi8>
// CHECK-NEXT:    %[[O:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[ACC:.*]] = memref.view %[[P]][%[[O]]][] : memref<64xi8> to memref<4xi32>
// ... and, for a strided buffer, reinterpreted to its layout.
// CHECK:         %[[P2:.*]] = memref.get_global @sram : memref<64xi8>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[FLAT:.*]] = memref.view %[[P2]][%[[O2]]][] : memref<64xi8> to memref<4xi32>
// CHECK-NEXT:    %[[COL:.*]] = memref.reinterpret_cast %[[FLAT]] to offset: [1], sizes: [2], strides: [2] : memref<4xi32> to memref<2xi32, strided<[2], offset: 1>>
// A view is a reinterpret_cast; a transposed view keeps its strides.
// CHECK:         %[[T:.*]] = memref.reinterpret_cast %[[Y]] to offset: [0], sizes: [2, 2], strides: [1, 2] : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
// CHECK:         %[[TMP:.*]] = memref.alloca() {alignment = 16 : i64} : memref<2xi32>
// CHECK:         %[[S:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i32) {
// CHECK-NEXT:      %[[XI:.*]] = memref.load %[[X]][%[[I]]] : memref<4xi8>
// CHECK-NEXT:      %[[WI:.*]] = memref.load %[[W]][%[[I]]] : memref<4xi8>
// CHECK:           scf.yield %{{.*}} : i32
// CHECK-NEXT:    }
// CHECK:         %{{.*}} = scf.if %{{.*}} -> (i32) {
// CHECK:         } else {
// CHECK:         memref.store %[[S]], %[[ACC]][%{{.*}}] : memref<4xi32>
// CHECK:         memref.store %[[S]], %[[COL]][%{{.*}}] : memref<2xi32, strided<[2], offset: 1>>
// CHECK:         %{{.*}} = math.exp %{{.*}} : f32
// CHECK:         memref.store %{{.*}}, %[[T]][%{{.*}}, %{{.*}}] : memref<2x2xf32, strided<[1, 2]>>

// LLVM: llvm.mlir.global private @sram()
// LLVM: llvm.func @main(
// LLVM-NOT: scf.
// LLVM-NOT: memref.

buffer.pool @sram {bank = "sram", role = "scratch", size = 64 : i64}
buffer.pool @state {bank = "dtcm", role = "persistent", size = 8 : i64}
buffer.global @w {role = "constant"} : !buffer<4x!quant.uniform<i8:f32, 0.5>> = dense<[1, -2, 3, -4]> : tensor<4xi8>
func.func @main(%x: !buffer<4xi8>, %y: !buffer<2x2xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i32
  %w = buffer.get_global @w : !buffer<4x!quant.uniform<i8:f32, 0.5>>
  %acc = buffer.pool_view @sram {offset = 16 : i64} : !buffer<4xi32>
  %col = buffer.pool_view @sram {offset = 32 : i64} : !buffer<2xi32, strides: [2], offset: 1>
  %t = buffer.view %y : !buffer<2x2xf32> to !buffer<2x2xf32, strides: [1, 2], offset: 0>
  %tmp = buffer.alloc() {role = "scratch"} : !buffer<2xi32>
  %s = loop.for %i = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (i32) {
    %xi = loop.load %x[%i] : !buffer<4xi8>
    %wi = loop.load %w[%i] : !buffer<4x!quant.uniform<i8:f32, 0.5>>
    %xe = arith.extsi %xi : i8 to i32
    %we = arith.extsi %wi : i8 to i32
    %p = arith.muli %xe, %we : i32
    %n = arith.addi %a, %p : i32
    loop.yield %n : i32
  }
  %pos = arith.cmpi sgt, %s, %zero : i32
  %r = loop.if %pos -> (i32) {
    loop.yield %s : i32
  } else {
    %neg = arith.subi %zero, %s : i32
    loop.yield %neg : i32
  }
  loop.store %s, %acc[%c0] : !buffer<4xi32>
  loop.store %s, %col[%c1] : !buffer<2xi32, strides: [2], offset: 1>
  loop.store %r, %tmp[%c0] : !buffer<2xi32>
  %f = loop.load %y[%c0, %c1] : !buffer<2x2xf32>
  %e = math.exp %f : f32
  loop.store %e, %t[%c1, %c0] : !buffer<2x2xf32, strides: [1, 2], offset: 0>
  return %r : i32
}
