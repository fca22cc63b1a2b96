%0 = "t.x"() {a = #d.attr<"s" : i32>, b = #d<foo>, c = !d.t<[1, {a = 2}]>} : () -> !d.type<3 x ? * | "q">
"t.y"(%0) : (!d.type<3 x ? * | "q">) -> ()
