"""The `schemehost` kernelspec: write it, install it."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from . import DISPLAY_NAME, KERNEL_NAME


def kernel_json(python: str | None = None) -> dict:
    """Return the kernel.json that starts this kernel with `python` (default: this one)."""
    return {
        "argv": [python or sys.executable, "-m", "schemehost.kernel", "-f", "{connection_file}"],
        "display_name": DISPLAY_NAME,
        "language": "scheme",
        "interrupt_mode": "signal",
        "metadata": {"debugger": False},
    }


def install(user: bool = False, prefix: str | None = None, python: str | None = None) -> str:
    """Install the kernelspec named `schemehost`; return the directory it went to.

    With neither `user` nor `prefix`, Jupyter's system-wide directory is used
    (what `jupyter kernelspec install` does); `prefix=sys.prefix` is
    `--sys-prefix`.
    """
    from jupyter_client.kernelspec import KernelSpecManager

    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / KERNEL_NAME
        source.mkdir()
        (source / "kernel.json").write_text(json.dumps(kernel_json(python), indent=1) + "\n", encoding="utf-8")
        return KernelSpecManager().install_kernel_spec(
            str(source), kernel_name=KERNEL_NAME, user=user, prefix=prefix
        )
