# Where an installation puts things (directories from install_dirs.cmake; on Linux
# INFRAPLAN_BIN_DIR is bin and INFRAPLAN_DATA_DIR share/infraplan):
#   bin/infraplan, bin/infraplan-cli                       app/CMakeLists.txt
#   share/infraplan/builtin-catalog.sqlite                 catalog/CMakeLists.txt
#   share/infraplan/examples/, share/infraplan/templates/  example and template designs
#   share/infraplan/docs/                                  README.md and docs/, shown by the
#                                                          planner's Help > User Guide
#   share/doc/infraplan/copyright                          the license
# Desktop integration and man pages: linux_desktop.cmake.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/examples ${PROJECT_SOURCE_DIR}/resources/templates
  DESTINATION ${INFRAPLAN_DATA_DIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${INFRAPLAN_DATA_DIR}/docs)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${INFRAPLAN_DATA_DIR}/docs)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE RENAME copyright
  DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/infraplan)
