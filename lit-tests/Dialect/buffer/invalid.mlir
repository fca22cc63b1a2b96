// RUN: mc-opt %s --split-input-file --verify-diagnostics
// One case per verifier message of the buffer dialect (dialects/src/buffer/), in the generic
// form. Kernels are checked against the graph op's own rules (dialects/src/graph/verify.rs).

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'buffer.alloc' op result must be a buffer, but got 'tensor<4xi8>'}}
  %0 = "buffer.alloc"() <{role = "scratch"}> : () -> tensor<4xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'buffer.alloc' op 'role' must be "scratch" or "persistent": constants are 'buffer.global' symbols}}
  %0 = "buffer.alloc"() <{role = "constant"}> : () -> !buffer<4xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'buffer.alloc' op 'role' must be "scratch" or "persistent", but is "stack"}}
  %0 = "buffer.alloc"() <{role = "stack"}> : () -> !buffer<4xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'buffer.alloc' op 'alignment' must be a positive power of two, but is 12}}
  %0 = "buffer.alloc"() <{role = "scratch", alignment = 12 : i64}> : () -> !buffer<4xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'buffer.alloc' op requires attribute 'role'}}
  %0 = "buffer.alloc"() : () -> !buffer<4xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'buffer.global' op 'role' must be "constant", but is "scratch"}}
"buffer.global"() <{sym_name = "g", type = !buffer<4xi8>, value = dense<1> : tensor<4xi8>, role = "scratch"}> : () -> ()

// -----

// expected-error@+1 {{'buffer.global' op 'type' must be a buffer type, but is 'tensor<4xi8>'}}
"buffer.global"() <{sym_name = "g", type = tensor<4xi8>, value = dense<1> : tensor<4xi8>, role = "constant"}> : () -> ()

// -----

// expected-error@+1 {{'buffer.global' op 'type' must have the identity layout, but is '!buffer<4xi8, strides: [1], offset: 2>'}}
"buffer.global"() <{sym_name = "g", type = !buffer<4xi8, offset: 2>, value = dense<1> : tensor<4xi8>, role = "constant"}> : () -> ()

// -----

// expected-error@+1 {{'buffer.global' op 'value' type 'tensor<4xi16>' does not match the buffer type '!buffer<4xi8>'}}
"buffer.global"() <{sym_name = "g", type = !buffer<4xi8>, value = dense<1> : tensor<4xi16>, role = "constant"}> : () -> ()

// -----

// expected-error@+1 {{'buffer.global' op 'value' type 'tensor<2x2xi8>' does not match the buffer type '!buffer<4xi8>'}}
"buffer.global"() <{sym_name = "g", type = !buffer<4xi8>, value = dense<1> : tensor<2x2xi8>, role = "constant"}> : () -> ()

// -----

