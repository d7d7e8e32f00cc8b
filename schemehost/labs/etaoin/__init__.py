"""The etaoin lab: two players take letters from either end of a word and score them.

    lab  the Scheme program run by the interpreter, its timings, and the
         cross-check against `strategies.etaoin`
    fit  fits of the timings (a power law and an exponential) and their report
    cli  `schemehost etaoin ...` and `schemehost compare etaoin`
"""

from .cli import register_commands, register_compare

__all__ = ["register_commands", "register_compare"]
