// RUN: mc-opt %s --split-input-file --verify-diagnostics
// What the verifier refuses of graph.decode: one located error each.

func.func @dcm_version() -> tensor<4xi8> {
  %e = "graph.const"() <{value = dense<[27]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[0, 2, 0, 0, 1, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 20, 30, 40]> : tensor<20xui8>}> : () -> tensor<20xui8>
  // expected-error@+1 {{'graph.decode' op DCM version 2 is not supported (TFLite Micro decodes version 1)}}
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<20xui8>) -> tensor<4xi8>
  return %d : tensor<4xi8>
}

// -----

func.func @huffman() -> tensor<4xi8> {
  %e = "graph.const"() <{value = dense<[27]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[1, 1, 0, 0, 1, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<16xui8>}> : () -> tensor<16xui8>
  // expected-error@+1 {{'graph.decode' op decode type 1 (Huffman) is not supported (mc decodes LUT and pruning)}}
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<16xui8>) -> tensor<4xi8>
  return %d : tensor<4xi8>
}

// -----

func.func @unknown_type() -> tensor<4xi8> {
  %e = "graph.const"() <{value = dense<[27]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[5, 1, 0, 0, 1, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<16xui8>}> : () -> tensor<16xui8>
  // expected-error@+1 {{'graph.decode' op unknown decode type 5 (0 is LUT, 1 Huffman, 2 pruning)}}
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<16xui8>) -> tensor<4xi8>
  return %d : tensor<4xi8>
}

// -----

// Byte 5's low 3 bits are the bit width: 8 reads as 0.
func.func @bit_width() -> tensor<4xi8> {
  %e = "graph.const"() <{value = dense<[27]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[0, 1, 0, 0, 1, 8, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 20, 30, 40]> : tensor<20xui8>}> : () -> tensor<20xui8>
  // expected-error@+1 {{'graph.decode' op LUT bit width 0 is out of range (1 to 7, the low 3 bits of byte 5)}}
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<20xui8>) -> tensor<4xi8>
  return %d : tensor<4xi8>
}

// -----

func.func @short_header() -> tensor<4xi8> {
  %e = "graph.const"() <{value = dense<[27]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[0, 1, 0, 0, 1, 2, 4, 0]> : tensor<8xui8>}> : () -> tensor<8xui8>
  // expected-error@+1 {{'graph.decode' op the ancillary tensor holds 8 bytes, fewer than the 16-byte DCM header}}
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<8xui8>) -> tensor<4xi8>
  return %d : tensor<4xi8>
}

// -----

// Five 2-bit indices need two bytes; the value table needs four entries.
func.func @short_data() -> (tensor<5xi8>, tensor<4xi8>) {
  %e = "graph.const"() <{value = dense<[27]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[0, 1, 0, 0, 1, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 20, 30, 40]> : tensor<20xui8>}> : () -> tensor<20xui8>
  %t = "graph.const"() <{value = dense<[0, 1, 0, 0, 1, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 20]> : tensor<18xui8>}> : () -> tensor<18xui8>
  // expected-error@+1 {{'graph.decode' op the encoded tensor holds 1 bytes, but 5 2-bit indices need 2}}
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<20xui8>) -> tensor<5xi8>
  // expected-error@+1 {{'graph.decode' op the value tables (1 channels of 4 elements of 1 bytes) need 4 bytes after the DCM header, but the ancillary tensor holds 2}}
  %s = "graph.decode"(%e, %t) : (tensor<1xui8>, tensor<18xui8>) -> tensor<4xi8>
  return %d, %s : tensor<5xi8>, tensor<4xi8>
}

// -----

func.func @types(%x: tensor<1xi8>) -> (tensor<4xf16>, tensor<4xi8>) {
  %e = "graph.const"() <{value = dense<[27]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[0, 1, 0, 0, 1, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 20, 30, 40]> : tensor<20xui8>}> : () -> tensor<20xui8>
  // expected-error@+1 {{'graph.decode' op result element type must be}}
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<20xui8>) -> tensor<4xf16>
  // expected-error@+1 {{'graph.decode' op encoded element type must be ui8}}
  %s = "graph.decode"(%x, %a) : (tensor<1xi8>, tensor<20xui8>) -> tensor<4xi8>
  return %d, %s : tensor<4xf16>, tensor<4xi8>
}

// -----

// TFLite Micro decodes per-channel tables along the first or the last axis only.
func.func @middle_axis() -> tensor<2x2x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>> {
  %e = "graph.const"() <{value = dense<[27]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[0, 1, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]> : tensor<20xui8>}> : () -> tensor<20xui8>
  // expected-error@+1 {{'graph.decode' op quantization axis 1 is not supported (TFLite Micro decodes along the first or last)}}
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<20xui8>) -> tensor<2x2x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>
  return %d : tensor<2x2x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>
}

// -----

// A pruned int16 tensor's pruned elements are 0: TFLite Micro refuses another zero point.
func.func @pruned_int16_zero_point() -> tensor<2x!quant.uniform<i16:f32, 0.5:4>> {
  %e = "graph.const"() <{value = dense<[64]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0]> : tensor<18xui8>}> : () -> tensor<18xui8>
  // expected-error@+1 {{'graph.decode' op a pruned result other than int8 must have zero points 0 (TFLite Micro requires it)}}
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<18xui8>) -> tensor<2x!quant.uniform<i16:f32, 0.5:4>>
  return %d : tensor<2x!quant.uniform<i16:f32, 0.5:4>>
}

// -----

// Five elements do not split into two channels' tables.
func.func @uneven_channels() -> tensor<5x!quant.uniform<i8:f32:0, {0.1, 0.2}>> {
  %e = "graph.const"() <{value = dense<[27]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[0, 1, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]> : tensor<20xui8>}> : () -> tensor<20xui8>
  // expected-error@+1 {{'graph.decode' op the result's 5 elements do not split into 2 channels}}
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<20xui8>) -> tensor<5x!quant.uniform<i8:f32:0, {0.1, 0.2}>>
  return %d : tensor<5x!quant.uniform<i8:f32:0, {0.1, 0.2}>>
}
