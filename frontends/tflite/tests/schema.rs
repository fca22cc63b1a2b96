//! `schema/tflite_subset.fbs` must be a layout-compatible subset of upstream's
//! schema: every enum value, union member index, and table field (vtable
//! slot, wire type, default) it declares must be upstream's. The subset is
//! read as planus reads it (planus-translation, the same front end
//! `build.rs` uses); upstream's facts come from the flatc-generated Python
//! reader in the `tflite-micro` package (`schema_facts.py`).

mod common;

use std::collections::BTreeSet;
use std::process::Command;

use planus_types::ast::{FloatType, IntegerType};
use planus_types::intermediate::{AssignMode, DeclarationKind, Declarations, Literal, SimpleType, TypeKind};

const SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/tflite_subset.fbs");

/// `stride_w` -> `StrideW`: flatc's Python accessor names.
fn camel(field: &str) -> String {
    field
        .split('_')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
        })
        .collect()
}

fn integer(t: &IntegerType) -> &'static str {
    match t {
        IntegerType::U8 => "u8",
        IntegerType::U16 => "u16",
        IntegerType::U32 => "u32",
        IntegerType::U64 => "u64",
        IntegerType::I8 => "i8",
        IntegerType::I16 => "i16",
        IntegerType::I32 => "i32",
        IntegerType::I64 => "i64",
    }
}

/// The wire kind of a type, in `schema_facts.py`'s words.
fn kind(decls: &Declarations, t: &TypeKind) -> String {
    match t {
        TypeKind::Table(_) => "table".into(),
        TypeKind::Union(_) => "union".into(),
        TypeKind::String => "string".into(),
        TypeKind::Vector(inner) => match &inner.kind {
            TypeKind::Table(_) => "[table]".into(),
            TypeKind::String => "[string]".into(),
            other => format!("[{}]", kind(decls, other)),
        },
        TypeKind::Array(..) => "array".into(),
        TypeKind::SimpleType(s) => match s {
            SimpleType::Bool => "bool".into(),
            SimpleType::Integer(i) => integer(i).into(),
            SimpleType::Float(FloatType::F32) => "f32".into(),
            SimpleType::Float(FloatType::F64) => "f64".into(),
            SimpleType::Enum(index) => match &decls.get_declaration(*index).1.kind {
                DeclarationKind::Enum(e) => integer(&e.type_).into(),
                _ => unreachable!("an enum type names an enum"),
            },
            SimpleType::Struct(_) => "struct".into(),
        },
    }
}

fn literal(l: &Literal) -> String {
    match l {
        Literal::EnumTag { value, .. } => value.to_string(),
        other => other.to_string(),
    }
}

/// The subset's facts, in `schema_facts.py`'s format.
fn subset_facts() -> Vec<String> {
    let decls = planus_translation::translate_files(&[SCHEMA]).expect("the schema subset translates");
    let mut facts = Vec::new();
    for (path, decl) in &decls.declarations {
        let name = path.0.last().expect("a declaration has a name");
        match &decl.kind {
            DeclarationKind::Enum(e) => {
                for (value, variant) in &e.variants {
                    facts.push(format!("enum {name} {} {value}", variant.name));
                }
            }
            DeclarationKind::Union(u) => {
                for (i, member) in u.variants.keys().enumerate() {
                    facts.push(format!("enum {name} {member} {}", i + 1));
                }
            }
            DeclarationKind::Table(t) => {
                for (field, f) in &t.fields {
                    if f.deprecated {
                        continue; // flatc generates no accessor for it
                    }
                    let slot = f.vtable_index;
                    let k = kind(&decls, &f.type_.kind);
                    let field = camel(field);
                    if k == "union" {
                        facts.push(format!("field {name} {field}Type slot={slot} kind=u8 default=0"));
                        facts.push(format!("field {name} {field} slot={} kind=union", slot + 1));
                        continue;
                    }
                    let line = format!("field {name} {field} slot={slot} kind={k}");
                    facts.push(match &f.assign_mode {
                        AssignMode::HasDefault(d) if f.type_.kind.is_scalar() => {
                            format!("{line} default={}", literal(d))
                        }
                        _ => line,
                    });
                }
            }
            DeclarationKind::Struct(_) | DeclarationKind::RpcService(_) => facts.push(format!("unexpected {name}")),
        }
    }
    facts
}

#[test]
fn subset_is_consistent_with_upstream_schema() {
    let ours = subset_facts();
    assert!(ours.len() > 250, "only {} facts read from the subset", ours.len());

    let python = common::venv_python();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/schema_facts.py");
    let output = Command::new(&python).arg(script).output().expect("schema_facts.py runs");
    assert!(output.status.success(), "schema_facts.py failed:\n{}", String::from_utf8_lossy(&output.stderr));
    let upstream: BTreeSet<String> = String::from_utf8(output.stdout).unwrap().lines().map(str::to_string).collect();

    let missing: Vec<&String> = ours.iter().filter(|f| !upstream.contains(*f)).collect();
    assert!(
        missing.is_empty(),
        "facts of schema/tflite_subset.fbs that upstream's schema does not have:\n  {}",
        missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n  ")
    );
    eprintln!("{} facts of the subset agree with upstream's schema", ours.len());
}

#[test]
fn field_names_become_python_accessors() {
    assert_eq!(camel("dilation_w_factor"), "DilationWFactor");
    assert_eq!(camel("type"), "Type");
    assert_eq!(camel("builtin_options"), "BuiltinOptions");
}

#[test]
fn every_builtin_operator_is_named_as_upstream_names_it() {
    let python = common::venv_python();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/schema_facts.py");
    let output = Command::new(&python).arg(script).output().expect("schema_facts.py runs");
    assert!(output.status.success(), "schema_facts.py failed:\n{}", String::from_utf8_lossy(&output.stderr));
    let upstream: BTreeSet<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter(|line| line.starts_with("enum BuiltinOperator "))
        .map(str::to_string)
        .collect();
    let ours: BTreeSet<String> = mc_tflite::BUILTIN_OPERATOR_NAMES
        .iter()
        .enumerate()
        .map(|(code, name)| format!("enum BuiltinOperator {name} {code}"))
        .collect();
    assert_eq!(ours, upstream, "BUILTIN_OPERATOR_NAMES differs from upstream's BuiltinOperator enum");
    assert_eq!(mc_tflite::builtin_operator_name(98), Some("LEAKY_RELU"));
    assert_eq!(mc_tflite::builtin_operator_name(-1), None);
}
