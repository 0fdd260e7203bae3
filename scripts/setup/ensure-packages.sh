#!/usr/bin/env bash
# Installs the Debian packages warpscope builds and tests with, when any is missing (see SETUP notes in
# README.md). Runs apt-get update first. Uses sudo when not root.
set -euo pipefail
packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev libqt6sql6-sqlite qt6-svg-dev
    libqcustomplot-dev libqcustomplot2.1-qt6
    nlohmann-json3-dev libsqlite3-dev
    libgtest-dev libbenchmark-dev
    xvfb xauth xdotool imagemagick poppler-utils fonts-dejavu-core
    dpkg-dev desktop-file-utils appstream shared-mime-info
)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
echo "warpscope: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
