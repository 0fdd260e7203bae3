# Where an installed warpscope keeps its files (GNUInstallDirs), and the same layout mirrored in the build
# tree: build/bin/warpscope finds build/share/warpscope/resources (a link to the source tree's resources/)
# by the same relative path as /usr/bin/warpscope finds /usr/share/warpscope/resources, so the programs
# never carry a path into the source tree.
include(GNUInstallDirs)

set(WARPSCOPE_INSTALL_RESOURCEDIR "${CMAKE_INSTALL_DATADIR}/warpscope/resources")
set(WARPSCOPE_INSTALL_GUIDEDIR "${CMAKE_INSTALL_DOCDIR}/guide")

# The paths the programs look in, relative to their own folder (e.g. "../share/warpscope/resources").
file(RELATIVE_PATH WARPSCOPE_RESOURCES_FROM_BIN "${CMAKE_INSTALL_FULL_BINDIR}"
    "${CMAKE_INSTALL_PREFIX}/${WARPSCOPE_INSTALL_RESOURCEDIR}")
file(RELATIVE_PATH WARPSCOPE_GUIDE_FROM_BIN "${CMAKE_INSTALL_FULL_BINDIR}"
    "${CMAKE_INSTALL_PREFIX}/${WARPSCOPE_INSTALL_GUIDEDIR}")

# The build tree's mirror of the installed layout, beside CMAKE_RUNTIME_OUTPUT_DIRECTORY (build/bin).
get_filename_component(WARPSCOPE_BUILD_RESOURCEDIR "${CMAKE_BINARY_DIR}/bin/${WARPSCOPE_RESOURCES_FROM_BIN}" ABSOLUTE)
get_filename_component(WARPSCOPE_BUILD_GUIDEDIR "${CMAKE_BINARY_DIR}/bin/${WARPSCOPE_GUIDE_FROM_BIN}" ABSOLUTE)
get_filename_component(_ws_resource_parent "${WARPSCOPE_BUILD_RESOURCEDIR}" DIRECTORY)
file(MAKE_DIRECTORY "${_ws_resource_parent}")
file(CREATE_LINK "${PROJECT_SOURCE_DIR}/resources" "${WARPSCOPE_BUILD_RESOURCEDIR}" SYMBOLIC)
get_filename_component(_ws_doc_dir "${WARPSCOPE_BUILD_GUIDEDIR}" DIRECTORY)
file(MAKE_DIRECTORY "${_ws_doc_dir}")
file(CREATE_LINK "${PROJECT_SOURCE_DIR}/docs/screenshots" "${_ws_doc_dir}/screenshots" SYMBOLIC)
