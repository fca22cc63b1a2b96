//! The board table: each emulated board mc targets, with the GCC driver and flags that build
//! for it, the QEMU machine that runs it and the `mcc --target` name of the same core.

/// The exit status of a program that faulted: the boards' fault and trap handlers report the
/// fault on the console and exit with it (`MC_FAULT_EXIT` in `boards/*/startup.c`).
pub const FAULT_EXIT_STATUS: i32 = 99;

/// The instruction-set family of a board: it selects the start-up code, the semihosting trap and
/// the C library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arch {
    /// Arm M-profile on QEMU's MPS2 boards: newlib, `boards/arm/`.
    Arm,
    /// RV32 on QEMU's `virt` board with `-bios none`: picolibc, `boards/riscv/`.
    RiscV,
}

impl Arch {
    /// The board support sources linked into every program, relative to `emulator/boards`.
    pub fn support_sources(self) -> &'static [&'static str] {
        match self {
            Arch::Arm => &["arm/startup.c", "arm/semihost_trap.c", "semihost.c"],
            Arch::RiscV => &["riscv/start.S", "riscv/startup.c", "riscv/semihost_trap.S", "semihost.c"],
        }
    }

    /// Flags that select the C library (newlib is the Arm driver's default; the RISC-V driver
    /// has only picolibc, through its specs file).
    pub fn libc_flags(self) -> &'static [&'static str] {
        match self {
            Arch::Arm => &[],
            Arch::RiscV => &["--specs=picolibc.specs"],
        }
    }
}

/// One emulated board.
#[derive(Debug, PartialEq, Eq)]
pub struct Board {
    /// The board's name, which is also the `mcc --target` alias of its core (`cortex-m4`).
    pub name: &'static str,
    /// The target triple `mcc` compiles for under that alias (`thumbv7em-none-eabihf`).
    pub triple: &'static str,
    /// The LLVM CPU `mcc` uses (`cortex-m7`, `generic-rv32`).
    pub cpu: &'static str,
    /// The instruction-set family.
    pub arch: Arch,
    /// True when floating-point arguments travel in FPU registers (the objects' float ABI).
    pub hard_float: bool,
    /// The GCC driver that compiles and links for the board.
    pub gcc: &'static str,
    /// The driver's architecture and ABI flags; they select the matching multilib C library and
    /// libgcc.
    pub cflags: &'static [&'static str],
    /// The QEMU system emulator.
    pub qemu: &'static str,
    /// QEMU's machine arguments.
    pub machine: &'static [&'static str],
    /// The linker script (the board's memory), relative to `emulator/boards`.
    pub linker_script: &'static str,
}

