// Four int8 products of consecutive elements added in a row (the int8 convolution's step over
// four input channels) become two smlad of sxtb16-unpacked words on cores with DSP
// instructions, and stay multiply-adds elsewhere. Terms of elements that are not consecutive (a
// depthwise window) stay multiply-adds everywhere. Consecutive elements along a dimension whose
// trailing dimensions have size 1 (a filter row of one input channel) are packed too; a channel
// stride apart they are not.

// RUN: mc-translate --mlir-to-llvmir %s --target cortex-m4 | FileCheck %s --check-prefix=DSP
// RUN: mc-translate --mlir-to-llvmir %s --target cortex-m7 | FileCheck %s --check-prefix=DSP
// RUN: mc-translate --mlir-to-llvmir %s --target cortex-m3 | FileCheck %s --check-prefix=PLAIN
// RUN: mc-translate --mlir-to-llvmir %s --target rv32imac | FileCheck %s --check-prefix=PLAIN

// DSP-LABEL: define {{.*}} @model_dot(
// DSP-COUNT-4: call i32 @llvm.arm.sxtb16(
// DSP: %[[FIRST:.*]] = call i32 @llvm.arm.smlad(i32 %{{.*}}, i32 %{{.*}}, i32 %{{.*}})
// DSP: call i32 @llvm.arm.smlad(i32 %{{.*}}, i32 %{{.*}}, i32 %[[FIRST]])
// DSP-LABEL: define {{.*}} @model_strided(
// DSP-NOT: llvm.arm
// DSP: ret i32
// DSP-LABEL: define {{.*}} @model_columns(
// DSP-COUNT-2: call i32 @llvm.arm.smlad(
// DSP-LABEL: define {{.*}} @model_channels_apart(
// DSP-NOT: llvm.arm
// DSP: ret i32
// PLAIN-NOT: llvm.arm
func.func @dot(%x: !buffer<8xi8>, %w: !buffer<8xi8>, %acc: i32, %i: index) -> i32 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i1 = arith.addi %i, %c1 : index
  %i2 = arith.addi %i, %c2 : index
  %i3 = arith.addi %i, %c3 : index
  %s1 = func.call @term(%acc, %x, %w, %i) : (i32, !buffer<8xi8>, !buffer<8xi8>, index) -> i32
  %x0 = loop.load %x[%i] : !buffer<8xi8>
  %w0 = loop.load %w[%i] : !buffer<8xi8>
  %x1 = loop.load %x[%i1] : !buffer<8xi8>
  %w1 = loop.load %w[%i1] : !buffer<8xi8>
  %x2 = loop.load %x[%i2] : !buffer<8xi8>
  %w2 = loop.load %w[%i2] : !buffer<8xi8>
  %x3 = loop.load %x[%i3] : !buffer<8xi8>
  %w3 = loop.load %w[%i3] : !buffer<8xi8>
  %e0 = arith.extsi %x0 : i8 to i32
  %f0 = arith.extsi %w0 : i8 to i32
  %p0 = arith.muli %f0, %e0 : i32
  %a0 = arith.addi %s1, %p0 : i32
  %e1 = arith.extsi %x1 : i8 to i32
  %f1 = arith.extsi %w1 : i8 to i32
  %p1 = arith.muli %f1, %e1 : i32
  %a1 = arith.addi %a0, %p1 : i32
  %e2 = arith.extsi %x2 : i8 to i32
  %f2 = arith.extsi %w2 : i8 to i32
  %p2 = arith.muli %f2, %e2 : i32
  %a2 = arith.addi %p2, %a1 : i32
  %e3 = arith.extsi %x3 : i8 to i32
  %f3 = arith.extsi %w3 : i8 to i32
  %p3 = arith.muli %e3, %f3 : i32
  %a3 = arith.addi %a2, %p3 : i32
  return %a3 : i32
}

// The entry the C API needs.
func.func @main(%b: !buffer<1xi8>) {
  return
}

// A helper that keeps the accumulator opaque.
func.func private @term(%acc: i32, %x: !buffer<8xi8>, %w: !buffer<8xi8>, %i: index) -> i32 {
  return %acc : i32
}

func.func @strided(%x: !buffer<8xi8>, %w: !buffer<8xi8>, %acc: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %x0 = loop.load %x[%c0] : !buffer<8xi8>
  %w0 = loop.load %w[%c0] : !buffer<8xi8>
  %x1 = loop.load %x[%c2] : !buffer<8xi8>
  %w1 = loop.load %w[%c2] : !buffer<8xi8>
  %x2 = loop.load %x[%c4] : !buffer<8xi8>
  %w2 = loop.load %w[%c4] : !buffer<8xi8>
  %x3 = loop.load %x[%c6] : !buffer<8xi8>
  %w3 = loop.load %w[%c6] : !buffer<8xi8>
  %e0 = arith.extsi %x0 : i8 to i32
  %f0 = arith.extsi %w0 : i8 to i32
  %p0 = arith.muli %f0, %e0 : i32
  %a0 = arith.addi %acc, %p0 : i32
  %e1 = arith.extsi %x1 : i8 to i32
  %f1 = arith.extsi %w1 : i8 to i32
  %p1 = arith.muli %f1, %e1 : i32
  %a1 = arith.addi %a0, %p1 : i32
  %e2 = arith.extsi %x2 : i8 to i32
  %f2 = arith.extsi %w2 : i8 to i32
  %p2 = arith.muli %f2, %e2 : i32
  %a2 = arith.addi %a1, %p2 : i32
  %e3 = arith.extsi %x3 : i8 to i32
  %f3 = arith.extsi %w3 : i8 to i32
  %p3 = arith.muli %f3, %e3 : i32
  %a3 = arith.addi %a2, %p3 : i32
  return %a3 : i32
}

