#!/usr/bin/env python3
"""Writes the converter-made test models of this folder with TensorFlow's TFLite converter.

Run once by hand in a throwaway venv (CI never needs TensorFlow):

    python3 -m venv /tmp/tf && /tmp/tf/bin/pip install tensorflow-cpu tf_keras
    /tmp/tf/bin/python conformance/models/make_models.py conformance/models

Every model is a small Keras network with seeded random weights, converted the way users
convert theirs: full-integer int8, and TFLite's 16x8 mode (int16 activations, int8 weights,
`EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8`) calibrated on seeded random
inputs. Weights are random, so the models compute nothing meaningful; what matters is that the
operators, options and quantization parameters are the converter's own.

| file | network | I/O |
|---|---|---|
| ds_cnn_{int8,16x8}.tflite | keyword-spotting DS-CNN (MLPerf Tiny's kws shape): conv 10x4/2 + 4 x (depthwise 3x3 + pointwise), ReLU, average pool, dense, softmax | int8 / int16 |
| mixed_16x8.tflite | zero padding, conv + ReLU6, max pool, residual add, subtract, multiply, concatenation, cropping (strided slice), permute (transpose), mean, dense, tanh and sigmoid heads | float (QUANTIZE/DEQUANTIZE at the edges) |
| mobilenet_v3_int8.tflite | MobileNetV3-style: conv 3x3/2 + hard-swish, inverted residual blocks (expand 1x1 + hard-swish, depthwise 3x3 + hard-swish, squeeze-excite: global average (MEAN), dense + ReLU, dense + sigmoid (LOGISTIC), multiply; project 1x1, residual add), global average, dense, softmax | int8 |
| audio_16x8.tflite | audio-style: 5 x (conv 3x3 + LeakyReLU 0.2), a residual add, global average, dense | int16 |
| lstm_int8.tflite | sequence model: 2 x LSTM (tanh; the first returns its sequence), dense | int8 |

The Keras acceptance networks (issue 15), each as `<name>_int8` (full-integer), `<name>_16x8`
where TFLite Micro runs it, and `<name>_f32` (the plain float conversion):

| name | Keras layers | TFLite operators |
|---|---|---|
| flatten_cnn (int8, 16x8, f32) | dynamic batch: Conv2D + ReLU, MaxPooling2D, Reshape, Flatten, Dense, Reshape, Softmax | CONV_2D, MAX_POOL_2D, RESHAPE, FULLY_CONNECTED, SHAPE, STRIDED_SLICE, PACK, RESHAPE, SOFTMAX |
| dilated (int8, 16x8, f32) | Conv2D dilation 2 "same" + ReLU, DepthwiseConv2D dilation 2, Conv2D dilation 3 "valid" | CONV_2D and DEPTHWISE_CONV_2D with dilation factors |
| dilated_chain (int8, f32) | the same with a dynamic batch | SPACE_TO_BATCH_ND, CONV_2D / DEPTHWISE_CONV_2D, BATCH_TO_SPACE_ND, ADD (bias) |
| decoder (int8, f32) | Conv2DTranspose /2 + ReLU, UpSampling2D nearest, Conv2D, UpSampling2D bilinear, Conv2DTranspose "valid" | TRANSPOSE_CONV, RESIZE_NEAREST_NEIGHBOR, CONV_2D, RESIZE_BILINEAR |
| attention (int8, f32) | MultiHeadAttention (2 heads, key_dim 8, self-attention), Add, LayerNormalization, Dense | FULLY_CONNECTED, RESHAPE, TRANSPOSE, BATCH_MATMUL, SOFTMAX, ADD, MEAN, SQUARED_DIFFERENCE, RSQRT, MUL, SUB |
| conv1d (int8, 16x8, f32) | Conv1D /2 + ReLU, MaxPooling1D, Conv1D dilation 2, Flatten, Dense | RESHAPE, CONV_2D, MAX_POOL_2D, FULLY_CONNECTED |

No 16x8 decoder (TFLite Micro's RESIZE_BILINEAR takes float32 and int8 only), attention (the
converter gives LayerNormalization's SUB a zero-scale int16 constant: TFLite Micro's SUB aborts
in its Prepare, QuantizeMultiplierSmallerThanOneExp of a zero multiplier, and mc refuses it)
or dilated_chain (TFLite Micro's SPACE_TO_BATCH_ND fails on int16).

The model-zoo networks (`zoo`): architectures users ship on microcontrollers, each as
`<name>_int8`, `<name>_16x8` and `<name>_f32` where listed:

| name | Keras layers | TFLite operators |
|---|---|---|
| bilstm (int8, f32) | Bidirectional(LSTM, return_sequences), LSTM (return_sequences), TimeDistributed(Dense) | UNIDIRECTIONAL_SEQUENCE_LSTM x 3, REVERSE_V2, CONCATENATION, FULLY_CONNECTED (the converter quantizes each direction's output and the reversed input apart: TFLite Micro copies the bytes) |
| rnn (int8, 16x8) | SimpleRNN and GRU, unrolled | UNPACK, FULLY_CONNECTED, SPLIT, SPLIT_V, ADD, LOGISTIC, TANH, MUL, SUB, PACK, RESHAPE, QUANTIZE |
| crnn (int8, 16x8) | keyword-spotting CRNN: Conv2D + BatchNormalization + ReLU, Reshape, GRU (unrolled), Dense, Softmax | CONV_2D, RESHAPE, UNPACK, FULLY_CONNECTED, SPLIT, SPLIT_V, ADD, LOGISTIC, TANH, MUL, SUB, SOFTMAX |
| transformer (int8) | encoder block: MultiHeadAttention, Add + LayerNormalization, feed-forward Dense + ReLU, GlobalAveragePooling1D, Dense + softmax | FULLY_CONNECTED, RESHAPE, TRANSPOSE, BATCH_MATMUL, SOFTMAX, ADD, MEAN, SQUARED_DIFFERENCE, RSQRT, MUL, SUB |
| mobilenet_v2 (int8, 16x8, f32) | keras.applications.MobileNetV2's blocks: Conv2D + BatchNormalization + ReLU6, expand / depthwise / project, ZeroPadding2D before a stride 2, residual Add, Dropout | CONV_2D, DEPTHWISE_CONV_2D (the padding folded in), ADD, MEAN, FULLY_CONNECTED, SOFTMAX |
| efficientnet (int8, 16x8) | MBConv: swish, squeeze-excite with 1x1 Conv2D (swish, sigmoid), Multiply, residual Add | CONV_2D, DEPTHWISE_CONV_2D, LOGISTIC, MUL, MEAN, ADD, FULLY_CONNECTED |
| separable (int8) | SeparableConv2D (depth_multiplier 1 and 2), PReLU, DepthwiseConv2D depth_multiplier 2, ELU, MaxPooling2D / AveragePooling2D "same", LeakyReLU | DEPTHWISE_CONV_2D, CONV_2D, PRELU, DEQUANTIZE, ELU, QUANTIZE, MAX_POOL_2D, AVERAGE_POOL_2D, LEAKY_RELU |
| grouped (int8) | Conv2D groups=4, GlobalMaxPooling2D, Permute, Reshape, Dense on 3-D | CONV_2D (grouped), REDUCE_MAX, TRANSPOSE, RESHAPE, FULLY_CONNECTED (keep_num_dims) |
| dense3d (int8) | Dense on 3-D input, Concatenate on the last and the middle axis, L2 normalization, Softmax | FULLY_CONNECTED (keep_num_dims), CONCATENATION, L2_NORMALIZATION, SOFTMAX |
| resize (int8, f32) | Conv2DTranspose, UpSampling2D, tf.image resizes bilinear and nearest with align_corners and with half_pixel_centers | TRANSPOSE_CONV, RESIZE_NEAREST_NEIGHBOR, RESIZE_BILINEAR, CONCATENATION |
| upsample (16x8) | Conv2DTranspose, UpSampling2D nearest, Conv2DTranspose "valid", Softmax | TRANSPOSE_CONV, RESIZE_NEAREST_NEIGHBOR, SOFTMAX (int16) |
| autoencoder (int8) | anomaly-detection autoencoder: Dense + BatchNormalization + ReLU x 5, Dense | FULLY_CONNECTED |
| gesture (int8) | Conv1D + BatchNormalization + ReLU, MaxPooling1D "same", GlobalMaxPooling1D, Dropout, Dense + softmax | RESHAPE, CONV_2D, MAX_POOL_2D, REDUCE_MAX, FULLY_CONNECTED, SOFTMAX |
| text (int8) | int32 token ids: Embedding, GlobalAveragePooling1D, Dense | GATHER, MEAN, FULLY_CONNECTED, LOGISTIC |
| tcn (int8, 16x8, f32) | temporal convolutional network: Conv1D padding "causal" with dilation 1, 2 and 4 + ReLU, residual Add, the last step (a slice), Dense | RESHAPE, PAD, CONV_2D (dilated), ADD, STRIDED_SLICE, FULLY_CONNECTED |
| decoder1d (int8, 16x8, f32) | UpSampling1D, Conv1DTranspose /2 + ReLU, ZeroPadding1D, Conv1D, Cropping1D, Reshape, Cropping2D, Conv2D 1x1 | RESHAPE, SPLIT, CONCATENATION, TRANSPOSE_CONV, PAD, CONV_2D, STRIDED_SLICE |
| siamese (int8, 16x8, f32) | two inputs through shared Conv2D + GlobalAveragePooling2D + Dense, two outputs: abs difference -> Dense + sigmoid, Concatenate -> Dense + softmax | CONV_2D, MEAN, FULLY_CONNECTED, SUB, ABS, LOGISTIC, CONCATENATION, SOFTMAX |
| additive (int8, 16x8, f32) | two inputs: Attention (dot-product) and AdditiveAttention (tanh) of a query over a value sequence, Concatenate, Dense | BATCH_MATMUL, SOFTMAX, RESHAPE, ADD, TANH, MUL, SUM, CONCATENATION, FULLY_CONNECTED |
| unrolled_lstm (int8, 16x8) | 2 x LSTM, unrolled (the first returns its sequence), Dense | UNPACK, FULLY_CONNECTED, SPLIT, ADD, LOGISTIC, TANH, MUL, PACK, RESHAPE |
| ds_cnn_bn (int8, 16x8) | DS-CNN without biases: Conv2D / DepthwiseConv2D + BatchNormalization (folded) + ReLU, AveragePooling2D "same", GlobalAveragePooling2D, Dense + softmax | CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, MEAN, FULLY_CONNECTED, SOFTMAX |
| heads (int8, f32) | two Conv2D, Maximum, Minimum, Average, hard_sigmoid, clip_by_value, Concatenate, MaxPooling2D, Reshape, Softmax on axis 1, GlobalAveragePooling1D, Dense; two outputs: Softmax (int8) and argmax (int32) | CONV_2D, MAXIMUM, MINIMUM, ADD, MUL, RELU, CONCATENATION, MAX_POOL_2D, RESHAPE, TRANSPOSE, SOFTMAX, MEAN, FULLY_CONNECTED, ARG_MAX |
| video (int8, 16x8, f32, floatio_int8) | 4 frames: TimeDistributed(Conv2D + ReLU), TimeDistributed(MaxPooling2D), TimeDistributed(Flatten), Conv1D over time, GlobalAveragePooling1D, Dense; `video_floatio_int8` is int8 inside with float32 input and output | RESHAPE, CONV_2D and MAX_POOL_2D with batch 4, MEAN, FULLY_CONNECTED (QUANTIZE, DEQUANTIZE) |
| bigru (int8, 16x8, f32) | Bidirectional(GRU, unrolled, return_sequences), Dense, Add, BatchNormalization (not folded), SimpleRNN go_backwards unrolled, Dense | UNPACK, FULLY_CONNECTED, SPLIT, SPLIT_V, ADD, LOGISTIC, SUB, MUL, TANH, PACK, REVERSE_V2, CONCATENATION, RESHAPE |
| causal (int8, f32) | MultiHeadAttention (2 heads, key_dim 4) with use_causal_mask, Add, Attention (use_scale, score_mode "concat"), Concatenate, Dense | FULLY_CONNECTED, RESHAPE, TRANSPOSE, BATCH_MATMUL, ADD (the mask), SOFTMAX, TANH, SUM, CONCATENATION |
| preprocess (uint8, int8, 16x8) | pixel values in: Rescaling(1/255), Normalization, Conv2D, DepthwiseConv2D, GlobalAveragePooling2D, Dense + softmax; `preprocess_uint8` has uint8 input and output around the int8 network | QUANTIZE (uint8 <-> int8), MUL, SUB, CONV_2D, DEPTHWISE_CONV_2D, MEAN, FULLY_CONNECTED, SOFTMAX |

Not written, as TFLite Micro or the converter refuse them: 16x8 LSTMs (the converter does not
quantize UNIDIRECTIONAL_SEQUENCE_LSTM to 16x8), rolled SimpleRNN / GRU quantized (the converter
crashes on their WHILE loops; mc refuses the float GRU's loop, which writes a TensorList through
SLICEs sized by the loop counter, shapes that change every iteration; TFLite Micro never returns
from the float SimpleRNN), transformer 16x8 (TFLite Micro aborts on its LayerNormalization as on
attention 16x8), gesture and grouped 16x8 (TFLite Micro's REDUCE_MAX takes float32 and int8
only), resize 16x8 (RESIZE_BILINEAR), text 16x8 (GATHER takes no int16), separable 16x8 (the
converter has no 16x8 PRELU), dense3d 16x8 (nor L2_NORMALIZATION), GELU (TFLite Micro has no
kernel), MobileNetV3 16x8 (the converter has no 16x8 HARD_SWISH), GRU with reset_after=False
(the converter splits its recurrent kernel's product with SPLIT_V sizes [n, n, -1], whose third
output is empty: TFLite Micro refuses the zero-size tensor as dynamic), heads 16x8 (the
converter has no 16x8 ARG_MAX), causal 16x8 (the converter quantizes the masked scores with an
int16 scale near 30,000; TFLite Micro's int16 SOFTMAX then overflows int32 rescaling their
differences, and mc refuses it), UpSampling1D on more than 5 steps (the converter writes a
CONCATENATION of one input per output step: TFLite Micro's takes at most 10).

Control flow, `tf.function`s converted from concrete functions (float32, and full-integer int8):

| file | function | TFLite operators |
|---|---|---|
| cond_f32.tflite | `tf.cond(sum(x) > 0, relu(x) * 2, tanh(x) - 1)` | SUM, GREATER, IF (two branch subgraphs: RELU, MUL / TANH, SUB) |
| while_f32.tflite | `tf.while_loop(i < 6 and sum(y) < 10, (i + 1, y * 1.5 + 0.25))` with a float counter, returning y and the count | WHILE (cond subgraph: LESS, SUM, LOGICAL_AND; body: ADD, MUL) |
| variable_f32.tflite | a `tf.Variable` `v = v * 0.5 + x` per call, returning `v + 1` | CALL_ONCE (init subgraph: VAR_HANDLE, ASSIGN_VARIABLE), VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE |
| cond_int8.tflite | cond_f32's function, full-integer int8: the converter quantizes inside each branch and keeps float at the IF's boundary | DEQUANTIZE, SUM, GREATER, IF (branches: QUANTIZE, RELU, MUL, DEQUANTIZE / QUANTIZE, TANH, SUB, DEQUANTIZE), QUANTIZE |
| while_swap_{f32,int8}.tflite | `tf.while_loop(i < 5, (i + 1, b, a, s * 0.5 + a - b))` from `(0, x, tanh(x) / 2, 0)`, returning `s` and `a * b`: a body yielding two carried values in each other's place | WHILE (cond: LESS; body: ADD, MUL, SUB), TANH, MUL |
| cond_variable_f32.tflite | a `tf.Variable` assigned in one branch of a `tf.cond` (`v += x` when `sum(x) > 0`) and read before and after it | CALL_ONCE, VAR_HANDLE, READ_VARIABLE, IF (a branch with READ_VARIABLE, ADD, ASSIGN_VARIABLE) |

svdf_keyword_int8.tflite: an int8 SVDF keyword-spotting network (two SVDF layers with int16
state, fully connected, softmax), written with TFLite's flatbuffer schema since no Keras layer
exports SVDF.
"""

