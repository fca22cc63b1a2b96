// Dense string elements, sparse elements, typed strings, typed dialect attributes and quant types.
"test.strings"() {
  a = dense<["a", "b\0A\"\\\FF"]> : tensor<2x!tf.string>, splat = dense<"x"> : tensor<3x!tf.string>,
  hex_looking = dense<"0x0102"> : tensor<2x!tf.string>, equal = dense<[["a"], ["a"]]> : tensor<2x1x!foo.s>,
  scalar = dense<"x"> : tensor<!foo.s>, empty = dense<> : tensor<0x!foo.s>, one = dense<["a"]> : tensor<1x!foo.s>,
  nested = dense<[["a", "b"], ["c", "d"]]> : tensor<2x2x!foo.s>
} : () -> ()

// -----

"test.sparse"() {
  a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, empty = sparse<> : tensor<2xi8>,
  floats = sparse<[[0, 0]], [1.5]> : tensor<3x4xf32>, splat_value = sparse<[[0, 0], [1, 1]], 2> : tensor<3x4xi8>,
  rank1 = sparse<[0, 1], [1, 2]> : tensor<3xi8>, splats = sparse<1, 3> : tensor<3xi8>,
  strings = sparse<[[0, 0]], ["a"]> : tensor<2x2x!foo.s>, hex = sparse<[[0, 0]], "0x01"> : tensor<2x2xi8>,
  empty_lists = sparse<[], []> : tensor<2xi8>, vector = sparse<0, 1> : vector<3x4xi32>,
  bools = sparse<[[0, 0]], [true]> : tensor<3x4xi1>, scalar = sparse<0, 1> : tensor<i8>
} : () -> ()

// -----

"test.typed"() {a = "s" : i64, b = "x" : !foo.t, c = #foo.x : i32, d = #foo.y<1> : tensor<2xi8>, e = "b\0A\"\\\09"} : () -> ()

// -----

"test.single"() {a = dense<[1]> : tensor<1xi8>, b = dense<[[1.0]]> : tensor<1x1xf32>} : () -> ()

// -----

"test.quant"() {
  outside = !quant.uniform<i8<-8:7>:f32, 0.99872:127>, below = !quant.uniform<i8:f32, 1.0:-300>,
  hex = !quant.uniform<i8:f32, 0x4024000000000000:1>, hex_axis = !quant.uniform<i8:f32:0, {0x4024000000000000:1, 2.0}>,
  sub_channel = !quant.uniform<u8:f32:{0:1, 1:2}, {{2.0:120,3.0:127}, {4.0,5.0}}>,
  no_blocks = !quant.uniform<u8:f32:{}, {{2.0:120,3.0:127}, {4.0,5.0}}>
} : () -> ()

// -----

"test.complex"() {
  ints = dense<[(1,1), (2,-2)]> : tensor<2xcomplex<i64>>, splat = dense<(1,1)> : tensor<3xcomplex<i8>>,
  floats = dense<[[(1.0,0.0)], [(2.5,-2.0)]]> : tensor<2x1xcomplex<f32>>, one = dense<(0.5,1.0)> : tensor<complex<f64>>,
  vector = dense<[(1,2), (3,4)]> : vector<2xcomplex<i16>>, empty = dense<> : tensor<0xcomplex<f32>>
} : () -> ()

// -----

// String attributes hold any bytes: escapes that are not UTF-8 come back byte for byte.
"test.bytes"() {a = "\FF\00ab", b = "\C3\A9", c = ["\80", "x\FE"], d = "s\FF" : i32, e = {k = "\FF"}} : () -> ()

// -----

// Elided elements as upstream prints them with --mlir-elide-elementsattrs-if-larger.
"test.elided"() {a = dense_resource<__elided__> : tensor<3xi32>, b = dense_resource<__elided__> : vector<1x1x10xf16>} : () -> ()

// -----

// 128-bit integers above i128's range: their bits for signless and unsigned types.
"test.wide_ints"() {a = 340282366920938463463374607431768211455 : ui128, b = 340282366920938463463374607431768211455 : i128, c = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : ui128, d = 170141183460469231731687303715884105728 : ui128, e = dense<[340282366920938463463374607431768211455, 1]> : tensor<2xui128>, f = -170141183460469231731687303715884105728 : si128, g = 0 : ui127, h = 170141183460469231731687303715884105727 : ui127} : () -> ()

// Integers of types wider than 128 bits, beyond what 128 bits hold: signless ones printed
// signed, hexadecimal literals as bits.
"test.big_ints"() {a = 1606938044258990275541962092341162602522202993782792835301376 : i256, b = -340282366920938463463374607431768211456 : i129, c = 115792089237316195423570985008687907853269984665640564039457584007913129639935 : i256, d = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i256, e = 340282366920938463463374607431768211456 : ui200, f = 0x1FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : si200, g = -57896044618658097711785492504343953926634992332820282019728792003956564819968 : si256, h = 5 : i256} : () -> ()

// Dense elements and arrays of integers wider than 128 bits; a hexadecimal string's bits above
// the width's sign bit are its sign.
"test.big_elements"() {a = dense<[1, -2, 1606938044258990275541962092341162602522202993782792835301376, 115792089237316195423570985008687907853269984665640564039457584007913129639935]> : tensor<4xi256>, b = dense<7> : tensor<2xi632>, c = dense<[0, 803469022129495137770981046170581301261101496891396417650688]> : tensor<2xui200>, d = dense<[-3, 4]> : tensor<2xsi129>, e = dense<"0x0000000000000000000000000000000001"> : tensor<i129>, f = dense<[[1, 2], [3, 4]]> : tensor<2x2xi130>, g = array<i200: 1, -5>} : () -> ()
