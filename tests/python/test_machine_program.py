"""Machine and Program: configuration keys as data, programs from files and source."""

import pytest

import ventus
from conftest import HERE, SOURCE_DIR


def test_default_machine_is_the_packaged_rtl_test_bench():
    assert ventus.Machine().config_path == ventus.DEFAULT_CONFIG
    assert ventus.DEFAULT_CONFIG.endswith("ventus-rtl-tb.toml")


def test_overrides_by_keyword_and_by_dict(machine):
    by_keyword = machine.with_overrides(sm__warp_slots=4)
    by_dict = ventus.Machine(machine.config_path, {"sm.warp_slots": 4, "run.timing": True})
    assert by_keyword.values["sm.warp_slots"] == 4
    assert by_dict.values["sm.warp_slots"] == 4
    assert by_dict.values["run.timing"] is True
    assert machine.values["sm.warp_slots"] == 8  # configs/ventus-rtl-tb.toml, unchanged


def test_params_have_units_and_descriptions(machine):
    params = {p["name"]: p for p in machine.params}
    slots = params["sm.warp_slots"]
    assert slots["value"] == machine.values["sm.warp_slots"]
    assert slots["description"]
    assert "unit" in slots


def test_unknown_key_raises_config_error_naming_it(machine):
    with pytest.raises(ventus.ConfigError, match="sm.warp_slotz"):
        machine.with_overrides(**{"sm.warp_slotz": 4})


def test_bad_value_raises_config_error(machine):
    with pytest.raises(ventus.ConfigError, match="sm.warp_slots"):
        machine.with_overrides(**{"sm.warp_slots": "many"})
    with pytest.raises(ValueError):  # ConfigError is a ValueError
        ventus.Machine(str(SOURCE_DIR / "configs" / "no-such.toml"))


def test_a_value_of_no_configuration_type_is_a_type_error(machine):
    with pytest.raises(TypeError, match="sm.warp_slots"):
        machine.with_overrides(**{"sm.warp_slots": object()})


def test_program_kernels_from_opencl_file(kernels):
    assert {"vecadd", "grid2d", "reverse_groups", "hello"} <= set(kernels.kernels)
    assert kernels.kernel("vecadd").name == "vecadd"


def test_program_from_source_both_languages():
    asm = (HERE / "faults.s").read_text()
    assert ventus.Program.from_source(asm).kernels == ["illegal_third"]
    cl = "__kernel void one(__global int* x) { x[0] = 1; }"
    assert ventus.Program.from_source(cl, lang="opencl", name="one.cl").kernels == ["one"]


def test_program_errors(kernels):
    with pytest.raises(ventus.ProgramError, match="nope"):
        kernels.kernel("nope")
    with pytest.raises(ventus.ProgramError, match="bad.cl"):
        ventus.Program.from_source("__kernel void f( {", lang="opencl", name="bad.cl")
    with pytest.raises(ventus.ProgramError, match="missing.s"):
        ventus.Program.from_file("missing.s")
    with pytest.raises(ValueError, match="lang"):
        ventus.Program.from_source("", lang="cuda")


def test_help_shows_docstrings():
    assert "overrides" in ventus.Machine.__doc__
    assert "GIL" in ventus.Device.launch.__doc__
