// RUN: mc-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// A hexadecimal scale is an f64 bit pattern, which has no sign.
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"foo.x"() : () -> !quant.uniform<i8:f32, -0x4024000000000000>

// -----

// expected-error@+1 {{scale -5.000000e-01 out of expressed type range [1.401298e-45, 3.402823e+38]}}
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

// -----

// As upstream, a scale must lie in the positive finite range of the expressed type (its smallest
// subnormal to its largest finite value); the error points after the scale.
// expected-error@+1 {{scale 1.000000e+10 out of expressed type range [5.960464e-08, 6.550400e+04]}}
"foo.x"() {t = !quant.uniform<i8:f16, 1.0e10>} : () -> ()

// -----

// expected-error@+1 {{scale 5.000000e-08 out of expressed type range [5.960464e-08, 6.550400e+04]}}
"foo.x"() {t = !quant.uniform<i8:f16:0, {1.0, 5.0e-8:3}>} : () -> ()

// -----

// expected-error@+1 {{scale 1.000000e+03 out of expressed type range [1.953125e-03, 4.480000e+02]}}
"foo.x"() {t = !quant.uniform<i8:f8E4M3FN:{0:1}, {{1.0}, {1000.0}}>} : () -> ()

// -----

// expected-error@+1 {{scale 1.568362e-319 out of expressed type range [5.960464e-08, 6.550400e+04]}}
"foo.x"() {t = !quant.uniform<i8:f16, 0x7C00>} : () -> ()

// -----

// expected-error@+1 {{scale -1.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]}}
"foo.x"() {t = !quant.uniform<i8:f32, -1.0>} : () -> ()
