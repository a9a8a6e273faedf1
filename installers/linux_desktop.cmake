# Desktop integration on Linux (freedesktop.org): the menu entry, AppStream metainfo, the
# design-file MIME type, the icons in the hicolor theme and the man pages. The PNG icons are
# rendered from the SVGs and the man pages written from the programs' own --help at build time,
# so the repository holds one source for each.
set(INFRAPLAN_APP_ID org.infraplan.infraplan)  # also ui/app/startup.cpp's desktop file name
set(desktop_sources ${PROJECT_SOURCE_DIR}/resources/desktop)
set(desktop_build ${CMAKE_BINARY_DIR}/desktop)
# Build tools run under the build's sanitizers; their leaks are not the programs'.
set(tool_env ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0)

install(FILES ${desktop_sources}/${INFRAPLAN_APP_ID}.desktop
  DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${desktop_sources}/infraplan.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)

# Screenshots are committed in resources/screenshots/; AppStream wants them as web URLs.
set(INFRAPLAN_SCREENSHOT_URL "${INFRAPLAN_HOMEPAGE_URL}/raw/main/resources/screenshots")
configure_file(${desktop_sources}/${INFRAPLAN_APP_ID}.metainfo.xml.in
  ${desktop_build}/${INFRAPLAN_APP_ID}.metainfo.xml @ONLY)
install(FILES ${desktop_build}/${INFRAPLAN_APP_ID}.metainfo.xml
  DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

# Icons: the SVG as the scalable icon and PNGs of the usual hicolor sizes.
add_executable(infraplan-render-icon ${CMAKE_CURRENT_LIST_DIR}/tools/render_icon.cpp)
target_link_libraries(infraplan-render-icon PRIVATE Qt6::Gui Qt6::Svg)
set_target_properties(infraplan-render-icon PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
set(icon_sizes 16 24 32 48 64 128 256 512)
set(icon_outputs)
function(infraplan_install_icon svg name context)
  set(prefix ${desktop_build}/icons/${name})
  set(pngs)
  foreach(size ${icon_sizes})
    list(APPEND pngs ${prefix}-${size}.png)
    install(FILES ${prefix}-${size}.png RENAME ${name}.png
      DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/${context})
  endforeach()
  add_custom_command(OUTPUT ${pngs}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${desktop_build}/icons
    COMMAND ${tool_env} $<TARGET_FILE:infraplan-render-icon> ${svg} ${prefix} ${icon_sizes}
    DEPENDS infraplan-render-icon ${svg}
    COMMENT "Rendering the ${name} icon" VERBATIM)
  install(FILES ${svg} RENAME ${name}.svg
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/${context})
  set(icon_outputs ${icon_outputs} ${pngs} PARENT_SCOPE)
endfunction()
infraplan_install_icon(${PROJECT_SOURCE_DIR}/resources/icons/infraplan.svg ${INFRAPLAN_APP_ID} apps)
infraplan_install_icon(${desktop_sources}/application-x-infraplan-design.svg
  application-x-infraplan-design mimetypes)
add_custom_target(infraplan_icons ALL DEPENDS ${icon_outputs})

# Man pages: each program's --help and its subcommands', then sections --help lacks
# (installers/man/PROGRAM.man), gzipped as Debian wants them.
add_executable(infraplan-make-manpage
  ${CMAKE_CURRENT_LIST_DIR}/tools/manpage/make_manpage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tools/manpage/help_text.cpp)
target_link_libraries(infraplan-make-manpage PRIVATE Qt6::Core)
set_target_properties(infraplan-make-manpage PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
find_program(INFRAPLAN_GZIP gzip REQUIRED)
set(manpage_outputs)
set(manpage_programs infraplan-cli)
if(INFRAPLAN_BUILD_GUI)
  list(APPEND manpage_programs infraplan)
endif()
foreach(program ${manpage_programs})
  set(page ${CMAKE_BINARY_DIR}/man/${program}.1)
  set(extra ${CMAKE_CURRENT_LIST_DIR}/man/${program}.man)
  add_custom_command(OUTPUT ${page} ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
    COMMAND ${tool_env} $<TARGET_FILE:infraplan-make-manpage> $<TARGET_FILE:${program}>
            ${program} ${PROJECT_VERSION} ${INFRAPLAN_RELEASE_DATE} ${page} ${extra}
    COMMAND ${INFRAPLAN_GZIP} -9nkf ${page}
    DEPENDS infraplan-make-manpage ${program} ${extra}
    COMMENT "Writing the ${program}(1) man page from its --help" VERBATIM)
  install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  list(APPEND manpage_outputs ${page} ${page}.gz)
endforeach()
add_custom_target(infraplan_manpages ALL DEPENDS ${manpage_outputs})
