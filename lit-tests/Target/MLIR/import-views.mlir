// mc-translate --import-mlir: static `memref.subview`s (tiles, strided and rank-reducing slices,
// subviews of subviews), as mlir-opt prints them, become `buffer.view`s whose result types carry
// the strides and offset; the view's `offset` is the element offset from its source's. Exported
// again, each is the `memref.reinterpret_cast` to the same layout.

// RUN: mlir-opt-22 %s | mc-translate --import-mlir - | FileCheck %s
// RUN: mlir-opt-22 %s | mc-translate --import-mlir - | mc-translate --export-mlir - | mlir-opt-22 | FileCheck %s --check-prefix=BACK

// CHECK-LABEL: func.func @slices(
// CHECK-SAME:      %[[M:.*]]: !buffer<4x6xf32>, %[[OUT:.*]]: !buffer<2xf32>) {
// CHECK:         %[[TILE:.*]] = buffer.view %[[M]] {offset = 8 : i64} : !buffer<4x6xf32> to !buffer<2x3xf32, strides: [6, 1], offset: 8>
// CHECK-NEXT:    %[[ODD:.*]] = buffer.view %[[M]] {offset = 1 : i64} : !buffer<4x6xf32> to !buffer<4x3xf32, strides: [6, 2], offset: 1>
// CHECK-NEXT:    %[[COL:.*]] = buffer.view %[[M]] {offset = 5 : i64} : !buffer<4x6xf32> to !buffer<4xf32, strides: [6], offset: 5>
// CHECK-NEXT:    %[[ROW:.*]] = buffer.view %[[TILE]] {offset = 6 : i64} : !buffer<2x3xf32, strides: [6, 1], offset: 8> to !buffer<2xf32, strides: [2], offset: 14>
// CHECK-NEXT:    %[[TL:.*]] = buffer.view %[[M]] : !buffer<4x6xf32> to !buffer<2x2xf32, strides: [6, 1], offset: 0>
// CHECK-NEXT:    %{{.*}} = loop.load %[[TILE]][%{{.*}}, %{{.*}}] : !buffer<2x3xf32, strides: [6, 1], offset: 8>
// CHECK-NEXT:    %{{.*}} = loop.load %[[ODD]][%{{.*}}, %{{.*}}] : !buffer<4x3xf32, strides: [6, 2], offset: 1>
// CHECK-NEXT:    %{{.*}} = loop.load %[[COL]][%{{.*}}] : !buffer<4xf32, strides: [6], offset: 5>
// CHECK-NEXT:    %{{.*}} = loop.load %[[ROW]][%{{.*}}] : !buffer<2xf32, strides: [2], offset: 14>
// CHECK-NEXT:    %{{.*}} = loop.load %[[TL]][%{{.*}}, %{{.*}}] : !buffer<2x2xf32, strides: [6, 1], offset: 0>

// BACK-LABEL: func.func @slices(
// BACK:         memref.reinterpret_cast %arg0 to offset: [8], sizes: [2, 3], strides: [6, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: 8>>
// BACK:         memref.reinterpret_cast %{{.*}} to offset: [14], sizes: [2], strides: [2] : memref<2x3xf32, strided<[6, 1], offset: 8>> to memref<2xf32, strided<[2], offset: 14>>

func.func @slices(%m: memref<4x6xf32>, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tile = memref.subview %m[1, 2] [2, 3] [1, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: 8>>
  %every_other = memref.subview %m[0, 1] [4, 3] [1, 2] : memref<4x6xf32> to memref<4x3xf32, strided<[6, 2], offset: 1>>
  %column = memref.subview %m[0, 5] [4, 1] [1, 1] : memref<4x6xf32> to memref<4xf32, strided<[6], offset: 5>>
  %row = memref.subview %tile[1, 0] [1, 2] [1, 2] : memref<2x3xf32, strided<[6, 1], offset: 8>> to memref<2xf32, strided<[2], offset: 14>>
  %corner = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x6xf32> to memref<2x2xf32, strided<[6, 1]>>
  %a = memref.load %tile[%c1, %c0] : memref<2x3xf32, strided<[6, 1], offset: 8>>
  %b = memref.load %every_other[%c1, %c1] : memref<4x3xf32, strided<[6, 2], offset: 1>>
  %c = memref.load %column[%c1] : memref<4xf32, strided<[6], offset: 5>>
  %d = memref.load %row[%c1] : memref<2xf32, strided<[2], offset: 14>>
  %e = memref.load %corner[%c1, %c1] : memref<2x2xf32, strided<[6, 1]>>
  %s = arith.addf %a, %b : f32
  %t = arith.addf %c, %d : f32
  %u = arith.addf %t, %e : f32
  memref.store %s, %out[%c0] : memref<2xf32>
  memref.store %u, %out[%c1] : memref<2xf32>
  return
}
