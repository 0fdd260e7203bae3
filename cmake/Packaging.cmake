# CPack: a Debian package of what Install.cmake installs. `cpack -G DEB` in a build configured with
# -DCMAKE_INSTALL_PREFIX=/usr (scripts/package does both) writes warpscope_VERSION_ARCH.deb. Depends come from
# dpkg-shlibdeps (the Qt, QCustomPlot and SQLite libraries the programs link), plus what Qt loads at run time
# and no linker sees.
set(WARPSCOPE_PACKAGE_MAINTAINER "warpscope developers" CACHE STRING "The Maintainer field of the Debian package")

set(CPACK_PACKAGE_NAME warpscope)
set(CPACK_PACKAGE_VENDOR warpscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "visual profiler for CUDA kernels on a modeled GPU")
set(CPACK_PACKAGING_INSTALL_PREFIX "${CMAKE_INSTALL_PREFIX}")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${WARPSCOPE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(WARPSCOPE_BUILD_GUI)
    # Loaded as plugins at run time, so no linker sees them: the X11 and Wayland platform plugins.
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
endif()
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bash-completion")
# nvcc compiles .cu files; without it warpscope opens .ptx files and the bundled kernels (which ship their PTX).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "nvidia-cuda-toolkit")
# CPack puts the summary on the Description line; this is the extended description below it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "warpscope loads CUDA kernels (PTX, or CUDA C++ compiled by nvcc when it is
installed), runs them on a device model of a GPU generation from the G80 to the
H100, and shows what a visual profiler shows: occupancy, per-warp timelines,
global-memory transactions, shared-memory bank conflicts, bandwidth and stream
overlap, without a GPU. The package holds the GUI (warpscope), the command line
(warpscope-cli), the bundled kernels and scenarios, and a user guide.")
include(CPack)
