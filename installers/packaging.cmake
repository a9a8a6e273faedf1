# Installation and packaging. The install layout is in install_layout.cmake, the Linux desktop
# integration (desktop entry, AppStream metainfo, MIME type, icons, man pages) in
# linux_desktop.cmake. CPack makes a .deb and a .tar.gz on Linux (checked by
# tests/packaging/test_deb_package.sh), an NSIS installer on Windows (windows.cmake) and a
# DragNDrop disk image on macOS (macos.cmake); those two are untested on their platforms.
# docs/packaging.md says how to build and install each.
include(${CMAKE_CURRENT_LIST_DIR}/install_layout.cmake)
if(UNIX AND NOT APPLE)
  include(${CMAKE_CURRENT_LIST_DIR}/linux_desktop.cmake)
endif()

set(CPACK_PACKAGE_NAME "infraplan")
set(CPACK_PACKAGE_VENDOR "Infraplan developers")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${INFRAPLAN_HOMEPAGE_URL}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# Debian shows the long description as written: lines under 80 columns.
set(CPACK_PACKAGE_DESCRIPTION
"Infraplan lays out accelerators, memory nodes, switches and network links,
takes a workload (an LLM to train or to serve) and a parallelism strategy,
and shows what that cluster would do: step time, MFU and time to train;
latency and throughput under load; the bottleneck; the power it draws and
what it costs. Every number comes from an analytic model whose inputs are
the design and a hardware catalog with sources.
.
It comes as the planner window (infraplan) and a command-line tool
(infraplan-cli) that validates, evaluates, compares, searches and reports
on design files.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "Infraplan")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_STRIP_FILES ON)  # RelWithDebInfo binaries are mostly debug information

if(WIN32)
  include(${CMAKE_CURRENT_LIST_DIR}/windows.cmake)
elseif(APPLE)
  include(${CMAKE_CURRENT_LIST_DIR}/macos.cmake)
else()
  set(CPACK_GENERATOR "DEB;TGZ")
  set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # infraplan_VERSION_ARCH.deb
  set(CPACK_DEBIAN_PACKAGE_MAINTAINER "Infraplan developers")
  set(CPACK_DEBIAN_PACKAGE_SECTION "science")
  # Libraries from dpkg-shlibdeps; what is loaded at run time it cannot see: the fonts the PDF
  # report asks for (ui/report/reportdocument.cpp) and, for Wayland sessions, Qt's plugin.
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland")
  foreach(script postinst postrm)
    set(SCRIPT ${script})
    set(ACTIONS configure)
    if(script STREQUAL "postrm")
      set(ACTIONS "remove|purge")
    endif()
    configure_file(${CMAKE_CURRENT_LIST_DIR}/deb/maintainer-script.in
      ${CMAKE_BINARY_DIR}/deb/${script} @ONLY
      FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
    list(APPEND CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_BINARY_DIR}/deb/${script})
  endforeach()
  set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
endif()
include(CPack)
