// Parser diagnostics of mc alone: builtin types and attributes mc does not support, its UTF-8
// requirement, and cases where its message differs from upstream MLIR (noted per case).
//
// RUN: mc-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Elements take their width in storage: mc stops at 4096 bits (MLIR at 2^24).
// expected-error@+1 {{integer elements wider than 4096 bits are not supported}}
"foo.op"() {a = dense<1> : tensor<2xi4097>} : () -> ()

// -----

// expected-error@+1 {{integer elements wider than 4096 bits are not supported}}
"foo.op"() {a = array<i16777215: 1, 2>} : () -> ()

// -----

// Properties are a dictionary (MLIR allows any attribute).
// expected-error@+1 {{expected '{' to start properties}}
"foo.op"() <1> : () -> ()

// -----

// Names and locations must be valid UTF-8 (MLIR keeps raw bytes); string attributes may hold any
// bytes (see upstream/Inputs/elements.mlir).
// expected-error@+1 {{operation name is not valid UTF-8}}
"foo.\ff"() : () -> ()

// -----

// expected-error@+1 {{attribute name is not valid UTF-8}}
"foo.op"() {"\ff" = 1} : () -> ()

// -----

// expected-error@+1 {{symbol name is not valid UTF-8}}
"foo.op"() {a = @"\ff"} : () -> ()

// -----

// expected-error@+1 {{location is not valid UTF-8}}
"foo.op"() : () -> () loc("\ff":1:1)

// -----

// expected-error@+1 {{expected 32-bit line number}}
"foo.op"() : () -> () loc("file.mlir":4294967296:1)

// -----

// A location alias used before its definition must be defined later (MLIR: "operation
// location alias was never defined").
// expected-error@+1 {{undefined location alias '#never'}}
"foo.op"() : () -> () loc(#never)

// -----

// ... and be a location (MLIR: "expected location, but found '5 : i64'").
// expected-error@+1 {{undefined location alias '#notloc'}}
"foo.op"() : () -> () loc(#notloc)
#notloc = 5

// -----

// expected-error@+1 {{undefined location alias '#self'}}
#self = loc(#self)

// -----

// A region still open at the end of the input (MLIR: "expected operation name in quotes"); the
// error goes at the end of the last line with code.
"foo.op"() ({
  // expected-error@+1 {{expected '}' to end a region}}
  "foo.inner"() : () -> ()

// -----

// expected-error@+1 {{block references are only valid inside a region}}
"foo.op"() [^bb1] : () -> ()

// -----

// A forward reference to a result number the definition does not have (MLIR: "use of
// undeclared SSA value name").
"foo.graph"() ({
  // expected-error@+1 {{reference to invalid result number}}
  "foo.op"(%0#3) : (i32) -> ()
  %0:2 = "foo.def"() : () -> (i32, i32)
}) : () -> ()

// -----


// MLIR: "expected integer literal".
// expected-error@+1 {{expected integer or float literal}}
"foo.op"() {a = array<i32: x>} : () -> ()

// -----

// MLIR: "expected element literal of primitive type".
// expected-error@+1 {{expected integer or float literal}}
"foo.op"() {a = dense<x> : tensor<2xi32>} : () -> ()

// -----

// Elements of a type that is no number are strings. MLIR: "expected string token, got 1".
// expected-error@+1 {{expected string token}}
"foo.op"() {a = dense<1> : tensor<2x!foo.type>} : () -> ()

// -----

// expected-error@+1 {{unsupported element type for elements literal}}
"foo.op"() {a = array<none>} : () -> ()

// -----

// expected-error@+1 {{resource name is not valid UTF-8}}
"foo.op"() {a = dense_resource<"\ff"> : tensor<2xi8>} : () -> ()

// -----

// Resources of other dialects are skipped, but must be simple values (MLIR rejects the unknown
// dialect).
// expected-error@+1 {{expected resource value}}
{-# dialect_resources: { foo: { r: [1] } } #-}
