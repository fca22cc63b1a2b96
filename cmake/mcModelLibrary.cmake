# mc_model_library(<library> DIR <folder> PREFIX <prefix> TARGET <name> TRIPLE <triple> CPU <cpu>
#                  ARCH <arch> FLOAT_ABI <abi> [CPUS <cpu>...])
# defines the imported static library <library>: <folder>/lib<prefix>.a, compiled by mcc for the
# target <name>, with the include folder <folder>/include (<prefix>.h), the definition
# MC_MODEL_<PREFIX>=1 and libm. It records the target on the library (properties MC_TARGET,
# MC_TRIPLE, MC_CPU, MC_ARCH, MC_FLOAT_ABI, MC_CPUS) and stops the configuration, naming both,
# when the firmware's C compiler builds for another architecture, float ABI or -mcpu.
#
# This file is part of mc's CMake package (find_package(mc)) and is copied into the
# CMakeLists.txt of every folder `mcc --emit module` writes, so both check a firmware the same way.
function(mc_model_library library)
    cmake_parse_arguments(PARSE_ARGV 1 MC "" "DIR;PREFIX;TARGET;TRIPLE;CPU;ARCH;FLOAT_ABI" "CPUS")
    string(TOUPPER "${MC_PREFIX}" upper)
    # The include folder of an imported target must exist when CMake generates the build.
    file(MAKE_DIRECTORY "${MC_DIR}/include")
    add_library(${library} STATIC IMPORTED GLOBAL)
    set_target_properties(${library} PROPERTIES
        IMPORTED_LOCATION "${MC_DIR}/lib${MC_PREFIX}.a"
        INTERFACE_INCLUDE_DIRECTORIES "${MC_DIR}/include"
        INTERFACE_COMPILE_DEFINITIONS "MC_MODEL_${upper}=1"
        INTERFACE_LINK_LIBRARIES "m"
        MC_TARGET "${MC_TARGET}"
        MC_TRIPLE "${MC_TRIPLE}"
        MC_CPU "${MC_CPU}"
        MC_ARCH "${MC_ARCH}"
        MC_FLOAT_ABI "${MC_FLOAT_ABI}"
        MC_CPUS "${MC_CPUS}")
    mc_check_firmware_target(${library})
endfunction()

