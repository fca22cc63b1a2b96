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
// Malformed mc.* attributes (the carriers of what upstream has no place for).
// RUN: not mc-translate --import-mlir %t/quant-text.mlir 2>&1 | FileCheck %s --check-prefix=QUANT-TEXT
// RUN: not mc-translate --import-mlir %t/quant-storage.mlir 2>&1 | FileCheck %s --check-prefix=QUANT-STORAGE
// RUN: not mc-translate --import-mlir %t/stages.mlir 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not mc-translate --import-mlir %t/pool-data.mlir 2>&1 | FileCheck %s --check-prefix=POOL-DATA
// RUN: not mc-translate --import-mlir %t/blob.mlir 2>&1 | FileCheck %s --check-prefix=BLOB
// RUN: not mc-translate --import-mlir %t/alloca-role.mlir 2>&1 | FileCheck %s --check-prefix=ALLOCA-ROLE
// RUN: not mc-translate --import-mlir %t/pool-view.mlir 2>&1 | FileCheck %s --check-prefix=POOL-VIEW
// RUN: not mc-translate --import-mlir %t/cast.mlir 2>&1 | FileCheck %s --check-prefix=CAST
// RUN: not mc-translate --export-mlir %t/mc-quant-arg.mlir 2>&1 | FileCheck %s --check-prefix=MC-QUANT-ARG
// RUN: not mc-translate --export-mlir %t/mc-copy.mlir -o %t/mc-copy.out 2>&1 | FileCheck %s --check-prefix=MC-COPY
// RUN: not mc-translate --export-mlir %t/mc-fixed-point.mlir 2>&1 | FileCheck %s --check-prefix=MC-FIXED-POINT
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

// QUANT-TEXT: quant-text.mlir:1:1: error: 'func.func' op 'mc.quant' = "i8" is not a !quant.uniform type mc can represent
//--- quant-text.mlir
func.func @f(%a: memref<4xi8> {mc.quant = "i8"}) {
  return
}

// QUANT-STORAGE: quant-storage.mlir:2:8: error: 'memref.alloca' op 'mc.quant' = !quant.uniform<i8:f32, 5.000000e-01> does not quantize '!buffer<4xi32>'
//--- quant-storage.mlir
func.func @f() {
  %a = memref.alloca() {mc.quant = "!quant.uniform<i8:f32, 0.5>"} : memref<4xi32>
  return
}

// STAGES: stages.mlir:1:1: error: 'memref.global' op has 'mc.stages' = [@w], not [{global = @g, offset = n : i64}, ...]
//--- stages.mlir
memref.global "private" @p : memref<16xi8> = dense<0> {mc.role = "constant", mc.stages = [@w]}

// POOL-DATA: pool-data.mlir:1:1: error: 'memref.global' op is a scratch pool with initial data mc's pools do not start with
//--- pool-data.mlir
memref.global "private" @p : memref<16xi8> = dense<1>

// BLOB: blob.mlir:1:1: error: 'memref.global' op its data, resource blob 'nowhere', is not in the input's dialect_resources
//--- blob.mlir
memref.global "private" constant @w : memref<4xi8> = dense_resource<nowhere>

// ALLOCA-ROLE: alloca-role.mlir:2:8: error: 'memref.alloca' op has 'mc.role' = "constant", not "scratch" or "persistent"
//--- alloca-role.mlir
func.func @f() {
  %a = memref.alloca() {mc.role = "constant"} : memref<4xi8>
  return
}

// POOL-VIEW: pool-view.mlir:2:8: error: 'memref.reinterpret_cast' op has 'mc.pool_view' but does not cast a pool view
//--- pool-view.mlir
func.func @f(%a: memref<4xi8>) {
  %v = memref.reinterpret_cast %a to offset: [0], sizes: [2], strides: [2] {mc.pool_view} : memref<4xi8> to memref<2xi8, strided<[2]>>
  return
}

// CAST: cast.mlir:2:8: error: 'builtin.unrealized_conversion_cast' op cannot be represented in mc's loop dialect (only an unused 'mc.overlap' hint of two buffers)
//--- cast.mlir
func.func @f(%a: memref<4xi8>) -> i64 {
  %v = builtin.unrealized_conversion_cast %a : memref<4xi8> to i64
  return %v : i64
}

// MC-QUANT-ARG: mc-quant-arg.mlir:4:8: error: 'loop.for' op cannot be exported to upstream MLIR: a quantized buffer as a block argument has no upstream carrier
//--- mc-quant-arg.mlir
func.func @f(%a: !buffer<4x!quant.uniform<i8:f32, 0.5>>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loop.for %i = %c0 to %n step %c1 iter_args(%b = %a) -> (!buffer<4x!quant.uniform<i8:f32, 0.5>>) {
    loop.yield %b : !buffer<4x!quant.uniform<i8:f32, 0.5>>
  }
  return
}

// MC-COPY: mc-copy.mlir:2:3: error: 'buffer.copy' op cannot be exported to upstream MLIR: no upstream MLIR counterpart
//--- mc-copy.mlir
func.func @f(%a: !buffer<4xi8>, %b: !buffer<4xi8>) {
  buffer.copy %a, %b : !buffer<4xi8>, !buffer<4xi8>
  return
}

// MC-FIXED-POINT: mc-fixed-point.mlir:2:8: error: 'vector.rounding_doubling_high_mul' op cannot be exported to upstream MLIR: no upstream MLIR counterpart (export the IR before vector-fixed-point)
//--- mc-fixed-point.mlir
func.func @f(%a: vector<4xi32>) -> vector<4xi32> {
  %h = vector.rounding_doubling_high_mul %a, %a : vector<4xi32>
  return %h : vector<4xi32>
}

// MC-TENSOR: mc-tensor.mlir:1:1: error: 'func.func' op cannot be exported to upstream MLIR: type 'tensor<4xf32>' has no upstream MLIR counterpart at the loop level
//--- mc-tensor.mlir
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
