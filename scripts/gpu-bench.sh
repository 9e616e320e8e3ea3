#!/usr/bin/env bash
# The GPU benchmark: one JSON line per N (default 16..21), stopping once a run passes 60 s:
#   {"n","total","unique","kernelSeconds","wallSeconds","adapter","lanes","workgroupSize",
#    "levels","dispatches","donations","knownTotal"}
# wallSeconds is the whole process (node start, Dawn, device, shader compile, split, count), as
# `nqueens count N --backend gpu` takes it. Extra arguments go to every run (lanes=, wg=,
# levels=, target=, tail=, rows=, robust=1); NS="19 20" picks the sizes; SWEEP=1 instead times
# N=${SWEEP_N:-19} under several launch shapes. Where the count command has --backend, each N is
# also timed through it: {"n","cli":true,"wallSeconds","output"} (CLI=0 skips that).
#
# On a bare GPU host (no node, no Vulkan loader), carry .gpu/ from scripts/gpu-pack.sh and dist/;
# this script then sets them up as ../shared/GPU.md describes. Needs root for dpkg -x / ldconfig
# only when libvulkan.so.1 is missing.
set -uo pipefail
cd "$(dirname "$0")/.."

node=${NODE:-node}
if ! command -v "$node" >/dev/null 2>&1; then
  if [ -f .gpu/node.xz ]; then
    xz -dc .gpu/node.xz > /tmp/node && chmod +x /tmp/node
    node=/tmp/node
  else
    echo '{"error":"no node; run scripts/gpu-pack.sh and carry .gpu"}'
    exit 1
  fi
fi
if [ ! -d node_modules/webgpu ] && [ -f .gpu/node_modules.tar.xz ]; then
  tar -xJf .gpu/node_modules.tar.xz
fi
if ! ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1 ' && [ -d .gpu/debs ]; then
  for f in .gpu/debs/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
if [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ]; then
  for icd in /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json \
    /usr/share/vulkan/icd.d/nvidia_icd.json /etc/vulkan/icd.d/nvidia_icd.json; do
    if [ -f "$icd" ]; then
      export VK_DRIVER_FILES=$icd
      break
    fi
  done
fi
if [ ! -f dist/dev/gpu-bench.js ]; then
  echo '{"error":"dist/dev/gpu-bench.js missing: npx tsc -p . (or scripts/gpu-pack.sh) and carry dist"}'
  exit 1
fi
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader >&2 || true
fi

run() { "$node" dist/dev/gpu-bench.js "$@"; }

if [ -n "${SWEEP:-}" ]; then
  n=${SWEEP_N:-19}
  for shape in "wg=64" "wg=32" "wg=128" "lanes=131072" "lanes=524288" "levels=3" \
    "target=0.25" "tail=0.005" "rows=26" "robust=1"; do
    # shellcheck disable=SC2086
    run "$n" $shape "$@"
  done
  exit 0
fi

cli=0
if [ "${CLI:-1}" = 1 ] && [ -f dist/cli/count.js ] && grep -q -- '--backend' dist/cli/count.js; then cli=1; fi

for n in ${NS:-16 17 18 19 20 21}; do
  line=$(run "$n" "$@")
  echo "$line"
  case $line in *'"error"'*) exit 1 ;; esac
  if [ $cli = 1 ]; then
    t0=$(date +%s.%N)
    out=$("$node" bin/nqueens.js count "$n" --backend gpu --json 2>&1 | tail -1)
    t1=$(date +%s.%N)
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    printf '{"n":%s,"cli":true,"wallSeconds":%s,"output":%s}\n' "$n" "$wall" \
      "$("$node" -e 'console.log(JSON.stringify(process.argv[1]))' "$out")"
  fi
  wall=$(printf '%s' "$line" | sed -n 's/.*"wallSeconds":\([0-9.]*\).*/\1/p')
  if [ -n "$wall" ] && awk -v w="$wall" 'BEGIN { exit !(w > 60) }'; then break; fi
done
