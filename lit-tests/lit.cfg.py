# -*- Python -*-
# lit configuration for mc's text tests; run with LLVM 22's lit:
#   cargo build --workspace && /usr/lib/llvm-22/bin/lit -sv lit-tests
# (scripts/test.sh does both). Tools come from cargo's debug build folder
# (CARGO_TARGET_DIR if set, else <repo>/target), then from LLVM 22.

import os

import lit.formats
from lit.llvm.subst import ToolSubst

config.name = "mc"
config.test_format = lit.formats.ShTest(execute_external=False)
# `.test` files hold tests of tools whose input is not MLIR (mc-plan's CSV problems).
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "README.md", "Inputs"]

repo_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
target_dir = os.environ.get("CARGO_TARGET_DIR") or os.path.join(repo_root, "target")
mc_bin_dir = os.path.join(target_dir, "debug")
llvm_bin_dir = "/usr/lib/llvm-22/bin"

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
# %t files go under target/, never into the source tree.
config.test_exec_root = os.path.join(target_dir, "lit-tests")

# Tests find our tools first, then FileCheck, not, split-file, mlir-opt of LLVM 22.
config.environment["PATH"] = os.pathsep.join([mc_bin_dir, llvm_bin_dir, config.environment["PATH"]])
config.environment["FILECHECK_OPTS"] = "-enable-var-scope --allow-unused-prefixes=false"

# Tool names in RUN lines become absolute paths, so a test never picks up a
# stray binary of the same name. `mlir-opt-22` and `mlir-translate-22` are upstream MLIR
# (interop tests).
tools = {
    "mc-opt": os.path.join(mc_bin_dir, "mc-opt"),
    "mc-translate": os.path.join(mc_bin_dir, "mc-translate"),
    "mc-run": os.path.join(mc_bin_dir, "mc-run"),
    "mc-plan": os.path.join(mc_bin_dir, "mc-plan"),
    "mcc": os.path.join(mc_bin_dir, "mcc"),
    "mc-emu": os.path.join(mc_bin_dir, "mc-emu"),
    "mlir-opt-22": os.path.join(llvm_bin_dir, "mlir-opt"),
    "mlir-translate-22": os.path.join(llvm_bin_dir, "mlir-translate"),
}
for name, path in tools.items():
    config.substitutions.append((ToolSubst(name, command=path).regex, path))

# `%python`: the project venv's Python (with numpy and tflite-micro), which
# scripts/setup.sh creates; tests use it to write and read `.npy` files.
config.substitutions.append(("%python", os.path.join(repo_root, ".venv", "bin", "python")))

# `%{models}`: the MLPerf Tiny models in `shared/models` beside the repository
# (`../shared/models` from its root, as CI lays it out), or beside a folder
# above it (a git worktree under `wt/` sees the same `shared/`), or
# $MC_MODELS_DIR. When none exists it still names `../shared/models`, so a
# test reading a model fails (mc-translate cannot open it) rather than skips.
def find_models_dir():
    if os.environ.get("MC_MODELS_DIR"):
        return os.environ["MC_MODELS_DIR"]
    ancestor = os.path.dirname(repo_root)
    while True:
        candidate = os.path.join(ancestor, "shared", "models")
        if os.path.isdir(candidate):
            return candidate
        parent = os.path.dirname(ancestor)
        if parent == ancestor:
            return os.path.join(os.path.dirname(repo_root), "shared", "models")
        ancestor = parent


config.substitutions.append(("%{models}", find_models_dir()))

# Planner plugins: `%{plugin_include}` holds `mc_planner.h` and `%{plugins}` the examples (C
# plugins are built in RUN lines with the system `cc`); `%{plugin_libs}` is where `cargo test
# --workspace` leaves the Rust example plugins' shared libraries, planners
# (`libbest_fit_lifetime.so`) and pass plugins (`libfuse_activation.so`).
config.substitutions.append(("%{plugin_include}", os.path.join(repo_root, "plugins", "api", "include")))
config.substitutions.append(("%{plugins}", os.path.join(repo_root, "plugins", "examples")))
config.substitutions.append(("%{plugin_libs}", os.path.join(target_dir, "debug", "deps")))
