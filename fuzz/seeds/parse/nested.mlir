"builtin.module"() ({
  "t.outer"() ({
    "t.mid"() ({
    ^bb0(%a: index, %b: index):
      %c = "t.inner"(%a, %b) {k = {x = {y = [[[]]]}}} : (index, index) -> index
      "t.yield"(%c) : (index) -> ()
    }) {sym_name = "m"} : () -> ()
  }) : () -> ()
}) {sym_name = "top"} : () -> ()
