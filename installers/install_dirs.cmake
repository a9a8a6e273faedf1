# Installation directories (GNUInstallDirs), set before the targets so their install rules and
# the planner's user-guide lookup (ui/CMakeLists.txt) agree:
#   INFRAPLAN_BIN_DIR   the two programs
#   INFRAPLAN_DATA_DIR  examples, templates, docs and the built-in catalog database
# On macOS both live inside the Infraplan.app bundle (installers/macos.cmake).
include(GNUInstallDirs)
if(APPLE)
  set(INFRAPLAN_BIN_DIR Infraplan.app/Contents/MacOS)
  set(INFRAPLAN_DATA_DIR Infraplan.app/Contents/Resources)
else()
  set(INFRAPLAN_BIN_DIR ${CMAKE_INSTALL_BINDIR})
  set(INFRAPLAN_DATA_DIR ${CMAKE_INSTALL_DATADIR}/infraplan)
endif()