// Four columns of one-channel rows: consecutive bytes.
func.func @columns(%x: !buffer<2x8x1xi8>, %w: !buffer<2x8x1xi8>, %acc: i32, %r: index, %i: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i1 = arith.addi %i, %c1 : index
  %i2 = arith.addi %i, %c2 : index
  %i3 = arith.addi %i, %c3 : index
  %x0 = loop.load %x[%r, %i, %c0] : !buffer<2x8x1xi8>
  %w0 = loop.load %w[%r, %i, %c0] : !buffer<2x8x1xi8>
  %x1 = loop.load %x[%r, %i1, %c0] : !buffer<2x8x1xi8>
  %w1 = loop.load %w[%r, %i1, %c0] : !buffer<2x8x1xi8>
  %x2 = loop.load %x[%r, %i2, %c0] : !buffer<2x8x1xi8>
  %w2 = loop.load %w[%r, %i2, %c0] : !buffer<2x8x1xi8>
  %x3 = loop.load %x[%r, %i3, %c0] : !buffer<2x8x1xi8>
  %w3 = loop.load %w[%r, %i3, %c0] : !buffer<2x8x1xi8>
  %e0 = arith.extsi %x0 : i8 to i32
  %f0 = arith.extsi %w0 : i8 to i32
  %p0 = arith.muli %f0, %e0 : i32
  %a0 = arith.addi %acc, %p0 : i32
  %e1 = arith.extsi %x1 : i8 to i32
  %f1 = arith.extsi %w1 : i8 to i32
  %p1 = arith.muli %f1, %e1 : i32
  %a1 = arith.addi %a0, %p1 : i32
  %e2 = arith.extsi %x2 : i8 to i32
  %f2 = arith.extsi %w2 : i8 to i32
  %p2 = arith.muli %f2, %e2 : i32
  %a2 = arith.addi %a1, %p2 : i32
  %e3 = arith.extsi %x3 : i8 to i32
  %f3 = arith.extsi %w3 : i8 to i32
  %p3 = arith.muli %f3, %e3 : i32
  %a3 = arith.addi %a2, %p3 : i32
  return %a3 : i32
}

// Four columns of two-channel rows: two bytes apart.
func.func @channels_apart(%x: !buffer<2x8x2xi8>, %w: !buffer<2x8x2xi8>, %acc: i32, %r: index, %i: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i1 = arith.addi %i, %c1 : index
  %i2 = arith.addi %i, %c2 : index
  %i3 = arith.addi %i, %c3 : index
  %x0 = loop.load %x[%r, %i, %c0] : !buffer<2x8x2xi8>
  %w0 = loop.load %w[%r, %i, %c0] : !buffer<2x8x2xi8>
  %x1 = loop.load %x[%r, %i1, %c0] : !buffer<2x8x2xi8>
  %w1 = loop.load %w[%r, %i1, %c0] : !buffer<2x8x2xi8>
  %x2 = loop.load %x[%r, %i2, %c0] : !buffer<2x8x2xi8>
  %w2 = loop.load %w[%r, %i2, %c0] : !buffer<2x8x2xi8>
  %x3 = loop.load %x[%r, %i3, %c0] : !buffer<2x8x2xi8>
  %w3 = loop.load %w[%r, %i3, %c0] : !buffer<2x8x2xi8>
  %e0 = arith.extsi %x0 : i8 to i32
  %f0 = arith.extsi %w0 : i8 to i32
  %p0 = arith.muli %f0, %e0 : i32
  %a0 = arith.addi %acc, %p0 : i32
  %e1 = arith.extsi %x1 : i8 to i32
  %f1 = arith.extsi %w1 : i8 to i32
  %p1 = arith.muli %f1, %e1 : i32
  %a1 = arith.addi %a0, %p1 : i32
  %e2 = arith.extsi %x2 : i8 to i32
  %f2 = arith.extsi %w2 : i8 to i32
  %p2 = arith.muli %f2, %e2 : i32
  %a2 = arith.addi %a1, %p2 : i32
  %e3 = arith.extsi %x3 : i8 to i32
  %f3 = arith.extsi %w3 : i8 to i32
  %p3 = arith.muli %f3, %e3 : i32
  %a3 = arith.addi %a2, %p3 : i32
  return %a3 : i32
}
