// Big inputs (see bad-input.mlir for the rest): 100 MB malformed files give a located error and
// exit code 1 in about a second each in a debug build; big valid inputs that used to take
// quadratic time parse in well under a second.
//
// RUN: rm -rf %t && mkdir %t

// 100 MB inputs: one line of blanks (the snippet shows only the text around the caret), a
// million comment lines and 100 million empty lines. They are removed afterwards.
// RUN: python3 %S/Inputs/gen-bad-input.py long-line 100000000 > %t/big
// RUN: not mc-opt %t/big --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=LONG-LINE
// RUN: python3 %S/Inputs/gen-bad-input.py comments 100000000 > %t/big
// RUN: not mc-opt %t/big --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=COMMENTS
// RUN: python3 %S/Inputs/gen-bad-input.py newlines 100000000 > %t/big
// RUN: not mc-opt %t/big --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=NEWLINES
// RUN: rm %t/big
// NEWLINES: bad-input-big.mlir.tmp/big:100000001:17: error: @ identifier expected to start with letter or '_'
// LONG-LINE:      bad-input-big.mlir.tmp/big:1:100000023: error: unexpected character
// LONG-LINE-NEXT: {{^\.\.\. +}}"foo.op"() : () -> () ;{{$}}
// LONG-LINE-NEXT: {{^ +\^$}}
// COMMENTS:      bad-input-big.mlir.tmp/big:1000001:15: error: expected non-function type
// COMMENTS-NEXT: "foo.op"() : ( -> ()

// Big valid inputs that were quadratic: a rank-100000 tensor (its dense value prints as hex),
// 100,000 attribute names, 20,000 forward references.
// RUN: python3 %S/Inputs/gen-bad-input.py long-shape 100000 > %t/shape
// RUN: mc-opt %t/shape --allow-unregistered-dialect | FileCheck %s --check-prefix=SHAPE
// SHAPE: "foo.op"() {a = dense<"0x0102"> : tensor<2x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1
// RUN: python3 %S/Inputs/gen-bad-input.py many-keys 100000 > %t/keys
// RUN: mc-opt %t/keys --allow-unregistered-dialect | FileCheck %s --check-prefix=KEYS
// KEYS: "foo.op"() {k0 = 0 : i64, k1 = 1 : i64, k10 = 10 : i64,
// RUN: python3 %S/Inputs/gen-bad-input.py forward-refs 20000 > %t/fwd
// RUN: mc-opt %t/fwd --allow-unregistered-dialect | FileCheck %s --check-prefix=FWD
// FWD: "foo.use"(%0) : (i32) -> ()
// FWD: %19999 = "foo.def"() : () -> i32
