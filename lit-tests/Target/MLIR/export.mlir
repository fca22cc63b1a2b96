// mc-translate --export-mlir: mc's loop-level IR as upstream func/arith/math/scf/memref, built
// through melior and verified by MLIR; upstream mlir-opt reads it and lowers it to LLVM.

// RUN: mc-opt %s | mc-translate --export-mlir - | mlir-opt-22 | FileCheck %s
// RUN: mc-translate --export-mlir %s -o %t.mlir && mlir-opt-22 --verify-diagnostics %t.mlir -o /dev/null
// RUN: mc-translate --export-mlir %s | mlir-opt-22 --pass-pipeline="builtin.module(convert-scf-to-cf,convert-math-to-llvm,expand-strided-metadata,finalize-memref-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)" | FileCheck %s --check-prefix=LLVM
// The round trip gives back the same mc IR.
// RUN: mc-opt %s -o %t.mc.mlir
// RUN: mc-translate --export-mlir %s | mlir-opt-22 | mc-translate --import-mlir - -o %t.back.mlir
// RUN: diff %t.mc.mlir %t.back.mlir

// Pools become private writable byte globals (bank and role kept; a constant pool starts with
// the constants staged into it, listed in mc.stages), constants private constant globals with
// their data (a dense_resource blob stays one); quantized elements are their storage integers,
// the quantized type is carried in mc.quant.
// mc's order of the blobs (MLIR prints them in the order of first use).
// CHECK:       module attributes {mc.resources = ["blob_q", "blob_r"]} {
// CHECK:       memref.global "private" @sram : memref<64xi8> = uninitialized {alignment = 16 : i64, mc.bank = "sram", mc.role = "scratch"}
// CHECK:       memref.global "private" @state : memref<8xi8> = dense<0> {alignment = 16 : i64, mc.bank = "dtcm", mc.role = "persistent"}
// CHECK:       memref.global "private" @dtcm_constant : memref<16xi8> = dense<[0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0]> {alignment = 16 : i64, mc.bank = "dtcm", mc.role = "constant", mc.stages = [{global = @r, offset = 8 : i64}]}
// CHECK:       memref.global "private" constant @w : memref<4xi8> = dense<[1, -2, 3, -4]> {alignment = 16 : i64, mc.quant = "!quant.uniform<i8:f32, 5.000000e-01>", mc.storage_data}
// CHECK:       memref.global "private" constant @r : memref<2xi32> = dense_resource<blob_r> {alignment = 8 : i64}
// CHECK:       memref.global "private" constant @q : memref<2xi8> = dense_resource<blob_q> {alignment = 16 : i64, mc.quant = "!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01:3}>"}
// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %[[X:.*]]: memref<4xi8>, %[[Y:.*]]: memref<2x2xf32>, %[[Z:.*]]: memref<3xi8> {mc.quant = "!quant.uniform<u8:f32, 2.500000e-01:128>"}) -> i32 {
// CHECK:         %[[W:.*]] = memref.get_global @w : memref<4xi8> {mc.quant = "!quant.uniform<i8:f32, 5.000000e-01>"}
// A pool view: the pool's bytes viewed at the byte offset...
// CHECK:         %[[P:.*]] = memref.get_global @sram : memref<64xi8>
// CHECK-NEXT:    %[[O:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[ACC:.*]] = memref.view %[[P]][%[[O]]][] : memref<64xi8> to memref<4xi32>
// ... and, for a strided buffer, reinterpreted to its layout.
// CHECK:         %[[P2:.*]] = memref.get_global @sram : memref<64xi8>
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[FLAT:.*]] = memref.view %[[P2]][%[[O2]]][] : memref<64xi8> to memref<4xi32>
// CHECK-NEXT:    %[[COL:.*]] = memref.reinterpret_cast %[[FLAT]] to offset: [1], sizes: [2], strides: [2] {mc.pool_view} : memref<4xi32> to memref<2xi32, strided<[2], offset: 1>>
// A view is a reinterpret_cast; a transposed view keeps its strides.
// CHECK:         %[[T:.*]] = memref.reinterpret_cast %[[Y]] to offset: [0], sizes: [2, 2], strides: [1, 2] : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
// Allocations keep their role (and a persistent one its variable); the planning hint between
// them is an unused cast that upstream's passes erase.
// CHECK:         %[[TMP:.*]] = memref.alloca() {alignment = 16 : i64, mc.role = "scratch"} : memref<2xi32>
// CHECK:         %[[VAR:.*]] = memref.alloca() {alignment = 16 : i64, mc.name = "v", mc.role = "persistent"} : memref<2xi32>
// CHECK:         %{{.*}} = builtin.unrealized_conversion_cast %[[TMP]], %[[VAR]] : memref<2xi32>, memref<2xi32> to none {mc.overlap = -4 : i64}
// CHECK:         %{{.*}} = builtin.unrealized_conversion_cast %[[TMP]], %[[VAR]] : memref<2xi32>, memref<2xi32> to none {mc.overlap_min = 4 : i64}
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

// CHECK:       {-#
// CHECK-NEXT:    dialect_resources: {
// CHECK-NEXT:      builtin: {
// CHECK-NEXT:        blob_r: "0x040000000100000002000000",
// CHECK-NEXT:        blob_q: "0x01000000FF7F"

// LLVM: llvm.mlir.global private @sram()
// LLVM: llvm.mlir.global private constant @r(dense_resource<blob_r> : tensor<2xi32>)
// LLVM: llvm.func @main(
// LLVM-NOT: scf.
// LLVM-NOT: memref.
// LLVM-NOT: unrealized_conversion_cast

buffer.pool @sram {bank = "sram", role = "scratch", size = 64 : i64}
buffer.pool @state {bank = "dtcm", role = "persistent", size = 8 : i64}
buffer.pool @dtcm_constant {bank = "dtcm", role = "constant", size = 16 : i64}
buffer.stage @r to @dtcm_constant {offset = 8 : i64}
buffer.global @w {role = "constant"} : !buffer<4x!quant.uniform<i8:f32, 0.5>> = dense<[1, -2, 3, -4]> : tensor<4xi8>
buffer.global @r {alignment = 8 : i64, role = "constant"} : !buffer<2xi32> = dense_resource<blob_r> : tensor<2xi32>
buffer.global @q {role = "constant"} : !buffer<2x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2:3}>> = dense_resource<blob_q> : tensor<2x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2:3}>>
func.func @main(%x: !buffer<4xi8>, %y: !buffer<2x2xf32>, %z: !buffer<3x!quant.uniform<u8:f32, 0.25:128>>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i32
  %w = buffer.get_global @w : !buffer<4x!quant.uniform<i8:f32, 0.5>>
  %acc = buffer.pool_view @sram {offset = 16 : i64} : !buffer<4xi32>
  %col = buffer.pool_view @sram {offset = 32 : i64} : !buffer<2xi32, strides: [2], offset: 1>
  %t = buffer.view %y : !buffer<2x2xf32> to !buffer<2x2xf32, strides: [1, 2], offset: 0>
  %tmp = buffer.alloc() {role = "scratch"} : !buffer<2xi32>
  %var = buffer.alloc() {name = "v", role = "persistent"} : !buffer<2xi32>
  buffer.overlap %tmp, %var {max_delta = -4 : i64} : !buffer<2xi32>, !buffer<2xi32>
  buffer.overlap %tmp, %var {min_delta = 4 : i64} : !buffer<2xi32>, !buffer<2xi32>
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
{-#
  dialect_resources: {
    builtin: {
      blob_q: "0x01000000FF7F",
      blob_r: "0x040000000100000002000000"
    }
  }
#-}