# _mc_firmware_target(<arch> <abi> <cpu>): what the project's C (else C++) compiler builds for
# with the project's flags (CMAKE_<LANG>_FLAGS, from the toolchain file, and the folder's
# add_compile_options() given so far), read from its predefined macros (`-dM -E`): the
# architecture as GCC's -march spells it, the float ABI (hard, soft or softfp on Arm; the ABI
# name on RISC-V) and the -mcpu flag's core, if any.
function(_mc_firmware_target out_arch out_abi out_cpu)
    if(CMAKE_C_COMPILER)
        set(lang C)
        set(extension c)
    elseif(CMAKE_CXX_COMPILER)
        set(lang CXX)
        set(extension cpp)
    else()
        message(FATAL_ERROR "mc: enable C or C++ in project() before adding a model library")
    endif()
    set(flags "${CMAKE_${lang}_FLAGS}")
    if(CMAKE_BUILD_TYPE)
        string(TOUPPER "${CMAKE_BUILD_TYPE}" config)
        string(APPEND flags " ${CMAKE_${lang}_FLAGS_${config}}")
    endif()
    separate_arguments(flags NATIVE_COMMAND "${flags}")
    get_directory_property(options COMPILE_OPTIONS)
    foreach(option IN LISTS options)
        # Generator expressions have no value before generation.
        if(NOT option MATCHES "\\$<")
            list(APPEND flags "${option}")
        endif()
    endforeach()
    if(CMAKE_${lang}_COMPILER_TARGET)
        list(PREPEND flags "--target=${CMAKE_${lang}_COMPILER_TARGET}")
    endif()
    set(probe "${CMAKE_BINARY_DIR}/CMakeFiles/mc-target-probe.${extension}")
    file(WRITE "${probe}" "")
    execute_process(
        COMMAND "${CMAKE_${lang}_COMPILER}" ${flags} -dM -E "${probe}"
        OUTPUT_VARIABLE macros ERROR_VARIABLE errors RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "mc: cannot ask ${CMAKE_${lang}_COMPILER} what it builds for:\n${errors}")
    endif()
    set(cpu "")
    if("${flags}" MATCHES "(^|;)-mcpu=([^;+]+)")
        set(cpu "${CMAKE_MATCH_2}")
    endif()
    if(macros MATCHES "#define __ARM_ARCH_([0-9][0-9A-Z_]*)__ 1")
        set(names 6M 7M 7EM 8M_BASE 8M_MAIN 8_1M_MAIN)
        set(marchs armv6-m armv7-m armv7e-m armv8-m.base armv8-m.main armv8.1-m.main)
        list(FIND names "${CMAKE_MATCH_1}" at)
        if(at EQUAL -1)
            set(arch "arm (__ARM_ARCH_${CMAKE_MATCH_1}__)")
        else()
            list(GET marchs ${at} arch)
        endif()
        if(macros MATCHES "#define __ARM_PCS_VFP 1")
            set(abi hard)
        elseif(macros MATCHES "#define __ARM_FP ")
            set(abi softfp)
        else()
            set(abi soft)
        endif()
    elseif(macros MATCHES "#define __riscv_xlen ([0-9]+)")
        set(arch "rv${CMAKE_MATCH_1}i")
        set(abi "ilp32")
        if(CMAKE_MATCH_1 EQUAL 64)
            set(abi "lp64")
        endif()
        foreach(pair mul:m atomic:a flen:f compressed:c)
            string(REPLACE ":" ";" pair "${pair}")
            list(GET pair 0 macro)
            list(GET pair 1 letter)
            if(macros MATCHES "#define __riscv_${macro} ")
                string(APPEND arch "${letter}")
            endif()
            if(letter STREQUAL "f" AND macros MATCHES "#define __riscv_flen 64")
                string(APPEND arch "d")
            endif()
        endforeach()
        if(macros MATCHES "#define __riscv_float_abi_single ")
            string(APPEND abi "f")
        elseif(macros MATCHES "#define __riscv_float_abi_double ")
            string(APPEND abi "d")
        endif()
    elseif(macros MATCHES "#define __x86_64__ 1")
        set(arch x86-64)
        set(abi sysv)
    else()
        set(arch "an architecture mc does not know (CMAKE_SYSTEM_PROCESSOR '${CMAKE_SYSTEM_PROCESSOR}')")
        set(abi unknown)
    endif()
    set(${out_arch} "${arch}" PARENT_SCOPE)
    set(${out_abi} "${abi}" PARENT_SCOPE)
    set(${out_cpu} "${cpu}" PARENT_SCOPE)
endfunction()

# mc_check_firmware_target(<library>): stops the configuration when the firmware's compiler does
# not build for the architecture, float ABI and core of the model library <library>.
function(mc_check_firmware_target library)
    foreach(property TARGET TRIPLE CPU ARCH FLOAT_ABI CPUS)
        get_target_property(${property} ${library} MC_${property})
    endforeach()
    _mc_firmware_target(arch abi cpu)
    set(same TRUE)
    if(NOT arch STREQUAL ARCH)
        set(same FALSE)
    endif()
    # A soft-float object passes floats in core registers, as softfp code does.
    if(NOT abi STREQUAL FLOAT_ABI AND NOT (FLOAT_ABI STREQUAL "soft" AND abi STREQUAL "softfp"))
        set(same FALSE)
    endif()
    if(cpu AND CPUS AND NOT cpu IN_LIST CPUS)
        set(same FALSE)
    endif()
    if(NOT same)
        set(firmware "${arch}, float ABI ${abi}")
        if(cpu)
            string(APPEND firmware ", -mcpu=${cpu}")
        endif()
        message(FATAL_ERROR
            "mc: the model library '${library}' was compiled for ${TARGET} (${TRIPLE}: ${ARCH}, "
            "float ABI ${FLOAT_ABI}, CPU ${CPU}), but this firmware's compiler builds for ${firmware}. "
            "Compile the model for the firmware's CPU (mc_add_model(... TARGET <cpu>) or mcc --target) "
            "or build the firmware for ${TARGET}.")
    endif()
endfunction()
