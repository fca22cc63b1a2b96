//! `lib<prefix>.a`: the model's object as a GNU `ar` archive with the symbol index the GNU and
//! LLVM linkers need, written in-process by `ar_archive_writer` (a Rust port of LLVM's archive
//! writer, as `llvm-ar rcs` writes it: deterministic, no timestamps or owners).

use ar_archive_writer::{ArchiveKind, DEFAULT_OBJECT_READER, NewArchiveMember, write_archive_to_stream};
use std::io::Cursor;

/// The archive of one object, `member` (its name in the archive, `<prefix>.o`).
pub fn archive(member: &str, object: &[u8]) -> Result<Vec<u8>, String> {
    let members = [NewArchiveMember::new(object, &DEFAULT_OBJECT_READER, member.to_string())];
    let mut bytes = Cursor::new(Vec::new());
    write_archive_to_stream(&mut bytes, &members, ArchiveKind::Gnu, false, None)
        .map_err(|e| format!("cannot archive {member}: {e}"))?;
    Ok(bytes.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_archive_holds_the_object_and_indexes_its_symbols() {
        // The smallest ELF relocatable object that defines a global symbol, written by LLVM.
        let ctx = mc_backend_llvm::inkwell::context::Context::create();
        let module = ctx.create_module("m");
        let function = module.add_function("kws_model_run", ctx.void_type().fn_type(&[], false), None);
        let builder = ctx.create_builder();
        builder.position_at_end(ctx.append_basic_block(function, "entry"));
        builder.build_return(None).unwrap();
        let spec = mc_backend_llvm::lookup("cortex-m4").unwrap();
        let machine = spec.machine(mc_backend_llvm::OptLevel::O2).unwrap();
        let object = mc_backend_llvm::emit(&module, &machine, mc_backend_llvm::EmitKind::Object).unwrap();

        let bytes = archive("kws.o", &object).unwrap();
        assert!(bytes.starts_with(b"!<arch>\n"));
        let parsed = object::read::archive::ArchiveFile::parse(bytes.as_slice()).unwrap();
        let members: Vec<_> = parsed.members().map(|m| m.unwrap()).collect();
        assert_eq!(members.len(), 1);
        assert_eq!(members[0].name(), b"kws.o");
        assert_eq!(members[0].data(bytes.as_slice()).unwrap(), object.as_slice());
        let symbols: Vec<Vec<u8>> =
            parsed.symbols().unwrap().expect("a symbol index").map(|s| s.unwrap().name().to_vec()).collect();
        assert_eq!(symbols, vec![b"kws_model_run".to_vec()]);
    }
}
