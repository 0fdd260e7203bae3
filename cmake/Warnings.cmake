# Warnings on and treated as errors for warpscope's own targets (third-party headers are SYSTEM).
function(warpscope_warnings target)
    target_compile_options(${target} PRIVATE
        -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
        -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wnull-dereference
        -Werror)
endfunction()
