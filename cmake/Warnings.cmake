# Warnings on and treated as errors for warpscope's own targets (third-party headers are SYSTEM).
function(warpscope_warnings target)
    target_compile_options(${target} PRIVATE
        -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
        -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wnull-dereference
        -Werror)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
        # GCC 12 reports -Wrestrict inside libstdc++'s std::string at -O2/-O3 where there is no overlap
        # (GCC bug 105329), so optimized builds of ordinary string code would fail.
        target_compile_options(${target} PRIVATE -Wno-restrict)
        # -Wnull-dereference only works with optimization, and there GCC 12 reports paths through Qt's inline
        # container code that cannot happen (QMap::first after an isEmpty check), so the release preset would
        # not build: it stays a warning in optimized builds.
        target_compile_options(${target} PRIVATE $<$<NOT:$<CONFIG:Debug>>:-Wno-error=null-dereference>)
    endif()
endfunction()
