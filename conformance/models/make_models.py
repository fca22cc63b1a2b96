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


def lstm():
    x = keras.Input((6, 5), batch_size=1)
    y = L.LSTM(8, return_sequences=True, **BIAS)(x)
    y = L.LSTM(6, **BIAS)(y)
    return keras.Model(x, L.Dense(4, **BIAS)(y))


def convert(model, shape, int16, io_type):
    rng = np.random.default_rng(7)

    def calibration():
        for _ in range(64):
            yield [rng.uniform(-1.0, 1.0, (1,) + shape).astype(np.float32)]

    converter = tf.lite.TFLiteConverter.from_keras_model(model)
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.representative_dataset = calibration
    ops = tf.lite.OpsSet
    converter.target_spec.supported_ops = [
        ops.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8 if int16 else ops.TFLITE_BUILTINS_INT8
    ]
    if io_type is not None:
        converter.inference_input_type = io_type
        converter.inference_output_type = io_type
    return converter.convert()


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
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
