# WARPSCOPE_SANITIZE=address;undefined instruments every target (the asan preset sets it).
if(WARPSCOPE_SANITIZE)
    list(JOIN WARPSCOPE_SANITIZE "," _ws_sanitizers)
    add_compile_options(-fsanitize=${_ws_sanitizers} -fno-omit-frame-pointer -fno-sanitize-recover=all)
    add_link_options(-fsanitize=${_ws_sanitizers})
endif()