import os
import sys

os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras as keras  # noqa: E402

L = keras.layers
# Non-zero biases, so the converter keeps every bias tensor.
BIAS = {"bias_initializer": "random_normal"}


def ds_cnn():
    x = keras.Input((49, 10, 1), batch_size=1)
    y = L.Conv2D(64, (10, 4), strides=2, padding="same", activation="relu", **BIAS)(x)
    for _ in range(4):
        y = L.DepthwiseConv2D(3, padding="same", activation="relu", **BIAS)(y)
        y = L.Conv2D(64, 1, activation="relu", **BIAS)(y)
    y = L.AveragePooling2D((25, 5))(y)
    y = L.Flatten()(y)
    y = L.Dense(12, **BIAS)(y)
    return keras.Model(x, L.Softmax()(y))


def mixed():
    x = keras.Input((16, 16, 3), batch_size=1)
    p = L.ZeroPadding2D(((1, 0), (2, 1)))(x)
    c = L.Conv2D(8, 3, activation=tf.nn.relu6, **BIAS)(p)
    m = L.MaxPooling2D(2)(c)
    d = L.DepthwiseConv2D(3, padding="same", **BIAS)(m)
    r = L.Add()([m, d])
    s = L.Subtract()([r, m])
    u = L.Multiply()([s, d])
    cat = L.Concatenate()([u, r])
    crop = L.Cropping2D(((1, 1), (0, 2)))(cat)
    perm = L.Permute((2, 1, 3))(crop)
    mean = L.GlobalAveragePooling2D()(perm)
    dense = L.Dense(6, **BIAS)(mean)
    return keras.Model(x, [L.Activation("tanh")(dense), L.Activation("sigmoid")(dense)])


