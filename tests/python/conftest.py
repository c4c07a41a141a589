"""Shared fixtures of the ventus module's tests: the source tree, the `ventus` binary and the
test kernels compiled once per session."""

import os
import pathlib

import numpy
import pytest

import ventus

HERE = pathlib.Path(__file__).resolve().parent
SOURCE_DIR = pathlib.Path(os.environ.get("VENTUS_SOURCE_DIR", HERE.parent.parent))


@pytest.fixture(scope="session")
def ventus_bin():
    path = os.environ.get("VENTUS_BIN")
    if not path or not os.path.exists(path):
        pytest.skip("VENTUS_BIN is not set (run the tests through CTest)")
    return path


@pytest.fixture(scope="session")
def machine():
    return ventus.Machine(str(SOURCE_DIR / "configs" / "ventus-rtl-tb.toml"))


@pytest.fixture(scope="session")
def kernels():
    """tests/python/kernels.cl, compiled by the runtime's OpenCL C compiler."""
    return ventus.Program.from_file(str(HERE / "kernels.cl"))


@pytest.fixture(scope="session")
def faults():
    return ventus.Program.from_file(str(HERE / "faults.s"))


@pytest.fixture
def device(machine):
    return ventus.Device(machine)


@pytest.fixture
def rng():
    return numpy.random.default_rng(53)
