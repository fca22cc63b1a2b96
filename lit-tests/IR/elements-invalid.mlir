// RUN: mc-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// Dense string and sparse elements that upstream MLIR rejects, with its messages.

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"foo.x"() {a = dense<["a", "b"]> : tensor<3x!foo.s>} : () -> ()

// -----

// expected-error@+1 {{expected string token}}
"foo.x"() {a = dense<["a", 2]> : tensor<2x!foo.s>} : () -> ()

// -----

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"foo.x"() {a = dense<"x"> : tensor<1xi64>} : () -> ()

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[5, 0], and type='tensor<3x4xi32>'}}
"foo.x"() {a = sparse<[[5, 0]], [1]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[18446744073709551615, 0], and type='tensor<3x4xi32>'}}
"foo.x"() {a = sparse<[[-1, 0]], [1]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[9, 9], and type='tensor<3x4xi32>'}}
"foo.x"() {a = sparse<9, [1]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([3, 4]); inferred shape of indices literal ([1, 3]); inferred shape of values literal ([1])}}
"foo.x"() {a = sparse<[[0, 0, 0]], [1]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([3, 4]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])}}
"foo.x"() {a = sparse<[[0, 0]], [1, 2]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{expected 1-d tensor for sparse element values}}
"foo.x"() {a = sparse<[[0, 0]], [[1]]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"foo.x"() {a = sparse<[0.5], [1]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
"foo.x"() {a = sparse<[[0, 0]], [1]> : i32} : () -> ()

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<1xi8>'}}
"foo.x"() {a = sparse<[[0, 0]], "0x0100"> : tensor<3x4xi8>} : () -> ()

// -----

// expected-error@+1 {{expected string token}}
"foo.x"() {a = sparse<[[0, 0]], [1]> : tensor<3x4x!foo.s>} : () -> ()

// -----

// expected-error@+1 {{',' between sparse indices and values}}
"foo.x"() {a = sparse<[[0, 0]]> : tensor<3x4xi8>} : () -> ()

// -----

// expected-error@+1 {{expected ')' after complex elements}}
"foo.x"() {a = dense<(1,2> : tensor<complex<i32>>} : () -> ()

// -----

// expected-error@+1 {{expected ',' between complex elements}}
"foo.x"() {a = dense<(1 2)> : tensor<complex<i32>>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"foo.x"() {a = dense<(1.5,2)> : tensor<complex<i32>>} : () -> ()

// -----

// Upstream reads complex elements as pairs of scalars and counts the scalars instead.
// expected-error@+1 {{expected a complex element literal '(re, im)'}}
"foo.x"() {a = dense<[(1,2), 3]> : tensor<2xcomplex<i32>>} : () -> ()

