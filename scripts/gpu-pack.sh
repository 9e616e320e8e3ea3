#!/usr/bin/env bash
# Packs what a bare GPU host needs to run the GPU benchmark (see ../shared/GPU.md) into .gpu/
# (git-ignored), and builds dist/. Then, on the host, from the repository root with .gpu and dist:
#   bash scripts/gpu-bench.sh
# .gpu/node.xz                 this machine's node binary, xz-compressed (about 24 MB)
# .gpu/node_modules.tar.xz     node_modules/webgpu with only dist/linux-x64, @webgpu/types, debug, ms
# .gpu/known-counts.json       ../shared/data/known-counts.json, to check the totals there
# .gpu/debs/*.deb              the Vulkan loader and the GL vendor-neutral libraries that the NVIDIA
#                              Vulkan driver needs (without them Dawn finds no adapter)
set -euo pipefail
cd "$(dirname "$0")/.."

rm -rf .gpu
mkdir -p .gpu/debs

# dist/: tsc emits even when files outside src/gpu have type errors; check what we need is there.
npx tsc -p tsconfig.json >/dev/null || echo "gpu-pack: tsc reported errors (dist/ written anyway)" >&2
test -f dist/dev/gpu-bench.js

# The known counts, so that the host can check its totals.
if [ -f ../shared/data/known-counts.json ]; then cp ../shared/data/known-counts.json .gpu/; fi

xz -T2 -6 -c "$(readlink -f "$(command -v node)")" > .gpu/node.xz

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/node_modules/webgpu/dist" "$stage/node_modules/@webgpu"
for f in package.json index.js types.d.ts LICENSE.md; do
  cp "node_modules/webgpu/$f" "$stage/node_modules/webgpu/"
done
cp -r node_modules/webgpu/dist/linux-x64 "$stage/node_modules/webgpu/dist/"
cp -r node_modules/@webgpu/types "$stage/node_modules/@webgpu/"
for p in debug ms; do
  if [ -d "node_modules/$p" ]; then cp -r "node_modules/$p" "$stage/node_modules/"; fi
done
tar -C "$stage" -cJf .gpu/node_modules.tar.xz node_modules

debs="libvulkan1 libglvnd0 libgl1 libglx0 libegl1 libgles2 libopengl0"
if [ "$(dpkg --print-architecture 2>/dev/null)" = amd64 ] && ls /var/lib/apt/lists/*_Packages* >/dev/null 2>&1; then
  # shellcheck disable=SC2086
  (cd .gpu/debs && apt-get download $debs)
else
  # Not an amd64 Debian machine, or no package lists: a private amd64 package list.
  mkdir -p /tmp/amd64/partial
  o=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64)
  apt-get "${o[@]}" update
  # shellcheck disable=SC2086
  (cd .gpu/debs && apt-get "${o[@]}" download $debs)
fi

du -sh .gpu/* dist | sed 's/^/gpu-pack: /' >&2
echo "gpu-pack: carry .gpu and dist; run: bash scripts/gpu-bench.sh" >&2
