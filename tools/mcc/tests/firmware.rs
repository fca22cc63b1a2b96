//! The example firmware (`examples/firmware`) built by CMake with mc's package: `mc_add_model()`
//! compiles the bundled model with this mcc at build time, the board's GCC links it with the
//! emulator's board support and model harness, and QEMU runs it: the output must be
//! byte-identical to TFLite Micro's, on the Cortex-M4 (built with Ninja) and RV32IMAC (GNU Make).
//! A user's project of the README's five lines shows the rest of `mc_add_model()`: mcc runs
//! again when the model or config changes and only then; a missing model or a failing mcc stops
//! the build with mcc's own error and leaves no library; a firmware built for another CPU or
//! float ABI stops at configure time naming both; the package is found in an install too. The
//! README's plain Makefile lines build and link a Cortex-M4 program.

use mc_conformance::{Case, DType, Rng, Tensor, reference};
use mc_emulator::{Board, harness};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

/// The repository.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// A fresh folder.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("firmware").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The text a command printed, both streams.
fn printed(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// Runs `cmake` with `args`.
fn cmake(args: &[&str]) -> Output {
    Command::new("cmake").args(args).output().expect("cmake is installed by scripts/setup.sh")
}

/// Configures `source` into `build` for the board of `toolchain` with `generator` and this mcc;
/// `extra` are more `-D` options.
fn configure(source: &Path, build: &Path, toolchain: &str, generator: &str, extra: &[String]) -> Output {
    let toolchain = repo().join("examples/firmware/toolchains").join(format!("{toolchain}.cmake"));
    let mut args = vec![
        "-S".to_string(),
        source.display().to_string(),
        "-B".to_string(),
        build.display().to_string(),
        "-G".to_string(),
        generator.to_string(),
        format!("-DCMAKE_TOOLCHAIN_FILE={}", toolchain.display()),
        format!("-DMC_MCC={}", env!("CARGO_BIN_EXE_mcc")),
    ];
    args.extend(extra.iter().cloned());
    cmake(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// The option that finds mc's package in the source tree, as the example firmware's comment says.
fn source_tree_package() -> String {
    format!("-Dmc_DIR={}", repo().join("cmake").display())
}

/// Builds `build`, with one job.
fn build(build: &Path) -> Output {
    cmake(&["--build", &build.display().to_string(), "-j", "1"])
}

fn expect_success(what: &str, output: &Output) {
    assert!(output.status.success(), "{what} failed:\n{}", printed(output));
}

/// Builds the example firmware for `board` with `generator`, runs it on a seeded input and
/// compares its output with TFLite Micro's.
fn example_firmware_matches_tflm(board: &str, generator: &str) {
    let dir = scratch(board);
    let build_dir = dir.join("build");
    expect_success(
        "configuring",
        &configure(&repo().join("examples/firmware"), &build_dir, board, generator, &[source_tree_package()]),
    );
    expect_success("building", &build(&build_dir));

    let module = build_dir.join("mc/tiny");
    for file in ["libtiny.a", "include/tiny.h", "CMakeLists.txt", "README.md", "tiny_residency.json", "tiny_arena.svg"]
    {
        assert!(module.join(file).is_file(), "mcc --emit module wrote no {file} in {}", module.display());
    }
    let readme = std::fs::read_to_string(module.join("README.md")).unwrap();
    for text in ["tiny_context_init(&ctx)", "tiny_model_run(&ctx)", "| `ctx.input[0]` |", "[1, 12, 12, 3]", "## Flash"]
    {
        assert!(readme.contains(text), "the module's README lacks '{text}':\n{readme}");
    }

    let model = std::fs::read(repo().join("examples/tiny_cnn_int8.tflite")).unwrap();
    let input = Tensor::random(DType::Int8, &[1, 12, 12, 3], &mut Rng(7));
    let case = Case { name: "tiny".into(), model, inputs: vec![input.clone()], then: Vec::new(), expected: None };
    let expected = reference::run_tflm(&[case]).remove(0).remove(0);

    let board = Board::lookup(board).unwrap();
    let work = dir.join("run");
    harness::write_inputs(&work, &[&input.data]).unwrap();
    let run = board.run(&build_dir.join("firmware.elf"), &work, Duration::from_secs(60)).unwrap();
    run.expect_success().unwrap_or_else(|e| panic!("{e}\n{}", harness::describe_exit(run.status)));
    let got = harness::read_outputs(&work, 1).unwrap().remove(0);
    assert_eq!(got, expected.data, "the firmware's output on {} differs from TFLite Micro's", board.name);
}

#[test]
fn example_firmware_on_the_cortex_m4_built_with_ninja() {
    example_firmware_matches_tflm("cortex-m4", "Ninja");
}

#[test]
fn example_firmware_on_rv32imac_built_with_make() {
    example_firmware_matches_tflm("rv32imac", "Unix Makefiles");
}

/// The lines README.md tells a CMake firmware to add (the block after "The five lines").
fn readme_lines() -> String {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let after = &readme[readme.find("The five lines a CMake firmware adds").expect("README.md shows the lines")..];
    let block = &after[after.find("```cmake\n").unwrap() + "```cmake\n".len()..];
    let lines = &block[..block.find("```").unwrap()];
    assert_eq!(lines.lines().count(), 5, "{lines}");
    lines.to_string()
}

/// A user's project: a firmware library and the README's lines (mc found at `mc`), with the
/// model (`models/kws.tflite`, if given) and config (`mc.toml`) in its own source folder.
fn user_project(name: &str, mc: &Path, model: Option<&[u8]>) -> PathBuf {
    let dir = scratch(name);
    let source = dir.join("source");
    std::fs::create_dir_all(source.join("models")).unwrap();
    let lines = readme_lines().replace("/path/to/mc", &mc.display().to_string());
    let project =
        "cmake_minimum_required(VERSION 3.20)\nproject(user_firmware C)\nadd_library(firmware STATIC app.c)\n";
    std::fs::write(source.join("CMakeLists.txt"), format!("{project}{lines}")).unwrap();
    std::fs::write(
        source.join("app.c"),
        "#include \"kws.h\"\nint app_run(kws_context_t *ctx) { return kws_model_run(ctx); }\n",
    )
    .unwrap();
    std::fs::write(source.join("mc.toml"), "[memory]\nallocate_arenas = true\n[[memory.banks]]\nname = \"sram\"\n")
        .unwrap();
    if let Some(model) = model {
        std::fs::write(source.join("models/kws.tflite"), model).unwrap();
    }
    dir
}

fn example_model() -> Vec<u8> {
    std::fs::read(repo().join("examples/tiny_cnn_int8.tflite")).unwrap()
}

/// Whether a build ran mcc (the custom command's comment).
fn ran_mcc(output: &Output) -> bool {
    printed(output).contains("mcc: compiling models/kws.tflite for cortex-m4")
}

/// Sets `path`'s modification time to now, as an edit would, after a pause long enough for file
/// systems that keep whole seconds: newer than what the last build wrote, never in the future.
fn touch(path: &Path) {
    std::thread::sleep(Duration::from_millis(1100));
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(std::time::SystemTime::now()).unwrap();
}

#[test]
fn mcc_runs_again_when_the_model_or_config_changes_and_only_then() {
    let dir = user_project("rerun", &repo(), Some(&example_model()));
    let (source, build_dir) = (dir.join("source"), dir.join("build"));
    expect_success("configuring", &configure(&source, &build_dir, "cortex-m4", "Ninja", &[]));
    let first = build(&build_dir);
    expect_success("building", &first);
    assert!(ran_mcc(&first), "the first build runs mcc:\n{}", printed(&first));
    assert!(build_dir.join("mc/kws_model/libkws.a").is_file());
    let header = std::fs::read_to_string(build_dir.join("mc/kws_model/include/kws.h")).unwrap();
    assert!(header.contains("#define KWS_ALLOCATE_ARENAS 1"), "the config file reaches mcc");
    let again = build(&build_dir);
    assert!(!ran_mcc(&again), "nothing changed, mcc must not run:\n{}", printed(&again));
    for changed in ["models/kws.tflite", "mc.toml"] {
        touch(&source.join(changed));
        let rebuilt = build(&build_dir);
        expect_success("rebuilding", &rebuilt);
        assert!(ran_mcc(&rebuilt), "a changed {changed} runs mcc again:\n{}", printed(&rebuilt));
        let again = build(&build_dir);
        assert!(!ran_mcc(&again), "after the rebuild for {changed}, mcc must not run:\n{}", printed(&again));
    }
}

#[test]
fn a_missing_model_or_failing_mcc_stops_the_build_with_mccs_error_and_no_library() {
    let dir = user_project("missing", &repo(), None);
    let (source, build_dir) = (dir.join("source"), dir.join("build"));
    expect_success("configuring", &configure(&source, &build_dir, "cortex-m4", "Ninja", &[]));
    let failed = build(&build_dir);
    assert!(!failed.status.success(), "a build without its model must fail");
    assert!(printed(&failed).contains("mcc: error: cannot read the model"), "mcc's error:\n{}", printed(&failed));
    let library = build_dir.join("mc/kws_model/libkws.a");
    assert!(!library.exists());

    // The model appears: the build works (mcc runs, since there is no library yet).
    std::fs::write(source.join("models/kws.tflite"), example_model()).unwrap();
    expect_success("building", &build(&build_dir));
    assert!(library.is_file());
    // A broken model: mcc's error, and the last build's library is gone.
    std::fs::write(source.join("models/kws.tflite"), b"not a flatbuffer").unwrap();
    touch(&source.join("models/kws.tflite"));
    let failed = build(&build_dir);
    assert!(!failed.status.success(), "a broken model must fail the build");
    assert!(printed(&failed).contains("mcc: error:"), "mcc's error:\n{}", printed(&failed));
    assert!(!library.exists(), "a failing mcc must leave no stale library");
}

#[test]
fn a_firmware_for_another_cpu_or_float_abi_stops_at_configure_time_naming_both() {
    let source = repo().join("examples/firmware");
    for (toolchain, model_target, firmware) in [
        ("cortex-m4", "cortex-m3", "armv7e-m, float ABI hard, -mcpu=cortex-m4"),
        ("cortex-m4", "cortex-m4-nofp", "armv7e-m, float ABI hard, -mcpu=cortex-m4"),
        ("cortex-m4", "cortex-m7", "armv7e-m, float ABI hard, -mcpu=cortex-m4"),
        ("rv32imac", "rv32imafc", "rv32imac, float ABI ilp32"),
        ("rv32imac", "cortex-m4", "rv32imac, float ABI ilp32"),
    ] {
        let build_dir = scratch(&format!("mismatch-{toolchain}-{model_target}"));
        let output = configure(
            &source,
            &build_dir,
            toolchain,
            "Ninja",
            &[source_tree_package(), format!("-DMC_MODEL_TARGET={model_target}")],
        );
        let text = printed(&output).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(!output.status.success(), "a {model_target} model in a {toolchain} firmware must not configure");
        let model = format!("was compiled for {model_target} (");
        let compiler = format!("this firmware's compiler builds for {firmware}.");
        assert!(text.contains(&model) && text.contains(&compiler), "the error names both:\n{text}");
    }
    let build_dir = scratch("unknown-target");
    let output = configure(
        &source,
        &build_dir,
        "cortex-m4",
        "Ninja",
        &[source_tree_package(), "-DMC_MODEL_TARGET=cortex-m99".to_string()],
    );
    assert!(!output.status.success());
    assert!(printed(&output).contains("unknown TARGET 'cortex-m99'"), "{}", printed(&output));
}

#[test]
fn the_module_folder_alone_is_a_library_for_add_subdirectory() {
    let dir = scratch("module-folder");
    let module = dir.join("tiny_module");
    let mcc = Command::new(env!("CARGO_BIN_EXE_mcc"))
        .arg(repo().join("examples/tiny_cnn_int8.tflite"))
        .args(["--target", "cortex-m4", "--prefix", "tiny", "-Os", "--emit", "module", "-o"])
        .arg(&module)
        .output()
        .unwrap();
    expect_success("mcc --emit module", &mcc);
    let source = dir.join("source");
    std::fs::create_dir_all(&source).unwrap();
    std::fs::write(
        source.join("CMakeLists.txt"),
        format!(
            "cmake_minimum_required(VERSION 3.20)\nproject(user_firmware C)\n\
             add_subdirectory({} tiny)\nadd_library(app STATIC app.c)\ntarget_link_libraries(app PRIVATE tiny)\n",
            module.display()
        ),
    )
    .unwrap();
    std::fs::write(source.join("app.c"), "#include \"tiny.h\"\n#ifndef MC_MODEL_TINY\n#error\n#endif\n").unwrap();
    let toolchain = repo().join("examples/firmware/toolchains/cortex-m4.cmake");
    let toolchain = format!("-DCMAKE_TOOLCHAIN_FILE={}", toolchain.display());
    let build_dir = dir.join("build");
    let (source, build_str) = (source.display().to_string(), build_dir.display().to_string());
    expect_success("configuring", &cmake(&["-S", &source, "-B", &build_str, "-G", "Ninja", &toolchain]));
    expect_success("building", &build(&build_dir));
    // The same folder refuses a soft-float Cortex-M3 firmware.
    let m3 = dir.join("m3.cmake");
    std::fs::write(
        &m3,
        std::fs::read_to_string(repo().join("examples/firmware/toolchains/cortex-m4.cmake"))
            .unwrap()
            .replace("-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16", "-mcpu=cortex-m3 -mthumb"),
    )
    .unwrap();
    let m3 = format!("-DCMAKE_TOOLCHAIN_FILE={}", m3.display());
    let output = cmake(&["-S", &source, "-B", &format!("{build_str}-m3"), "-G", "Ninja", &m3]);
    let text = printed(&output).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!output.status.success());
    assert!(
        text.contains("compiled for cortex-m4 (thumbv7em-none-eabihf: armv7e-m, float ABI hard, CPU cortex-m4)"),
        "{text}"
    );
    assert!(text.contains("builds for armv7-m, float ABI soft, -mcpu=cortex-m3."), "{text}");
}

#[test]
fn find_package_finds_an_installed_mc() {
    let prefix = scratch("installed-prefix");
    let dir = user_project("installed", &prefix, Some(&example_model()));
    let package = prefix.join("lib/cmake/mc");
    std::fs::create_dir_all(&package).unwrap();
    for entry in std::fs::read_dir(repo().join("cmake")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, package.join(path.file_name().unwrap())).unwrap();
    }
    std::fs::create_dir_all(prefix.join("bin")).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_mcc"), prefix.join("bin/mcc")).unwrap();
    let build_dir = dir.join("build");
    let toolchain = repo().join("examples/firmware/toolchains/cortex-m4.cmake");
    let output = cmake(&[
        "-S",
        &dir.join("source").display().to_string(),
        "-B",
        &build_dir.display().to_string(),
        "-G",
        "Ninja",
        &format!("-DCMAKE_TOOLCHAIN_FILE={}", toolchain.display()),
    ]);
    expect_success("configuring", &output);
    let cache = std::fs::read_to_string(build_dir.join("CMakeCache.txt")).unwrap();
    assert!(cache.contains(&format!("MC_MCC:FILEPATH={}", prefix.join("bin/mcc").display())), "the installed mcc");
    expect_success("building", &build(&build_dir));
}

#[test]
fn the_cpu_check_reads_add_compile_options_too() {
    let dir = scratch("compile-options");
    let toolchain = dir.join("arm.cmake");
    std::fs::write(
        &toolchain,
        "set(CMAKE_SYSTEM_NAME Generic)\nset(CMAKE_C_COMPILER arm-none-eabi-gcc)\n\
         set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)\n",
    )
    .unwrap();
    let model = repo().join("examples/tiny_cnn_int8.tflite");
    for (options, configures) in
        [("-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 $<$<CONFIG:Debug>:-g>", true), ("-mthumb", false)]
    {
        let source = dir.join(if configures { "m4" } else { "default" });
        std::fs::create_dir_all(&source).unwrap();
        std::fs::write(
            source.join("CMakeLists.txt"),
            format!(
                "cmake_minimum_required(VERSION 3.20)\nproject(p C)\nadd_compile_options({options})\n\
                 find_package(mc REQUIRED)\nmc_add_model(tiny MODEL {} TARGET cortex-m4)\n",
                model.display()
            ),
        )
        .unwrap();
        let build_dir = source.join("build");
        let output = cmake(&[
            "-S",
            &source.display().to_string(),
            "-B",
            &build_dir.display().to_string(),
            &format!("-DCMAKE_TOOLCHAIN_FILE={}", toolchain.display()),
            &source_tree_package(),
            &format!("-DMC_MCC={}", env!("CARGO_BIN_EXE_mcc")),
        ]);
        let text = printed(&output).split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(output.status.success(), configures, "add_compile_options({options}):\n{text}");
        if !configures {
            assert!(text.contains("builds for arm (__ARM_ARCH_4T__), float ABI soft."), "{text}");
        }
    }
}

#[test]
fn a_plain_makefile_of_the_readmes_lines_builds_and_links() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let after = &readme[readme.find("A plain Makefile").expect("README.md shows a Makefile")..];
    let block = &after[after.find("```make\n").unwrap() + "```make\n".len()..];
    let lines = &block[..block.find("```").unwrap()];
    let dir = scratch("makefile");
    let firmware = "CC = arm-none-eabi-gcc\n\
                    CFLAGS = -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -O2\n\
                    firmware.elf: main.o\n\
                    \t$(CC) $(CFLAGS) --specs=nosys.specs main.o $(LDLIBS) -o $@\n";
    std::fs::write(dir.join("Makefile"), format!("{firmware}{lines}")).unwrap();
    std::fs::write(
        dir.join("main.c"),
        "#include \"tiny.h\"\nint main(void) { static tiny_context_t ctx; tiny_context_init(&ctx); \
         return tiny_model_init(&ctx) == TINY_STATUS_OK ? tiny_model_run(&ctx) : 1; }\n",
    )
    .unwrap();
    std::fs::write(dir.join("model.tflite"), example_model()).unwrap();
    std::fs::write(dir.join("mc.toml"), "[memory]\n[[memory.banks]]\nname = \"sram\"\n").unwrap();
    let mcc_dir = Path::new(env!("CARGO_BIN_EXE_mcc")).parent().unwrap();
    let path = std::env::join_paths(
        std::iter::once(mcc_dir.to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let output = Command::new("make").args(["-j", "1"]).current_dir(&dir).env("PATH", path).output().unwrap();
    expect_success("make", &output);
    let elf = std::fs::read(dir.join("firmware.elf")).unwrap();
    let text = String::from_utf8_lossy(&elf);
    assert!(text.contains("tiny_model_run"), "the firmware links the model's library");
}
