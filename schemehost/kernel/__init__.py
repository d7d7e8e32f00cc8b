"""A Jupyter kernel for schemehost: Scheme cells in notebooks and consoles.

    schemehost kernel install [--user | --sys-prefix | --prefix P]
    jupyter console --kernel schemehost
    python -m schemehost.kernel -f CONNECTION_FILE      (what Jupyter runs)

The kernel is a thin adapter over the public interpreter API, built on
ipykernel's `Kernel` base class:

* kernel.py      the Kernel: execute (one Interpreter per kernel), streams,
                 input requests, errors, interrupts
* editing.py     completion, inspection and is_complete (no Jupyter imports)
* rich.py        length-bounded `write` for results; the host procedures
                 that put pictures and Markdown into the notebook
                 (`show-plot`, `display-image`, `display-markdown`)
* labprocs.py    host procedures the lab notebooks use (etaoin graphs, pennies)
* spec.py        the kernelspec and its installation
* cli.py         the `schemehost kernel` subcommand

Only kernel.py and spec.py import Jupyter packages, the optional extra
`pip install -e '.[notebook]'`.
"""

from __future__ import annotations

__all__ = ["KERNEL_NAME", "DISPLAY_NAME"]

KERNEL_NAME = "schemehost"
DISPLAY_NAME = "Scheme (schemehost)"
