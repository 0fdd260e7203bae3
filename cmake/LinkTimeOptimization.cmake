# Link-time optimization for the optimized builds (Release, RelWithDebInfo): the simulator's hot paths cross
# translation units (the SM model, its scoreboard and memory hierarchy; the functional run's operand access), and
# inlining across them takes about 6 % of the instructions off a timed launch (bench/README.md). Debug and
# sanitizer builds stay without.
option(WARPSCOPE_LTO "Link-time optimization in Release and RelWithDebInfo builds" ON)
if(WARPSCOPE_LTO AND NOT WARPSCOPE_SANITIZE)
    include(CheckIPOSupported)
    check_ipo_supported(RESULT warpscope_ipo OUTPUT warpscope_ipo_why LANGUAGES CXX)
    if(warpscope_ipo)
        set(CMAKE_INTERPROCEDURAL_OPTIMIZATION_RELEASE ON)
        set(CMAKE_INTERPROCEDURAL_OPTIMIZATION_RELWITHDEBINFO ON)
        # GCC 12 at the link, inlining across files, sees sizes it cannot bound in Qt's QHash growth and in
        # std::string's operator+ (model/) and warns of objects larger than memory: false positives, as the
        # -Wrestrict of Warnings.cmake.
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            add_link_options("$<$<CONFIG:Release,RelWithDebInfo>:-Wno-alloc-size-larger-than;-Wno-stringop-overflow>")
        endif()
    else()
        message(STATUS "Link-time optimization not supported here: ${warpscope_ipo_why}")
    endif()
endif()
