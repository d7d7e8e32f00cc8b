"""Host procedures the lab notebooks call: the labs' Python side, from Scheme.

    (etaoin-fit lengths seconds model)     -> (a b r-squared), model exponential or power:
                                              t = a*b^n or t = a*n^b, fitted on the log scale
    (etaoin-graphs rows)                   show the lab's three graphs (linear, semi-log,
                                              log-log) of rows (length method seconds)
    (pennies-stone-game strategy seed)     play Stone's penny-matcher.scm (the original,
                                              run by its own interpreter) against a
                                              mismatcher strategy of strategies.pennies;
                                              -> ((machine-wins . m) (human-wins . h)
                                                  (rounds machine human ...))
    (pennies-running-lead a b plays games seed)
                                           -> a's mean lead over b after each play
    (pennies-paper-tables games seed)      -> Markdown of the paper's Tables 1-3 replayed

Each translates its arguments, calls schemehost.labs, and turns a Python
error about bad arguments into a Scheme error naming the procedure.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..datatypes import UNSPECIFIED, MString, Symbol, cons, new_string, sym
from ..host import to_python, to_scheme
from ..primitives.registry import scheme_error
from ..runtime import Primitive
from .rich import png_bundle


def install(interp, publish) -> None:
    """Define the lab host procedures in `interp`; pictures go to `publish(bundle)`."""

    def etaoin_fit(lengths, seconds, model):
        from ..labs.etaoin.fit import fit_exponential, fit_power

        kind = _symbol("etaoin-fit", 3, model)
        if kind not in ("exponential", "power"):
            raise scheme_error("etaoin-fit: the model must be exponential or power", model)
        fitter = fit_exponential if kind == "exponential" else fit_power
        try:
            fit = fitter(_reals("etaoin-fit", 1, lengths), _reals("etaoin-fit", 2, seconds))
        except ValueError as exc:
            raise scheme_error(f"etaoin-fit: {exc}") from None
        return to_scheme([fit.a, fit.b, fit.r_squared])

    def etaoin_graphs(rows):
        from ..labs.etaoin.fit import write_graphs

        triples = []
        for row in _list("etaoin-graphs", 1, rows):
            if not (isinstance(row, list) and len(row) == 3):
                raise scheme_error("etaoin-graphs: each row must be a list (length method seconds)", to_scheme(row))
            length, method, seconds = row
            triples.append((length, method.name if isinstance(method, Symbol) else str(method), seconds))
        with tempfile.TemporaryDirectory() as tmp:
            try:
                paths = write_graphs(triples, tmp, formats=("png",))
            except (ValueError, TypeError) as exc:
                raise scheme_error(f"etaoin-graphs: {exc}") from None
            for path in paths:
                publish(png_bundle(Path(path).read_bytes(), f"<{path.stem}>"))
        return UNSPECIFIED

    def pennies_stone_game(strategy, seed):
        from strategies.pennies import names

        from ..labs.pennies.scheme import ProgramMissing, scheme_match

        name = _name("pennies-stone-game", 1, strategy)
        if name not in names():
            raise scheme_error("pennies-stone-game: unknown strategy", strategy)
        try:
            game = scheme_match(name, _integer("pennies-stone-game", 2, seed, 0))
        except ProgramMissing as exc:
            raise scheme_error(f"pennies-stone-game: {exc}") from None
        except ValueError as exc:
            raise scheme_error(f"pennies-stone-game: {exc}") from None
        rounds = [
            sym("machine") if line.startswith("They match") else sym("human")
            for line in game.transcript.splitlines()
            if line.startswith(("They match, so I win", "They don't match, so you win"))
        ]
        return to_scheme([
            cons(sym("machine-wins"), game.machine_wins),
            cons(sym("human-wins"), game.human_wins),
            cons(sym("rounds"), to_scheme(rounds)),
        ])

    def pennies_running_lead(a, b, plays, games, seed):
        from ..labs.pennies.lab import match

        try:
            result = match(
                _name("pennies-running-lead", 1, a), _name("pennies-running-lead", 2, b),
                plays=_integer("pennies-running-lead", 3, plays), games=_integer("pennies-running-lead", 4, games),
                seed=_integer("pennies-running-lead", 5, seed, 0), workers=1,
            )
        except (ValueError, KeyError) as exc:
            raise scheme_error(f"pennies-running-lead: {exc}") from None
        return to_scheme([float(x) for x in result.running_lead().mean(axis=0)])

    def pennies_paper_tables(games, seed):
        from ..labs.pennies.lab import paper_tables

        return new_string(paper_tables(_integer("pennies-paper-tables", 1, games), _integer("pennies-paper-tables", 2, seed, 0), workers=1))

    for name, fn, n in (
        ("etaoin-fit", etaoin_fit, 3),
        ("etaoin-graphs", etaoin_graphs, 1),
        ("pennies-stone-game", pennies_stone_game, 2),
        ("pennies-running-lead", pennies_running_lead, 5),
        ("pennies-paper-tables", pennies_paper_tables, 2),
    ):
        interp.define(name, Primitive(name, fn, n, n))


def _list(who: str, index: int, x) -> list:
    value = to_python(x)
    if not isinstance(value, list):
        raise scheme_error(f"{who}: argument {index} must be a list", x)
    return value


def _reals(who: str, index: int, x) -> list[float]:
    values = _list(who, index, x)
    if not all(type(v) in (int, float) or type(v).__name__ == "Fraction" for v in values):
        raise scheme_error(f"{who}: argument {index} must be a list of real numbers", x)
    return [float(v) for v in values]


def _integer(who: str, index: int, x, least: int = 1) -> int:
    if type(x) is not int or x < least:
        what = "a positive exact integer" if least == 1 else f"an exact integer >= {least}"
        raise scheme_error(f"{who}: argument {index} must be {what}", x)
    return x


def _symbol(who: str, index: int, x) -> str:
    if type(x) is not Symbol:
        raise scheme_error(f"{who}: argument {index} must be a symbol", x)
    return x.name


def _name(who: str, index: int, x) -> str:
    if type(x) is Symbol:
        return x.name
    if type(x) is MString:
        return x.s
    raise scheme_error(f"{who}: argument {index} must be a strategy name (a symbol or string)", x)
