"t.graph"() ({
  "t.use"(%later) : (i64) -> ()
  %later = "t.def"() : () -> i64
}) : () -> ()
