// A whole model through both compilers: the MLPerf Tiny keyword-spotting model, planned by mc,
// exported to upstream MLIR and lowered by upstream to LLVM IR; and back into mc, where it is the
// same mc IR and exports to the same text. (tests/upstream_lowering.rs runs the compiled result against
// mc's JIT on every model.)

// RUN: mc-translate --import-tflite %{models}/kws_ref_model.tflite | mc-opt --pass-pipeline="builtin.module(func.func(graph-canonicalize),graph-intern-constants,graph-prune,graph-to-buffer,buffer-inplace,buffer-to-loop,func.func(canonicalize,cse),usmp)" -o %t.loop.mlir
// RUN: mc-translate --export-mlir %t.loop.mlir -o %t.up.mlir
// RUN: FileCheck %s < %t.up.mlir
// RUN: mlir-opt-22 --pass-pipeline="builtin.module(convert-scf-to-cf,convert-math-to-llvm,expand-strided-metadata,finalize-memref-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)" %t.up.mlir | mlir-translate-22 --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM
// RUN: mc-translate --import-mlir %t.up.mlir | mc-translate --export-mlir - -o %t.again.mlir
// RUN: diff %t.up.mlir %t.again.mlir
// RUN: mc-opt %t.loop.mlir -o %t.mc.mlir
// RUN: mc-translate --import-mlir %t.up.mlir -o %t.back.mlir
// RUN: diff %t.mc.mlir %t.back.mlir
// Locations too, when both sides print them.
// RUN: mc-opt --mlir-print-debuginfo %t.loop.mlir -o %t.mc-loc.mlir
// RUN: mc-translate --export-mlir --mlir-print-debuginfo %t.loop.mlir | mc-translate --import-mlir --mlir-print-debuginfo - -o %t.back-loc.mlir
// RUN: diff %t.mc-loc.mlir %t.back-loc.mlir

// CHECK:       memref.global "private" @sram_scratch : memref<[[$POOL:[0-9]+]]xi8> = uninitialized {alignment = 16 : i64, mc.bank = "sram", mc.role = "scratch"}
// The weights stay resource blobs, their quantization (per channel here) carried beside them.
// CHECK:       memref.global "private" constant @"functional_1/conv2d/Conv2D" : memref<64x10x4x1xi8> = dense_resource<"functional_1/conv2d/Conv2D"> {alignment = 16 : i64, mc.quant = "!quant.uniform<i8:f32:0, {
// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %arg0: memref<1x49x10x1xi8> {mc.quant = "!quant.uniform<i8:f32, 0.58470290899276733:83>"}, %arg1: memref<1x12xi8> {mc.quant = "!quant.uniform<i8:f32, 3.906250e-03:-128>"}) {
// CHECK:         memref.view %{{.*}}[%{{.*}}][] {mc.quant = "!quant.uniform<i8:f32, 0.078725397586822509:-128>"} : memref<[[$POOL]]xi8> to memref<1x25x5x64xi8>
// CHECK:         scf.for
// CHECK-NOT:     loop.
// CHECK-NOT:     buffer.

// LLVM: @sram_scratch = private global [{{[0-9]+}} x i8] undef, align 16
// LLVM: define void @main(ptr
