// Bad input both ways: mc-translate exits 1 with one error at the op's location and writes
// nothing.

// RUN: split-file %s %t
// RUN: not mc-translate --import-mlir %t/copy.mlir -o %t/copy.out 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: not test -e %t/copy.out
// RUN: not mc-translate --import-mlir %t/tensor.mlir 2>&1 | FileCheck %s --check-prefix=TENSOR
// RUN: not mc-translate --import-mlir %t/overflow.mlir 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not mc-translate --import-mlir %t/view.mlir 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not mc-translate --import-mlir %t/dynamic.mlir 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not mc-translate --import-mlir %t/parse.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not mc-translate --import-mlir %t/subview.mlir 2>&1 | FileCheck %s --check-prefix=SUBVIEW
// RUN: not mc-translate --export-mlir %t/mc-copy.mlir -o %t/mc-copy.out 2>&1 | FileCheck %s --check-prefix=MC-COPY
// RUN: not test -e %t/mc-copy.out
// RUN: not mc-translate --export-mlir %t/mc-tensor.mlir 2>&1 | FileCheck %s --check-prefix=MC-TENSOR

// COPY: copy.mlir:2:3: error: 'memref.copy' op cannot be represented in mc's loop dialect
// COPY-NOT: error
//--- copy.mlir
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  return
}

// TENSOR: tensor.mlir:1:1: error: 'func.func' op type 'tensor<4xf32>' cannot be represented in mc
//--- tensor.mlir
func.func @f(%a: tensor<4xf32>) {
  return
}

// OVERFLOW: overflow.mlir:2:8: error: 'arith.addi' op attribute 'overflowFlags' = #arith.overflow<nsw> cannot be represented in mc
//--- overflow.mlir
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a overflow<nsw> : i32
  return %0 : i32
}

// VIEW: view.mlir:3:8: error: 'memref.view' op is only representable in mc as a view of a pool global at a constant byte offset
//--- view.mlir
func.func @f(%a: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %v = memref.view %a[%c0][] : memref<64xi8> to memref<16xi32>
  return
}

// DYNAMIC: dynamic.mlir:1:1: error: 'func.func' op type 'memref<?xf32>': dynamic sizes cannot be represented in mc
//--- dynamic.mlir
func.func @f(%a: memref<?xf32>) {
  return
}

// PARSE: parse.mlir:2:19: error: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'
//--- parse.mlir
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i64
  return %0 : i32
}

// SUBVIEW: subview.mlir:2:8: error: 'memref.subview' op with dynamic offsets, sizes or strides cannot be represented in mc
//--- subview.mlir
func.func @f(%a: memref<8xf32>, %i: index) {
  %v = memref.subview %a[%i] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
  return
}

// MC-COPY: mc-copy.mlir:2:3: error: 'buffer.copy' op cannot be exported to upstream MLIR: no upstream MLIR counterpart
//--- mc-copy.mlir
func.func @f(%a: !buffer<4xi8>, %b: !buffer<4xi8>) {
  buffer.copy %a, %b : !buffer<4xi8>, !buffer<4xi8>
  return
}

// MC-TENSOR: mc-tensor.mlir:1:1: error: 'func.func' op cannot be exported to upstream MLIR: type 'tensor<4xf32>' has no upstream MLIR counterpart at the loop level
//--- mc-tensor.mlir
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
