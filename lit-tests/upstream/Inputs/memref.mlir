// Memref types: static and dynamic shapes, unranked, strided and affine layouts, memory spaces,
// in the syntax upstream's MemRef dialect tests use.
#strided = strided<[?, 1], offset: ?>
#tile = affine_map<(d0, d1) -> (d0 floordiv 4, d1 floordiv 4, d0 mod 4, d1 mod 4)>

func.func @memrefs(%a: memref<4xf32>, %b: memref<?x?xf32, #strided>, %c: memref<*xf32>,
                   %d: memref<16x16xf32, #tile>, %e: memref<4xf32, 1>) -> memref<f32> {
  %0 = "test.memref_op"(%a, %b, %c, %d, %e) : (memref<4xf32>, memref<?x?xf32, #strided>, memref<*xf32>, memref<16x16xf32, #tile>, memref<4xf32, 1>) -> memref<f32>
  return %0 : memref<f32>
}

// -----

"test.memrefs"() {
  identity = memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>,
  zero_space = memref<4xf32, 0>,
  strided_static = memref<4x8xf32, strided<[8, 1]>>,
  strided_offset = memref<4x8xf32, strided<[16, 2], offset: 5>>,
  strided_dynamic = memref<?x8xf32, strided<[?, ?], offset: 0>>,
  space_string = memref<4xf32, "gpu">,
  space_typed = memref<4xi8, "shared" : i32>,
  space_dict = memref<4xi8, {kind = 3 : i64}>,
  layout_and_space = memref<4x?xf32, strided<[4, 1], offset: 0>, 3>,
  unranked_space = memref<*xi8, 2>,
  vector_elements = memref<2xvector<4xf32>>,
  complex_elements = memref<3xcomplex<f64>>,
  nested = memref<2xmemref<4xf32>>,
  zero_dim = memref<0x4xi32>,
  semi_affine = memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>,
  layout = strided<[2, 1], offset: ?>
} : () -> ()

// -----

// Types of unregistered dialects are memref elements, ranked and unranked.
func.func private @opaque_elements(memref<1x?x!test.memref_element>, memref<*x!foo.bar<1>>, memref<2x!foo.e, strided<[2]>, 1>)

// -----

// A later layout replaces an earlier one (upstream's parser keeps the last).
"test.layouts"() : () -> (memref<4xf32, strided<[?], offset: 3>, affine_map<(d0) -> (d0)>>, memref<4xf32, affine_map<(d0) -> (d0 + 1)>, strided<[2]>>, memref<4xf32, strided<[2]>, strided<[3]>, 5>)
