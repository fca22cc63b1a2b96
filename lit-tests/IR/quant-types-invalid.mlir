// RUN: mc-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// A hexadecimal scale is an f64 bit pattern, which has no sign.
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"foo.x"() : () -> !quant.uniform<i8:f32, -0x4024000000000000>

// -----

// expected-error@+1 {{illegal scale: -0.5}}
"foo.x"() : () -> !quant.uniform<i8:f32, -0.5>

// -----

// expected-error@+1 {{illegal storage min and storage max: (-200:127)}}
"foo.x"() : () -> !quant.uniform<i8<-200:127>:f32, 0.5>

// -----

// expected-error@+1 {{expected storage type like 'i8' or 'u8'}}
"foo.x"() : () -> !quant.uniform<f32:f32, 0.5>

// -----

// expected-error@+1 {{expressed type must be a float type}}
"foo.x"() : () -> !quant.uniform<i8:i32, 0.5>

// -----

// expected-error@+1 {{illegal block size: 0}}
"foo.x"() : () -> !quant.uniform<u8:f32:{0:0}, {{2.0, 3.0}}>

// -----

// expected-error@+1 {{illegal quantized dimension: -1}}
"foo.x"() : () -> !quant.uniform<u8:f32:{-1:1}, {{2.0, 3.0}}>

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.x"() : () -> !quant.uniform<u8:f32:{0:1}, {{2.0, 3.0}, 1.0}>

// -----

// expected-error@+1 {{expected floating point literal}}
"foo.x"() : () -> !quant.uniform<u8:f32:{0:1}, {}>
