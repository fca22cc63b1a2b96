// Aliases named inside the text of dialect attributes and types mc does not know stay in that
// text, so mc prints their definitions (and those of the aliases they name) before the IR: a
// parser that reads the dialect's text (upstream's, for a registered dialect) finds them.
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | FileCheck %s
// Reading its own output, mc finds the aliases again and prints the same text.
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | mc-opt --allow-unregistered-dialect --print-generic | FileCheck %s
// RUN: mc-opt %s --allow-unregistered-dialect | FileCheck %s --check-prefix=CUSTOM

// An alias no dialect text names is expanded where it is used and not printed.
#expanded = 7 : i32
#inner = #foo.inner<2>
#outer = #foo.outer<#inner>
!t = !foo.t<i8>

// CHECK-NOT: #expanded
// CHECK: #inner = #foo.inner<2>
// CHECK-NEXT: #outer = #foo.outer<#inner>
// CHECK-NEXT: !t = !foo.t<i8>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: "foo.op"() {a = #foo.attr<#outer>, b = 7 : i32, c = "#expanded"} : () -> !foo.wrap<!t>
// CUSTOM: #outer = #foo.outer<#inner>
// CUSTOM: module {
"foo.op"() {a = #foo.attr<#outer>, b = #expanded, c = "#expanded"} : () -> !foo.wrap<!t>
