"""Matching pennies: Shannon's and Hagelbarger's mind-reading machines, replayed.

    lab     games, matches, tournaments and the paper's tables and figures, on
            the Python strategies of `strategies.pennies`; imports nothing from
            schemehost (the command line hands it a progress bar)
    scheme  the Scheme penny-matcher program run by the interpreter, and its
            cross-check against the Python port
    cli     `schemehost pennies ...` and `schemehost compare pennies`

Only the command line is imported here: the lab needs numpy, loaded when a
pennies command runs.
"""

from .cli import register_commands, register_compare

__all__ = ["register_commands", "register_compare"]
