// RUN: mc-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Every verifier message of the loop ops, on the generic form (so no custom parser is involved),
// then the custom parsers' own errors.

func.func @bounds_not_index(%n: i32, %i: index) {
  // expected-error@+1 {{'loop.for' op operand #0 must be index, but got 'i32'}}
  "loop.for"(%n, %i, %i) ({
  ^bb0(%iv: index):
    "loop.yield"() : () -> ()
  }) : (i32, index, index) -> ()
  return
}

// -----

func.func @too_few_operands(%i: index) {
  // expected-error@+1 {{'loop.for' op requires at least 3 operands (bounds and step), but found 2}}
  "loop.for"(%i, %i) ({
  ^bb0(%iv: index):
    "loop.yield"() : () -> ()
  }) : (index, index) -> ()
  return
}

// -----

func.func @zero_step(%i: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'loop.for' op constant step operand must be positive}}
  "loop.for"(%i, %i, %c0) ({
  ^bb0(%iv: index):
    "loop.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @iv_not_index(%i: index) {
  // expected-error@+1 {{'loop.for' op expected the body's first argument (the induction variable) to be index}}
  "loop.for"(%i, %i, %i) ({
  ^bb0(%iv: i32):
    "loop.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @results_without_inits(%i: index) {
  // expected-error@+1 {{'loop.for' op different number of inits and results: 0 != 1}}
  %r = "loop.for"(%i, %i, %i) ({
  ^bb0(%iv: index):
    "loop.yield"() : () -> ()
  }) : (index, index, index) -> i32
  return
}

// -----

func.func @missing_iter_arg(%i: index, %x: i32) {
  // expected-error@+1 {{'loop.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "loop.for"(%i, %i, %i, %x) ({
  ^bb0(%iv: index):
    "loop.yield"(%x) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @iter_arg_type(%i: index, %x: i32) {
  // expected-error@+2 {{'loop.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'i64'}}
  // expected-error@+1 {{'loop.for' op 0-th region iter_arg and 0-th loop result have different type: 'i64' != 'i32'}}
  %r = "loop.for"(%i, %i, %i, %x) ({
  ^bb0(%iv: index, %acc: i64):
    "loop.yield"(%acc) : (i64) -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @yield_type(%i: index, %x: i32) {
  // expected-error@+1 {{'loop.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'i64'}}
  %r = "loop.for"(%i, %i, %i, %x) ({
  ^bb0(%iv: index, %acc: i32):
    %w = arith.extsi %acc : i32 to i64
    "loop.yield"(%w) : (i64) -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @yield_count(%i: index, %x: i32) {
  // expected-error@+1 {{'loop.for' op 'loop.yield' passes 0 values, but 1 region iter_args need them}}
  %r = "loop.for"(%i, %i, %i, %x) ({
  ^bb0(%iv: index, %acc: i32):
    "loop.yield"() : () -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @two_blocks(%i: index) {
  // expected-error@+1 {{'loop.for' op expects region #0 to have 0 or 1 blocks}}
  "loop.for"(%i, %i, %i) ({
  ^bb0(%iv: index):
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    "loop.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @wrong_terminator(%i: index) {
  // expected-error@+1 {{'loop.for' op expects its regions to end with 'loop.yield'}}
  "loop.for"(%i, %i, %i) ({
  ^bb0(%iv: index):
    "test.terminator"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @if_condition(%x: i32) {
  // expected-error@+1 {{'loop.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "loop.if"(%x) ({
    "loop.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @if_without_else(%c: i1, %x: i32) {
  // expected-error@+1 {{'loop.if' op must have an else block if defining values}}
  %r = "loop.if"(%c) ({
    "loop.yield"(%x) : (i32) -> ()
  }, {
  }) : (i1) -> i32
  return
}

// -----

func.func @if_yield_types(%c: i1, %x: i32) {
  // expected-error@+1 {{'loop.if' op 0-th result and 0-th yielded value have different type: 'i32' != 'i1'}}
  %r = "loop.if"(%c) ({
    "loop.yield"(%x) : (i32) -> ()
  }, {
    "loop.yield"(%c) : (i1) -> ()
  }) : (i1) -> i32
  return
}

// -----

func.func @if_regions(%c: i1) {
  // expected-error@+1 {{'loop.if' op requires 2 regions, but found 1}}
  "loop.if"(%c) ({
    "loop.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @yield_outside(%x: i32) {
  // expected-error@+1 {{'loop.yield' op expects parent op to be one of 'loop.for, loop.if, loop.while'}}
  "loop.yield"(%x) : (i32) -> ()
}

// -----

func.func @load_not_buffer(%x: i32, %i: index) {
  // expected-error@+1 {{'loop.load' op operand #0 must be a buffer, but got 'i32'}}
  %v = "loop.load"(%x, %i) : (i32, index) -> i32
  return
}

// -----

func.func @load_index_count(%b: !buffer<4x4xi8>, %i: index) {
  // expected-error@+1 {{'loop.load' op incorrect number of indices for load, expected 2 but got 1}}
  %v = "loop.load"(%b, %i) : (!buffer<4x4xi8>, index) -> i8
  return
}

// -----

func.func @load_index_type(%b: !buffer<4xi8>, %i: i32) {
  // expected-error@+1 {{'loop.load' op operand #1 must be index, but got 'i32'}}
  %v = "loop.load"(%b, %i) : (!buffer<4xi8>, i32) -> i8
  return
}

// -----

func.func @load_result_type(%b: !buffer<4xi8>, %i: index) {
  // expected-error@+1 {{'loop.load' op result type 'i32' is not the storage type of the buffer's element type 'i8'}}
  %v = "loop.load"(%b, %i) : (!buffer<4xi8>, index) -> i32
  return
}

// -----

func.func @load_quantized(%b: !buffer<4x!quant.uniform<i8:f32, 0.5>>, %i: index) {
  // expected-error@+1 {{'loop.load' op result type 'f32' is not the storage type of the buffer's element type '!quant.uniform<i8:f32, 5.000000e-01>'}}
  %v = "loop.load"(%b, %i) : (!buffer<4x!quant.uniform<i8:f32, 0.5>>, index) -> f32
  return
}

// -----

func.func @load_unsigned(%b: !buffer<4xui32>, %i: index) {
  // expected-error@+1 {{'loop.load' op result type 'ui32' is not the storage type of the buffer's element type 'ui32'}}
  %v = "loop.load"(%b, %i) : (!buffer<4xui32>, index) -> ui32
  return
}

// -----

func.func @store_value_type(%b: !buffer<4xi8>, %i: index, %x: i32) {
  // expected-error@+1 {{'loop.store' op value type 'i32' is not the storage type of the buffer's element type 'i8'}}
  "loop.store"(%x, %b, %i) : (i32, !buffer<4xi8>, index) -> ()
  return
}

// -----

func.func @store_index_count(%b: !buffer<4xi8>, %i: index, %x: i8) {
  // expected-error@+1 {{'loop.store' op incorrect number of indices for store, expected 1 but got 2}}
  "loop.store"(%x, %b, %i, %i) : (i8, !buffer<4xi8>, index, index) -> ()
  return
}

// -----

func.func @store_too_few(%x: i8) {
  // expected-error@+1 {{'loop.store' op requires at least 2 operands, but found 1}}
  "loop.store"(%x) : (i8) -> ()
  return
}

// -----

// The custom forms' own errors.

func.func @iter_args_count(%i: index, %x: i32) {
  // expected-error@+1 {{mismatch in number of loop-carried values and defined values}}
  %r = loop.for %iv = %i to %i step %i iter_args(%a = %x) -> (i32, i32) {
    loop.yield %a : i32
  }
  return
}

// -----

func.func @step_type(%i: index) {
  // expected-error@+1 {{expected 'index' as the type of the bounds and step}}
  loop.for %iv = %i to %i step %i : i32 {
  }
  return
}

// -----

func.func @load_type(%i: index, %t: tensor<4xi8>) {
  // expected-error@+1 {{expected a buffer type}}
  %v = loop.load %t[%i] : tensor<4xi8>
  return
}

// -----

func.func @while_without_condition(%c: i1) {
  // expected-error@+1 {{'loop.while' op expects the 'before' region to end with 'loop.condition'}}
  "loop.while"() ({
    "loop.yield"() : () -> ()
  }, {
    "loop.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @while_body_yielding_values(%c: i1, %x: i32) {
  // expected-error@+1 {{'loop.while' op expects the 'after' region's 'loop.yield' to pass no values}}
  "loop.while"() ({
    "loop.condition"(%c) : (i1) -> ()
  }, {
    "loop.yield"(%x) : (i32) -> ()
  }) : () -> ()
  return
}

// -----

func.func @while_condition_not_i1(%x: i32) {
  "loop.while"() ({
    // expected-error@+1 {{'loop.condition' op operand #0 must be 1-bit signless integer, but got 'i32'}}
    "loop.condition"(%x) : (i32) -> ()
  }, {
    "loop.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @condition_outside_while(%c: i1) {
  "loop.if"(%c) ({
    // expected-error@+1 {{'loop.condition' op expects parent op 'loop.while'}}
    "loop.condition"(%c) : (i1) -> ()
  }, {
  }) : (i1) -> ()
  return
}
