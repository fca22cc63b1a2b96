#!/usr/bin/env python3
"""Prints a TFLite file in the line format of mc-tflite's model test.

The independent half of the cross-check in tests/models.rs: this reads the
file with the flatbuffers reader generated from upstream's full schema that
the `tflite-micro` PyPI package ships, the Rust half reads it with mc-tflite,
and the test compares the two dumps line by line.

Usage: dump_tflite.py MODEL.tflite
"""

import struct
import sys

from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as fb

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK = (1 << 64) - 1


def fnv(data):
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & MASK
    return f"{h:016x}"


def names(enum_class):
    return {v: k for k, v in vars(enum_class).items() if not k.startswith("_")}


OPERATOR_NAMES = names(fb.BuiltinOperator)
TYPE_NAMES = names(fb.TensorType)
OPTIONS_NAMES = names(fb.BuiltinOptions)

# Fields of the option tables mc reads, in schema order, as the generated
# Python accessors spell them. Floats print as their IEEE bits.
OPTION_FIELDS = {
    "Conv2DOptions": ["Padding", "StrideW", "StrideH", "FusedActivationFunction",
                      "DilationWFactor", "DilationHFactor", "QuantizedBiasType"],
    "DepthwiseConv2DOptions": ["Padding", "StrideW", "StrideH", "DepthMultiplier",
                               "FusedActivationFunction", "DilationWFactor", "DilationHFactor"],
    "Pool2DOptions": ["Padding", "StrideW", "StrideH", "FilterWidth", "FilterHeight",
                      "FusedActivationFunction"],
    "FullyConnectedOptions": ["FusedActivationFunction", "WeightsFormat", "KeepNumDims",
                              "AsymmetricQuantizeInputs", "QuantizedBiasType"],
    "SoftmaxOptions": ["Beta"],
    "ConcatenationOptions": ["Axis", "FusedActivationFunction"],
    "AddOptions": ["FusedActivationFunction", "PotScaleInt16"],
    "SubOptions": ["FusedActivationFunction", "PotScaleInt16"],
    "MulOptions": ["FusedActivationFunction"],
    "ReshapeOptions": ["NewShape"],
    "ReducerOptions": ["KeepDims"],
    "StridedSliceOptions": ["BeginMask", "EndMask", "EllipsisMask", "NewAxisMask",
                            "ShrinkAxisMask", "Offset"],
    "CallOnceOptions": ["InitSubgraphIndex"],
    "VarHandleOptions": ["Container", "SharedName"],
    "PadOptions": [], "TransposeOptions": [], "DequantizeOptions": [], "QuantizeOptions": [],
    "ReadVariableOptions": [], "AssignVariableOptions": [],
}


def value(v):
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, float):
        return f"{struct.unpack('<I', struct.pack('<f', v))[0]:08x}"
    if isinstance(v, bytes):
        return v.decode()
    if v is None:
        return "-"
    return str(v)


def ints(vector_accessor, length):
    return "[" + ",".join(str(vector_accessor(i)) for i in range(length)) + "]"


def options(op):
    kind = op.BuiltinOptionsType()
    if kind == 0:
        return "none"
    name = OPTIONS_NAMES.get(kind, f"union member {kind}")
    fields = OPTION_FIELDS.get(name)
    if fields is None:
        return name
    table = op.BuiltinOptions()
    obj = getattr(fb, name)()
    obj.Init(table.Bytes, table.Pos)
    parts = []
    for field in fields:
        if field == "NewShape":
            parts.append("-" if obj.NewShapeIsNone() else ints(obj.NewShape, obj.NewShapeLength()))
        else:
            parts.append(value(getattr(obj, field)()))
    return name + "{" + ",".join(parts) + "}"


def builtin_code(code):
    # As TFLite's GetBuiltinCode: the larger of the two fields.
    return max(code.BuiltinCode(), code.DeprecatedBuiltinCode())


def main(path):
    buf = bytearray(open(path, "rb").read())
    model = fb.Model.GetRootAs(buf, 0)
    buffers = []
    for b in range(model.BuffersLength()):
        buffer = model.Buffers(b)
        if buffer.Offset() > 1:
            buffers.append(bytes(buf[buffer.Offset():buffer.Offset() + buffer.Size()]))
        elif buffer.DataIsNone():
            buffers.append(b"")
        else:
            buffers.append(buffer.DataAsNumpy().tobytes())
    out = []
    out.append(f"model version={model.Version()} subgraphs={model.SubgraphsLength()} "
               f"opcodes={model.OperatorCodesLength()} buffers={model.BuffersLength()}")
    opnames = []
    for c in range(model.OperatorCodesLength()):
        code = model.OperatorCodes(c)
        n = builtin_code(code)
        name = OPERATOR_NAMES.get(n, f"builtin {n}")
        if n == fb.BuiltinOperator.CUSTOM:
            name = "custom " + code.CustomCode().decode()
        opnames.append(name)
        out.append(f"opcode {c} {name} v{code.Version()}")
    for s in range(model.SubgraphsLength()):
        sg = model.Subgraphs(s)
        name = sg.Name().decode() if sg.Name() is not None else "-"
        out.append(f"subgraph {s} name={name} tensors={sg.TensorsLength()} operators={sg.OperatorsLength()} "
                   f"inputs={ints(sg.Inputs, sg.InputsLength())} outputs={ints(sg.Outputs, sg.OutputsLength())}")
        for t in range(sg.TensorsLength()):
            tensor = sg.Tensors(t)
            data = buffers[tensor.Buffer()]
            q = tensor.Quantization()
            quant = "none"
            if q is not None and q.ScaleLength() > 0:
                kind = "tensor" if q.ScaleLength() == 1 else f"axis:{q.QuantizedDimension()}"
                scales = struct.pack(f"<{q.ScaleLength()}f", *[q.Scale(i) for i in range(q.ScaleLength())])
                zps = struct.pack(f"<{q.ZeroPointLength()}q", *[q.ZeroPoint(i) for i in range(q.ZeroPointLength())])
                quant = f"{kind} scales={q.ScaleLength()}:{fnv(scales)} zps={q.ZeroPointLength()}:{fnv(zps)}"
            out.append(f"tensor {t} name=\"{(tensor.Name() or b'').decode()}\" type={TYPE_NAMES[tensor.Type()]} "
                       f"shape={ints(tensor.Shape, tensor.ShapeLength())} buffer={tensor.Buffer()} "
                       f"data={f'{len(data)}:{fnv(data)}' if data else '-'} quant={quant} "
                       f"variable={int(tensor.IsVariable())}")
        for o in range(sg.OperatorsLength()):
            op = sg.Operators(o)
            out.append(f"op {o} {opnames[op.OpcodeIndex()]} inputs={ints(op.Inputs, op.InputsLength())} "
                       f"outputs={ints(op.Outputs, op.OutputsLength())} options={options(op)}")
    counts = {}
    for s in range(model.SubgraphsLength()):
        sg = model.Subgraphs(s)
        for o in range(sg.OperatorsLength()):
            name = opnames[sg.Operators(o).OpcodeIndex()]
            counts[name] = counts.get(name, 0) + 1
    for name in sorted(counts):
        out.append(f"count {name} {counts[name]}")
    print("\n".join(out))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
