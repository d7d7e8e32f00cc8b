"""What the kernel and notebook tests share: the kernelspec in a temporary prefix."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import ROOT

TIMEOUT = 60


def kernel_env(prefix) -> dict:
    """Return an environment in which Jupyter finds the kernelspec under `prefix`
    and the kernel process imports this checkout's schemehost."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def install_kernelspec(prefix) -> None:
    """Run `schemehost kernel install --prefix` as a user would."""
    out = subprocess.run(
        [sys.executable, "-m", "schemehost", "kernel", "install", "--prefix", str(prefix)],
        capture_output=True, text=True, env=kernel_env(prefix), timeout=TIMEOUT,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Installed the kernelspec schemehost in ")


class jupyter_path:
    """Context manager: point this process's JUPYTER_PATH at `prefix` (restored after)."""

    def __init__(self, prefix):
        self.value = kernel_env(prefix)["JUPYTER_PATH"]

    def __enter__(self):
        self.saved = os.environ.get("JUPYTER_PATH")
        os.environ["JUPYTER_PATH"] = self.value

    def __exit__(self, *exc):
        if self.saved is None:
            os.environ.pop("JUPYTER_PATH", None)
        else:
            os.environ["JUPYTER_PATH"] = self.saved
