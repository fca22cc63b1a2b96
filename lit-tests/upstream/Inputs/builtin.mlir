// Tensors (dynamic, unranked, encoded), tuples, complex numbers and typed strings, in the syntax
// upstream's mlir/test/IR tests use.
func.func @tensors(%a: tensor<*xf32>, %b: tensor<4x?xf32>, %c: tensor<?x?x?xi8>, %d: tensor<4xf32, "enc">) -> tuple<i32, f32> {
  %0 = "test.op"(%a, %b, %c, %d) : (tensor<*xf32>, tensor<4x?xf32>, tensor<?x?x?xi8>, tensor<4xf32, "enc">) -> tuple<i32, f32>
  return %0 : tuple<i32, f32>
}

// -----

"test.types"() {
  tuple_empty = tuple<>, tuple_nested = tuple<i32, tuple<f32, index>, tensor<2xi8>>,
  complex_f = complex<f32>, complex_i = complex<i16>, tensor_complex = tensor<4xcomplex<f64>>,
  encoded = tensor<4x?xf32, {sparse = true}>, typed = "text" : i64, untyped = "text" : none,
  tensor_vector = tensor<2xvector<4xi8>>
} : () -> ()

// -----

"test.distinct"() {a = distinct[0]<42 : i32>, b = distinct[0]<42 : i32>, c = distinct[1]<>, d = [distinct[2]<"x">]} : () -> ()

// -----

"test.locations"() {a = loc("x.mlir":1:2), b = [loc(unknown)], c = loc("n"("f":3:4))} : () -> ()

// -----

// Locations as attribute values, file ranges included.
"test.locs"() {a = loc("f":1:2 to 3:4), b = loc("f":1:2 to :5), c = loc("f":3), d = loc("f":1:2 to 1:2), e = loc(fused<"x">["a":1:1, "b"("c":2:2)]), f = loc(callsite("g" at "h":1:1))} : () -> ()
