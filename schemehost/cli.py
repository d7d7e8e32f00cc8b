"""The `schemehost` command.

    schemehost run FILE [--seed N] [--step-limit N]   run a program at the terminal
    schemehost eval 'EXPR' [--seed N]                  print the value of expressions
    schemehost repl [--seed N]                         interactive read-eval-print loop

Lab commands (pig, pennies, etaoin, compare) register their own subcommands
through `register_commands` functions, so this module stays the thin shell.
"""

from __future__ import annotations

import argparse
import os
import sys

from .datatypes import UNSPECIFIED, MultipleValues
from .errors import SchemeExit, SchemehostError

EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 70


def _interpreter(args, **kwargs):
    from .interpreter import Interpreter

    return Interpreter(seed=args.seed, step_limit=getattr(args, "step_limit", None), **kwargs)


def report(err: BaseException) -> int:
    """Print a user-facing error on stderr; return the exit status for it."""
    from .interpreter import format_error

    if isinstance(err, SchemeExit):
        return err.status
    _flush_stdout()
    print(format_error(err), file=sys.stderr)
    return EXIT_ERROR


def _flush_stdout():
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass


def cmd_run(args) -> int:
    interp = _interpreter(args, argv=[args.file] + list(args.args))
    if not os.path.exists(args.file):
        print(f"schemehost: no such file: {args.file}", file=sys.stderr)
        return EXIT_USAGE
    try:
        interp.run_file(args.file)
    except SchemehostError as err:
        if interp.stdout_param.value.column and not isinstance(err, SchemeExit):
            interp.stdout_param.value.write("\n")
        return report(err)
    _flush_stdout()
    return 0


def cmd_eval(args) -> int:
    interp = _interpreter(args)
    try:
        value = interp.eval_string(" ".join(args.expr), "<eval>")
    except SchemehostError as err:
        return report(err)
    _flush_stdout()
    text = show_value(value)
    if text is not None:
        print(text)
    return 0


def show_value(value) -> str | None:
    """Return the REPL's text for a value (None for the unspecified value)."""
    from .printer import write_string

    if value is UNSPECIFIED:
        return None
    if type(value) is MultipleValues:
        return "\n".join(write_string(v) for v in value.values)
    return write_string(value)


REPL_HELP = """\
Type Scheme expressions; an expression may span several lines (the REPL
waits until the parentheses balance).  Commands:
  ,help        show this help
  ,quit        leave (so does end of input, Ctrl-D)
  ,load FILE   evaluate the program in FILE
Errors are reported and the session goes on."""


def cmd_repl(args) -> int:
    from .reader import is_complete

    interp = _interpreter(args)
    interactive = sys.stdin.isatty()
    if interactive:
        _setup_history()
        print("schemehost REPL. ,help for help, ,quit to leave.")
    buffer = ""
    while True:
        prompt = ("> " if not buffer else ". ") if interactive else ""
        try:
            line = input(prompt) if interactive else sys.stdin.readline()
        except EOFError:
            break
        except KeyboardInterrupt:
            print()
            buffer = ""
            continue
        if not interactive and line == "":
            break
        line = line.rstrip("\n")
        if not buffer and line.strip().startswith(","):
            cmd, _, rest = line.strip().partition(" ")
            if cmd in (",quit", ",q", ",exit"):
                break
            if cmd in (",help", ",h", ",?"):
                print(REPL_HELP)
            elif cmd == ",load" and rest.strip():
                try:
                    interp.run_file(rest.strip())
                except SchemeExit as err:
                    return err.status
                except SchemehostError as err:
                    report(err)
            else:
                print(f"unknown command {cmd}; ,help lists the commands")
            continue
        buffer += line + "\n"
        if not is_complete(buffer):
            continue
        text, buffer = buffer, ""
        try:
            value = interp.eval_string(text, "<repl>")
        except SchemeExit as err:
            return err.status
        except SchemehostError as err:
            report(err)
            continue
        except KeyboardInterrupt:
            print("\ninterrupted", file=sys.stderr)
            continue
        _flush_stdout()
        shown = show_value(value)
        if shown is not None:
            print(shown)
    return 0


def _setup_history():
    try:
        import atexit
        import readline
    except ImportError:
        return
    path = os.path.join(os.path.expanduser("~"), ".schemehost_history")
    try:
        readline.read_history_file(path)
    except OSError:
        pass

    def save():
        try:
            readline.write_history_file(path)
        except OSError:
            pass

    atexit.register(save)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="schemehost",
        description="A Scheme (R7RS) hosted in Python: run programs, grade pig players, run the labs.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("run", help="run a Scheme program with the terminal as its ports")
    p.add_argument("file")
    p.add_argument("args", nargs="*", help="arguments for (command-line)")
    p.add_argument("--seed", type=int, default=None, help="seed for (random n)")
    p.add_argument("--step-limit", type=int, default=None, help="stop after this many procedure calls")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("eval", help="print the value of a Scheme expression")
    p.add_argument("expr", nargs="+")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--step-limit", type=int, default=None)
    p.set_defaults(func=cmd_eval)

    p = sub.add_parser("repl", help="interactive read-eval-print loop")
    p.add_argument("--seed", type=int, default=None)
    p.set_defaults(func=cmd_repl)

    for register in _lab_registrars():
        register(sub)
    return parser


def _lab_registrars():
    """Return the register_commands functions of the lab modules present."""
    import importlib

    out = []
    for name in ("schemehost.labs.pig_cli", "schemehost.labs.pennies_cli", "schemehost.labs.etaoin_cli", "schemehost.labs.compare_cli",
                 "schemehost.service.cli"):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        out.append(module.register_commands)
    return out


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.func(args)
    except SchemehostError as err:
        return report(err)
    except KeyboardInterrupt:
        _flush_stdout()
        print("\ninterrupted", file=sys.stderr)
        sys.stderr.flush()
        os._exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return EXIT_ERROR
    except Exception as exc:  # a bug in schemehost: say so plainly, never blame the program
        if os.environ.get("SCHEMEHOST_DEBUG"):
            raise
        _flush_stdout()
        print(
            f"schemehost: internal error (a bug in schemehost, not in your program): {type(exc).__name__}: {exc}\n"
            "set SCHEMEHOST_DEBUG=1 to see the Python traceback",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
