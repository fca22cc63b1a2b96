// RUN: mc-opt %s --allow-unregistered-dialect | FileCheck %s
// Printing is stable: print(parse(print(parse(x)))) == print(parse(x)).
// RUN: mc-opt %s --allow-unregistered-dialect > %t.1.mlir
// RUN: mc-opt %t.1.mlir --allow-unregistered-dialect > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// CHECK-LABEL: module {
// CHECK: %[[A:.*]] = "test.a"() {b = true, f = 1.500000e+00 : f32, i = -3 : i8, s = "q\22\0A", u} : () -> i32
%a = "test.a"() {i = -3 : i8, f = 1.5 : f32, s = "q\"\n", b = true, u} : () -> i32
// CHECK: %[[B:.*]]:2 = "test.b"(%[[A]], %[[A]]) : (i32, i32) -> (i32, f16)
%b:2 = "test.b"(%a, %a) : (i32, i32) -> (i32, f16)
// CHECK: "test.c"(%[[B]]#1) <{p = @outer::@inner}> : (f16) -> ()
"test.c"(%b#1) <{p = @outer::@inner}> : (f16) -> ()
// Types.
// CHECK: %{{.*}}:13 = "test.types"() : () -> (si8, ui16, i1, bf16, f64, index, none, tensor<f32>, tensor<1x2x3xi8>, tensor<0x4xf32>, (i32) -> f32, () -> (), !dialect.type<"opaque" [1, 2]>)
"test.types"() : () -> (si8, ui16, i1, bf16, f64, index, none, tensor<f32>, tensor<1x2x3xi8>, tensor<0x4xf32>, (i32) -> f32, () -> (), !dialect.type<"opaque" [1, 2]>)
// Attributes of every kind.
// CHECK: "test.attrs"() {arr = [1 : i64, [], "x"], dense = dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>, dense_array = array<i32: 1, 2, 3>, dict = {a, b = 2 : index}, empty_array = array<f32>, fl = dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>, opaque = #dialect.attr<1 : i32>, resource = dense_resource<blob> : tensor<3xi8>, splat = dense<7> : tensor<4xi16>, sym = @sym, ty = tensor<2xi8>, zero = dense<> : tensor<0xi32>} : () -> ()
"test.attrs"() {
  arr = [1, [], "x"], dict = {b = 2 : index, a}, dense = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>,
  dense_array = array<i32: 1, 2, 3>, empty_array = array<f32>, fl = dense<[1.0, 2.5]> : tensor<2xf32>,
  opaque = #dialect.attr<1 : i32>, resource = dense_resource<blob> : tensor<3xi8>,
  splat = dense<[7, 7, 7, 7]> : tensor<4xi16>, sym = @sym, ty = tensor<2xi8>, zero = dense<> : tensor<0xi32>
} : () -> ()
// Regions, blocks, successors and forward references.
// CHECK: "test.region"() ({
// CHECK-NEXT: ^bb0(%[[ARG:.*]]: i32):
// CHECK-NEXT:   "test.br"(%[[ARG]]) [^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1:
// CHECK-NEXT:   "test.end"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
"test.region"() ({
^entry(%x: i32):
  "test.br"(%x) [^next] : (i32) -> ()
^next:
  "test.end"() : () -> ()
}, {
^bb0:
}) : () -> ()
// A single-block region of an unregistered op is a graph region: uses may come first.
// CHECK: "test.graph"() ({
// CHECK-NEXT:   "test.use"(%[[FWD:.*]]) : (i64) -> ()
// CHECK-NEXT:   %[[FWD]] = "test.def"() : () -> i64
// CHECK-NEXT: }) : () -> ()
"test.graph"() ({
  "test.use"(%later) : (i64) -> ()
  %later = "test.def"() : () -> i64
}) : () -> ()
// CHECK: {-#
// CHECK-NEXT: dialect_resources: {
// CHECK-NEXT: builtin: {
// CHECK-NEXT: blob: "0x04000000010203"
{-#
  dialect_resources: {
    builtin: {
      blob: "0x04000000010203",
      unused: "0x0400000009"
    }
  }
#-}
