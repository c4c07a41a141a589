"""The Ventus GPGPU platform from Python: machines, programs, devices with NumPy buffers,
launches with statistics as data (docs/python.md). A binding of the C++ runtime."""

import os

from ventus._errors import (CaseError, ConfigError, Error, GuestFault, LaunchError,
                            ProgramError)

# The machine Machine() describes without a config argument: the RTL test bench's.
DEFAULT_CONFIG = os.path.join(os.path.dirname(__file__), "configs", "ventus-rtl-tb.toml")

from ventus._ventus import (Buffer, Device, Kernel, Launch, Local, Machine,  # noqa: E402
                            Program, run_case)

__all__ = [
    "Buffer", "CaseError", "ConfigError", "DEFAULT_CONFIG", "Device", "Error", "GuestFault",
    "Kernel", "Launch", "LaunchError", "Local", "Machine", "Program", "ProgramError", "run_case",
]
