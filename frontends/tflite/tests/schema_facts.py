#!/usr/bin/env python3
"""Prints the layout facts of upstream's TFLite schema, for tests/schema.rs.

Reads the Python reader that flatc generated from upstream's full
schema.fbs, as the `tflite-micro` PyPI package ships it, and prints one line
per fact in the format tests/schema.rs prints for mc's schema subset:

    enum TensorType INT8 9
    union BuiltinOptions Conv2DOptions 1
    field Tensor Type slot=1 kind=i8 default=0

A field's slot is its vtable index ((Offset(N) - 4) / 2); a union field is
two facts, `<Name>Type` (the tag, u8) and `<Name>` (the value).
"""

import inspect
import re

from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as fb

SCALARS = {
    "BoolFlags": "bool", "Int8Flags": "i8", "Uint8Flags": "u8", "Int16Flags": "i16",
    "Uint16Flags": "u16", "Int32Flags": "i32", "Uint32Flags": "u32", "Int64Flags": "i64",
    "Uint64Flags": "u64", "Float32Flags": "f32", "Float64Flags": "f64",
}


def kind(body):
    flags = re.search(r"number_types\.(\w+Flags), (?:o|a) \+", body)
    if "self._tab.Union(" in body:
        return "union"
    if "self._tab.Vector(o)" in body:
        if "self._tab.Indirect(x)" in body:
            return "[table]"
        if "self._tab.String(" in body:
            return "[string]"
        return f"[{SCALARS[flags.group(1)]}]"
    if "self._tab.String(" in body:
        return "string"
    if "self._tab.Indirect(" in body:
        return "table"
    return SCALARS[flags.group(1)]


def default(body, k):
    if k.startswith("[") or k in ("string", "table", "union"):
        return None
    value = re.findall(r"^\s+return (.+)$", body, re.M)[-1].strip()
    return {"False": "false", "True": "true"}.get(value, value)


def main():
    out = []
    for name, cls in vars(fb).items():
        if not inspect.isclass(cls) or cls.__module__ != fb.__name__:
            continue
        if hasattr(cls, "Init"):  # a table
            for method, fn in vars(cls).items():
                if not callable(fn) or method.startswith("_") or method == "Init":
                    continue
                body = inspect.getsource(fn)
                offset = re.search(r"self\._tab\.Offset\((\d+)\)", body)
                if offset is None or re.search(r"(AsNumpy|Length|IsNone)$", method):
                    continue
                k = kind(body)
                line = f"field {name} {method} slot={(int(offset.group(1)) - 4) // 2} kind={k}"
                d = default(body, k)
                out.append(line if d is None else f"{line} default={d}")
        else:  # an enum or union: class attributes
            for variant, value in vars(cls).items():
                if not variant.startswith("_") and isinstance(value, int):
                    out.append(f"enum {name} {variant} {value}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
