#!/usr/bin/env bash
# `make dist`: a release anyone can take. The tree `make install` makes (bin/, share/:
# the static release binary, the demo scenes and recordings, fonts, man pages, completions,
# the desktop entry and icon, the manifest), under touchscope-VERSION/, in
# .build/dist/touchscope-VERSION-linux-ARCH.tar.gz, with its SHA-256 in a .sha256 file
# (`sha256sum -c` reads it). Unpacked anywhere, bin/touchscope finds its share/ beside it.
# The tarball is the same bytes for the same tree: sorted names, owner root, every file
# dated at the last commit.
#
# arm64 (aarch64) is built too when the toolchain can cross-build it: a Swift SDK for
# aarch64-unknown-linux-gnu installed (`swift sdk list`) and SDL2's arm64 libraries in it.
# Otherwise this says so and builds the machine's own architecture only.
#
#   packaging/dist.sh VERSION MANDIR
set -euo pipefail
version=${1:?usage: packaging/dist.sh VERSION MANDIR}
mandir=${2:?usage: packaging/dist.sh VERSION MANDIR}
swift=${SWIFT:-swift}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
out=.build/dist
mkdir -p "$out"
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)

pack() {  # pack ARCH BINARY
    local arch=$1 bin=$2 name="touchscope-$version" stage
    # The Swift runtime is linked in: the binary needs nothing of the toolchain's.
    if ldd "$bin" 2>/dev/null | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime'; then
        echo "make dist: $bin loads the Swift runtime from the toolchain (above): not built with --static-swift-stdlib" >&2
        exit 1
    fi
    stage=$(mktemp -d)
    packaging/install.sh install "$bin" "$mandir" / "$stage/$name" touchscope >/dev/null
    local tarball="$out/touchscope-$version-linux-$arch.tar.gz"
    tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" -cf - "$name" \
        | gzip -n -9 > "$tarball"
    (cd "$out" && sha256sum "${tarball##*/}" > "${tarball##*/}.sha256")
    rm -rf "$stage"
    echo "$tarball ($(du -k "$tarball" | cut -f1) KiB)"
    echo "$tarball.sha256: $(cut -d' ' -f1 "$tarball.sha256")"
}

pack "$(uname -m)" .build/release/touchscope

# arm64 from an x86_64 machine: only with a Swift SDK for it.
if [ "$(uname -m)" != aarch64 ]; then
    sdk=$("$swift" sdk list 2>/dev/null | grep -E '^(aarch64|arm64)' | head -n 1 || true)
    if [ -n "$sdk" ]; then
        if "$swift" build -c release --static-swift-stdlib --product touchscope --swift-sdk "$sdk" \
            --scratch-path .build-aarch64; then
            pack aarch64 .build-aarch64/release/touchscope
        else
            echo "make dist: arm64 NOT built: the build with the Swift SDK $sdk failed (above)" >&2
        fi
    else
        echo "make dist: arm64 NOT built: this toolchain cannot cross-build it (no Swift SDK for aarch64 in \`swift sdk list\`;" \
             "install one with \`swift sdk install\`, with SDL2's arm64 -dev packages in its sysroot, or run make dist on an arm64 machine)" >&2
    fi
fi
