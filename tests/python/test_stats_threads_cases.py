"""Statistics equal to `ventus run --stats-json` of the same launch, launches on two Python
threads at once, and reference test cases (saved by a launch, and the corpus's)."""

import concurrent.futures
import json
import os
import pathlib
import subprocess

import numpy
import pytest

import ventus
from conftest import HERE, SOURCE_DIR


@pytest.mark.parametrize("timing", [False, True])
def test_stats_equal_stats_json_of_ventus_run(tmp_path, ventus_bin, machine, kernels, timing):
    a = numpy.arange(64, dtype=numpy.float32)
    b = numpy.full(64, 0.5, dtype=numpy.float32)
    for name, values in (("a", a), ("b", b)):
        (tmp_path / f"{name}.txt").write_text("".join(f"{v}\n" for v in values))
    command = [ventus_bin, "run", str(HERE / "kernels.cl"), "--kernel", "vecadd",
               "--global", "64", "--local", "32", "--config", machine.config_path,
               "--arg", f"buf:in:{tmp_path / 'a.txt'}:f32", "--arg",
               f"buf:in:{tmp_path / 'b.txt'}:f32", "--arg",
               f"buf:out:{tmp_path / 'c.txt'}:256:f32", "--arg", "u32:64",
               "--stats-json", str(tmp_path / "stats.json")] + (["--timing"] if timing else [])
    subprocess.run(command, check=True, capture_output=True)
    expected = json.loads((tmp_path / "stats.json").read_text())["launches"][0]

    device = ventus.Device(machine)
    launch = device.launch(kernels.kernel("vecadd"), 64, 32,
                           [device.buffer(a), device.buffer(b), device.empty(64), 64],
                           timing=timing)
    assert launch.stats == expected
    assert launch.warp_instructions == expected["stats"]["functional.warp_instructions"]
    if timing:
        assert launch.cycles == expected["cycles"]


def run_vecadd(machine, kernels, seed, timing):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(256, dtype=numpy.float32)
    device = ventus.Device(machine)
    out = device.empty(256, numpy.float32)
    launch = device.launch(kernels.kernel("vecadd"), 256, 64,
                           [device.buffer(a), device.buffer(a), out, 256], timing=timing)
    return out.numpy(), launch.cycles, launch.warp_instructions


def test_two_threads_at_once_equal_one_after_the_other(machine, kernels):
    jobs = [(1, True), (2, True)]
    sequential = [run_vecadd(machine, kernels, *job) for job in jobs]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        parallel = list(pool.map(lambda job: run_vecadd(machine, kernels, *job), jobs))
    for (seq_out, seq_cycles, seq_instr), (par_out, par_cycles, par_instr) in zip(
            sequential, parallel):
        numpy.testing.assert_array_equal(par_out, seq_out)
        assert (par_cycles, par_instr) == (seq_cycles, seq_instr)


def test_a_saved_launch_runs_as_a_case(tmp_path, device, kernels):
    x = numpy.arange(64, dtype=numpy.int32)
    y = device.empty(64, numpy.int32)
    launch = device.launch(kernels.kernel("axpy_i32"), 64, 32, [device.buffer(x), y, 3],
                           overrides={"run.save_case": str(tmp_path / "case")})
    reports = ventus.run_case(str(tmp_path / "case"), check=True)
    assert [r["passed"] for r in reports] == [True]
    assert reports[0]["warp_instructions"] == launch.warp_instructions
    timed = ventus.run_case(str(tmp_path / "case"), timing=True)
    assert timed[0]["cycles"] > 0 and timed[0]["stats"]["cycles"] == timed[0]["cycles"]


def test_run_case_errors(tmp_path):
    with pytest.raises(ventus.CaseError):
        ventus.run_case(str(tmp_path / "no-case"))


def reference_dir():
    return pathlib.Path(os.environ.get("VENTUS_REFERENCE_DIR",
                                       SOURCE_DIR.parent / "shared" / "reference"))


def test_reference_case_passes_its_check():
    case = reference_dir() / "cases" / "vecadd-4w8t"
    if not case.is_dir():
        pytest.skip(f"reference corpus not found at {case} (set VENTUS_REFERENCE_DIR)")
    reports = ventus.run_case(str(case), check=True)
    assert [(r["name"], r["passed"]) for r in reports] == [("vecadd_0", True)]
