# `cmake --install` puts the programs, the bundled resources, the man pages, bash completion, the desktop
# entry, MIME types, AppStream metadata, icons and the user guide in their GNUInstallDirs places
# (InstallLayout.cmake names them). The generated files come from warpscope-docgen (app/docgen).
install(TARGETS warpscope-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY resources/devices resources/kernels resources/scenarios DESTINATION ${WARPSCOPE_INSTALL_RESOURCEDIR})
if(NOT WARPSCOPE_BUILD_GUI)
    return()
endif()
install(TARGETS warpscope RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(_ws_gen "${CMAKE_BINARY_DIR}/generated-docs")
# In sanitizer builds a leak the Qt platform libraries report at exit must not fail the documentation step.
set(_ws_docgen ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0 $<TARGET_FILE:warpscope-docgen>)
set(_ws_layout "${PROJECT_VERSION}" "${CMAKE_INSTALL_PREFIX}/${WARPSCOPE_INSTALL_RESOURCEDIR}"
    "${CMAKE_INSTALL_PREFIX}/${WARPSCOPE_INSTALL_GUIDEDIR}")

add_custom_command(OUTPUT ${_ws_gen}/warpscope-cli.1 ${_ws_gen}/warpscope-cli.1.gz
    COMMAND ${_ws_docgen} cli-man ${_ws_gen}/warpscope-cli.1 ${_ws_layout}
    COMMAND gzip -9nkf ${_ws_gen}/warpscope-cli.1
    DEPENDS warpscope-docgen
    COMMENT "Writing warpscope-cli(1) from the command table" VERBATIM)
add_custom_command(OUTPUT ${_ws_gen}/warpscope.1 ${_ws_gen}/warpscope.1.gz
    COMMAND ${_ws_docgen} gui-man $<TARGET_FILE:warpscope> ${_ws_gen}/warpscope.1 ${_ws_layout}
    COMMAND gzip -9nkf ${_ws_gen}/warpscope.1
    DEPENDS warpscope-docgen warpscope
    COMMENT "Writing warpscope(1) from warpscope --help" VERBATIM)
add_custom_command(OUTPUT ${_ws_gen}/warpscope.bash-completion
    COMMAND ${_ws_docgen} completion $<TARGET_FILE:warpscope> ${_ws_gen}/warpscope.bash-completion
    DEPENDS warpscope-docgen warpscope
    COMMENT "Writing bash completion" VERBATIM)

# The guide: docs/guide/*.md plus a page per CLI command, rendered to HTML in the build tree's mirror of the
# installed doc folder (so build/bin/warpscope's Help > User Guide opens it too).
file(GLOB _ws_guide_pages CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/guide/*.md)
add_custom_command(OUTPUT ${_ws_gen}/guide.stamp
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${_ws_gen}/guide-cli ${WARPSCOPE_BUILD_GUIDEDIR}
    COMMAND ${_ws_docgen} cli-markdown ${_ws_gen}/guide-cli
    COMMAND ${_ws_docgen} html ${WARPSCOPE_BUILD_GUIDEDIR} ${PROJECT_SOURCE_DIR}/docs/guide ${_ws_gen}/guide-cli
    COMMAND ${CMAKE_COMMAND} -E touch ${_ws_gen}/guide.stamp
    DEPENDS warpscope-docgen ${_ws_guide_pages}
    COMMENT "Rendering the user guide to HTML" VERBATIM)

set(_ws_icon_sizes 16 24 32 48 64 128 256)
set(_ws_icons)
foreach(size IN LISTS _ws_icon_sizes)
    set(_png ${_ws_gen}/icons/${size}x${size}/warpscope.png)
    add_custom_command(OUTPUT ${_png}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${_ws_gen}/icons/${size}x${size}
        COMMAND ${_ws_docgen} icon ${PROJECT_SOURCE_DIR}/resources/icons/warpscope.svg ${size} ${_png}
        DEPENDS warpscope-docgen ${PROJECT_SOURCE_DIR}/resources/icons/warpscope.svg VERBATIM)
    list(APPEND _ws_icons ${_png})
    install(FILES ${_png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()

add_custom_target(docs ALL DEPENDS ${_ws_gen}/warpscope-cli.1.gz ${_ws_gen}/warpscope.1.gz
    ${_ws_gen}/warpscope.bash-completion ${_ws_gen}/guide.stamp ${_ws_icons})

install(FILES ${_ws_gen}/warpscope-cli.1.gz ${_ws_gen}/warpscope.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
# bash-completion loads a command's script by the command's name.
install(FILES ${_ws_gen}/warpscope.bash-completion DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
    RENAME warpscope-cli)
install(FILES ${_ws_gen}/warpscope.bash-completion DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
    RENAME warpscope)
install(FILES resources/icons/warpscope.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES packaging/io.github.warpscope.warpscope.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES packaging/warpscope.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
install(FILES packaging/io.github.warpscope.warpscope.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(DIRECTORY ${WARPSCOPE_BUILD_GUIDEDIR}/ DESTINATION ${WARPSCOPE_INSTALL_GUIDEDIR})
install(DIRECTORY docs/screenshots/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/screenshots)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