// The blob holds 3 bytes (after its 4-byte alignment header) for a 4-byte buffer.
// expected-error@+1 {{'buffer.global' op 'value' holds 3 bytes, but '!buffer<4xi8>' needs 4}}
"buffer.global"() <{sym_name = "g", type = !buffer<4xi8>, value = dense_resource<short> : tensor<4xi8>, role = "constant"}> : () -> ()
{-#
  dialect_resources: {
    builtin: {
      short: "0x04000000010203"
    }
  }
#-}

// -----

// expected-error@+1 {{'buffer.global' op requires attribute 'value'}}
"buffer.global"() <{sym_name = "g", type = !buffer<4xi8>, role = "constant"}> : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'buffer.get_global' op '@missing' does not reference a valid buffer.global}}
  %0 = "buffer.get_global"() <{name = @missing}> : () -> !buffer<4xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"buffer.global"() <{sym_name = "g", type = !buffer<4xi8>, value = dense<1> : tensor<4xi8>, role = "constant"}> : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'buffer.get_global' op result type '!buffer<2x2xi8>' does not match the type '!buffer<4xi8>' of the global}}
  %0 = "buffer.get_global"() <{name = @g}> : () -> !buffer<2x2xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: tensor<4xi8>):
  // expected-error@+1 {{'buffer.view' op source must be a buffer, but got 'tensor<4xi8>'}}
  %0 = "buffer.view"(%x) : (tensor<4xi8>) -> !buffer<4xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xi8>):
  // expected-error@+1 {{'buffer.view' op result element type 'i16' must be the source's 'i8' or share its storage width}}
  %0 = "buffer.view"(%x) : (!buffer<4xi8>) -> !buffer<2xi16>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xf32>):
  // expected-error@+1 {{'buffer.view' op result element type 'i32' must be the source's 'f32' or share its storage width}}
  %0 = "buffer.view"(%x) : (!buffer<4xf32>) -> !buffer<4xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<8xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<8xi8>):
  // expected-error@+1 {{'buffer.view' op result offset 2 must be the source offset 0 plus the view offset 4}}
  %0 = "buffer.view"(%x) <{offset = 4 : i64}> : (!buffer<8xi8>) -> !buffer<2xi8, offset: 2>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<8xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<8xi8>):
  // expected-error@+1 {{'buffer.view' op result spans storage elements [6, 10), outside the source's [0, 8)}}
  %0 = "buffer.view"(%x) <{offset = 6 : i64}> : (!buffer<8xi8>) -> !buffer<4xi8, offset: 6>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<2x3xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<2x3xi8>):
  // A reshape to more elements.
  // expected-error@+1 {{'buffer.view' op result spans storage elements [0, 8), outside the source's [0, 6)}}
  %0 = "buffer.view"(%x) : (!buffer<2x3xi8>) -> !buffer<8xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xi8>, tensor<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xi8>, %t: tensor<4xi8>):
  // expected-error@+1 {{'buffer.copy' op target must be a buffer, but got 'tensor<4xi8>'}}
  "buffer.copy"(%x, %t) : (!buffer<4xi8>, tensor<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xi8>, !buffer<2x2xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xi8>, %y: !buffer<2x2xi8>):
  // expected-error@+1 {{'buffer.copy' op source '!buffer<4xi8>' and target '!buffer<2x2xi8>' must have the same shape and element type}}
  "buffer.copy"(%x, %y) : (!buffer<4xi8>, !buffer<2x2xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xi8>, !buffer<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xi8>, %y: !buffer<4xi8>):
  // expected-error-re@+1 {{'buffer.kernel' op 'kernel' must name a graph op with a kernel (conv_2d, depthwise_conv_2d, {{.*}}), but is "reshape"}}
  "buffer.kernel"(%x, %y) <{kernel = "reshape"}> : (!buffer<4xi8>, !buffer<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'buffer.kernel' op requires an output buffer as its last operand}}
  "buffer.kernel"() <{kernel = "relu"}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// `results` names results of the graph op: relu has one.
