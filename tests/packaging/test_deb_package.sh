#!/usr/bin/env bash
# Builds the .deb from this build tree (cpack -G DEB), unpacks it into a scratch root and
# checks what it installs: the programs run from there and the CLI writes reports from an
# installed example; the desktop entry and AppStream metainfo validate; the MIME type compiles
# with its glob and magic; the icons have their sizes; the man pages render without warnings
# and cover every subcommand; and every place that shows the version names the CMake
# project's. A missing tool FAILS the test (scripts/deps.sh installs them all).
#   test_deb_package.sh BUILD_DIR VERSION SCRATCH_DIR CPACK
set -euo pipefail
build=$1 version=$2 scratch=$3 cpack=$4

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
die() { echo "FAIL: $*" >&2; exit 1; }
check() { local what=$1; shift; "$@" || fail "$what"; }

for tool in dpkg-deb dpkg-shlibdeps desktop-file-validate appstreamcli update-mime-database man \
    readelf; do
  command -v "$tool" >/dev/null || die "$tool is missing: run scripts/deps.sh"
done

rm -rf "$scratch"
mkdir -p "$scratch/home"
if ! "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/out" >"$scratch/cpack.log" 2>&1; then
  cat "$scratch/cpack.log" >&2
  die "cpack -G DEB failed"
fi
debs=("$scratch"/out/infraplan_*.deb)
[ -f "${debs[0]}" ] || die "cpack made no infraplan_*.deb in $scratch/out"
deb=${debs[0]}
echo "package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

# Control fields: the project's version, dependencies from dpkg-shlibdeps, maintainer scripts.
check "package version is not $version" [ "$(dpkg-deb -f "$deb" Version)" = "$version" ]
depends=$(dpkg-deb -f "$deb" Depends)
for dep in libc6 libqt6core6 libqt6gui6 libsqlite3-0 fonts-dejavu-core; do
  [[ $depends == *"$dep"* ]] || fail "Depends lacks $dep: $depends"
done
dpkg-deb -e "$deb" "$scratch/control"
for script in postinst postrm; do
  check "$script is not an executable shell script" test -x "$scratch/control/$script"
  check "$script does not parse" sh -n "$scratch/control/$script"
done
owners=$(dpkg-deb -c "$deb" | awk '{print $2}' | sort -u)
check "files are not all owned by root/root: $owners" [ "$owners" = "root/root" ]

root=$scratch/root
dpkg-deb -x "$deb" "$root"
share=$root/usr/share
expected=(
  usr/bin/infraplan-cli
  usr/share/infraplan/builtin-catalog.sqlite
  usr/share/infraplan/examples/dgx-h100-training.json
  usr/share/infraplan/templates/2-gb200-nvl72.json
  usr/share/infraplan/docs/README.md
  usr/share/infraplan/docs/design-file.md
  usr/share/doc/infraplan/copyright
  usr/share/man/man1/infraplan-cli.1.gz
  usr/share/mime/packages/infraplan.xml
)
gui=false
if [ -e "$root/usr/bin/infraplan" ]; then
  gui=true
  expected+=(
    usr/share/man/man1/infraplan.1.gz
    usr/share/applications/org.infraplan.infraplan.desktop
    usr/share/metainfo/org.infraplan.infraplan.metainfo.xml
    usr/share/icons/hicolor/scalable/apps/org.infraplan.infraplan.svg
    usr/share/icons/hicolor/scalable/mimetypes/application-x-infraplan-design.svg
  )
fi
for path in "${expected[@]}"; do
  [ -s "$root/$path" ] || fail "the package does not install $path"
