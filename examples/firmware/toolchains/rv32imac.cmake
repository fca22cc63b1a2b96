# GNU RISC-V (riscv64-unknown-elf-gcc, picolibc) for RV32IMAC with the ilp32 ABI: mc's rv32imac
# board, QEMU's virt machine.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR rv32imac)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_ASM_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_C_FLAGS_INIT "-march=rv32imac -mabi=ilp32 --specs=picolibc.specs")
set(CMAKE_ASM_FLAGS_INIT "${CMAKE_C_FLAGS_INIT}")
# Bare metal: the compiler checks build a library, not a program that would need start-up code.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
