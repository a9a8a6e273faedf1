# macOS packaging: UNTESTED on macOS (the project builds and tests on Debian only); kept so a
# macOS build has a starting point. Makes a DragNDrop disk image holding Infraplan.app:
#   cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build
#   cd build && cpack -G DragNDrop
# The bundle carries both programs (Contents/MacOS), the examples, templates, docs and catalog
# (Contents/Resources, see install_dirs.cmake), an Info.plist declaring the design document
# type, and the Qt frameworks deployed by macdeployqt through Qt's deployment script. The icon
# is rendered from the SVG and packed by iconutil, which every macOS has.
set(bundle_icon ${CMAKE_BINARY_DIR}/macos/Infraplan.icns)
set(iconset ${CMAKE_BINARY_DIR}/macos/Infraplan.iconset)
add_executable(infraplan-render-icon ${CMAKE_CURRENT_LIST_DIR}/tools/render_icon.cpp)
target_link_libraries(infraplan-render-icon PRIVATE Qt6::Gui Qt6::Svg)
set_target_properties(infraplan-render-icon PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
set(iconset_commands)
foreach(size 16 32 128 256 512)
  math(EXPR double "${size} * 2")
  list(APPEND iconset_commands
    COMMAND infraplan-render-icon ${PROJECT_SOURCE_DIR}/resources/icons/infraplan.svg ${iconset}/icon ${size} ${double}
    COMMAND ${CMAKE_COMMAND} -E rename ${iconset}/icon-${size}.png ${iconset}/icon_${size}x${size}.png
    COMMAND ${CMAKE_COMMAND} -E rename ${iconset}/icon-${double}.png ${iconset}/icon_${size}x${size}@2x.png)
endforeach()
add_custom_command(OUTPUT ${bundle_icon}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${iconset}
  ${iconset_commands}
  COMMAND iconutil -c icns -o ${bundle_icon} ${iconset}
  DEPENDS infraplan-render-icon ${PROJECT_SOURCE_DIR}/resources/icons/infraplan.svg
  COMMENT "Making the macOS bundle icon" VERBATIM)
# The icon is made in this directory and used by a target in app/: a target here runs it first.
add_custom_target(infraplan_bundle_icon DEPENDS ${bundle_icon})
add_dependencies(infraplan infraplan_bundle_icon)
target_sources(infraplan PRIVATE ${bundle_icon})
set_source_files_properties(${bundle_icon} PROPERTIES MACOSX_PACKAGE_LOCATION Resources)

set_target_properties(infraplan PROPERTIES
  MACOSX_BUNDLE ON
  OUTPUT_NAME Infraplan
  MACOSX_BUNDLE_INFO_PLIST ${CMAKE_CURRENT_LIST_DIR}/macos/Info.plist.in
  MACOSX_BUNDLE_GUI_IDENTIFIER org.infraplan.infraplan
  MACOSX_BUNDLE_BUNDLE_NAME Infraplan
  MACOSX_BUNDLE_BUNDLE_VERSION ${PROJECT_VERSION}
  MACOSX_BUNDLE_SHORT_VERSION_STRING ${PROJECT_VERSION}
  MACOSX_BUNDLE_ICON_FILE Infraplan.icns)
qt_generate_deploy_app_script(TARGET infraplan FILENAME_VARIABLE infraplan_deploy_script
  NO_UNSUPPORTED_PLATFORM_ERROR)
install(SCRIPT ${infraplan_deploy_script})

set(CPACK_GENERATOR "DragNDrop")
set(CPACK_DMG_VOLUME_NAME "Infraplan")
