# WARPSCOPE_SANITIZE=address;undefined instruments every target (the asan preset sets it).
if(WARPSCOPE_SANITIZE)
    list(JOIN WARPSCOPE_SANITIZE "," _ws_sanitizers)
    # GCC 12's flow analysis under ASan at -O1 flags std::function inside <regex> as maybe-uninitialized, a false
    # positive; the sanitizers themselves check what that warning would.
    add_compile_options(-fsanitize=${_ws_sanitizers} -fno-omit-frame-pointer -fno-sanitize-recover=all
        -Wno-maybe-uninitialized)
    add_link_options(-fsanitize=${_ws_sanitizers})
endif()