/// Every board, in the order of the table in `TARGETS.md`.
///
/// The MPS2 machines get a restricted, unused network backend for their Ethernet controller:
/// without one QEMU warns on every run that the NIC has no peer. The `rv32imac` board's QEMU
/// CPU has no F or D extension, so a stray floating-point instruction traps instead of passing.
pub const BOARDS: &[Board] = &[
    Board {
        name: "cortex-m3",
        triple: "thumbv7m-none-eabi",
        cpu: "cortex-m3",
        arch: Arch::Arm,
        hard_float: false,
        gcc: "arm-none-eabi-gcc",
        cflags: &["-mcpu=cortex-m3", "-mthumb", "-mfloat-abi=soft"],
        qemu: "qemu-system-arm",
        machine: &["-M", "mps2-an385", "-nic", "user,model=lan9118,restrict=on"],
        linker_script: "arm/mps2.ld",
    },
    Board {
        name: "cortex-m4",
        triple: "thumbv7em-none-eabihf",
        cpu: "cortex-m4",
        arch: Arch::Arm,
        hard_float: true,
        gcc: "arm-none-eabi-gcc",
        cflags: &["-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16"],
        qemu: "qemu-system-arm",
        machine: &["-M", "mps2-an386", "-nic", "user,model=lan9118,restrict=on"],
        linker_script: "arm/mps2.ld",
    },
    Board {
        name: "cortex-m7",
        triple: "thumbv7em-none-eabihf",
        cpu: "cortex-m7",
        arch: Arch::Arm,
        hard_float: true,
        gcc: "arm-none-eabi-gcc",
        cflags: &["-mcpu=cortex-m7", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv5-d16"],
        qemu: "qemu-system-arm",
        machine: &["-M", "mps2-an500", "-nic", "user,model=lan9118,restrict=on"],
        linker_script: "arm/mps2.ld",
    },
    Board {
        name: "rv32imac",
        triple: "riscv32imac-unknown-none-elf",
        cpu: "generic-rv32",
        arch: Arch::RiscV,
        hard_float: false,
        gcc: "riscv64-unknown-elf-gcc",
        cflags: &["-march=rv32imac", "-mabi=ilp32"],
        qemu: "qemu-system-riscv32",
        machine: &["-M", "virt", "-bios", "none", "-cpu", "rv32,g=off,f=off,d=off"],
        linker_script: "riscv/virt.ld",
    },
    Board {
        name: "rv32imafc",
        triple: "riscv32imafc-unknown-none-elf",
        cpu: "generic-rv32",
        arch: Arch::RiscV,
        hard_float: true,
        gcc: "riscv64-unknown-elf-gcc",
        cflags: &["-march=rv32imafc", "-mabi=ilp32f"],
        qemu: "qemu-system-riscv32",
        machine: &["-M", "virt", "-bios", "none", "-cpu", "rv32,g=off,d=off"],
        linker_script: "riscv/virt.ld",
    },
    Board {
        name: "cortex-m33",
        triple: "thumbv8m.main-none-eabihf",
        cpu: "cortex-m33",
        arch: Arch::Arm,
        hard_float: true,
        gcc: "arm-none-eabi-gcc",
        cflags: &["-mcpu=cortex-m33", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv5-sp-d16"],
        qemu: "qemu-system-arm",
        machine: &["-M", "mps2-an505", "-nic", "user,model=lan9118,restrict=on"],
        linker_script: "arm/mps2_an505.ld",
    },
    Board {
        name: "cortex-m55",
        triple: "thumbv8m.main-none-eabihf",
        cpu: "cortex-m55",
        arch: Arch::Arm,
        hard_float: true,
        gcc: "arm-none-eabi-gcc",
        cflags: &["-march=armv8.1-m.main+mve.fp+fp.dp", "-mthumb", "-mfloat-abi=hard"],
        qemu: "qemu-system-arm",
        machine: &["-M", "mps3-an547", "-nic", "user,model=lan9118,restrict=on"],
        linker_script: "arm/mps3_an547.ld",
    },
    Board {
        name: "cortex-m0",
        triple: "thumbv6m-none-eabi",
        cpu: "cortex-m0plus",
        arch: Arch::Arm,
        hard_float: false,
        gcc: "arm-none-eabi-gcc",
        cflags: &["-mcpu=cortex-m0", "-mthumb", "-mfloat-abi=soft"],
        qemu: "qemu-system-arm",
        machine: &["-M", "microbit"],
        linker_script: "arm/microbit.ld",
    },
];

impl Board {
    /// The board called `name` (an `mcc --target` alias), or an error listing the boards.
    pub fn lookup(name: &str) -> Result<&'static Board, String> {
        BOARDS.iter().find(|board| board.name == name).ok_or_else(|| {
            let names: Vec<&str> = BOARDS.iter().map(|board| board.name).collect();
            format!("unknown board `{name}`: the emulated boards are {}", names.join(", "))
        })
    }

    /// Every board.
    pub fn all() -> &'static [Board] {
        BOARDS
    }

    /// The driver flags for compiling C for this board: [`Board::cflags`] and the C library's.
    pub fn compile_flags(&self) -> Vec<&'static str> {
        self.cflags.iter().chain(self.arch.libc_flags()).copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_finds_every_board_by_name() {
        for board in BOARDS {
            assert_eq!(Board::lookup(board.name), Ok(board));
        }
    }

    #[test]
    fn lookup_of_an_unknown_name_lists_the_boards() {
        let error = Board::lookup("cortex-m99").unwrap_err();
        assert!(error.contains("unknown board `cortex-m99`"), "{error}");
        assert!(
            error.contains("cortex-m3, cortex-m4, cortex-m7, rv32imac, rv32imafc, cortex-m33, cortex-m55, cortex-m0"),
            "{error}"
        );
    }

    #[test]
    fn support_files_exist() {
        let dir = crate::paths::boards_dir();
        for board in BOARDS {
            for file in board.arch.support_sources().iter().chain([&board.linker_script]) {
                assert!(dir.join(file).is_file(), "{file} is missing from {}", dir.display());
            }
        }
    }
}
