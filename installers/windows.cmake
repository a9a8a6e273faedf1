# Windows packaging: UNTESTED on Windows (the project builds and tests on Debian only); kept so
# a Windows build has a starting point. Makes an NSIS installer and a ZIP:
#   cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build
#   cd build && cpack -G NSIS
# The Qt runtime is deployed beside the programs by windeployqt, through Qt's deployment script.
# Windows associates files by their last extension only, so design files (.json) are not taken
# over: the installer registers Infraplan under "Open with" for .json.
set_target_properties(infraplan PROPERTIES WIN32_EXECUTABLE ON)
qt_generate_deploy_app_script(TARGET infraplan FILENAME_VARIABLE infraplan_deploy_script
  NO_UNSUPPORTED_PLATFORM_ERROR)
install(SCRIPT ${infraplan_deploy_script})

set(CPACK_GENERATOR "NSIS;ZIP")
set(CPACK_VERBATIM_VARIABLES ON)  # the NSIS lines below are written as NSIS reads them
set(CPACK_PACKAGE_EXECUTABLES "infraplan;Infraplan")  # Start menu shortcut
set(CPACK_NSIS_DISPLAY_NAME "Infraplan")
set(CPACK_NSIS_PACKAGE_NAME "Infraplan ${PROJECT_VERSION}")
set(CPACK_NSIS_URL_INFO_ABOUT "${INFRAPLAN_HOMEPAGE_URL}")
set(CPACK_NSIS_INSTALLED_ICON_NAME [=[bin\infraplan.exe]=])
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_EXTRA_INSTALL_COMMANDS [=[
  WriteRegStr HKLM "Software\Classes\Infraplan.Design" "" "Infraplan design"
  WriteRegStr HKLM "Software\Classes\Infraplan.Design\DefaultIcon" "" "$INSTDIR\bin\infraplan.exe,0"
  WriteRegStr HKLM "Software\Classes\Infraplan.Design\shell\open\command" "" '"$INSTDIR\bin\infraplan.exe" "%1"'
  WriteRegStr HKLM "Software\Classes\.json\OpenWithProgids" "Infraplan.Design" ""
]=])
set(CPACK_NSIS_EXTRA_UNINSTALL_COMMANDS [=[
  DeleteRegValue HKLM "Software\Classes\.json\OpenWithProgids" "Infraplan.Design"
  DeleteRegKey HKLM "Software\Classes\Infraplan.Design"
]=])
