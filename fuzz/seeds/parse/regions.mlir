"t.region"() ({
^entry(%x: i32):
  "t.br"(%x) [^next] : (i32) -> ()
^next:
  "t.end"() : () -> ()
}, {
^bb0:
}) : () -> ()
