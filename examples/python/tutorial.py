# Tutorial: the Ventus platform from Python (docs/python.md). The `# %%` lines mark cells:
# Jupyter (with jupytext) and VS Code open this file as a notebook; `python3 tutorial.py
# [--plot FILE]` runs it top to bottom (MPLBACKEND=Agg for no display).

# %% [markdown]
# # Ventus from Python
# A machine is a configuration file plus overrides; a device holds NumPy arrays in its memory;
# a launch returns its counts, cycles and every statistic as a dict.

# %%
import argparse
import os
import pathlib

import matplotlib.pyplot as plt
import numpy

import ventus

REPO = pathlib.Path(os.environ.get("VENTUS_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--plot", default="warp_slots.png", help="where to write the sweep's plot")
options, _ = parser.parse_known_args()  # Jupyter passes arguments of its own

machine = ventus.Machine()  # configs/ventus-rtl-tb.toml: the RTL test bench's machine
print(machine)
print({p["name"]: p["value"] for p in machine.params if p["name"].startswith("sm.warp")})

# %% [markdown]
# ## vecadd from NumPy arrays
# The kernel is OpenCL C, compiled when the program is loaded (as `ventus cc` does).

# %%
program = ventus.Program.from_file(str(REPO / "kernels" / "vecadd" / "vecadd.cl"))
vecadd = program.kernel("vecadd")

n = 1024
rng = numpy.random.default_rng(0)
a = rng.standard_normal(n, dtype=numpy.float32)
b = rng.standard_normal(n, dtype=numpy.float32)
dev = ventus.Device(machine)
buf_a, buf_b, buf_c = dev.buffer(a), dev.buffer(b), dev.empty(n, numpy.float32)
functional = dev.launch(vecadd, n, 64, [buf_a, buf_b, buf_c, n])
assert numpy.array_equal(buf_c.numpy(), a + b)
print(f"functional: {functional.warp_instructions} warp-instructions, "
      f"{functional.wall_seconds * 1e3:.2f} ms")

# %% [markdown]
# ## Functional and timing modes
# The same launch on the cycle model: the same instructions, plus cycles and IPC.

# %%
timed = dev.launch(vecadd, n, 64, [buf_a, buf_b, buf_c, n], timing=True)
assert timed.warp_instructions == functional.warp_instructions
print(f"timing: {timed.cycles} cycles, IPC {timed.ipc:.3f}, "
      f"{timed.wall_seconds * 1e3:.2f} ms of host time")

# %% [markdown]
# ## Sweeping warp slots
# One machine per value of `sm.warp_slots`: more resident warps hide more latency.

# %%
slots = [1, 2, 4, 8]
cycles = []
for warp_slots in slots:
    swept = ventus.Device(machine.with_overrides(**{"sm.warp_slots": warp_slots}))
    x = swept.buffer(a)
    out = swept.empty(n, numpy.float32)
    group = warp_slots * machine.values["sm.threads_per_warp"]
    run = swept.launch(vecadd, n, group, [x, x, out, n], timing=True)
    cycles.append(run.cycles)
print(dict(zip(slots, cycles)))

figure, axes = plt.subplots(figsize=(5, 3.5))
axes.plot(slots, cycles, marker="o")
axes.set_xlabel("sm.warp_slots (one work-group of all slots per SM)")
axes.set_ylabel("cycles")
axes.set_title(f"vecadd, {n} work-items, ventus-rtl-tb")
axes.set_xticks(slots)
figure.tight_layout()
figure.savefig(options.plot)
print(f"plot: {options.plot}")

# %% [markdown]
# ## Where the warp slots' cycles went
# `timing.smN.stall` counts every slot-cycle by state: issued, idle, or why it could not issue.

# %%
stalls = timed.stats["stats"]["timing.sm0.stall"]
total = stalls["total"]
for state, count in sorted(stalls.items(), key=lambda item: -item[1]):
    if state != "total" and count:
        print(f"{state:>16} {count:8d}  {100 * count / total:5.1f} %")
