"t.w"() {r = dense_resource<blob> : tensor<3xi8>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob: "0x04000000010203",
      unused: "0x0400000009"
    }
  }
#-}
