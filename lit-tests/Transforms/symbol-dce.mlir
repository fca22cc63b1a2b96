// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --symbol-dce | FileCheck %s
// Same result as mlir-opt's symbol-dce on every case here.

// Public symbols stay; private ones stay only while something live references them, directly
// or through a chain of calls; unused private functions, declarations and cycles go.
// CHECK-LABEL: "builtin.module"() ({
// CHECK-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "public_root"}> ({
// CHECK-NEXT:      "func.call"() <{callee = @used}> : () -> ()
// CHECK-NEXT:      "func.return"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "used", sym_visibility = "private"}> ({
// CHECK-NEXT:      "func.call"() <{callee = @chained}> : () -> ()
// CHECK-NEXT:      "func.return"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "chained", sym_visibility = "private"}> ({
// CHECK-NEXT:      "func.return"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "public_unused"}> ({
// CHECK-NEXT:      "func.return"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:  }) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "public_root"}> ({
  "func.call"() <{callee = @used}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "used", sym_visibility = "private"}> ({
  "func.call"() <{callee = @chained}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "chained", sym_visibility = "private"}> ({
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "public_unused"}> ({
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "dead_chain_head", sym_visibility = "private"}> ({
  "func.call"() <{callee = @dead_chain_tail}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "dead_chain_tail", sym_visibility = "private"}> ({
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "cycle_a", sym_visibility = "private"}> ({
  "func.call"() <{callee = @cycle_b}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "cycle_b", sym_visibility = "private"}> ({
  "func.call"() <{callee = @cycle_a}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "recursive", sym_visibility = "private"}> ({
  "func.call"() <{callee = @recursive}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "declaration", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "nested_visibility", sym_visibility = "nested"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Any live op's reference counts, in attributes (nested in arrays and dictionaries too) or
// properties (upstream ignores the properties of unregistered ops and erases @by_prop);
// references from dead symbols do not.
// CHECK-LABEL: "builtin.module"() ({
// CHECK-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "by_attr", sym_visibility = "private"}>
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "by_array", sym_visibility = "private"}>
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "by_dict", sym_visibility = "private"}>
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "by_prop", sym_visibility = "private"}>
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    "test.refs"() <{p = @by_prop}> {a = @by_attr, arr = [1 : i64, [@by_array]], d = {k = @by_dict}} : () -> ()
// CHECK-NEXT:  }) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "by_attr", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "by_array", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "by_dict", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "by_prop", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "by_dead_only", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "dead_referrer", sym_visibility = "private"}> ({
  "test.refs"() {a = @by_dead_only} : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
"test.refs"() <{p = @by_prop}> {a = @by_attr, arr = [1, [@by_array]], d = {k = @by_dict}} : () -> ()

// -----

// Nested symbol tables: a nested reference keeps each symbol on its path; dead private symbols
// inside live tables go too; a dead private table goes with everything in it.
// CHECK-LABEL: "builtin.module"() ({
// CHECK-NEXT:    "builtin.module"() <{sym_name = "public_inner"}> ({
// CHECK-NEXT:      "func.func"() <{function_type = () -> (), sym_name = "inner_public"}> ({
// CHECK:         "builtin.module"() <{sym_name = "private_inner", sym_visibility = "private"}> ({
// CHECK-NEXT:      "func.func"() <{function_type = () -> (), sym_name = "target", sym_visibility = "nested"}> ({
// CHECK:         "test.ref"() {ref = @private_inner::@target} : () -> ()
// CHECK-NOT:     sym_name
// CHECK:       }) : () -> ()
"builtin.module"() <{sym_name = "public_inner"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "inner_public"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "inner_dead", sym_visibility = "private"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"builtin.module"() <{sym_name = "private_inner", sym_visibility = "private"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "target", sym_visibility = "nested"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "unused", sym_visibility = "private"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"builtin.module"() <{sym_name = "dead_inner", sym_visibility = "private"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "in_dead_public"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"test.ref"() {ref = @private_inner::@target} : () -> ()

// -----

// A reference resolves in the nearest symbol table only, as in MLIR: @shadowed and
// @outer_target used in @inner do not keep the outer private functions alive.
// CHECK-LABEL: "builtin.module"() ({
// CHECK-NEXT:    "builtin.module"() <{sym_name = "inner"}> ({
// CHECK-NEXT:      "func.func"() <{function_type = () -> (), sym_name = "caller"}> ({
// CHECK-NEXT:        "func.call"() <{callee = @shadowed}> : () -> ()
// CHECK-NEXT:        "test.ref"() {r = @outer_target} : () -> ()
// CHECK:           "func.func"() <{function_type = () -> (), sym_name = "shadowed", sym_visibility = "private"}>
// CHECK-NOT:     sym_name
"func.func"() <{function_type = () -> (), sym_name = "outer_target", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "shadowed", sym_visibility = "private"}> ({
}) : () -> ()
"builtin.module"() <{sym_name = "inner"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "caller"}> ({
    "func.call"() <{callee = @shadowed}> : () -> ()
    "test.ref"() {r = @outer_target} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "shadowed", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

// -----

// A module may end up empty.
// CHECK-LABEL: "builtin.module"() ({
// CHECK-NEXT:  ^bb0:
// CHECK-NEXT:  }) : () -> ()

// Run on functions, which are not symbol tables, the pass fails.
// RUN: not mc-opt --print-generic %s --split-input-file --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=NOT-TABLE
// NOT-TABLE: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table
"func.func"() <{function_type = () -> (), sym_name = "lonely", sym_visibility = "private"}> ({
  "func.return"() : () -> ()
}) : () -> ()
