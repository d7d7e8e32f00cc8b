"""schemehost: a Lark-read R7RS Scheme hosted in Python.

The public names are listed in `__all__`; everything else is private.
"""

from .errors import (
    InputExhausted,
    MemoryLimitExceeded,
    ReadError,
    RecursionLimitExceeded,
    ResourceLimit,
    SandboxViolation,
    SchemeError,
    SchemeExit,
    SchemehostError,
    StepLimitExceeded,
)
from .interpreter import Interpreter, format_error, run_deep

__all__ = [
    "Interpreter",
    "format_error",
    "run_deep",
    "SchemehostError",
    "ReadError",
    "SchemeError",
    "ResourceLimit",
    "StepLimitExceeded",
    "RecursionLimitExceeded",
    "MemoryLimitExceeded",
    "InputExhausted",
    "SandboxViolation",
    "SchemeExit",
]
