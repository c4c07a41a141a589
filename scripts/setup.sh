#!/usr/bin/env bash
# Installs the Debian packages the project needs, only those that are missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config clang-format clang-tidy
  clang llvm  # libFuzzer builds (scripts/fuzz.sh); llvm-objdump-14 for the objdump_llvm test
  clang-16 llvm-16-dev  # ventus cc: clang-16 is the OpenCL C front end, LLVM 16's passes the middle end
  libgtest-dev libgmock-dev libbenchmark-dev
  libtbb-dev  # --host-threads: work-groups on several host threads (docs/host-threads.md)
  libcli11-dev libfmt-dev libtomlplusplus-dev nlohmann-json3-dev
  python3-matplotlib  # scripts/ventus_plot.py, run by Debian's /usr/bin/python3
  libsqlite3-dev parallel slurm-wlm munge  # ventus sweep: results.sqlite, GNU parallel, Slurm (docs/sweeps.md)
  pybind11-dev python3-dev python3-numpy python3-pytest  # import ventus (docs/python.md)
  gdb-multiarch  # the debugger tests drive the GDB stub with it (docs/debugging.md)
  libedit-dev  # line editing and history at the `ventus debug` prompt
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
