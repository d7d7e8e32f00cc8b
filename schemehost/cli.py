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
from .errors import Interrupted, SchemeExit, SchemehostError

EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 70


def _interpreter(args, **kwargs):
    from .interpreter import Interpreter

    return Interpreter(seed=args.seed, step_limit=getattr(args, "step_limit", None), **kwargs)


def report(err: BaseException) -> int:
    """Print a user-facing error on stderr; return the exit status for it.

    An exception that is not a SchemehostError is a bug in schemehost: it is
    reported as one, with a hint to set SCHEMEHOST_DEBUG, which also prints
    its Python traceback; status EXIT_INTERNAL.
    """
    from .interpreter import format_error

    if isinstance(err, SchemeExit):
        return err.status
    _flush_stdout()
    if not isinstance(err, SchemehostError):
        text = format_error(err)
        if os.environ.get("SCHEMEHOST_DEBUG"):
            import traceback

            traceback.print_exception(err, file=sys.stderr)
            text = text.splitlines()[0]  # without the hint to do what was done
        print(text, file=sys.stderr)
        sys.stderr.flush()
        return EXIT_INTERNAL
    print(format_error(err), file=sys.stderr)
    return EXIT_INTERRUPTED if isinstance(err, Interrupted) else EXIT_ERROR


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
    except Exception as err:  # a Scheme error, or a bug in schemehost (status 70)
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
    from .reader import ReadOptions, is_complete

    interp = _interpreter(args)
    interactive = sys.stdin.isatty()
    if interactive:
        _setup_history()
        print("schemehost REPL. ,help for help, ,quit to leave.")
    buffer = ""
    options = ReadOptions()
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
                except Exception as err:  # a Scheme error, or a bug in schemehost: report it and go on
                    report(err)
            else:
                print(f"unknown command {cmd}; ,help lists the commands")
            continue
        buffer += line + "\n"
        if not is_complete(buffer):
            continue
        text, buffer = buffer, ""
        status = _repl_entry(interp, text, options)
        if status is not None:
            return status
    return 0


def _repl_entry(interp, text: str, options) -> int | None:
    """Read, evaluate and print the forms of one REPL entry, one at a time.

    An error in one form (a Scheme error, a syntax error, a bug in
    schemehost) is reported and the entry goes on with the next form; only
    a read error ends the entry, as the text after it cannot be trusted.
    Return an exit status when the program called `exit`, else None.
    """
    from .reader import read_prefix

    pos, line, column = 0, 1, 1
    while True:
        try:
            found = read_prefix(text, pos, "<repl>", line, column, at_eof=True, options=options)
        except SchemehostError as err:
            report(err)
            return None
        if found is None:
            return None
        datum, end = found
        skipped = text[pos:end]
        newlines = skipped.count("\n")
        line += newlines
        column = len(skipped) - skipped.rfind("\n") if newlines else column + len(skipped)
        pos = end
        try:
            value = interp.eval_datum(datum)
            _flush_stdout()
            shown = show_value(value)
        except SchemeExit as err:
            return err.status
        except Exception as err:  # a Scheme error, or a bug in schemehost: report it and go on
            report(err)
            continue
        except KeyboardInterrupt:
            print("\ninterrupted", file=sys.stderr)
            return None
        if shown is not None:
            print(shown)


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
    """Return the register_commands functions of the labs."""
    from .kernel import cli as kernel_cli
    from .labs import compare_cli, etaoin, pennies, pig
    from .service import cli as service_cli

    return [pig.register_commands, pennies.register_commands, etaoin.register_commands,
            compare_cli.register_commands, kernel_cli.register_commands, service_cli.register_commands]


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
        return report(exc)