"func.func"() <{function_type = (!buffer<4xf32>, !buffer<4xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xf32>, %y: !buffer<4xf32>):
  // expected-error@+1 {{'buffer.kernel' op 'results' must list increasing indices of graph.relu's 1 result(s), at least one}}
  "buffer.kernel"(%x, %y) <{kernel = "relu"}> {results = array<i64: 1>} : (!buffer<4xf32>, !buffer<4xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// An LSTM's outputs are listed in the order of its results, each once.
"func.func"() <{function_type = (!buffer<1x2xf32>, !buffer<1x2xf32>) -> (), sym_name = "f"}> ({
^bb0(%h: !buffer<1x2xf32>, %c: !buffer<1x2xf32>):
  // expected-error@+1 {{'buffer.kernel' op 'results' must list increasing indices of graph.lstm's 3 result(s), at least one}}
  "buffer.kernel"(%h, %c) <{kernel = "lstm"}> {results = array<i64: 2, 1>} : (!buffer<1x2xf32>, !buffer<1x2xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Two outputs listed, one operand.
"func.func"() <{function_type = (!buffer<1x2xf32>) -> (), sym_name = "f"}> ({
^bb0(%h: !buffer<1x2xf32>):
  // expected-error@+1 {{'buffer.kernel' op requires 2 output buffers as its last operands}}
  "buffer.kernel"(%h) <{kernel = "lstm"}> {results = array<i64: 1, 2>} : (!buffer<1x2xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xf32>, tensor<4xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xf32>, %t: tensor<4xf32>):
  // expected-error@+1 {{'buffer.kernel' op operand #1 must be a buffer, but got 'tensor<4xf32>'}}
  "buffer.kernel"(%x, %t) <{kernel = "relu"}> : (!buffer<4xf32>, tensor<4xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xf32>, !buffer<4xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xf32>, %y: !buffer<4xf32>):
  // expected-error@+1 {{'buffer.kernel' op kernel 'add' takes 2 inputs, but has 1}}
  "buffer.kernel"(%x, %y) <{kernel = "add"}> {fused_activation = "NONE"} : (!buffer<4xf32>, !buffer<4xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<1x8x8x3xf32>, !buffer<4x3x3x3xf32>, !buffer<4xf32>, !buffer<4xf32>, !buffer<1x8x8x4xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<1x8x8x3xf32>, %w: !buffer<4x3x3x3xf32>, %b: !buffer<4xf32>, %extra: !buffer<4xf32>, %out: !buffer<1x8x8x4xf32>):
  // expected-error@+1 {{'buffer.kernel' op kernel 'conv_2d' takes 2 to 3 inputs, but has 4}}
  "buffer.kernel"(%x, %w, %b, %extra, %out) <{kernel = "conv_2d"}> {stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"} : (!buffer<1x8x8x3xf32>, !buffer<4x3x3x3xf32>, !buffer<4xf32>, !buffer<4xf32>, !buffer<1x8x8x4xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Shape-like lists are attributes of kernels, never operands.
"func.func"() <{function_type = (!buffer<2x3xf32>, !buffer<2x2xi32>, !buffer<4x5xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<2x3xf32>, %p: !buffer<2x2xi32>, %out: !buffer<4x5xf32>):
  // expected-error@+1 {{'buffer.kernel' op kernel 'pad' takes 1 inputs ('paddings' are attributes), but has 2}}
  "buffer.kernel"(%x, %p, %out) <{kernel = "pad"}> : (!buffer<2x3xf32>, !buffer<2x2xi32>, !buffer<4x5xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<1x8x8x3xf32>, !buffer<4x3x3x3xf32>, !buffer<1x8x8x4xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<1x8x8x3xf32>, %w: !buffer<4x3x3x3xf32>, %out: !buffer<1x8x8x4xf32>):
  // The graph op's attributes are required, with their kinds.
  // expected-error@+2 {{'buffer.kernel' op requires attribute 'stride_h'}}
  // expected-error@+1 {{'buffer.kernel' op attribute 'padding' failed to satisfy constraint: string attribute}}
  "buffer.kernel"(%x, %w, %out) <{kernel = "conv_2d"}> {stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = 1 : i64, fused_activation = "NONE"} : (!buffer<1x8x8x3xf32>, !buffer<4x3x3x3xf32>, !buffer<1x8x8x4xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<2x3xf32>, !buffer<2x2xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<2x3xf32>, %out: !buffer<2x2xf32>):
  %t = "buffer.view"(%x) : (!buffer<2x3xf32>) -> !buffer<3x2xf32, strides: [1, 3], offset: 0>
  // Only elementwise kernels read strided buffers.
  // expected-error@+1 {{'buffer.kernel' op kernel 'fully_connected' needs row-major buffers, but input #0 is '!buffer<3x2xf32, strides: [1, 3], offset: 0>' (only elementwise kernels take strided buffers)}}
  "buffer.kernel"(%t, %x, %out) <{kernel = "fully_connected"}> {fused_activation = "NONE", keep_num_dims = false} : (!buffer<3x2xf32, strides: [1, 3], offset: 0>, !buffer<2x3xf32>, !buffer<2x2xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The graph op's rules: ranks.
"func.func"() <{function_type = (!buffer<8x8x3xf32>, !buffer<4x3x3x3xf32>, !buffer<1x8x8x4xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<8x8x3xf32>, %w: !buffer<4x3x3x3xf32>, %out: !buffer<1x8x8x4xf32>):
  // expected-error@+1 {{'buffer.kernel' op conv_2d: input must have rank 4, but has rank 3}}
  "buffer.kernel"(%x, %w, %out) <{kernel = "conv_2d"}> {stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"} : (!buffer<8x8x3xf32>, !buffer<4x3x3x3xf32>, !buffer<1x8x8x4xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The graph op's rules: the output has the shape the graph op's result would have.
"func.func"() <{function_type = (!buffer<1x8x8x3xf32>, !buffer<4x3x3x3xf32>, !buffer<1x8x8x4xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<1x8x8x3xf32>, %w: !buffer<4x3x3x3xf32>, %out: !buffer<1x8x8x4xf32>):
  // expected-error@+1 {{'buffer.kernel' op conv_2d: result shape [1, 8, 8, 4] does not match the inferred shape [1, 4, 4, 4]}}
  "buffer.kernel"(%x, %w, %out) <{kernel = "conv_2d"}> {stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"} : (!buffer<1x8x8x3xf32>, !buffer<4x3x3x3xf32>, !buffer<1x8x8x4xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The graph op's rules: broadcasting.
"func.func"() <{function_type = (!buffer<2x3xf32>, !buffer<4x3xf32>, !buffer<4x3xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<2x3xf32>, %y: !buffer<4x3xf32>, %out: !buffer<4x3xf32>):
  // expected-error@+1 {{'buffer.kernel' op add: operand shapes [2, 3] and [4, 3] are not broadcast-compatible}}
  "buffer.kernel"(%x, %y, %out) <{kernel = "add"}> {fused_activation = "NONE"} : (!buffer<2x3xf32>, !buffer<4x3xf32>, !buffer<4x3xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The graph op's rules: element types and quantization.
"func.func"() <{function_type = (!buffer<1x10x!quant.uniform<i8:f32, 0.25:-128>>, !buffer<1x10x!quant.uniform<i8:f32, 0.5:-128>>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<1x10x!quant.uniform<i8:f32, 0.25:-128>>, %out: !buffer<1x10x!quant.uniform<i8:f32, 0.5:-128>>):
  // expected-error@+1 {{'buffer.kernel' op softmax: int8 softmax result must have scale 1/256 and zero point -128, but has scale 0.5 and zero point -128}}
  "buffer.kernel"(%x, %out) <{kernel = "softmax"}> {beta = 1.0 : f32} : (!buffer<1x10x!quant.uniform<i8:f32, 0.25:-128>>, !buffer<1x10x!quant.uniform<i8:f32, 0.5:-128>>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xf32>, !buffer<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xf32>, %out: !buffer<4xi8>):
  // expected-error@+1 {{'buffer.kernel' op relu: result element type must be f32, but got 'i8'}}
  "buffer.kernel"(%x, %out) <{kernel = "relu"}> : (!buffer<4xf32>, !buffer<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The graph op's rules: lists given as attributes.
"func.func"() <{function_type = (!buffer<1x2x2x3xf32>, !buffer<1x3xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<1x2x2x3xf32>, %out: !buffer<1x3xf32>):
  // expected-error@+1 {{'buffer.kernel' op mean: requires a axes operand or a 'axes' attribute}}
  "buffer.kernel"(%x, %out) <{kernel = "mean"}> {keep_dims = false} : (!buffer<1x2x2x3xf32>, !buffer<1x3xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<1x2x2x3xf32>, !buffer<1x1x3xf32>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<1x2x2x3xf32>, %out: !buffer<1x1x3xf32>):
  // expected-error@+1 {{'buffer.kernel' op mean: result shape [1, 1, 3] does not match the inferred shape [1, 3]}}
  "buffer.kernel"(%x, %out) <{kernel = "mean"}> {axes = array<i64: 1, 2>, keep_dims = false} : (!buffer<1x2x2x3xf32>, !buffer<1x1x3xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'buffer.pool' op 'role' must be "scratch", "persistent" or "constant", but is "weights"}}
"buffer.pool"() <{bank = "sram", role = "weights", size = 16 : i64, sym_name = "p"}> : () -> ()

// -----

"buffer.global"() <{alignment = 4 : i64, sym_name = "w", type = !buffer<8xi8>, value = dense<1> : tensor<8xi8>, role = "constant"}> : () -> ()
"buffer.pool"() <{bank = "dtcm", role = "constant", size = 16 : i64, sym_name = "c"}> : () -> ()
// expected-error@+1 {{'buffer.stage' op @w's 8 bytes at offset 12 end past the pool's 16 bytes}}
"buffer.stage"() <{global = @w, offset = 12 : i64, pool = @c}> : () -> ()

// -----

"buffer.global"() <{sym_name = "w", type = !buffer<8xi8>, value = dense<1> : tensor<8xi8>, role = "constant"}> : () -> ()
"buffer.pool"() <{bank = "dtcm", role = "constant", size = 32 : i64, sym_name = "c"}> : () -> ()
// expected-error@+1 {{'buffer.stage' op offset 8 is not a multiple of @w's alignment 16}}
"buffer.stage"() <{global = @w, offset = 8 : i64, pool = @c}> : () -> ()

// -----

"buffer.global"() <{sym_name = "w", type = !buffer<8xi8>, value = dense<1> : tensor<8xi8>, role = "constant"}> : () -> ()
"buffer.pool"() <{bank = "dtcm", role = "scratch", size = 16 : i64, sym_name = "s"}> : () -> ()
// expected-error@+1 {{'buffer.stage' op pool @s holds "scratch" buffers, not constants}}
"buffer.stage"() <{global = @w, offset = 0 : i64, pool = @s}> : () -> ()

// -----

"buffer.pool"() <{bank = "dtcm", role = "constant", size = 16 : i64, sym_name = "c"}> : () -> ()
// expected-error@+1 {{'buffer.stage' op '@missing' does not reference a valid buffer.global}}
"buffer.stage"() <{global = @missing, offset = 0 : i64, pool = @c}> : () -> ()

// -----

"buffer.global"() <{sym_name = "w", type = !buffer<8xi8>, value = dense<1> : tensor<8xi8>, role = "constant"}> : () -> ()
// expected-error@+1 {{'buffer.stage' op '@nowhere' does not reference a valid buffer.pool}}
"buffer.stage"() <{global = @w, offset = 0 : i64, pool = @nowhere}> : () -> ()

// -----

"buffer.global"() <{sym_name = "w", type = !buffer<8xi8>, value = dense<1> : tensor<8xi8>, role = "constant"}> : () -> ()
"buffer.pool"() <{bank = "dtcm", role = "constant", size = 16 : i64, sym_name = "c"}> : () -> ()
// expected-error@+1 {{'buffer.stage' op 'offset' must be a non-negative integer, but is -16 : i64}}
"buffer.stage"() <{global = @w, offset = -16 : i64, pool = @c}> : () -> ()

// -----

// expected-error@+1 {{'buffer.pool' op 'size' must be a non-negative integer, but is -1 : i64}}
"buffer.pool"() <{bank = "sram", role = "scratch", size = -1 : i64, sym_name = "p"}> : () -> ()

// -----

// expected-error@+1 {{'buffer.pool' op 'alignment' must be a positive power of two, but is 12}}
"buffer.pool"() <{alignment = 12 : i64, bank = "sram", role = "scratch", size = 16 : i64, sym_name = "p"}> : () -> ()

// -----

"buffer.pool"() <{bank = "sram", role = "scratch", size = 16 : i64, sym_name = "p"}> : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'buffer.pool_view' op '!buffer<4xf32>' at offset 8 ends at byte 24, past the pool's 16 bytes}}
  %0 = "buffer.pool_view"() <{offset = 8 : i64, pool = @p}> : () -> !buffer<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'buffer.pool_view' op '@missing' does not reference a valid buffer.pool}}
  %0 = "buffer.pool_view"() <{offset = 0 : i64, pool = @missing}> : () -> !buffer<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xi8>, tensor<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xi8>, %t: tensor<4xi8>):
  // expected-error@+1 {{'buffer.overlap' op input must be a buffer, but got 'tensor<4xi8>'}}
  "buffer.overlap"(%x, %t) <{max_delta = 0 : i64}> : (!buffer<4xi8>, tensor<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xi8>, !buffer<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xi8>, %y: !buffer<4xi8>):
  // expected-error@+1 {{'buffer.overlap' op attribute 'max_delta' failed to satisfy constraint: integer attribute}}
  "buffer.overlap"(%x, %y) <{max_delta = "far"}> : (!buffer<4xi8>, !buffer<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xi8>, !buffer<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xi8>, %y: !buffer<4xi8>):
  // expected-error@+1 {{'buffer.overlap' op 'max_delta' must be an i64 integer, but is 9223372036854775808 : i128}}
  "buffer.overlap"(%x, %y) <{max_delta = 9223372036854775808 : i128}> : (!buffer<4xi8>, !buffer<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xi8>, !buffer<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xi8>, %y: !buffer<4xi8>):
  // expected-error@+1 {{'buffer.overlap' op requires 'max_delta' or 'min_delta'}}
  "buffer.overlap"(%x, %y) : (!buffer<4xi8>, !buffer<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xi8>, !buffer<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xi8>, %y: !buffer<4xi8>):
  // expected-error@+1 {{'buffer.overlap' op takes 'max_delta' or 'min_delta', not both}}
  "buffer.overlap"(%x, %y) <{max_delta = 0 : i64, min_delta = 4 : i64}> : (!buffer<4xi8>, !buffer<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (!buffer<4xi8>, !buffer<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%x: !buffer<4xi8>, %y: !buffer<4xi8>):
  // expected-error@+1 {{'buffer.overlap' op 'min_delta' must be an i64 integer, but is 9223372036854775808 : i128}}
  "buffer.overlap"(%x, %y) <{min_delta = 9223372036854775808 : i128}> : (!buffer<4xi8>, !buffer<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @f(%x: !buffer<4xf32>, %y: !buffer<4xf32>) {
  // expected-error@+1 {{'buffer.kernel' op kernel 'relu' computes its rows in ascending order only (descending: conv_2d, depthwise_conv_2d, avg_pool_2d, max_pool_2d, l2_pool_2d)}}
  buffer.kernel relu ins(%x : !buffer<4xf32>) outs(%y : !buffer<4xf32>) {row_order = "descending"}
  return
}

// -----

func.func @f(%in: !buffer<1x4x4x2xf32>, %out: !buffer<1x2x2x2xf32>) {
  // expected-error@+1 {{'buffer.kernel' op 'row_order' must be "ascending" or "descending", but is "upward"}}
  buffer.kernel max_pool_2d ins(%in : !buffer<1x4x4x2xf32>) outs(%out : !buffer<1x2x2x2xf32>) {filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE", row_order = "upward"}
  return
}
