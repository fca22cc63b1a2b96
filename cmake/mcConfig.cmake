# mc's CMake package: find_package(mc) gives mc_add_model() (mcAddModel.cmake), which compiles a
# TFLite model with mcc at build time into a static library target. It is found in mc's source
# tree (-Dmc_DIR=<mc>/cmake, or <mc> in CMAKE_PREFIX_PATH) or in an install
# (<prefix>/lib/cmake/mc with mcc in <prefix>/bin). mcc is MC_MCC if set, else the one beside the
# package: <mc>/target/debug/mcc (or $CARGO_TARGET_DIR/debug/mcc, or release) in the source tree,
# <prefix>/bin/mcc in an install, else mcc on PATH.
set(_mc_hints "${CMAKE_CURRENT_LIST_DIR}/../../../bin")
foreach(_mc_target_dir "$ENV{CARGO_TARGET_DIR}" "${CMAKE_CURRENT_LIST_DIR}/../target")
    if(_mc_target_dir)
        list(APPEND _mc_hints "${_mc_target_dir}/debug" "${_mc_target_dir}/release")
    endif()
endforeach()
# A cross-compiling toolchain's root path is for the firmware's files, not for host tools.
find_program(MC_MCC mcc HINTS ${_mc_hints} NO_CMAKE_FIND_ROOT_PATH DOC "mc's compiler driver")
unset(_mc_hints)
unset(_mc_target_dir)
if(NOT MC_MCC)
    set(mc_FOUND FALSE)
    set(mc_NOT_FOUND_MESSAGE "mcc was not found: build it (cargo build -p mcc) or set MC_MCC to its path")
    return()
endif()

include("${CMAKE_CURRENT_LIST_DIR}/mcTargets.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/mcModelLibrary.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/mcAddModel.cmake")
