"""`schemehost kernel install`: the Jupyter kernel's subcommand.

Imports nothing from Jupyter until the command runs, so the rest of the
command line works without the `notebook` extra.
"""

from __future__ import annotations

import sys


def cmd_install(args) -> int:
    try:
        from .spec import install
    except ImportError as exc:
        print(
            f"schemehost: the Jupyter kernel needs the notebook extra ({exc.name} is missing): "
            "pip install 'schemehost[notebook]'",
            file=sys.stderr,
        )
        return 2
    prefix = sys.prefix if args.sys_prefix else args.prefix
    try:
        where = install(user=args.user, prefix=prefix)
    except OSError as exc:
        print(f"schemehost: cannot install the kernelspec: {exc}", file=sys.stderr)
        if not (args.user or prefix):
            print("(try --user, or --sys-prefix inside a virtual environment)", file=sys.stderr)
        return 1
    print(f"Installed the kernelspec schemehost in {where}")
    return 0


def register_commands(sub) -> None:
    """Add `kernel install` to the `schemehost` command's subparsers."""
    p = sub.add_parser("kernel", help="the Jupyter kernel (Scheme in notebooks)")
    ksub = p.add_subparsers(dest="kernel_command", metavar="ACTION", required=True)
    q = ksub.add_parser("install", help="install the kernelspec 'schemehost' (display name \"Scheme (schemehost)\")")
    where = q.add_mutually_exclusive_group()
    where.add_argument("--user", action="store_true", help="install for the current user")
    where.add_argument("--sys-prefix", action="store_true", help="install into this Python's prefix (a venv)")
    where.add_argument("--prefix", metavar="P", default=None, help="install under prefix P (P/share/jupyter/kernels)")
    q.set_defaults(func=cmd_install)
