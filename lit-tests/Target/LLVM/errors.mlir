// What --mlir-to-llvmir refuses: each case exits 1 with one located error naming the op (or the
// function) and the reason, never a crash.

// RUN: split-file %s %t

// RUN: not mc-translate --mlir-to-llvmir --no-c-api %t/unsupported-op.mlir 2>&1 | FileCheck %s --check-prefix=OP
// OP: unsupported-op.mlir:3:3: error: cannot lower 'buffer.copy' to LLVM: no lowering for this op
// OP-NOT: error

// RUN: not mc-translate --mlir-to-llvmir --no-c-api %t/tensor.mlir 2>&1 | FileCheck %s --check-prefix=TENSOR
// TENSOR: tensor.mlir:1:1: error: cannot lower @f to LLVM: tensor values ('tensor<4xf32>') are not supported by the LLVM backend: lower to loops first

// RUN: not mc-translate --mlir-to-llvmir --no-c-api %t/declaration.mlir 2>&1 | FileCheck %s --check-prefix=DECL
// DECL: declaration.mlir:1:1: error: cannot lower @ext to LLVM: external declarations are not supported

// RUN: not mc-translate --mlir-to-llvmir --no-c-api %t/out-of-bounds.mlir 2>&1 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: out-of-bounds.mlir:3:8: error: cannot lower 'loop.load' to LLVM: index 4 is out of bounds for dimension 0 of size 4

// RUN: not mc-translate --mlir-to-llvmir %t/tensor.mlir --target cortex-m99 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: mc-translate: error: unknown target 'cortex-m99'; supported targets: host, x86-64, x86_64-unknown-linux-gnu, cortex-m0plus,

// RUN: not mc-translate --mlir-to-llvmir %t/tensor.mlir --prefix 9lives 2>&1 | FileCheck %s --check-prefix=PREFIX
// PREFIX: mc-translate: error: invalid prefix '9lives': it must be a C identifier

// RUN: not mc-translate --mlir-to-llvmir --no-c-api %t/vector-broadcast.mlir 2>&1 | FileCheck %s --check-prefix=BROADCAST
// BROADCAST: vector-broadcast.mlir:2:8: error: cannot lower 'vector.broadcast' to LLVM: only broadcasts of scalars lower to LLVM

// RUN: not mc-translate --mlir-to-llvmir --no-c-api %t/vector-nd.mlir 2>&1 | FileCheck %s --check-prefix=ND
// ND: vector-nd.mlir:1:1: error: cannot lower @f to LLVM: type 'vector<4x4xi8>' is not supported by the LLVM backend

//--- vector-broadcast.mlir
func.func @f(%a: vector<1xi8>) -> vector<4xi8> {
  %v = vector.broadcast %a : vector<1xi8> to vector<4xi8>
  return %v : vector<4xi8>
}

//--- vector-nd.mlir
func.func @f(%a: i8) -> vector<4x4xi8> {
  %v = vector.broadcast %a : i8 to vector<4x4xi8>
  return %v : vector<4x4xi8>
}

//--- unsupported-op.mlir
func.func @main(%a: !buffer<4xi8>, %b: !buffer<4xi8>) {
  // A buffer-level op left over: buffer-to-loop lowers it first.
  buffer.copy %a, %b : !buffer<4xi8>, !buffer<4xi8>
  return
}

//--- tensor.mlir
func.func @f(%t: tensor<4xf32>) {
  return
}

//--- declaration.mlir
func.func private @ext(i32) -> i32

//--- out-of-bounds.mlir
func.func @main(%a: !buffer<4xi32>) -> i32 {
  %c4 = arith.constant 4 : index
  %x = loop.load %a[%c4] : !buffer<4xi32>
  return %x : i32
}
