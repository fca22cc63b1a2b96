# mc_add_model(<library> MODEL <model.tflite> TARGET <target> [PREFIX <prefix>] [CONFIG <mc.toml>]
#              [OPT <0|2|s|3>])
# compiles a model with mcc when the firmware is built and gives the static library target
# <library> to link: its include folder holds <prefix>.h (the C API; PREFIX defaults to
# <library>). mcc runs again when the model, the config file or mcc itself changes. TARGET is
# an `mcc --target` name (cortex-m4, rv32imac, ...): the configuration stops when the firmware's
# compiler builds for another architecture, float ABI or CPU. MODEL and CONFIG are relative to
# the current source folder. mcc writes `mcc --emit module`'s folder into
# <binary dir>/mc/<library>; a failing mcc stops the build with its own error and leaves no
# library behind.
function(mc_add_model library)
    cmake_parse_arguments(PARSE_ARGV 1 MC "" "MODEL;TARGET;PREFIX;CONFIG;OPT" "")
    set(usage "mc_add_model(${library} MODEL <model.tflite> TARGET <target> [PREFIX <prefix>] [CONFIG <mc.toml>] [OPT <0|2|s|3>])")
    if(MC_UNPARSED_ARGUMENTS)
        message(FATAL_ERROR "mc: unexpected arguments '${MC_UNPARSED_ARGUMENTS}': ${usage}")
    endif()
    foreach(required MODEL TARGET)
        if(NOT MC_${required})
            message(FATAL_ERROR "mc: ${required} is missing: ${usage}")
        endif()
    endforeach()
    if(NOT DEFINED MC_TARGET_${MC_TARGET}_TRIPLE)
        string(REPLACE ";" ", " known "${MC_TARGETS}")
        message(FATAL_ERROR "mc: unknown TARGET '${MC_TARGET}' in mc_add_model(${library}); mc's targets: ${known}")
    endif()
    if(NOT MC_PREFIX)
        set(MC_PREFIX "${library}")
    endif()
    if(NOT MC_PREFIX MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
        message(FATAL_ERROR "mc: the prefix '${MC_PREFIX}' of mc_add_model(${library}) is not a C identifier: give PREFIX")
    endif()
    set(options --target "${MC_TARGET}" --prefix "${MC_PREFIX}")
    if(DEFINED MC_OPT)
        string(REGEX REPLACE "^O" "" level "${MC_OPT}")
        list(APPEND options "-O${level}")
    endif()
    cmake_path(ABSOLUTE_PATH MC_MODEL BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" OUTPUT_VARIABLE model)
    set(files "${model}")
    if(MC_CONFIG)
        cmake_path(ABSOLUTE_PATH MC_CONFIG BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" OUTPUT_VARIABLE config)
        list(APPEND options --config "${config}")
        list(APPEND files "${config}")
    endif()
    # A model or config missing now is mcc's error at build time, not a missing-rule error of
    # the build tool; its folder changes when it appears, and the build then configures again
    # to depend on it.
    set(inputs "${MC_MCC}")
    foreach(file IN LISTS files)
        if(EXISTS "${file}")
            list(APPEND inputs "${file}")
        else()
            cmake_path(GET file PARENT_PATH file_folder)
            if(IS_DIRECTORY "${file_folder}")
                set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${file_folder}")
            endif()
        endif()
    endforeach()

    set(folder "${CMAKE_CURRENT_BINARY_DIR}/mc/${library}")
    set(archive "${folder}/lib${MC_PREFIX}.a")
    set(header "${folder}/include/${MC_PREFIX}.h")
    add_custom_command(
        OUTPUT "${archive}" "${header}"
        BYPRODUCTS "${folder}/CMakeLists.txt" "${folder}/README.md"
            "${folder}/${MC_PREFIX}_residency.json" "${folder}/${MC_PREFIX}_arena.svg"
        # The last build's library goes first, so a failing mcc leaves none to link.
        COMMAND "${CMAKE_COMMAND}" -E rm -f "${archive}" "${header}"
        COMMAND "${MC_MCC}" "${model}" ${options} --emit module -o "${folder}"
        DEPENDS ${inputs}
        COMMENT "mcc: compiling ${MC_MODEL} for ${MC_TARGET} (library ${library})"
        VERBATIM)
    add_custom_target(${library}_mcc DEPENDS "${archive}" "${header}")
    set(target "${MC_TARGET}")
    mc_model_library(${library} DIR "${folder}" PREFIX "${MC_PREFIX}" TARGET "${target}"
        TRIPLE "${MC_TARGET_${target}_TRIPLE}" CPU "${MC_TARGET_${target}_CPU}"
        ARCH "${MC_TARGET_${target}_ARCH}" FLOAT_ABI "${MC_TARGET_${target}_FLOAT_ABI}"
        CPUS ${MC_TARGET_${target}_CPUS})
    add_dependencies(${library} ${library}_mcc)
endfunction()
