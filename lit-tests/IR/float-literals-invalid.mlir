// Ill-formed float literals for the small float formats: located errors with upstream MLIR 22's
// messages.
//
// RUN: mc-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.op"() {a = 0x100 : f8E4M3FN} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.op"() {a = -0x7F : f8E4M3FN} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"t.op"() {a = 1 : tf32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.op"() {a = 0x80000 : tf32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.op"() {a = dense<[0x40]> : tensor<1xf4E2M1FN>} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.op"() {a = 0x1FFFF8000000000000000 : f80} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.op"() {a = -0x3FFF0000000000000000000000000000 : f128} : () -> ()


// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.op"() {a = 0xFFFF0000000000000000000000000000 : f64} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"t.op"() {a = 1 : f80} : () -> ()
