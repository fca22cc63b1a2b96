// RUN: mc-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{buffer element type must be an integer, float, index or quantized type}}
"foo.x"() : () -> !buffer<4xtensor<2xi8>>

// -----

// expected-error@+1 {{buffer element type must be an integer, float, index or quantized type}}
"foo.x"() : () -> !buffer<4x!buffer<2xi8>>

// -----

// expected-error@+1 {{buffer of rank 2 needs 2 strides, but has 1}}
"foo.x"() : () -> !buffer<4x4xi8, strides: [1]>

// -----

// expected-error@+1 {{buffer strides must be non-negative, but one is -1}}
"foo.x"() : () -> !buffer<4xi8, strides: [-1]>

// -----

// expected-error@+1 {{buffer offset must be non-negative, but is -2}}
"foo.x"() : () -> !buffer<4xi8, offset: -2>

// -----

// expected-error@+1 {{expected 'strides' or 'offset' in buffer type}}
"foo.x"() : () -> !buffer<4xi8, layout: 3>

// -----

// expected-error@+1 {{expected 'strides' in buffer type}}
"foo.x"() : () -> !buffer<4xi8, offset: 1, offset: 2>

// -----

// expected-error@+1 {{dynamic dimensions are not supported}}
"foo.x"() : () -> !buffer<?xi8>

// -----

// expected-error@+1 {{unknown buffer type '!buffer.tensor'}}
"foo.x"() : () -> !buffer.tensor

// -----

// expected-error@+1 {{buffer is too large}}
"foo.x"() : () -> !buffer<1099511627776x1099511627776xi8>
