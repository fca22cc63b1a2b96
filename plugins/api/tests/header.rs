//! The C header and the Rust ABI cannot drift: a C program compiled with the system `cc` prints
//! the size and alignment of every struct, the offset of every field and every constant of
//! `include/mc_planner.h`; the same facts computed in Rust must match line for line.

use mc_plugin_api::*;
use std::mem::{align_of, offset_of, size_of};
use std::path::Path;
use std::process::Command;

/// For each struct and its fields: the C `printf` lines and the Rust values, from one list.
macro_rules! layout {
    ($($ty:ident { $($field:ident),* })*) => {{
        let mut c = String::new();
        let mut rust = String::new();
        $(
            c.push_str(&format!(
                "printf(\"{0} size %zu align %zu\\n\", sizeof({0}), _Alignof({0}));\n",
                stringify!($ty)
            ));
            rust.push_str(&format!("{} size {} align {}\n", stringify!($ty), size_of::<$ty>(), align_of::<$ty>()));
            $(
                c.push_str(&format!(
                    "printf(\"{0}.{1} offset %zu size %zu\\n\", offsetof({0}, {1}), sizeof((({0} *)0)->{1}));\n",
                    stringify!($ty), stringify!($field)
                ));
                let field_size = {
                    let value: $ty = unsafe { std::mem::zeroed() };
                    size_of_val(&value.$field)
                };
                rust.push_str(&format!(
                    "{}.{} offset {} size {}\n",
                    stringify!($ty), stringify!($field), offset_of!($ty, $field), field_size
                ));
            )*
        )*
        (c, rust)
    }};
}

#[test]
fn the_c_header_matches_the_rust_abi() {
    // `McPlanner` holds a non-null function pointer, which `zeroed` may not produce: its
    // fields are checked through an identical layout with a nullable pointer.
    #[repr(C)]
    #[allow(dead_code)] // read only through offset_of!
    struct McPlannerLayout {
        name: *const std::ffi::c_char,
        plan: Option<McPlanFn>,
    }
    assert_eq!(size_of::<McPlannerLayout>(), size_of::<McPlanner>());
    assert_eq!(offset_of!(McPlannerLayout, plan), offset_of!(McPlanner, plan));
    let (mut c_lines, mut rust_lines) = layout! {
        McBuffer { size, alignment, live_start, live_end }
        McAllowance { output, input, delta, side, reserved }
        McProblem { buffers, buffer_count, allowances, allowance_count, capacity }
        McSolution { offsets, offset_count }
        McPlannerPlugin { abi_version, planner_count, planners }
    };
    c_lines.push_str("printf(\"McPlanner size %zu align %zu\\n\", sizeof(McPlanner), _Alignof(McPlanner));\n");
    c_lines.push_str("printf(\"McPlanner.name offset %zu\\n\", offsetof(McPlanner, name));\n");
    c_lines.push_str("printf(\"McPlanner.plan offset %zu\\n\", offsetof(McPlanner, plan));\n");
    rust_lines.push_str(&format!("McPlanner size {} align {}\n", size_of::<McPlanner>(), align_of::<McPlanner>()));
    rust_lines.push_str(&format!("McPlanner.name offset {}\n", offset_of!(McPlanner, name)));
    rust_lines.push_str(&format!("McPlanner.plan offset {}\n", offset_of!(McPlanner, plan)));
    for (name, value) in [
        ("MC_PLANNER_ABI_VERSION", i64::from(ABI_VERSION)),
        ("MC_STATUS_OK", i64::from(MC_STATUS_OK)),
        ("MC_STATUS_ERROR", i64::from(MC_STATUS_ERROR)),
        ("MC_STATUS_PANIC", i64::from(MC_STATUS_PANIC)),
        ("MC_ALLOWANCE_AT_MOST", i64::from(MC_ALLOWANCE_AT_MOST)),
        ("MC_ALLOWANCE_AT_LEAST", i64::from(MC_ALLOWANCE_AT_LEAST)),
    ] {
        c_lines.push_str(&format!("printf(\"{name} %lld\\n\", (long long){name});\n"));
        rust_lines.push_str(&format!("{name} {value}\n"));
    }
    c_lines.push_str("printf(\"McStatus size %zu\\n\", sizeof(McStatus));\n");
    rust_lines.push_str(&format!("McStatus size {}\n", size_of::<McStatus>()));
    // The registration symbol's name and type, as a declaration the compiler checks.
    let registration =
        format!("McPlannerPlugin const *(*registration)(void) = {REGISTRATION_SYMBOL};\n(void)registration;\n");

    let dir = std::env::temp_dir().join(format!("mc-plugin-api-header-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("layout.c");
    let program = format!(
        "#include <stddef.h>\n#include <stdio.h>\n#include \"mc_planner.h\"\n\
         const McPlannerPlugin *mc_planner_plugin_v1(void) {{ return NULL; }}\n\
         int main(void) {{\n{registration}{c_lines}return 0;\n}}\n"
    );
    std::fs::write(&source, program).unwrap();
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("include");
    let exe = dir.join("layout");
    let status = Command::new("cc")
        .args(["-std=c11", "-Wall", "-Werror", "-I"])
        .arg(&include)
        .arg(&source)
        .arg("-o")
        .arg(&exe)
        .status()
        .expect("the system C compiler `cc` runs");
    assert!(status.success(), "mc_planner.h does not compile");
    let output = Command::new(&exe).output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), rust_lines);
}
