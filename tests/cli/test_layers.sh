#!/bin/sh
# The include graph runs one way: app -> ui -> io -> rules -> table, for
# the public headers (include/sightline) and the sources alike; and inside
# src/rules every file reaches another module only through its own
# module's internal header (base <- sg2 <- house; base <- skirmish; the top
# files through rules.h). Run from the source tree.
set -u
fails=0
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

# the layer of a public header, by name
layer_of_header() {
    case "$1" in
    geom.h | los.h | table.h) echo 1 ;;
    model.h | options.h | dice.h | sight.h | game.h | show.h) echo 2 ;;
    io.h | save.h | play.h | lesson.h | net.h | shelf.h | pointer.h) echo 3 ;;
    ui.h | remote.h) echo 4 ;;
    *) echo 9 ;;
    esac
}

# every public include of a file against the file's own layer
check_public() {
    file="$1"
    own="$2"
    for h in $(sed -n 's/^#include "sightline\/\([a-z_]*\.h\)".*/\1/p' "$file"); do
        l=$(layer_of_header "$h")
        [ "$l" -le "$own" ] || fail "$file (layer $own) includes sightline/$h (layer $l)"
    done
}

for h in include/sightline/*.h; do
    check_public "$h" "$(layer_of_header "$(basename "$h")")"
done
for f in $(find src/table -name '*.[ch]'); do check_public "$f" 1; done
for f in $(find src/rules -name '*.[ch]'); do check_public "$f" 2; done
for f in $(find src/io -name '*.[ch]'); do check_public "$f" 3; done
for f in $(find src/net -name '*.[ch]'); do check_public "$f" 3; done
for f in $(find src/ui -name '*.[ch]'); do check_public "$f" 4; done

# the quoted includes of a file that are not public headers
internal() {
    sed -n 's/^#include "\([^"]*\)".*/\1/p' "$1" | grep -v '^sightline/' || true
}

# inside src/rules: each file includes at most its own module's header,
# or a private header of its own folder (NAME_internal.h) that itself
# includes only the module's header
expect_only() {
    file="$1"
    allowed="$2"
    for i in $(internal "$file"); do
        case "$i" in
        */*) ;;
        *_internal.h) [ -f "$(dirname "$file")/$i" ] && continue ;;
        esac
        [ "$i" = "$allowed" ] || fail "$file includes \"$i\"; it may reach other modules only through \"$allowed\""
    done
}
for f in src/rules/base/*.c; do expect_only "$f" base.h; done
for f in src/rules/sg2/*.c; do expect_only "$f" sg2.h; done
for f in src/rules/house/*.c; do expect_only "$f" house.h; done
for f in src/rules/skirmish/*.c; do expect_only "$f" skirmish.h; done
for f in src/rules/*.c; do expect_only "$f" rules.h; done
for h in src/rules/*/*_internal.h; do
    [ -f "$h" ] || continue
    case "$h" in
    src/rules/base/*) mod=base.h ;;
    src/rules/sg2/*) mod=sg2.h ;;
    src/rules/house/*) mod=house.h ;;
    src/rules/skirmish/*) mod=skirmish.h ;;
    *) mod=none ;;
    esac
    for i in $(internal "$h"); do
        [ "$i" = "$mod" ] || fail "$h includes \"$i\"; a private header includes only \"$mod\""
    done
done
expect_only src/rules/base/base.h none
expect_only src/rules/sg2/sg2.h ../base/base.h
expect_only src/rules/skirmish/skirmish.h ../base/base.h
expect_only src/rules/house/house.h ../sg2/sg2.h
for i in $(internal src/rules/rules.h); do
    case "$i" in
    house/house.h | skirmish/skirmish.h) ;;
    *) fail "src/rules/rules.h includes \"$i\"" ;;
    esac
done
# no layer below reaches into another layer's internal headers
for f in $(find src/table src/rules src/io -name '*.[ch]'); do
    for i in $(internal "$f"); do
        case "$i" in
        *ui_internal.h | *gfx.h | *text.h | *theme.h | *input.h | *app.h)
            fail "$f includes the window's or the program's \"$i\"" ;;
        esac
    done
done

if [ "$fails" -ne 0 ]; then
    echo "$fails include rule(s) broken"
    exit 1
fi
echo "the include graph runs one way"
