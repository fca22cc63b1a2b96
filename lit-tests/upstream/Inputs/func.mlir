// Func dialect: declarations, visibility, argument and result attributes, calls, indirect
// calls, constants, multiple results, nested symbols.
func.func private @decl(i32, f32) -> (i64, tensor<?xf32>)
func.func nested @nested_decl(memref<4xf32>)
func.func public @pub(%a: i32 {llvm.noalias, test.attr = 3 : i64}, %b: f32 {test.name = "b"}) -> (i32 {test.res}, f32) attributes {test.fn = unit, sym_test} {
  return %a, %b : i32, f32
}

// -----

func.func @calls(%a: i32) -> i32 {
  %0:2 = call @two(%a) : (i32) -> (i32, i32)
  %f = constant @two : (i32) -> (i32, i32)
  %1:2 = call_indirect %f(%a) : (i32) -> (i32, i32)
  %2 = func.call @id(%0#1) {no_inline} : (i32) -> i32
  return %2 : i32
}
func.func private @two(i32) -> (i32, i32)
func.func private @id(i32) -> i32

// -----

func.func @no_results() {
  return
}
func.func @empty_args() -> () attributes {llvm.emit_c_interface} {
  return
}

// -----

func.func @blocks(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  return %x : i32
^bb2:
  %z = arith.constant 0 : i32
  cf.br ^bb1(%z : i32)
}

// -----

module @named attributes {test.module} {
  func.func @inner() -> index {
    %c = arith.constant 42 : index
    return %c : index
  }
}

// -----

func.func @variadic_types(%arg0: tuple<i32, f32>, %arg1: complex<f64>, %arg2: none, %arg3: !test.opaque<"x">, %arg4: vector<[4]x8xi1>) -> (tuple<>, tuple<tuple<i8>>) {
  %0 = "test.op"() : () -> tuple<>
  %1 = "test.op"() : () -> tuple<tuple<i8>>
  return %0, %1 : tuple<>, tuple<tuple<i8>>
}

// -----

func.func @func_with_loc(%arg0: i32 loc("a.mlir":1:2)) -> i32 {
  return %arg0 : i32 loc(fused["x", "y"])
} loc(callsite("f" at "g.mlir":3:4))
