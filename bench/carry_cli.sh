#!/usr/bin/env bash
# Packs a warpscope-cli (a build with WARPSCOPE_BUILD_GUI=OFF) for a machine without the build's libraries:
# the binary, every library ldd names and the loader go into DIR/NAME.d, and DIR/NAME starts the binary through
# that loader with those libraries (bench/parallel_on_device.sh runs `base` and `new` this way).
#
#   bench/carry_cli.sh BUILD/bin/warpscope-cli DIR NAME
set -euo pipefail
cli=${1:?usage: carry_cli.sh WARPSCOPE_CLI DIR NAME}
dir=${2:?usage: carry_cli.sh WARPSCOPE_CLI DIR NAME}
name=${3:?usage: carry_cli.sh WARPSCOPE_CLI DIR NAME}
lib="$dir/$name.d"
rm -rf "$lib" && mkdir -p "$lib"
cp "$cli" "$lib/warpscope-cli"
ldd "$cli" | awk '/=> \// { print $3 } /^[ \t]*\/lib/ { print $1 }' | while read -r so; do cp -L "$so" "$lib/"; done
loader=$(ldd "$cli" | awk '/ld-linux/ { print ($3 ~ /^\// ? $3 : $1) }')
cat > "$dir/$name" <<WRAP
#!/usr/bin/env bash
here=\$(cd "\$(dirname "\${BASH_SOURCE[0]}")" && pwd)
exec "\$here/$name.d/$(basename "$loader")" --library-path "\$here/$name.d" "\$here/$name.d/warpscope-cli" "\$@"
WRAP
chmod +x "$dir/$name"
