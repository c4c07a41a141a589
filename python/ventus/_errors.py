"""The exceptions of the ventus module (docs/python.md); the C++ binding raises them."""


class Error(Exception):
    """Base class of every error the ventus module raises."""


class ConfigError(Error, ValueError):
    """A configuration key or value the registry refuses (its message names the key)."""


class ProgramError(Error, ValueError):
    """A program that cannot be loaded, assembled or compiled, or an unknown kernel."""


class LaunchError(Error, ValueError):
    """A launch that could not start: its ND-range, arguments or memory do not fit."""


class CaseError(Error, ValueError):
    """A reference test case that cannot be loaded."""


class GuestFault(Error):
    """A guest fault stopped the kernel; nothing was written back.

    Attributes: kind, kernel, pc, warp, work_group (linear id), work_group_id (x, y, z),
    thread_mask, instruction_word (None when it could not be read), disassembly, detail,
    memcheck (the memcheck lines) and launch (the Launch, statistics up to the fault; a dict
    for run_case).
    """

    def __init__(self, message, **parts):
        super().__init__(message)
        self.kind = parts.get("kind", "")
        self.kernel = parts.get("kernel", "")
        self.pc = parts.get("pc", 0)
        self.warp = parts.get("warp", 0)
        self.work_group = parts.get("work_group", 0)
        self.work_group_id = parts.get("work_group_id", (0, 0, 0))
        self.thread_mask = parts.get("thread_mask", 0)
        self.instruction_word = parts.get("instruction_word")
        self.disassembly = parts.get("disassembly", "")
        self.detail = parts.get("detail", "")
        self.memcheck = parts.get("memcheck", [])
        self.launch = parts.get("launch")