def hard_swish(x):
    # MobileNetV3's own definition, which the converter turns into HARD_SWISH.
    return L.Multiply()([x, L.ReLU(6.0)(x + 3.0) * (1.0 / 6.0)])


def mobilenet_v3():
    x = keras.Input((32, 32, 3), batch_size=1)
    y = hard_swish(L.Conv2D(16, 3, strides=2, padding="same", **BIAS)(x))
    for expand, out, stride in ((32, 16, 1), (48, 24, 2), (72, 24, 1)):
        e = hard_swish(L.Conv2D(expand, 1, **BIAS)(y))
        d = hard_swish(L.DepthwiseConv2D(3, strides=stride, padding="same", **BIAS)(e))
        s = L.GlobalAveragePooling2D(keepdims=True)(d)
        s = L.Dense(expand // 4, activation="relu", **BIAS)(s)
        s = L.Dense(expand, activation="sigmoid", **BIAS)(s)
        p = L.Conv2D(out, 1, **BIAS)(L.Multiply()([d, s]))
        y = L.Add()([y, p]) if stride == 1 and out == y.shape[-1] else p
    y = L.GlobalAveragePooling2D()(y)
    return keras.Model(x, L.Dense(10, activation="softmax", **BIAS)(y))


def audio():
    x = keras.Input((40, 16, 1), batch_size=1)
    y = x
    for i in range(5):
        c = L.LeakyReLU(0.2)(L.Conv2D(16, 3, padding="same", **BIAS)(y))
        y = L.Add()([y, c]) if i == 3 else c
    y = L.GlobalAveragePooling2D()(y)
    return keras.Model(x, L.Dense(8, **BIAS)(y))


# The Keras acceptance networks (issue 15): each is built right after its own seed, so adding or
# reordering networks elsewhere in this file leaves their weights unchanged.
def flatten_cnn():
    # A dynamic batch (Input without batch_size): each `Reshape` then exports the Keras chain
    # SHAPE -> STRIDED_SLICE -> PACK -> RESHAPE (tf_keras's `Flatten` writes a constant [-1, n]
    # shape when the other dimensions are static, as they are here).
    x = keras.Input((12, 12, 2))
    y = L.Conv2D(8, 3, activation="relu", **BIAS)(x)
    y = L.MaxPooling2D(2)(y)
    y = L.Reshape((25, 8))(y)
    y = L.Flatten()(y)
    y = L.Dense(10, activation="relu", **BIAS)(y)
    y = L.Reshape((2, 5))(y)
    return keras.Model(x, L.Softmax()(y))


def dilated(batch_size):
    # Dilated convolutions. With a static batch the converter writes CONV_2D and
    # DEPTHWISE_CONV_2D with dilation factors; with a dynamic batch (batch_size=None) it keeps
    # TF's SPACE_TO_BATCH_ND -> CONV_2D | DEPTHWISE_CONV_2D -> BATCH_TO_SPACE_ND -> ADD (the
    # bias), and 15x15 makes TF pad and crop.
    x = keras.Input((15, 15, 3), batch_size=batch_size)
    y = L.Conv2D(8, 3, dilation_rate=2, padding="same", activation="relu", **BIAS)(x)
    y = L.DepthwiseConv2D(3, dilation_rate=2, padding="same", **BIAS)(y)
    y = L.Conv2D(8, 3, dilation_rate=3, padding="valid", **BIAS)(y)
    return keras.Model(x, y)


def decoder():
    x = keras.Input((6, 6, 4), batch_size=1)
    y = L.Conv2DTranspose(8, 3, strides=2, padding="same", activation="relu", **BIAS)(x)
    y = L.UpSampling2D(2, interpolation="nearest")(y)
    y = L.Conv2D(4, 3, padding="same", **BIAS)(y)
    y = L.UpSampling2D(2, interpolation="bilinear")(y)
    return keras.Model(x, L.Conv2DTranspose(2, 3, padding="valid", **BIAS)(y))


def attention():
    x = keras.Input((8, 16), batch_size=1)
    a = L.MultiHeadAttention(num_heads=2, key_dim=8)(x, x)
    y = L.LayerNormalization()(L.Add()([x, a]))
    return keras.Model(x, L.Dense(4, **BIAS)(y))


def conv1d():
    x = keras.Input((32, 4), batch_size=1)
    y = L.Conv1D(8, 5, strides=2, padding="same", activation="relu", **BIAS)(x)
    y = L.MaxPooling1D(2)(y)
    y = L.Conv1D(8, 3, dilation_rate=2, **BIAS)(y)
    y = L.Flatten()(y)
    return keras.Model(x, L.Dense(4, **BIAS)(y))


def lstm():
    x = keras.Input((6, 5), batch_size=1)
    y = L.LSTM(8, return_sequences=True, **BIAS)(x)
    y = L.LSTM(6, **BIAS)(y)
    return keras.Model(x, L.Dense(4, **BIAS)(y))


# The model-zoo networks: architectures users ship on microcontrollers, each built right after
# its own seed (see `zoo`).
def bilstm():
    x = keras.Input((6, 5), batch_size=1)
    y = L.Bidirectional(L.LSTM(8, return_sequences=True, **BIAS))(x)
    y = L.LSTM(6, return_sequences=True, **BIAS)(y)
    return keras.Model(x, L.TimeDistributed(L.Dense(4, **BIAS))(y))


def rnn():
    # Unrolled: the converter's quantizer crashes on the WHILE loops of the rolled forms.
    x = keras.Input((6, 5), batch_size=1)
    y = L.SimpleRNN(8, return_sequences=True, unroll=True, **BIAS)(x)
    y = L.GRU(6, unroll=True, **BIAS)(y)
    return keras.Model(x, L.Dense(4, **BIAS)(y))


def crnn():
    x = keras.Input((49, 10, 1), batch_size=1)
    y = L.Conv2D(8, (5, 3), strides=(4, 2), padding="same", **BIAS)(x)
    y = L.ReLU()(L.BatchNormalization()(y))
    y = L.Reshape((13, 40))(y)
    y = L.GRU(16, unroll=True, **BIAS)(y)
    return keras.Model(x, L.Softmax()(L.Dense(12, **BIAS)(y)))


def transformer():
    x = keras.Input((8, 16), batch_size=1)
    a = L.MultiHeadAttention(num_heads=2, key_dim=8)(x, x)
    y = L.LayerNormalization()(L.Add()([x, a]))
    f = L.Dense(16, **BIAS)(L.Dense(32, activation="relu", **BIAS)(y))
    y = L.LayerNormalization()(L.Add()([y, f]))
    y = L.GlobalAveragePooling1D()(y)
    return keras.Model(x, L.Dense(4, activation="softmax", **BIAS)(y))


def mobilenet_v2():
    # keras.applications.MobileNetV2's blocks: batch norms folded, ReLU6, a padded stride 2.
    def conv_bn(layer, y, relu6=True):
        y = L.BatchNormalization()(layer(y))
        return L.ReLU(6.0)(y) if relu6 else y

    x = keras.Input((32, 32, 3), batch_size=1)
    y = conv_bn(L.Conv2D(8, 3, strides=2, padding="same", use_bias=False), x)
    for expand, out, stride in ((48, 8, 1), (48, 16, 2), (96, 16, 1)):
        e = conv_bn(L.Conv2D(expand, 1, use_bias=False), y)
        if stride == 2:
            e = L.ZeroPadding2D(((0, 1), (0, 1)))(e)
        padding = "same" if stride == 1 else "valid"
        d = conv_bn(L.DepthwiseConv2D(3, strides=stride, padding=padding, use_bias=False), e)
        p = conv_bn(L.Conv2D(out, 1, use_bias=False), d, relu6=False)
        y = L.Add()([y, p]) if stride == 1 and out == y.shape[-1] else p
    y = L.Dropout(0.2)(L.GlobalAveragePooling2D()(y))
    return keras.Model(x, L.Dense(10, activation="softmax", **BIAS)(y))


def efficientnet():
    # An EfficientNet MBConv block: swish, squeeze-excite with 1x1 convolutions, residual add.
    def conv_bn_swish(layer, y):
        return L.Activation("swish")(L.BatchNormalization()(layer(y)))

    x = keras.Input((24, 24, 3), batch_size=1)
    y = conv_bn_swish(L.Conv2D(8, 3, strides=2, padding="same", use_bias=False), x)
    e = conv_bn_swish(L.Conv2D(32, 1, use_bias=False), y)
    d = conv_bn_swish(L.DepthwiseConv2D(3, padding="same", use_bias=False), e)
    s = L.GlobalAveragePooling2D(keepdims=True)(d)
    s = L.Conv2D(4, 1, activation="swish", **BIAS)(s)
    s = L.Conv2D(32, 1, activation="sigmoid", **BIAS)(s)
    p = L.BatchNormalization()(L.Conv2D(8, 1, use_bias=False)(L.Multiply()([d, s])))
    y = L.GlobalAveragePooling2D()(L.Add()([y, p]))
    return keras.Model(x, L.Dense(5, **BIAS)(y))


def separable():
    x = keras.Input((16, 16, 3), batch_size=1)
    y = L.SeparableConv2D(8, 3, padding="same", **BIAS)(x)
    y = L.PReLU(alpha_initializer=keras.initializers.RandomUniform(0.0, 0.5))(y)
    y = L.DepthwiseConv2D(3, depth_multiplier=2, padding="same", **BIAS)(y)
    y = L.ELU()(y)
    y = L.MaxPooling2D(3, strides=2, padding="same")(y)
    y = L.LeakyReLU(0.1)(y)
    y = L.AveragePooling2D(3, strides=2, padding="same")(y)
    return keras.Model(x, L.SeparableConv2D(8, 3, depth_multiplier=2, **BIAS)(y))


def grouped():
    x = keras.Input((12, 12, 8), batch_size=1)
    y = L.Conv2D(16, 3, groups=4, padding="same", activation="relu", **BIAS)(x)
    z = L.Reshape((16, 144))(L.Permute((3, 1, 2))(y))
    return keras.Model(x, [L.GlobalMaxPooling2D()(y), L.Dense(4, **BIAS)(z)])


def dense3d():
    x = keras.Input((8, 16), batch_size=1)
    a = L.Dense(12, activation="relu", **BIAS)(x)
    b = L.Dense(12, **BIAS)(x)
    n = L.Lambda(lambda t: tf.math.l2_normalize(t, axis=-1))(L.Concatenate(axis=-1)([a, b]))
    s = L.Softmax()(L.Dense(6, **BIAS)(L.Concatenate(axis=1)([a, b])))
    return keras.Model(x, [n, s])


def resize():
    image = tf.compat.v1.image
    x = keras.Input((6, 6, 4), batch_size=1)
    y = L.Conv2DTranspose(8, 3, strides=2, padding="same", activation="relu", **BIAS)(x)
    y = L.UpSampling2D(2, interpolation="nearest")(y)
    return keras.Model(
        x,
        L.Concatenate()(
            [
                L.Lambda(lambda t: image.resize_bilinear(t, (30, 30), align_corners=True))(y),
                L.Lambda(lambda t: image.resize_bilinear(t, (30, 30), half_pixel_centers=True))(y),
                L.Lambda(lambda t: image.resize_nearest_neighbor(t, (30, 30), align_corners=True))(y),
                L.Lambda(lambda t: image.resize_nearest_neighbor(t, (30, 30), half_pixel_centers=True))(y),
            ]
        ),
    )


def upsample():
    x = keras.Input((6, 6, 4), batch_size=1)
    y = L.Conv2DTranspose(8, 3, strides=2, padding="same", activation="relu", **BIAS)(x)
    y = L.UpSampling2D(2, interpolation="nearest")(y)
    return keras.Model(x, L.Softmax()(L.Conv2DTranspose(4, 3, padding="valid", **BIAS)(y)))


def autoencoder():
    # An anomaly-detection autoencoder (MLPerf Tiny's ToyADMOS shape, narrower).
    x = keras.Input((64,), batch_size=1)
    y = x
    for units in (32, 16, 8, 16, 32):
        y = L.ReLU()(L.BatchNormalization()(L.Dense(units, **BIAS)(y)))
    return keras.Model(x, L.Dense(64, **BIAS)(y))


def gesture():
    x = keras.Input((64, 3), batch_size=1)
    y = L.ReLU()(L.BatchNormalization()(L.Conv1D(8, 5, padding="same", **BIAS)(x)))
    y = L.MaxPooling1D(2, padding="same")(y)
    y = L.ReLU()(L.BatchNormalization()(L.Conv1D(16, 3, strides=2, **BIAS)(y)))
    y = L.Dropout(0.5)(L.GlobalMaxPooling1D()(y))
    return keras.Model(x, L.Dense(4, activation="softmax", **BIAS)(y))


def text():
    # TOKENS token ids in, an embedding table read by GATHER.
    x = keras.Input((10,), batch_size=1, dtype="int32")
    y = L.GlobalAveragePooling1D()(L.Embedding(TOKENS, 8)(x))
    y = L.Dense(8, activation="relu", **BIAS)(y)
    return keras.Model(x, L.Dense(3, activation="sigmoid", **BIAS)(y))


def tcn():
    # A temporal convolutional network: causal dilated Conv1D pairs (dilation 1, 2, 4) with
    # residual adds, the last step's features into a dense head.
    x = keras.Input((32, 4), batch_size=1)
    y = L.Conv1D(8, 1, **BIAS)(x)
    for dilation in (1, 2, 4):
        c = L.Conv1D(8, 3, padding="causal", dilation_rate=dilation, activation="relu", **BIAS)(y)
        c = L.Conv1D(8, 3, padding="causal", dilation_rate=dilation, **BIAS)(c)
        y = L.ReLU()(L.Add()([y, c]))
    y = L.Lambda(lambda t: t[:, -1, :])(y)
    return keras.Model(x, L.Dense(4, **BIAS)(y))


def decoder1d():
    # UpSampling1D first, on a short sequence: the converter writes it as SPLIT + CONCATENATION
    # of one input per step, and TFLite Micro's CONCATENATION takes at most 10 inputs.
    x = keras.Input((4, 6), batch_size=1)
    y = L.UpSampling1D(2)(x)
    y = L.Conv1DTranspose(8, 3, strides=2, padding="same", activation="relu", **BIAS)(y)
    y = L.ZeroPadding1D((1, 3))(y)
    y = L.Conv1D(8, 3, **BIAS)(y)
    y = L.Cropping1D((2, 0))(y)
    y = L.Cropping2D(((1, 0), (1, 1)))(L.Reshape((4, 4, 8))(y))
    return keras.Model(x, L.Conv2D(4, 1, **BIAS)(y))


def preprocess():
    # Pixel values in: Rescaling to [0, 1] and Normalization inside the model.
    x = keras.Input((16, 16, 3), batch_size=1)
    y = L.Rescaling(1.0 / 255)(x)
    y = L.Normalization(mean=[0.5, 0.4, 0.3], variance=[0.08, 0.07, 0.09])(y)
    y = L.Conv2D(8, 3, strides=2, padding="same", activation="relu", **BIAS)(y)
    y = L.DepthwiseConv2D(3, padding="same", activation="relu", **BIAS)(y)
    y = L.GlobalAveragePooling2D()(y)
    return keras.Model(x, L.Dense(5, activation="softmax", **BIAS)(y))


def siamese():
    # Two inputs through shared weights, two heads: an absolute-distance match score and a
    # classifier on both embeddings.
    a = keras.Input((8, 8, 2), batch_size=1)
    b = keras.Input((8, 8, 2), batch_size=1)
    conv = L.Conv2D(8, 3, activation="relu", **BIAS)
    dense = L.Dense(8, **BIAS)
    ea = dense(L.GlobalAveragePooling2D()(conv(a)))
    eb = dense(L.GlobalAveragePooling2D()(conv(b)))
    distance = L.Lambda(lambda t: tf.abs(t[0] - t[1]))([ea, eb])
    match = L.Dense(1, activation="sigmoid", **BIAS)(distance)
    classes = L.Dense(3, activation="softmax", **BIAS)(L.Concatenate()([ea, eb]))
    return keras.Model([a, b], [match, classes])


def additive():
    # Keras's Attention (dot-product) and AdditiveAttention (tanh scores) of a query sequence
    # over a value sequence.
    q = keras.Input((6, 8), batch_size=1)
    v = keras.Input((5, 8), batch_size=1)
    y = L.Concatenate()([L.Attention()([q, v]), L.AdditiveAttention()([q, v])])
    return keras.Model([q, v], L.Dense(4, **BIAS)(y))


def unrolled_lstm():
    x = keras.Input((6, 5), batch_size=1)
    y = L.LSTM(8, return_sequences=True, unroll=True, **BIAS)(x)
    y = L.LSTM(6, unroll=True, **BIAS)(y)
    return keras.Model(x, L.Dense(4, **BIAS)(y))


def ds_cnn_bn():
    # DS-CNN as Keras users write it: no biases, BatchNormalization folded, average pooling
    # "same" before the global average.
    x = keras.Input((49, 10, 1), batch_size=1)
    y = L.Conv2D(16, (10, 4), strides=2, padding="same", use_bias=False)(x)
    y = L.ReLU()(L.BatchNormalization()(y))
    for _ in range(2):
        y = L.ReLU()(L.BatchNormalization()(L.DepthwiseConv2D(3, padding="same", use_bias=False)(y)))
        y = L.ReLU()(L.BatchNormalization()(L.Conv2D(16, 1, use_bias=False)(y)))
    y = L.AveragePooling2D(3, strides=2, padding="same")(y)
    y = L.GlobalAveragePooling2D()(y)
    return keras.Model(x, L.Dense(12, activation="softmax", **BIAS)(y))


def heads():
    # Element-wise merges and activations as Keras writes them: Maximum, Minimum, Average,
    # hard_sigmoid, clip_by_value; Softmax over the sequence axis (not the last); two heads of
    # different types: int8 probabilities and the int32 argmax of the logits.
    x = keras.Input((10, 10, 3), batch_size=1)
    a = L.Conv2D(8, 3, padding="same", **BIAS)(x)
    b = L.Conv2D(8, 3, padding="same", **BIAS)(x)
    high, low = L.Maximum()([a, b]), L.Minimum()([a, b])
    gate = L.Activation("hard_sigmoid")(L.Average()([high, low]))
    clipped = L.Lambda(lambda t: tf.clip_by_value(t, -0.5, 0.5))(low)
    y = L.MaxPooling2D(2)(L.Concatenate()([gate, clipped]))
    y = L.GlobalAveragePooling1D()(L.Softmax(axis=1)(L.Reshape((25, 16))(y)))
    logits = L.Dense(6, **BIAS)(y)
    classes = L.Lambda(lambda t: tf.argmax(t, axis=-1, output_type=tf.int32))(logits)
    return keras.Model(x, [L.Softmax()(logits), classes])


def video():
    # Frames through TimeDistributed layers (a batch of 4 frames for CONV_2D and MAX_POOL_2D),
    # then a Conv1D over time.
    x = keras.Input((4, 8, 8, 2), batch_size=1)
    y = L.TimeDistributed(L.Conv2D(4, 3, activation="relu", **BIAS))(x)
    y = L.TimeDistributed(L.MaxPooling2D(2))(y)
    y = L.TimeDistributed(L.Flatten())(y)
    y = L.Conv1D(8, 2, **BIAS)(y)
    y = L.GlobalAveragePooling1D()(y)
    return keras.Model(x, L.Dense(3, **BIAS)(y))


def bigru():
    # Bidirectional unrolled GRU (REVERSE_V2, CONCATENATION), a residual Dense, a
    # BatchNormalization not folded into a layer (MUL, ADD), a backwards unrolled SimpleRNN.
    x = keras.Input((4, 5), batch_size=1)
    y = L.Bidirectional(L.GRU(4, return_sequences=True, unroll=True, **BIAS))(x)
    s = L.Dense(8, **BIAS)(x)
    norm = L.BatchNormalization(
        beta_initializer="random_normal",
        gamma_initializer="random_uniform",
        moving_mean_initializer="random_normal",
        moving_variance_initializer="ones",
    )
    y = norm(L.Add()([y, s]))
    y = L.SimpleRNN(4, go_backwards=True, unroll=True, **BIAS)(y)
    return keras.Model(x, L.Dense(3, **BIAS)(y))


def causal():
    # A decoder-style block: MultiHeadAttention with a causal mask (the converter adds it as a
    # constant), residual Add, Attention with scale and "concat" (tanh) scores over the input.
    x = keras.Input((6, 8), batch_size=1)
    a = L.MultiHeadAttention(num_heads=2, key_dim=4)(x, x, use_causal_mask=True)
    y = L.Add()([x, a])
    c = L.Attention(use_scale=True, score_mode="concat")([y, x])
    return keras.Model(x, L.Dense(4, **BIAS)(L.Concatenate()([y, c])))


# The text classifier's vocabulary (conformance's cases draw token ids below it).
TOKENS = 50


def convert(model, shape, int16, io_type, tokens=False, pixels=False):
    """`model` converted full-integer (`int16`: 16x8), calibrated on seeded inputs of `shape` (a
    list of shapes for a model of several inputs): uniform in [-1, 1), in [0, 255) with `pixels`,
    or with `tokens` token ids below TOKENS (an int32 input, kept)."""
    rng = np.random.default_rng(7)
    shapes = shape if isinstance(shape, list) else [shape]
    low, high = (0.0, 255.0) if pixels else (-1.0, 1.0)

    def calibration():
        for _ in range(64):
            if tokens:
                yield [rng.integers(0, TOKENS, (1,) + shape).astype(np.int32)]
            else:
                yield [rng.uniform(low, high, (1,) + s).astype(np.float32) for s in shapes]

    converter = tf.lite.TFLiteConverter.from_keras_model(model)
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.representative_dataset = calibration
    ops = tf.lite.OpsSet
    converter.target_spec.supported_ops = [
        ops.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8 if int16 else ops.TFLITE_BUILTINS_INT8
    ]
    if io_type is not None:
        if not tokens:
            converter.inference_input_type = io_type
        converter.inference_output_type = io_type
    return converter.convert()


def convert_float(model):
    return tf.lite.TFLiteConverter.from_keras_model(model).convert()


def keras_acceptance():
    """The Keras acceptance networks, int8 and float (16x8 where TFLite Micro runs it)."""
    files = {}
    for seed, (name, build, shape, int16) in enumerate(
        (
            ("flatten_cnn", flatten_cnn, (12, 12, 2), True),
            ("dilated", lambda: dilated(1), (15, 15, 3), True),
            ("dilated_chain", lambda: dilated(None), (15, 15, 3), False),
            ("decoder", decoder, (6, 6, 4), False),
            ("attention", attention, (8, 16), False),
            ("conv1d", conv1d, (32, 4), True),
        ),
        start=100,
    ):
        keras.utils.set_random_seed(seed)
        model = build()
        files[f"{name}_int8.tflite"] = convert(model, shape, False, tf.int8)
        if int16:
            files[f"{name}_16x8.tflite"] = convert(model, shape, True, tf.int16)
        files[f"{name}_f32.tflite"] = convert_float(model)
    return files


def zoo():
    """The model-zoo networks in the conversions TFLite Micro runs (`i` int8, `u` int8 with uint8
    input and output, `w` int8 with float32 input and output, `q` 16x8, `f` float32)."""
    files = {}
    for seed, (name, build, shape, kinds) in enumerate(
        (
            ("bilstm", bilstm, (6, 5), "if"),
            ("rnn", rnn, (6, 5), "iq"),
            ("crnn", crnn, (49, 10, 1), "iq"),
            ("transformer", transformer, (8, 16), "i"),
            ("mobilenet_v2", mobilenet_v2, (32, 32, 3), "iqf"),
            ("efficientnet", efficientnet, (24, 24, 3), "iq"),
            ("separable", separable, (16, 16, 3), "i"),
            ("grouped", grouped, (12, 12, 8), "i"),
            ("dense3d", dense3d, (8, 16), "i"),
            ("resize", resize, (6, 6, 4), "if"),
            ("upsample", upsample, (6, 6, 4), "q"),
            ("autoencoder", autoencoder, (64,), "i"),
            ("gesture", gesture, (64, 3), "i"),
            ("text", text, (10,), "i"),
            ("tcn", tcn, (32, 4), "iqf"),
            ("decoder1d", decoder1d, (4, 6), "iqf"),
            ("siamese", siamese, [(8, 8, 2), (8, 8, 2)], "iqf"),
            ("additive", additive, [(6, 8), (5, 8)], "iqf"),
            ("unrolled_lstm", unrolled_lstm, (6, 5), "iq"),
            ("ds_cnn_bn", ds_cnn_bn, (49, 10, 1), "iq"),
            ("preprocess", preprocess, (16, 16, 3), "uiq"),
            ("heads", heads, (10, 10, 3), "if"),
            ("video", video, (4, 8, 8, 2), "iqfw"),
            ("bigru", bigru, (4, 5), "iqf"),
            ("causal", causal, (6, 8), "if"),
        ),
        start=200,
    ):
        keras.utils.set_random_seed(seed)
        model = build()
        tokens, pixels = name == "text", name == "preprocess"
        for kind in kinds:
            if kind == "f":
                files[f"{name}_f32.tflite"] = convert_float(model)
            else:
                suffix, int16, io_type = {"i": ("int8", False, tf.int8), "u": ("uint8", False, tf.uint8),
                                          "w": ("floatio_int8", False, None),
                                          "q": ("16x8", True, tf.int16)}[kind]
                files[f"{name}_{suffix}.tflite"] = convert(model, shape, int16, io_type, tokens, pixels)
    return files


def svdf_keyword():
    """An int8 SVDF keyword-spotting network, written directly with TFLite's flatbuffer schema (no
    Keras layer exports SVDF): a 40-feature frame, SVDF (rank 2, 32 units, memory 10, ReLU) and
    SVDF (rank 1, 32 units, memory 8, ReLU), both with int16 state and time weights as in TFLite
    Micro's keyword models, fully connected to 12 classes, softmax. Seeded random weights."""
    import flatbuffers
    from tensorflow.lite.python import schema_py_generated as fb

    rng = np.random.default_rng(27)
    tensors, buffers, operators = [], [fb.BufferT()], []
    codes = [fb.BuiltinOperator.SVDF, fb.BuiltinOperator.FULLY_CONNECTED, fb.BuiltinOperator.SOFTMAX]

    def tensor(name, shape, kind, scale, zero_point=0, data=None, variable=False):
        t = fb.TensorT()
        t.name, t.shape, t.type, t.isVariable = name, list(shape), kind, variable
        t.quantization = fb.QuantizationParametersT()
        t.quantization.scale, t.quantization.zeroPoint = [scale], [zero_point]
        t.buffer = 0
        if data is not None:
            buffer = fb.BufferT()
            buffer.data = np.frombuffer(data.tobytes(), np.uint8).tolist()
            t.buffer = len(buffers)
            buffers.append(buffer)
        tensors.append(t)
        return len(tensors) - 1

    def random(kind, shape, reach=None):
        info = np.iinfo(kind)
        low, high = (info.min, info.max) if reach is None else (-reach, reach)
        return rng.integers(low, high + 1, shape).astype(kind)

    def op(code, inputs, outputs, options_type, options):
        o = fb.OperatorT()
        o.opcodeIndex, o.inputs, o.outputs = codes.index(code), inputs, outputs
        o.builtinOptionsType, o.builtinOptions = options_type, options
        operators.append(o)

    def svdf(name, x, x_scale, inputs, units, rank, memory, state_scale, out):
        filters = units * rank
        weights_time_scale = 1.0 / 32768
        feature = tensor(f"{name}/weights_feature", (filters, inputs), fb.TensorType.INT8, 1.0 / 128,
                         data=random(np.int8, (filters, inputs)))
        time = tensor(f"{name}/weights_time", (filters, memory), fb.TensorType.INT16, weights_time_scale,
                      data=random(np.int16, (filters, memory)))
        bias_scale = state_scale * weights_time_scale
        bias = tensor(f"{name}/bias", (units,), fb.TensorType.INT32, bias_scale,
                      data=random(np.int32, (units,), int(0.5 / bias_scale)))
        state = tensor(f"{name}/state", (1, filters * memory), fb.TensorType.INT16, state_scale, variable=True)
        y = tensor(name, (1, units), fb.TensorType.INT8, out[0], out[1])
        options = fb.SVDFOptionsT()
        options.rank, options.fusedActivationFunction = rank, fb.ActivationFunctionType.RELU
        op(fb.BuiltinOperator.SVDF, [x, feature, time, bias, state], [y], fb.BuiltinOptions.SVDFOptions, options)
        return y

    x = tensor("features", (1, 40), fb.TensorType.INT8, 1.0 / 64, -3)
    h1 = svdf("svdf_1", x, 1.0 / 64, 40, 32, 2, 10, 1.0 / 4096, (1.0 / 4, -128))
    h2 = svdf("svdf_2", h1, 1.0 / 4, 32, 32, 1, 8, 1.0 / 512, (1.0, -128))
    weights = tensor("dense/weights", (12, 32), fb.TensorType.INT8, 1.0 / 128, data=random(np.int8, (12, 32)))
    bias = tensor("dense/bias", (12,), fb.TensorType.INT32, 1.0 / 128, data=random(np.int32, (12,), 1024))
    logits = tensor("logits", (1, 12), fb.TensorType.INT8, 2.0, 0)
    op(fb.BuiltinOperator.FULLY_CONNECTED, [h2, weights, bias], [logits], fb.BuiltinOptions.FullyConnectedOptions,
       fb.FullyConnectedOptionsT())
    probabilities = tensor("probabilities", (1, 12), fb.TensorType.INT8, 1.0 / 256, -128)
    softmax = fb.SoftmaxOptionsT()
    softmax.beta = 1.0
    op(fb.BuiltinOperator.SOFTMAX, [logits], [probabilities], fb.BuiltinOptions.SoftmaxOptions, softmax)

    graph = fb.SubGraphT()
    graph.tensors, graph.inputs, graph.outputs, graph.operators = tensors, [x], [probabilities], operators
    graph.name = "main"
    model = fb.ModelT()
    model.version, model.description, model.subgraphs, model.buffers = 3, "svdf keyword", [graph], buffers
    model.operatorCodes = []
    for code in codes:
        c = fb.OperatorCodeT()
        c.builtinCode, c.deprecatedBuiltinCode, c.version = code, min(code, 127), 1
        model.operatorCodes.append(c)
    builder = flatbuffers.Builder(0)
    builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


def convert_function(function, module=None, int8=False):
    """A `tf.function` of one `[4]` float input, converted from its concrete function; with
    `int8`, full-integer int8 (int8 input and output) calibrated on seeded inputs in [-1, 1)."""
    concrete = function.get_concrete_function(tf.TensorSpec([4], tf.float32))
    converter = tf.lite.TFLiteConverter.from_concrete_functions([concrete], module)
    if int8:
        rng = np.random.default_rng(17)

        def calibration():
            for _ in range(64):
                yield [rng.uniform(-1.0, 1.0, (4,)).astype(np.float32)]

        converter.optimizations = [tf.lite.Optimize.DEFAULT]
        converter.representative_dataset = calibration
        converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        converter.inference_input_type = tf.int8
        converter.inference_output_type = tf.int8
    return converter.convert()


@tf.function
def cond_function(x):
    return tf.cond(tf.reduce_sum(x) > 0.0, lambda: tf.nn.relu(x) * 2.0, lambda: tf.tanh(x) - 1.0)


@tf.function
def while_function(x):
    def cond(i, y):
        return tf.logical_and(i < 6.0, tf.reduce_sum(y) < 10.0)

    def body(i, y):
        return i + 1.0, y * 1.5 + 0.25

    # A float counter: mc's ADD takes no int32.
    i, y = tf.while_loop(cond, body, [tf.constant(0.0), x])
    return y, i


@tf.function
def swap_function(x):
    def cond(i, a, b, s):
        return i < 5.0

    def body(i, a, b, s):
        # `a, b = b, a`: each carried value yielded in the other's place; `s` sees the order.
        return i + 1.0, b, a, s * 0.5 + a - b

    _, a, b, s = tf.while_loop(cond, body, [tf.constant(0.0), x, tf.tanh(x) * 0.5, tf.zeros([4])])
    return s, a * b


class Accumulator(tf.Module):
    """A variable updated per call: `v = v * 0.5 + x`, returning `v + 1`."""

    def __init__(self):
        self.v = tf.Variable(tf.zeros([4]))

    @tf.function
    def __call__(self, x):
        self.v.assign(self.v * 0.5 + x)
        return self.v.read_value() + 1.0


class BranchAccumulator(tf.Module):
    """A variable assigned in one branch of a `tf.cond` and read before and after it:
    `v += x` when `sum(x) > 0`, returning `before + after + (x * 2 or x - 1)`."""

    def __init__(self):
        self.v = tf.Variable(tf.zeros([4]))

    @tf.function
    def __call__(self, x):
        before = self.v.read_value()

        def accumulate():
            self.v.assign_add(x)
            return x * 2.0

        y = tf.cond(tf.reduce_sum(x) > 0.0, accumulate, lambda: x - 1.0)
        return before + self.v.read_value() + y


def control_flow():
    accumulator = Accumulator()
    branch_accumulator = BranchAccumulator()
    return {
        "cond_f32.tflite": convert_function(cond_function),
        "while_f32.tflite": convert_function(while_function),
        "variable_f32.tflite": convert_function(accumulator.__call__, accumulator),
        "cond_int8.tflite": convert_function(cond_function, int8=True),
        "while_int8.tflite": convert_function(while_function, int8=True),
        "cond_variable_f32.tflite": convert_function(branch_accumulator.__call__, branch_accumulator),
        "while_swap_f32.tflite": convert_function(swap_function),
        "while_swap_int8.tflite": convert_function(swap_function, int8=True),
    }


def tflite_reference(data, seed):
    """A seeded float input and TensorFlow Lite's reference-kernel output for the model `data`,
    as raw little-endian bytes: for dilated_chain_f32, whose dynamic batch TFLite Micro computes
    with the converter's placeholder shapes (a wrong result), mc is checked against TF Lite."""
    it = tf.lite.Interpreter(
        model_content=data, experimental_op_resolver_type=tf.lite.experimental.OpResolverType.BUILTIN_REF
    )
    it.allocate_tensors()
    detail = it.get_input_details()[0]
    x = np.random.default_rng(seed).uniform(-1, 1, detail["shape"]).astype(np.float32)
    it.set_tensor(detail["index"], x)
    it.invoke()
    return x.tobytes() + it.get_tensor(it.get_output_details()[0]["index"]).tobytes()


def main():
    out = sys.argv[1]
    keras.utils.set_random_seed(1)
    kws = ds_cnn()
    files = {
        "ds_cnn_int8.tflite": convert(kws, (49, 10, 1), False, tf.int8),
        "ds_cnn_16x8.tflite": convert(kws, (49, 10, 1), True, tf.int16),
        "mixed_16x8.tflite": convert(mixed(), (16, 16, 3), True, None),
        "mobilenet_v3_int8.tflite": convert(mobilenet_v3(), (32, 32, 3), False, tf.int8),
        "audio_16x8.tflite": convert(audio(), (40, 16, 1), True, tf.int16),
        "lstm_int8.tflite": convert(lstm(), (6, 5), False, tf.int8),
    }
    files.update(keras_acceptance())
    files.update(zoo())
    files["svdf_keyword_int8.tflite"] = svdf_keyword()
    files["dilated_chain_f32.reference.bin"] = tflite_reference(files["dilated_chain_f32.tflite"], 7)
    files.update(control_flow())
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