done
for program in "$root"/usr/bin/*; do
  readelf -d "$program" | grep -qE 'RPATH|RUNPATH' && fail "$program keeps a build RPATH"
done

# The icons: every hicolor PNG is square with the size its folder names (PNG header: IHDR).
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{print $3*256+$4 "x" $7*256+$8}'; }
for size in 16 24 32 48 64 128 256 512; do
  for icon in apps/org.infraplan.infraplan mimetypes/application-x-infraplan-design; do
    png=$share/icons/hicolor/${size}x${size}/$icon.png
    if [ ! -s "$png" ]; then fail "no $size px icon $icon"; continue; fi
    [ "$(png_size "$png")" = "${size}x${size}" ] || fail "$png is $(png_size "$png")"
  done
done

# The installed CLI, with nothing from the build or the user's home.
cli() {
  env -u QT_QPA_PLATFORM HOME="$scratch/home" XDG_DATA_HOME="$scratch/home/data" \
    INFRAPLAN_USER_CATALOG= "$root/usr/bin/infraplan-cli" "$@"
}
check "installed infraplan-cli --version does not say $version" \
  [ "$(cli --version)" = "infraplan-cli $version" ]
example=$share/infraplan/examples/dgx-h100-training.json
cli validate "$example" >/dev/null 2>&1 || fail "the installed example does not validate"
if cli report "$example" -o "$scratch/report.pdf" >/dev/null &&
  cli report "$example" -o "$scratch/report.json" >/dev/null; then
  check "report.pdf is not a PDF" [ "$(head -c 5 "$scratch/report.pdf")" = "%PDF-" ]
  pdf_kib=$(du -k "$scratch/report.pdf" | cut -f1)
  check "report.pdf is only $pdf_kib KiB" [ "$pdf_kib" -ge 20 ]
  grep -q "\"infraplan-cli $version\"" "$scratch/report.json" ||
    fail "the JSON report does not name infraplan-cli $version"
else
  fail "the installed infraplan-cli could not write reports"
fi
if $gui; then
  # With no display at all, as over ssh: --version needs none.
  gui_version=$(env -u QT_QPA_PLATFORM -u DISPLAY -u WAYLAND_DISPLAY "$root/usr/bin/infraplan" \
    --version 2>/dev/null)
  check "installed infraplan --version says '$gui_version'" [ "$gui_version" = "Infraplan $version" ]
fi

# Desktop entry, AppStream metainfo (with the project's version as its release) and the tree
# they are in, MIME type.
if $gui; then
  desktop=$share/applications/org.infraplan.infraplan.desktop
  metainfo=$share/metainfo/org.infraplan.infraplan.metainfo.xml
  check "desktop-file-validate" desktop-file-validate "$desktop"
  appstreamcli validate --no-net --strict "$metainfo" >"$scratch/appstream.log" 2>&1 ||
    fail "appstreamcli validate: $(cat "$scratch/appstream.log")"
  # The whole tree: the component's desktop entry and icon are found where it names them.
  appstreamcli validate-tree --no-net "$root" >"$scratch/appstream.log" 2>&1 ||
    fail "appstreamcli validate-tree: $(cat "$scratch/appstream.log")"
  check "the metainfo's release is not $version" grep -q "<release version=\"$version\"" "$metainfo"
  grep -q '^MimeType=application/x-infraplan-design;' "$desktop" ||
    fail "the desktop entry does not open application/x-infraplan-design"
fi
cp -r "$share/mime" "$scratch/mime"
update-mime-database "$scratch/mime" >"$scratch/mime.log" 2>&1 ||
  fail "update-mime-database: $(cat "$scratch/mime.log")"
check "no *.infraplan.json glob" grep -q 'application/x-infraplan-design:\*\.infraplan\.json' \
  "$scratch/mime/globs2"
check "no magic for design files" grep -aq 'application/x-infraplan-design' "$scratch/mime/magic"

# Man pages: `man` finds them in the unpacked root, groff has nothing to say about them, they
# name the version, and infraplan-cli's covers every subcommand its --help lists.
pages=(infraplan-cli)
$gui && pages+=(infraplan)
for page in "${pages[@]}"; do
  file=$share/man/man1/$page.1.gz
  text=$(MANPATH=$share/man MANWIDTH=100 man -P cat "$page" 2>"$scratch/man.err") ||
    { fail "man $page: $(cat "$scratch/man.err")"; continue; }
  [[ $text == *"Infraplan $version"* ]] || fail "man $page does not name Infraplan $version"
  warnings=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$file" 2>&1 >/dev/null)
  [ -z "$warnings" ] || fail "man $page warns: $warnings"
done
cli_page=$(MANPATH=$share/man MANWIDTH=100 man -P cat infraplan-cli 2>/dev/null || true)
subcommands=$(cli --help | awk '/^Subcommands:/ {on=1; next} on && /^  [a-z]/ {print $1}')
[ -n "$subcommands" ] || fail "infraplan-cli --help lists no subcommands"
for sub in $subcommands; do
  [[ $cli_page == *"infraplan-cli $sub"* ]] || fail "man infraplan-cli lacks the $sub subcommand"
done

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "the package installs and works: $(find "$root" -type f | wc -l) files"
