"""The Python-source back end: a lambda's IR (ir.py) as ONE Python function.

Closures (closures.py) cost a Python call per node, so a Scheme call costs
several.  This module writes the IR of a lambda body (if, cond, case, let,
let*, letrec, named let, do, and, or, when, unless, begin, define, set!,
quote, quasiquote, calls and the open-coded primitives of inline.py) as the
text of one Python function, compiled once per distinct text (and per
interpreter bound to its own globals: budget, trampolines, guard tokens).
A named let or `do` outside any lambda becomes such a function too, run in
place.

* Parameters and let-bound variables are Python locals, unless code that
  reaches them through a frame (an inner lambda, or a form outside the IR,
  a `Node`) refers to them: those live in frame lists laid out exactly as
  closures.py lays them out (runtime.py), so both kinds of code share
  them.  The builder marks them (ir.note_frames) while it builds the IR;
  the source is written after.
* A named let whose name is only called in tail position of its own body
  is a `while True` loop; so is a call in tail position to the procedure
  itself (`(define (f ...) ... (f ...))`), checked at run time: the
  operator must still be this very closure (same code, same environment).
  Every iteration ticks the step budget like the call it replaces (a `do`
  loop too: it stands for a named let's calls, R7RS 7.3), as a `for` over
  the budget's chunk (runtime.Budget, rounds_open): a named let's rounds,
  its first included, an in-line walk's, and the function's own loop's
  after its first round, which is written apart (function_body: its step
  was its caller's call).  Each iteration gets fresh
  bindings: a frame captured by a closure is a new list every time.
* Open-coded primitives keep inline.py's guards (argument types, and the
  global still holding the standard procedure), checked every time; the
  redefinition check is folded into a type test (`Runtime.guard`).  A loop
  that runs no Scheme code but its own is also written as a typed copy
  (typespec.py, `Emitter.twice`) whose guards test only what the test
  before the loop does not.
* Calls of another compiled lambda go straight to its `fast` entry (the
  arguments as Python arguments); tail calls still return `(procedure,
  args)` to the caller's trampoline, so tail calls stay proper.
* Errors get the same positions and backtrace entries as in closures.py:
  each call site catches SchemehostError and notes its (span, form).

A `Node` of the IR (a closure made already) is called with the right
frame.  A Closure made from generated code has `fast(args..., env)` besides
the usual `body(frame)` entry.

Stages: ir.Builder (forms -> IR), then `Emitter` (IR -> Python source),
then `instantiate`; `emit_lambda` and `emit_loop` are the entries
(compiler.py calls them), None when the IR cannot be one function here
(too deeply nested): closures.py emits the same IR then.
"""

from __future__ import annotations

import operator
import re
import types
import warnings

from .analysis import CASE_TYPES, Cell
from .backend import make_finish, unassigned_error, unbound_error
from .datatypes import NIL, UNASSIGNED, UNSPECIFIED, Char, MString, MultipleValues, Pair, Symbol, list_to_scheme
from .errors import SchemehostError, scheme_error
from .ir import (And, Call, Case, Const, FRef, GRef, If, Let, Loop, LRef, Named, Node, Or, Prim, Recur, Seq, SetF,
                 SetG, SetL, Var, When, known_lambda, note_value)
from .inline import (BUILDERS, DIVMOD, DIVMOD_VALUES, EFFECTS, IDENTITY_SEARCHES, INEXACT, INEXACT_INT, LONG_LISTS, NAMES, SEEN, STRICT, GENERATED_TABLES as TABLES,
                     inexact, inexact_abs, inexact_handled, list_statements)
from .typespec import (GUARD_TYPES as _TYPES, TYPE_CLAUSE as _TYPE_CLAUSE, LazyDeps, body_deps, float_arithmetic,
                       float_comparison, function_types, loop_types, pure_deps, pure_name, type_of, value_deps)
from .calls import (
    SHORT_REST,
    DirectCalls,
    TailDepth,
    apply_entry,
    apply_list_error,
    call_site,
    entry_lines,
    rest_list_lines,
    direct_call_site,
    direct_tail_call,
    direct_tail_entry,
    consed_end,
    list_end,
    note,
    note_consed,
    tail_call_lines,
)
from .runtime import NO_MARK, REST_KEY, SELF, WALK_WINDOW, Closure, Primitive
from .closures import Closures
from .continuations import inline_frame, light_enter
from .errors import ContinuationInvoked
from .primitives.numbers import num_eq, num_ge, num_gt, num_le, num_lt
from .primitives.registry import check_list, proven, type_error
from .primitives.strings import STRING_MAP_NOT_CHAR

# Python's parser allows 100 indentation levels and 20 nested blocks
# (loops, try); past these margins the lambda stays on the closure path.
MAX_INDENT = 60
MAX_BLOCKS = 14
MAX_CACHE = 4000

# Open-coded primitives whose fast expression is a Python bool (an `if` tests it directly).
_BOOLEAN_PRIMS = {
    "null?", "pair?", "not", "zero?", "=", "<", ">", "<=", ">=", "eq?", "eqv?", "equal?", "char=?",
    "char<?", "char>?", "char-ci=?", "string=?", "string<?",
    "even?", "odd?", "positive?", "negative?", "symbol?", "string?", "vector?", "char?", "boolean?",
    "number?", "complex?", "exact-integer?", "integer?", "eof-object?",
    "char-alphabetic?", "char-whitespace?", "char-numeric?", "char-upper-case?", "char-lower-case?",
}
_OPERANDS = ("x", "y", "z")


class GiveUp(Exception):
    """This lambda is not compiled to one function (too deeply nested)."""


def _builder(n):
    """The statements inline.BUILDERS writes for Prim `n`, or None."""
    return None if n.code is not None else BUILDERS.get((n.name, len(n.args)))


def _effect(n):
    """The statement written for Prim `n` when its value is not wanted, or None."""
    return n.code.effect if n.code is not None else EFFECTS.get(n.name)


def _boolean(n) -> bool:
    """Is Prim `n`'s fast expression a Python bool?"""
    return n.code.boolean if n.code is not None else n.name in _BOOLEAN_PRIMS


def rebind(changed: list[tuple[str, str]]) -> str:
    """The statements giving each variable of `changed`, (name, text) pairs, its text's
    value, every text evaluated, in order, before any variable it reads is assigned
    (a loop's round, a self tail call: the operands are evaluated left to right, as
    the tuple assignment evaluates them, and so raise the same first error).

    Three or more: each text in turn, its value stored in its variable at once when
    no later text reads that variable, else in a temporary `_nv<i>` stored after the
    last text.  A tuple built and unpacked (BUILD_TUPLE, UNPACK_SEQUENCE) costs three
    times the four plain stores' time (grundy's xor by halving rebinds four); two are
    a tuple assignment, which Python makes a swap."""
    if len(changed) < 3:
        return f"{', '.join(p for p, _ in changed)} = {', '.join(a for _, a in changed)}"
    now, later = [], []
    for i, (p, a) in enumerate(changed):
        read = re.compile(rf"\b{re.escape(p)}\b")
        if any(read.search(b) for _, b in changed[i + 1:]):
            now.append(f"_nv{i} = {a}")
            later.append(f"{p} = _nv{i}")
        else:
            now.append(f"{p} = {a}")
    return "; ".join(now + later)


# ---------------------------------------------------------------------------
# Source generation
# ---------------------------------------------------------------------------


# A line `return value` of a generated function (consed_function rewrites them).
_RETURN_LINE = re.compile(r"(\s*)return (.+)")


def _several_sites(u) -> bool:
    """Has unit u more than one `(cons e (itself ...))` (ir.Unit.consed)?  Then each pair's
    call site is kept as it is made (Emitter.consed_tail), for an error's frames."""
    return len({id(p.form) for p in u.consed}) > 1


class Ctx:
    """Where a value goes: `return` it, or store it (and leave the loop at `level`).

    `tail` says whether the position is a tail position of the function or
    of a loop's body (a call there may leave a tail call to run), or just
    a value wanted through a temporary (an `if` as an argument, ...).
    """

    __slots__ = ("store", "level", "tail")

    def __init__(self, store=None, level=-1, tail=True):
        self.store, self.level, self.tail = store, level, tail


_RETURN = Ctx()


class PyLoop:
    __slots__ = ("passing",)

    def __init__(self):
        self.passing: set[int] = set()


class Emitter:
    """Phase 2: IR -> the text of `fast`, with the values it needs in P."""

    def __init__(self, unit, rt):
        self.u = unit
        self.rt = rt  # per-interpreter helpers (budget, trampolines, ...)
        self.lines: list[str] = []
        self.ind = 2
        self.P: dict = {}
        self._ids: dict = {}
        self.ntemp = 0
        self.temps: set[str] = set()
        self.loops: list[PyLoop] = []
        self.uses_go = False
        self.uses_td = False  # a direct tail call counts down TDL (calls.TailDepth)
        self.blocks = 0
        self.direct: dict = {}  # Cell -> [((d, e, q names, m), nargs, tail)]: see direct_slots
        # Inside a loop's specialised copy (typespec.py): the variables' known types, and
        # the tokens of the primitives it open-codes (tested once, before the loop).
        self.known: dict | None = None
        self.flags: set[str] | None = None
        # In the copy, what the code run so far shows: a Var or a temporary's name -> its
        # type (after an inline.STRICT primitive took it, or a `pair?` branch), and a read
        # (_memo_key: ("car", Var), ("vector-ref", Var, index)) -> the name holding its
        # value.  Forgotten at joins (what every branch kept stays), at each loop's head,
        # for a variable when it is assigned, and for reads at a call or a mutator.
        self.facts: dict | None = None
        # In the copy: the exact-integer variables never negative there (typespec._nonnegative).
        self.nonneg = ()
        # In the copy: the string and vector variables it never rebinds (`twice`), and of
        # those, the ones whose length it reads -> the name holding that length.
        self.unchanging: frozenset = frozenset()
        self.lengths: dict = {}
        # In-line call/cc receivers being written (inline_callcc): their continuation
        # variable -> (k's name, the value's name, nesting depth), and the receivers'
        # own tail positions, id(Ctx) -> (Ctx, continuation variable).
        self.escapes: dict = {}
        self.receiver_tails: dict = {}
        # An in-line map or for-each written as a statement of such a receiver's body
        # (seq_of_receiver): `walk_escape` is [continuation variable, flag name, used,
        # the walk's Call] for the walk about to be written, `walk_break` that with len(self.loops)
        # while its lambda's body is written (escape_call may then leave by `break`).
        self.walk_escape = None
        self.walk_break = None
        # Writing the first round of a function's own loop (function_body): a self tail
        # call leaves it for the rounds' loop, whose `for` takes the call's step.
        self.first_round = False
        # Whether a function-level typed copy may leave its ordinary half to be written
        # when first needed (emit_lambda), and the name of the slot that calls it then.
        self.lazy_generic = False
        self.generic_slot: str | None = None
        # While a small procedure's body is written in its caller (simple_call): its
        # parameters (Vars) -> the caller's operand texts.
        self.alias: dict | None = None
        # The captured variables whose frame was made from their Python locals
        # (make_frame): read from the local where nothing assigns them (read_text).
        self.mirrored: set = set()
        # While function() writes a function: the operators read once at its start
        # (invariant_operator), (text, nargs) -> their names, and the lines reading them.
        self.hoists: dict | None = None
        self.hoist_lines: list[str] = []
        # Whether function() writes the unit's `(cons e (itself ...))` in tail position as
        # rounds of its loop (consed_tail), and the lines linking a round's pair, waiting
        # for the operands of the call they go before: (the Call, lines, its site).
        self.trmc = False
        self.link: tuple | None = None
        self.consed_sites: list[str] = []
        self.consed_cons = ""  # (the token of `cons` and its cell's name: consed_function's returns)
        self.single_round = False  # (writing single_loop's round: a self call ticks)

    # -- text ------------------------------------------------------------------
    def w(self, line: str) -> None:
        self.lines.append("    " * self.ind + line)

    def indent(self) -> None:
        self.ind += 1
        if self.ind > MAX_INDENT:
            raise GiveUp

    def dedent(self) -> None:
        self.ind -= 1

    def temp(self, base="t") -> str:
        self.ntemp += 1
        name = f"{base}{self.ntemp}"
        self.temps.add(name)
        return name

    def fixed(self, text: str) -> bool:
        """Is text a temporary or a literal (its value cannot change)?"""
        return text in self.temps or text in ("True", "False", "NIL", "UNSPECIFIED") or text.lstrip("-").isdigit()

    # Values only the slow and error paths use: a call's slow path (S), a tail
    # call's finish (F), an error's raiser (U) and a call site's place (K).
    # They go into one list, the parameter Z, read as Z[i]: every call of a
    # generated function copies its free variables into its frame (and clears
    # them after), so each value held as a variable of its own costs every
    # call, used or not.  (tak ran 0.923 of the instructions with them in Z.)
    COLD = frozenset("SFUK")

    def param(self, value, base: str) -> str:
        key = (base, id(value))
        name = self._ids.get(key)
        if name is None:
            if base in self.COLD:
                cold = self.P.get("Z")
                if cold is None:
                    cold = self.P["Z"] = []
                name = f"Z[{len(cold)}]"
                cold.append(value)
            else:
                name = f"{base}{len(self._ids)}"
                self.P[name] = value
            self._ids[key] = name
        return name

    def const(self, value) -> str:
        if value is True:
            return "True"
        if value is False:
            return "False"
        if type(value) is int and -(10**15) < value < 10**15:
            return repr(value)
        if value is NIL:
            return "NIL"
        if value is UNSPECIFIED:
            return "UNSPECIFIED"
        return self.param(value, "k")

    def site(self, span, form) -> str:
        return self.param((span, form), "K")

    def raiser(self, make) -> str:
        def raise_it():
            raise make()

        return self.param(raise_it, "U")

    def tick(self) -> None:
        self.w("for _k in B.it: break")
        self.w("else: B.exhausted()")

    # -- frames and variables ----------------------------------------------------
    def frame_of(self, scope) -> str:
        if not self.u.owns(scope):
            return "parent"
        g = scope.gen
        if not g.walked:
            return "None"
        if g.frame is None:
            g.frame = self.temp("fr")
        return g.frame

    def make_frame(self, gen, values) -> None:
        """Emit the frame list of a walked scope: values, unassigned slots, parent link."""
        if not gen.walked:
            return
        scope = gen.scope
        pad = len(scope.names) - len(values)
        items = list(values) + ["UNASSIGNED"] * pad + [self.frame_of(scope.parent)]
        self.w(f"{self.frame_of(scope)} = [{', '.join(items)}]")
        for i, text in enumerate(values):
            v = gen.vars.get(i)
            if v is not None and text == v.py:
                self.mirrored.add(v)

    def init_pads(self, gen, first: int) -> None:
        """Unassigned Python locals for a scope's internal definitions."""
        for i in range(first, len(gen.scope.names)):
            v = gen.var(i)
            if not v.captured:
                self.w(f"{v.py} = UNASSIGNED")

    def var_text(self, v) -> str:
        if v.captured:
            return f"{self.frame_of(v.gen.scope)}[{v.index}]"
        return v.py

    def read_text(self, v) -> str:
        """What a read of `v` is: its frame's slot when captured (var_text), but a
        captured variable that nothing assigns (no set! or define of it anywhere,
        its scope's body all built: ir.note_binding), whose frame was made from
        its local (make_frame), is read from the local, which holds the same value
        (one load instead of a load, a constant and a subscript: sandpile's loops
        read the grid and its side, both captured by its give!, every round)."""
        return v.py if self.local_copy(v) else self.var_text(v)

    def local_copy(self, v) -> bool:
        """Is captured `v` read from its local (read_text)?  Then that local, which
        nothing assigns, is as stable as an uncaptured one's (stable)."""
        if v.captured and v in self.mirrored and not v.assigned and not v.checked:
            g = v.gen
            return g.complete and v.index not in g.spoiled and v.index not in g.lambdas
        return False

    def fref_text(self, n) -> str:
        return f"{self.fref_frame(n)}[{n.index}]"

    def fref_frame(self, n) -> str:
        """The frame an FRef's variable is in: `parent`, hops up.  In a function (its
        `hoists` set), a frame two hops up or more is a name, _CHAIN's: `function` reads
        it once, before the body, where the function reads it twice or more."""
        if self.hoists is not None and len(n.hops) >= 2:
            return f"PF__{'_'.join(map(str, n.hops))}__"
        return "parent" + "".join(f"[{h}]" for h in n.hops)

    # -- known lambdas (ir.known_lambda) ---------------------------------------------
    def known_slot(self, n, nargs: int | None = None):
        """For a read of a slot (LRef or FRef n), when the slot is bound to a known
        lambda's KnownLambda (and it is called with `nargs` arguments, if given):
        (the KnownLambda's text, the text of the lambda's entry, the text of the
        slot's frame, the lambda's Unit); else None.  A read written before the slot's
        scope is built makes its lambda not known (ir.note_value): this code, written
        already, would not know to make the closure."""
        if type(n) is LRef:
            scope, index = n.var.gen.scope, n.var.index
        else:
            scope, index = n.scope, n.index
        g = scope.gen
        if g is None or index not in g.lambdas and g.complete:
            return None
        if not g.complete:
            note_value(scope, index)
            return None
        u = known_lambda(scope, index)
        if u is None or (nargs is not None and nargs != len(u.params)):
            return None
        parts = u.known.make.parts
        k = self.param(u.known, "L")
        entry = f"{k}.fast" if parts.tier is not None else self.param(parts.fast, "J")
        frame = self.frame_of(scope) if type(n) is LRef else self.fref_frame(n)
        return k, entry, frame, u

    def made_from_known(self, n, text: str) -> str:
        """The value of reference n, read as `text`: where the slot may hold a
        KnownLambda, the Closure made from it (a read other than a known call's)."""
        known = self.known_slot(n)
        if known is None:
            return text
        k, _, frame, _ = known
        tmp = self.temp()
        self.w(f"{tmp} = {text}")
        self.w(f"if {tmp} is {k}: {tmp} = {k}.closure({frame})")
        return tmp

    def raw_read(self, n) -> str:
        """Reference n's value as the slot holds it (a KnownLambda too), tested if checked."""
        if type(n) is LRef:
            v = n.var
            if self.alias is not None and v in self.alias:
                return self.alias[v]
            return self.read(self.read_text(v), v.checked, v.name, n.span)
        return self.read(self.fref_text(n), n.checked, n.name, n.span)

    def read_operator(self, op, f: str, nargs: int):
        """Write `f = ` the operator of a call (not a global's) with `nargs` operands;
        return known_slot's answer when it reads a known lambda's slot (its KnownLambda
        in `f`, tested by the call), else None.  A named let called in place
        (ir._named_let_call: its letrec, the name the body) binds its slot first."""
        if type(op) is Let and op.rec and type(op.body) is LRef and op.body.var.gen is op.gen:
            self.let(op)
            op = op.body
        if type(op) is LRef or type(op) is FRef:
            known = self.known_slot(op, nargs)
            if known is not None:
                self.w(f"{f} = {self.raw_read(op)}")
                return known
        self.w(f"{f} = {self.expr(op)}")
        return None

    def bound_value(self, v, value) -> str:
        """The text a definition (or letrec binding) of `v` to IR `value` stores: a known
        lambda's KnownLambda in place of its Closure."""
        node = value.node if type(value) is Named else value
        u = known_lambda(v.gen.scope, v.index)
        if u is None or type(node) is not Node or node.node is not u.known.make or node.scope is not v.gen.scope:
            return self.expr(value)
        return self.param(u.known, "L")

    def unassigned(self, name, span) -> str:
        return self.raiser(lambda: unassigned_error(Symbol.intern(name), span))

    def unbound(self, name, span) -> str:
        return self.raiser(lambda: unbound_error(name, span))

    # -- shapes ---------------------------------------------------------------------
    def atomic(self, n) -> bool:
        """An operand read straight into an expression (no statements, cheap, pure)."""
        t = type(n)
        if t is Const:
            return True
        if t is LRef:
            return not n.var.checked
        if t is FRef:
            return not n.checked
        return False

    def has_stmts(self, n) -> bool:
        t = type(n)
        if t is Const or t is Node:
            return False
        if t is LRef:
            return n.var.checked
        if t is FRef:
            return n.checked
        if t is Prim:
            # (In a copy a read of a pair, vector or string tested for its value goes to
            # a temporary, to be known later: Emitter.prim's `test and key` branch.)
            # (A variable of a frame further out is read into a temporary too: read_once.)
            # (An indexed read or write may be a `try` whose except clause is its slow path:
            # Emitter.raising.)
            return (_builder(n) is not None or not all(self.atomic(a) for a in n.args)
                    or any(type(a) is FRef and a.hops for a in n.args)
                    or (n.code is None and (n.name in _BOUNDS
                                            or self.facts is not None and n.name in _ACCESSORS)))
        return True

    def stable(self, n, text) -> bool:
        """Will `text` still have its value after other code runs?"""
        t = type(n)
        if t is Const:
            return True
        if t is LRef:
            v = n.var
            return not v.captured and not v.assigned or self.local_copy(v)
        return self.fixed(text)

    def operands(self, nodes) -> list[str]:
        """Evaluate `nodes` left to right; return their texts, each still valid at the end."""
        texts: list[str] = []
        stab: list[bool] = []
        for n in nodes:
            if self.has_stmts(n):
                for k in range(len(texts)):
                    if not stab[k]:
                        t = self.temp()
                        self.w(f"{t} = {texts[k]}")
                        texts[k], stab[k] = t, True
            text = self.expr(n)
            texts.append(text)
            stab.append(self.stable(n, text))
        return texts

    def node_value(self, n) -> str:
        """The value of a Node: a call of it with its frame.  A lambda expression's
        node (with `parts`: Closure.maker's make, compiler.Tier's) makes its Closure
        in line, its fields stored as the node stores them (no Python call for each
        closure made: cps, church); a tiered lambda's only once its Python function
        is written (the node is called before that)."""
        frame = self.frame_of(n.scope)
        parts = getattr(n.node, "parts", None)
        node = self.param(n.node, "N")
        if parts is None:
            return f"{node}({frame})"
        tier = parts.tier
        t = self.temp()

        def text(v) -> str:
            return "None" if v is None else repr(v) if type(v) in (int, bool, str) else self.param(v, "M")

        fields = {k: text(getattr(parts, k)) for k in Closure.__slots__ if k != "env"}
        if tier is not None:
            tr = self.param(tier, "W")
            fields["body"], fields["fast"] = f"{tr}.body", f"{tr}.fast"
            self.w(f"if {tr}.fast is None:")
            self.w(f"    {t} = {node}({frame})")
            self.w("else:")
            self.indent()
        stores = "; ".join(f"{t}.{k} = {fields[k]}" for k in Closure.__slots__ if k != "env")
        self.w(f"{t} = NEWCLOSURE(); {stores}; {t}.env = {frame}")
        if tier is not None:
            self.dedent()
        return t

    # -- expressions (value wanted; statements may precede) --------------------------
    def expr(self, n) -> str:
        t = type(n)
        if t is Const:
            return self.const(n.value)
        if t is LRef or t is FRef:
            return self.made_from_known(n, self.raw_read(n))
        if t is GRef:
            tmp = self.temp()
            c = self.param(n.cell, "C")
            self.w(f"{tmp} = {c}.value")
            self.w(f"if {tmp} is UNASSIGNED: {self.unbound(n.cell.name.name, n.span)}()")
            return tmp
        if t is Prim:
            return self.prim(n, False)
        if t is Node:
            return self.node_value(n)
        if t is Call:
            if n.inline is not None and self.known is None:
                return self.inline_call(n, None)
            return self.call(n)
        if t is Named:
            tmp = self.temp()
            self.w(f"{tmp} = {self.expr(n.node)}")
            self.w(f"if type({tmp}) is Closure and {tmp}.name is None: {tmp}.name = {n.name!r}")
            return tmp
        if t is Loop:
            return self.loop(n, None)
        if t in (SetL, SetF, SetG):
            self.effect(n)
            return "UNSPECIFIED"
        if t is Seq:
            for m in n.nodes[:-1]:
                self.effect(m)
            return self.expr(n.nodes[-1])
        if t is Let:
            self.let(n)
            return self.expr(n.body)
        # If, And, Or, When: through a temporary.
        tmp = self.temp()
        self.tail(n, Ctx(store=tmp, tail=False))
        return tmp

    def read(self, text: str, checked: bool, name: str, span) -> str:
        """A variable's value; a `checked` one (it may be read before its definition) is tested."""
        if not checked:
            return text
        tmp = self.temp()
        self.w(f"{tmp} = {text}")
        self.w(f"if {tmp} is UNASSIGNED: {self.unassigned(name, span)}()")
        return tmp

    def test(self, n) -> str:
        """A Python condition, true when n's value is not #f."""
        if type(n) is Prim and _negated_boolean(n):
            return self.negated(n)
        if type(n) is Prim and (_boolean(n) or (self.facts is not None and n.name in _ACCESSORS)):
            return self.prim(n, False, test=True)
        if type(n) is Const:
            return "False" if n.value is False else "True"
        return f"{self.expr(n)} is not False"

    def prim(self, n, tail: bool, test: bool = False, into: str | None = None) -> str | None:
        """The text of Prim n's value (`test`: of whether it is true), after writing
        any statements it needs.  With `into`, a variable the value of a call in tail
        position goes to: where the value is a fast expression or its slow path, it is
        written into it as statements, the slow path's tail call run there and not
        after the fast one too, and None is returned."""
        if _reversed_string(n):
            e = self.reversed_string(n, tail)
            return f"({e} is not False)" if test else e
        if _string_chars(n):
            cond, e, call = self.string_chars(n, tail)
            return _guarded_text(e, cond, call, test, _boolean(n))
        items = _constant_atoms(n)
        if items is not None:
            e = self.constant_member(n, items, tail)
            return f"({e} is not False)" if test else e
        key = None
        if self.facts is not None and n.code is None and n.name in _ACCESSORS:
            # In a copy: the same pair's car (cdr, ...) read again, with nothing since
            # that could have changed it, is the temporary it was read into.  (Its
            # operands are variables or literals: evaluating them changes nothing.)
            key = _memo_key(n)
            tmp = self.facts.get(key) if key is not None else None
            if tmp is not None:
                return f"{tmp} is not False" if test else tmp
        cond, e, call, subst = self.prim_parts(n, tail)
        build = _builder(n)
        raised = self.raising(n, cond, subst)
        if raised is not None:
            # A copy's read whose last test Python's own indexing (attribute read) makes.
            tmp = self.temp()
            self.write_raising(raised, f"{tmp} = {e}", f"{tmp} = {call}")
            if key is not None:
                self.facts[key] = tmp
            return f"{tmp} is not False" if test else tmp
        if test and key is not None:
            # A read tested here may be read again: into a temporary.
            tmp = self.temp()
            self.w(f"{tmp} = ({e})" if cond == "True" else f"{tmp} = (({e}) if {cond} else {call})")
            self.facts[key] = tmp
            return f"{tmp} is not False"
        if cond == "True" and self.flags is not None:
            # A specialised loop's primitive whose operands' types are known.
            if n.name in _LENGTHS and type(n.args[0]) is LRef and n.args[0].var in self.unchanging:
                # (its length, read before the loop: `twice`)
                name = self.lengths.get(n.args[0].var)
                if name is None:
                    name = self.lengths[n.args[0].var] = self.temp("hl")
                return name
            if build is None:
                return _guarded_text(e, cond, call, test, _boolean(n))
            tmp = self.temp()
            self.w(_substitute(_RESULT.sub(tmp, build), subst))
            return f"{tmp} is not False" if test else tmp
        if build is not None:
            # Statements instead of the expression: faster (see inline.BUILDERS).
            tmp = self.temp()
            self.w(f"if {cond}:")
            self.w(f"    {_substitute(_RESULT.sub(tmp, build), subst)}")
            self.w("else:")
            self.w(f"    {tmp} = {call}")
            return f"{tmp} is not False" if test else tmp
        if into is not None and not test:
            self.w(f"if {cond}:")
            self.w(f"    {into} = ({e})")
            self.w("else:")
            self.w(f"    {into} = {call}")
            self.w(f"    if type({into}) is tuple: {into} = run(*{into})")
            return None
        return _guarded_text(e, cond, call, test, _boolean(n))

    def raising(self, n, cond: str, subst: dict) -> tuple[str, str] | None:
        """Is `cond`, what is left of primitive n's guard in a typed copy, a test that
        Python makes itself as it runs the fast expression, raising where the test
        would fail?  An index below the length (after a test of the container's type,
        or alone: lists and strings raise IndexError past the end, and the index is a
        non-negative integer there), or a pair's `car`/`cdr` (only a Pair has them:
        AttributeError).  Then the copy writes `try: ... except <that>: <slow path>`
        (the slow path, the procedure, gives its own error; it never raises those).
        Returns (the type test to keep, "True" when none; the exception) or None.

        In ordinary code the same holds for an index: a guard that tests the
        types and then `0 <= y < len(x)` keeps its type tests and `y >= 0`, and
        Python's indexing raises IndexError past the end (the length read and
        compared for nothing on every access: a vector-ref took 33 ns where the
        whole guard took 51, measured); a literal index has no test left."""
        if n.code is not None:
            return None
        if self.flags is None:
            return _bounded_index(n.name, cond, subst)
        raised = _RAISED.get(n.name)
        if raised is None:
            return None
        test, kind, exc = raised
        if cond == _substitute(test, subst):
            return "True", exc
        if kind is not None:
            kind = _substitute(kind, subst)
            if cond == f"{kind} and {_substitute(test, subst)}":
                return kind, exc
        return _bounded_index(n.name, cond, subst)  # (an index not known to be non-negative)

    def write_raising(self, raised: tuple[str, str], fast: str, slow: str) -> None:
        """Write statement `fast` under the type test left (`raising`'s answer), `slow`
        (the procedure's call) where that test fails or `fast` raises the exception."""
        kind, exc = raised
        if kind != "True":
            self.w(f"if {kind}:")
            self.indent()
        self.w("try:")
        self.w(f"    {fast}")
        self.w(f"except {exc}:")
        self.w(f"    {slow}")
        if kind != "True":
            # (The slow path out of the `try`: what it runs is never taken for the
            # fast expression's exception.)
            self.dedent()
            self.w("else:")
            self.w(f"    {slow}")

    def negated(self, n) -> str:
        """(not a) as a test, `a` a primitive whose fast value is a Python bool: `not`
        of a's own expression while `not` is the standard procedure, no temporary and
        no `is False`.  Otherwise a's value (its slow path when its guard fails) goes to
        Runtime.negation's function, which tests the token of `not` only then: after a
        slow path that may have run Scheme code (and redefined `not`), as the general
        code tests it after evaluating its operand."""
        a = n.args[0]
        cond, e, call, _ = self.prim_parts(a, False)
        token = self.rt.guard(n.cell, n.orig, n.name, "True", {"x": "_"}, None, None, self.flags)
        if token == "True" and cond == "True":
            return f"(not ({e}))"
        both = token if cond == "True" else f"({cond}) and {token}" if token != "True" else cond
        value = f"({e})" if cond == "True" else f"(({e}) if {cond} else {call})"
        slow = self.rt.slow(n.cell, n.span, n.form, 1, False)
        after = self.param(self.rt.negation(token, slow), "S")
        return f"((not ({e})) if {both} else {after}({value}))"

    def constant_member(self, n, pairs: list, tail: bool) -> str:
        """(memv x '(#\\a #\\e ...)): memq, memv or member of a quoted list of a few
        characters or symbols, each of which only itself is eqv? (or equal?) to (both
        are interned), as identity tests in line, no call: while the global holds the
        standard procedure and the literal is as it was read (its pairs and their
        cars unchanged: a program may change a literal), else the procedure's call."""
        (x,) = self.operands(n.args[:1])
        x = self.read_once(n.args[0], x)
        ps = [self.param(p, "k") for p in pairs]
        cs = [self.param(p.car, "k") for p in pairs]
        token = self.rt.guard(n.cell, n.orig, n.name, "True", {"x": x, "y": ps[0]}, None, None, self.flags)
        held = [f"{p}.car is {c}" for p, c in zip(ps, cs)]
        held += [f"{p}.cdr is {q}" for p, q in zip(ps, ps[1:])] + [f"{ps[-1]}.cdr is NIL"]
        if token != "True":
            held.insert(0, token)
        chain = " else ".join(f"{p} if {x} is {c}" for p, c in zip(ps, cs)) + " else False"
        slow = self.param(self.rt.slow(n.cell, n.span, n.form, 2, tail), "S")
        return f"(({chain}) if {' and '.join(held)} else {slow}({x}, {ps[0]}))"

    def string_chars(self, n, tail: bool) -> tuple[str, str, str]:
        """(char=? (string-ref s i) (string-ref t j)), (char->integer (string-ref s i)):
        a comparison of characters (or char->integer) whose operands are string-ref
        calls or character literals, on the strings' one-letter texts, no Char looked
        up.  Each string-ref, in turn, gives its string's text at the index where its
        guard holds, else its slow path's value (a Char where it is the standard
        procedure and succeeds): a `str` is no Scheme value, so its type tells the
        fast case.  Then the consumer: Python's comparison (ord) of the texts while
        its global holds the standard procedure and both are texts, else its slow
        path on the Chars.  In a typed copy both globals are tested before the loop
        and a string-ref's slow path (the standard procedure, past the guard that
        is its success) raises: the texts are compared with no test.  Returns the
        consumer's guard ("True" in a typed copy), fast expression and slow call."""
        fast, slow, tests = [], [], []
        for a in n.args:
            if type(a) is Const:
                fast.append(repr(a.value.ch))
                slow.append(self.param(a.value, "k"))
                continue
            cond, _, call, subst = self.prim_parts(a, False)
            t = self.temp()
            text = f"{subst['x']}.s[{subst['y']}]"
            raised = self.raising(a, cond, subst)
            if raised is not None:
                self.write_raising(raised, f"{t} = {text}", f"{t} = {call}")
            else:
                self.w(f"{t} = {text}" if cond == "True" else f"{t} = ({text}) if {cond} else {call}")
            fast.append(t)
            slow.append(f"(CHARS[{t}] if type({t}) is str else {t})")
            if self.flags is None:
                tests.append(t)
        expr = _substitute(_RAW_CHAR_USERS[n.name], dict(zip(_OPERANDS, fast)))
        call = self.param(self.rt.slow(n.cell, n.span, n.form, len(n.args), tail), "S")
        call = f"{call}({', '.join(slow)})"
        if self.flags is not None:
            self.rt.guard(n.cell, n.orig, n.name, "True", dict(zip(_OPERANDS, fast)), flags=self.flags)
            return "True", expr, call
        token = self.rt.token(n.cell, n.orig, (n.name, len(n.args), "str"), str)
        return " and ".join([f"type({tests[0]}) is {token}"] + [f"type({t}) is str" for t in tests[1:]]), expr, call

    def reversed_string(self, n, tail: bool) -> str:
        """(list->string (reverse x)) as one walk (lists.quick_reversed_string), no
        reversed list made, while both procedures are the standard ones; else, or on
        NOPE, the two slow paths one after the other: whatever the globals hold, with
        their own errors (each at its own call), steps and long or circular lists."""
        r = n.args[0]
        a = r.args[0]
        if type(a) is Prim and a.code is None and a.name == "string->list" and len(a.args) == 1:
            return self.reversed_text(n, r, a, tail)
        (x,) = self.operands(r.args)
        x = self.read_once(a, x)
        subst = {"x": x}
        first = self.rt.guard(r.cell, r.orig, r.name, "True", subst, None, None, self.flags)
        both = self.rt.guard(n.cell, n.orig, n.name, "(_m := QUICK_REVERSED_STRING(x)) is not NOPE",
                             subst, None, None, self.flags)
        if first != "True":
            both = f"{first} and {both}"
        inner = self.param(self.rt.slow(r.cell, r.span, r.form, 1, False), "S")
        outer = self.param(self.rt.slow(n.cell, n.span, n.form, 1, tail), "S")
        return f"((_m) if {both} else {outer}({inner}({x})))"

    def reversed_text(self, n, r, a, tail: bool) -> str:
        """(list->string (reverse (string->list s))), a string reversed the textbook
        way, as a slice (lists.quick_reversed_text), no list made, while the three
        procedures are the standard ones; else, or on NOPE, their three slow paths
        in turn."""
        (x,) = self.operands(a.args)
        x = self.read_once(a.args[0], x)
        subst = {"x": x}
        tokens = [self.rt.guard(p.cell, p.orig, p.name, "True", subst, None, None, self.flags) for p in (a, r)]
        quick = self.rt.guard(n.cell, n.orig, n.name, "(_m := QUICK_REVERSED_TEXT(x)) is not NOPE",
                              subst, None, None, self.flags)
        both = " and ".join([t for t in tokens if t != "True"] + [quick])
        slows = [self.param(self.rt.slow(p.cell, p.span, p.form, 1, p is n and tail), "S") for p in (n, r, a)]
        return f"((_m) if {both} else {slows[0]}({slows[1]}({slows[2]}({x}))))"

    def read_once(self, a, text: str) -> str:
        """Operand node `a`'s text `text`, or a temporary it is read into first when the
        text is not a plain name to read twice (a guard, then an expression).  (A
        variable of a frame further out is read once too: parent[1][2][0] is three reads.)"""
        if (not self.atomic(a) or (type(a) is FRef and a.hops)) and not self.fixed(text):
            tmp = self.temp()
            self.w(f"{tmp} = {text}")
            return tmp
        return text

    def prim_parts(self, n, tail: bool) -> tuple[str, str, str, dict]:
        """Evaluate a Prim's operands; return its guard, fast expression and slow call
        texts, and the operand texts by name (x, y, z)."""
        if n.code is not None:
            # Its values ({0}, {1}, ...) are parameters of the generated function.
            names = [self.param(v, "R") for v in n.code.values]
            guard, expr = n.code.guard.format(*names), n.code.expr.format(*names)
        else:
            guard, expr = TABLES[len(n.args)][n.name]
        # Operands are read twice (guard, then expression): others go to temporaries.
        ops = self.operands(n.args)
        if n.code is None and n.name in IDENTITY_SEARCHES and type(self.P.get(ops[0])) is Symbol:
            # (the key a quoted symbol, here or in the caller of a small body written in
            # line: a parameter of the generated function, so it is that symbol)
            guard = IDENTITY_SEARCHES[n.name]
        if self.facts is not None and n.name in _PAIR_MUTATORS:
            self.forget_reads()
        for k, a in enumerate(n.args):
            tmp = self.read_once(a, ops[k])
            if tmp != ops[k]:
                ops[k] = tmp
                if self.facts is not None and type(a) is Prim and a.code is None and a.name in _ACCESSORS:
                    key = _memo_key(a)
                    if key is not None:
                        self.facts[key] = tmp
        subst = dict(zip(_OPERANDS, ops))
        consts = {k: a.value for k, a in zip(_OPERANDS, n.args) if type(a) is Const}
        if n.code is None and n.name == "eq?" and any(type(v) is not int for v in consts.values()):
            expr = "x is y"  # a constant that is not an integer: eq? is identity
        known = None
        # Operands never negative: a literal, or a variable typespec found so (in a copy).
        nonneg = {x for x, a in zip(_OPERANDS, n.args)
                  if (type(a) is Const and type(a.value) is int and a.value >= 0)
                  or (type(a) is LRef and a.var in self.nonneg)}
        if self.known is not None:
            env = {**self.known, **self.facts} if self.facts else self.known
            known = {x: self.facts.get(subst[x]) or type_of(a, env) if self.facts else type_of(a, env)
                     for x, a in zip(_OPERANDS, n.args)}
        floats = self.float_case(n, subst, consts, known) if known and float in known.values() else None
        if floats is not None:
            cond, expr = floats
        else:
            cond = self.rt.guard(n.cell, n.orig, n.name, guard, subst, consts, known, self.flags, nonneg)
        if self.facts is not None and n.code is None and n.name in STRICT:
            self.learn(n, guard, subst)
        e = _substitute(expr, subst)
        slow = self.param(self.rt.slow(n.cell, n.span, n.form, len(ops), tail,
                                       n.orig if n.code is None else None), "S")
        call = f"{slow}({', '.join(ops)})"
        if (n.inexact & SEEN or self.u.loops) and self.flags is None:
            inexact = self.inexact_case(n, subst, consts)
            if inexact is not None:
                if inexact[2]:
                    # Its first calls saw floats only: the float case is tested first, and the
                    # exact one before the slow path (the two take disjoint operand types).
                    return inexact[0], inexact[1], f"(({e}) if {cond} else {call})", subst
                call = f"(({inexact[1]}) if {inexact[0]} else {call})"
        return cond, e, call, subst

    def float_case(self, n, subst, consts, known) -> tuple[str, str] | None:
        """In a typed copy, an arithmetic operation or comparison with an operand known
        to be a float (typespec.py): (what is left to test, the expression with
        operand names), or None.  The other operands are tested as inline.inexact
        does (a float, or an exact integer Python makes a float of exactly); that the
        global is the standard procedure is the test before the loop (its flag)."""
        if not (float_arithmetic(n) or float_comparison(n)):
            return None
        kind = INEXACT[n.name][1]
        names = _OPERANDS[:len(n.args)]
        clauses = []
        for x in names:
            if x in consts:
                if not _inexact_constant(consts[x], kind):
                    return None
            elif known.get(x) is not float:
                clauses.append(_inexact_operand(subst[x], kind, True, True, typed=known.get(x) is int))
        divisor = _divisor(kind, subst, consts)
        if divisor is None:
            return None
        self.rt.guard(n.cell, n.orig, n.name, "True", subst, flags=self.flags)
        return " and ".join(c for c in dict.fromkeys(clauses + divisor) if c) or "True", \
            f" {_INEXACT_OPERATORS[n.name]} ".join(names)

    def inexact_case(self, n, subst, consts) -> tuple[str, str, bool] | None:
        """The float case of an inline.INEXACT call whose first calls saw a float
        operand (ir.Prim.inexact), written before its slow path: (guard, expression,
        whether no operand of those calls was an exact integer), or None.  The guard
        tests what inline.inexact tests, for the operand types seen (a literal's are
        decided here) and that the global is the standard procedure (its token)."""
        nargs = len(n.args)
        if not inexact_handled(n.name, nargs):
            return None
        kind = INEXACT[n.name][1]
        if kind == "absolute":
            if "x" in consts:
                return None
            token = self.rt.guard(n.cell, n.orig, n.name, "True", subst)
            return f"{token} and type({subst['x']}) is float", f"abs({subst['x']})", n.inexact == 1
        names = _OPERANDS[:nargs]
        # A lambda holding a loop is written before any call (compiler.lambda_node):
        # nothing seen, either type may come.
        seen = n.inexact & SEEN or SEEN
        operands, floats = [], False  # (text, may be a float, may be an exact integer) of each variable
        for k, x in enumerate(names):
            if x in consts:
                if not _inexact_constant(consts[x], kind):
                    return None
                floats = floats or type(consts[x]) is float
                continue
            may_int = seen & (16 << k) != 0
            floats = floats or not may_int
            operands.append((subst[x], seen & (1 << k) != 0 or not may_int, may_int))
        if not operands:
            return None
        if floats:
            # ((* g g g): one test of g)
            clauses = list(dict.fromkeys(_inexact_operand(o, kind, f, i) for o, f, i in operands))
        else:
            # Every operand may be an exact integer: one must be a float.
            either: dict = {}
            for o, f, _ in operands:
                either[o] = either.get(o, False) or f
            one = _one_float(list(either.items()), kind)
            if one is None:
                return None
            clauses = [one]
        divisor = _divisor(kind, subst, consts)
        if divisor is None:
            return None
        clauses += divisor
        token = self.rt.guard(n.cell, n.orig, n.name, "True", subst)
        # (Three operands: folded from the left, or chained, as Python writes them.)
        return (f"{token} and {' and '.join(clauses)}", _substitute(f" {_INEXACT_OPERATORS[n.name]} ".join(names), subst),
                seen == n.inexact and not any(may_int for _, _, may_int in operands))

    def learn(self, n, guard, subst) -> None:
        """Prim n (of inline.STRICT) has run: its operands that are variables or
        temporaries have the types its guard tests."""
        for clause in guard.split(" and "):
            m = _TYPE_CLAUSE.fullmatch(clause)
            if m:
                a = n.args[_OPERANDS.index(m.group(1))]
                if type(a) is LRef and subst[m.group(1)] == a.var.py:
                    # (Read as the primitive ran: not first copied to a temporary
                    # because a later operand could assign it, as in (set-car! x (begin
                    # (set! x '()) x)), which shows nothing of x's new value.)
                    self.facts[a.var] = _TYPES[m.group(2)]
                elif subst[m.group(1)] in self.temps:
                    self.facts[subst[m.group(1)]] = _TYPES[m.group(2)]

    def branch(self):
        """What is known where code branches (restore it with `join`)."""
        return None if self.facts is None else dict(self.facts)

    def join(self, saved) -> None:
        """After a branch: what was known at `branch` and still is, no more.

        What the branch showed does not hold after it; what it undid (an
        assignment, a set-car!) is undone for the code after it too.  `saved`
        itself becomes that, so that each later branch (an elif, the else)
        starts from it and the last join leaves what every branch kept."""
        if saved is not None:
            kept = {k: v for k, v in saved.items() if k in self.facts and self.facts[k] == v}
            saved.clear()
            saved.update(kept)
            self.facts = dict(kept)

    def forget(self, var) -> None:
        if self.facts:
            self.facts.pop(var, None)
            for key in [k for k, value in self.facts.items()
                        if type(k) is tuple and (var in k[1:] or value == var.py)]:
                del self.facts[key]

    def forget_reads(self) -> None:
        """A pair or vector may have changed (set-car!, vector-set!, a call): no read
        before holds."""
        if self.facts:
            for key in [k for k in self.facts if type(k) is tuple]:
                del self.facts[key]

    def forget_all(self) -> None:
        """At a loop's head, reached again from its end: nothing learnt before holds."""
        if self.facts:
            self.facts = {}

    def assume(self, test) -> None:
        """In the branch taken when `test` is true: (pair? v) there means v is a pair."""
        if (self.facts is not None and type(test) is Prim and test.code is None and test.name == "pair?"
                and len(test.args) == 1 and type(test.args[0]) is LRef):
            v = test.args[0].var
            if not v.captured and not v.checked:
                self.facts[v] = Pair

    def operands_in_locals(self, nodes) -> list[str]:
        """Evaluate operands now; return texts that are names or constants (safe to read
        twice): each as read_once gives it, a variable of a frame further out in a
        temporary too (a small body written in line reads its parameters as these texts:
        sandpile's give! read its grid, parent[2][1][1][1][0], three times in
        (vector-ref (vector-ref grid i) j))."""
        return [self.read_once(arg, text) for arg, text in zip(nodes, self.operands(nodes))]

    def direct_slots(self, n, tail: bool):
        """The closure variables (d, e, q, m), and v for a call not in tail position, through
        which the call `n` of a global's procedure is made (calls.direct_call_site), or None
        when its calls are not made that way.

        The site's shape `m` follows what the global holds now: a Closure
        taking m required arguments then a rest list is called with the rest
        list built at the site; anything else with len(n.args) arguments."""
        if type(n.op) is not GRef or not self.rt.direct_target(n.op.cell):
            return None
        cell = n.op.cell
        nargs = len(n.args)
        v = cell.value
        m = v.nreq if type(v) is Closure and v.rest and v.nreq <= nargs else -1
        key = ("D", id(cell), nargs, m, tail)
        d = self._ids.get(key)
        fresh = d is None
        if fresh:
            d = self._ids[key] = f"D{len(self._ids)}"
        k = d[1:]
        slots = (d, f"E{k}", f"Q{k}", m) + (() if tail else (f"V{k}",))
        if fresh:
            for name in slots[:3]:
                self.P[name] = None  # bound by Runtime.follow once the function exists
            if not tail:
                self.P[slots[4]] = True  # (true: test for a tail call returned)
            self.direct.setdefault(cell, []).append((slots, nargs, tail))
        return slots

    def snapshot(self, n, slots, f) -> tuple:
        """Read a direct call's operator now, before its operands (their code may assign the global).

        Return the slots to call through and whether `f` (the Cell's value,
        for the generic path) was read too.  Operands that run no Scheme code
        (see runs_code) cannot assign the global: then the closure variables
        are read at the call."""
        if not any(self.runs_code(a) for a in n.args):
            return slots, False
        names = slots[:3] + slots[4:]
        taken = tuple(self.temp(x[0].lower()) for x in names)
        for t, x in zip(taken, names):
            self.w(f"{t} = {x}")
        self.w(f"{f} = {self.param(n.op.cell, 'C')}.value")
        return taken[:3] + (slots[3],) + taken[3:], True

    def runs_code(self, n) -> bool:
        """May evaluating `n` run Scheme code (and so assign a global)?

        Constants, variable references, lambda expressions and open-coded
        primitives of such operands run none while the primitives are the
        standard ones.  One
        that the program redefined runs the program's procedure on its slow
        path: if that procedure assigns the global being called, the call
        sees the new value (the operator is read after the operands;
        R7RS leaves their order unspecified; compiler.py reads the
        operator first)."""
        t = type(n)
        if t is Const or t is LRef or t is FRef or t is GRef:
            return False
        if t is Prim:
            return any(self.runs_code(a) for a in n.args)
        if t is Named:
            return self.runs_code(n.node)
        if t is Node:
            return not n.closure
        return True

    def pure_call(self, n) -> bool:
        return pure_call(self.rt.comp.interp, n, True)

    def call(self, n, open_apply: bool = True) -> str:
        """A non-tail call: straight to a compiled closure's fast entry when it fits."""
        if open_apply:
            out = self.apply_open(n, None)
            if out is None:
                out = self.apply_spread(n)
            if out is not None:
                return out
        self.forget_reads()
        f = self.temp("f")
        r = self.temp("r")
        if self.flags is not None and type(n.op) is GRef and type(n.op.cell.value) is Closure:
            # A loop's copy calling a procedure of the program that runs no Scheme
            # code but its own (typespec.body_deps): before the loop, test that the
            # global holds it and that the cells it relies on hold what they held.
            f_value = n.op.cell.value
            for cell, value in [(n.op.cell, SELF)] + pure_deps(f_value.body):
                held = self.param(f_value if value is SELF else value, "k")
                self.flags.add(f"{self.param(cell, 'C')}.value is {held}")
        elif self.flags is not None:
            # A loop's specialised copy: the global holds the standard procedure
            # (tested before the loop, with the open-coded primitives' tokens).
            prim = n.op.cell.value
            self.flags.add(self.rt.token(n.op.cell, prim, ("call", len(n.args), "flag"), True))
            args = self.operands_in_locals(n.args)
            self.w("try:")
            self.w(f"    {r} = {self.param(prim.fn, 'P')}({', '.join(args)})")
            self.w("except SchemehostError as e:")
            self.w(f"    note(e, {self.site(n.span, n.form)})")
            self.w("    raise")
            return r
        slots = self.direct_slots(n, False)
        if slots is not None:
            slots, have_f = self.snapshot(n, slots, f)
            args = self.operands_in_locals(n.args)
            k = self.site(n.span, n.form)
            self.w("try:")
            self.indent()
            saved = self.branch()
            simple = self.simple_call(n, slots[0], args, Ctx(store=r)) or self.build_call(n, slots[2], args, Ctx(store=r))
            if simple:
                self.join(saved)
                self.w("else:")
                self.indent()
            if simple != 2:
                for line in direct_call_site(slots, args, r):
                    self.w(line)
                self.indent()
            if not have_f:
                self.w(f"{f} = {self.param(n.op.cell, 'C')}.value")
            # The global holds no procedure of the site's shape (not compiled yet, redefined):
            # the trampoline's call, which call_site's lines write out in line, in one line.
            # (After a small body written in line, the only other way: simple_call's 2.)
            self.w(f"{r} = call({f}, [{', '.join(args)}], {self.unbound(n.opname or '?', n.span)})")
            if simple != 2:
                self.dedent()
            if simple:
                self.dedent()
                self.join(saved)
            self.dedent()
            self.w("except SchemehostError as e:")
            self.w(f"    note(e, {k})")
            self.w("    raise")
            return r
        held = self.invariant_operator(n)
        if held is not None:
            return self.invariant_call(n, held, r)
        known = None
        if type(n.op) is GRef:
            self.w(f"{f} = {self.param(n.op.cell, 'C')}.value")
        else:
            known = self.read_operator(n.op, f, len(n.args))
        # Arguments are evaluated before the call's try: their errors are not this call's.
        args = self.operands_in_locals(n.args)
        k = self.site(n.span, n.form)
        self.w("try:")
        self.indent()
        # (A global may be unbound: `call` tests for it.  Any other operator, a known slot's
        # too (raw_read), was read with its test where it may be read before it is bound.)
        unbound = self.unbound(n.opname or "?", n.span) if type(n.op) is GRef else None
        first = n.args[0] if n.args else None
        message = type(first) is Const and type(first.value) is Symbol
        lines = call_site(f, args, r, unbound, message)
        if known is not None:
            self.known_call(f, args, r, known)
            self.w(f"    if type({r}) is tuple:")
            self.w(f"        {r} = run(*{r})")
            lines[0] = "el" + lines[0]
        for line in lines:
            self.w(line)
        self.dedent()
        self.w("except SchemehostError as e:")
        self.w(f"    note(e, {k})")
        self.w("    raise")
        return r

    def invariant_operator(self, n):
        """For a call in a loop of the function being written whose operator is a
        variable no code assigns: a parameter of this function that its own tail
        calls pass on unchanged (a fold's procedure) or a variable of an enclosing
        frame (SICP's table searched with its `same-key?`).  Its value cannot change
        while the function runs, so its kind is found once, at the function's start:
        the names of (the value, a primitive's Python function or None, a closure's
        fast entry for this many arguments or None, the closure's frame, a two-argument
        primitive's integer comparison, and for a message, a call whose first operand is
        a quoted symbol, the fast entry of an object taking one argument and a rest list,
        else None).  Else None."""
        op, u = n.op, self.u
        if self.hoists is None or not self.loops or self.alias is not None or len(n.args) > 3:
            return None
        if type(op) is FRef:
            g = op.scope.gen
            if op.checked or g is None or not g.complete or op.index in g.spoiled or op.index in g.lambdas:
                return None
            text = self.fref_text(op)
        elif type(op) is LRef:
            v = op.var
            if v not in u.params or v.checked or v.index in v.gen.spoiled:
                return None
            i = u.params.index(v)
            if any(type(c.args[i]) is not LRef or c.args[i].var is not v
                   for c in u.selfcalls + ([p.args[1] for p in u.consed] if self.trmc else [])):
                return None  # (its own tail calls pass something else)
            text = v.py  # (the parameter's local, captured or not: its frame is made after the start)
        else:
            return None
        k = len(n.args)
        message = k >= 1 and type(n.args[0]) is Const and type(n.args[0].value) is Symbol
        key = (text, k, message)
        names = self.hoists.get(key)
        if names is None:
            h, hp, hf, he, hc = [self.temp(b) for b in ("h", "hp", "hf", "he", "hc")]
            hm = self.temp("hm") if message else None
            names = self.hoists[key] = h, hp, hf, he, hc, hm
            self.hoist_lines += [
                f"{h} = {text}",
                f"{hp} = {hf} = {he} = {hc}{f' = {hm}' if message else ''} = None",
                f"if type({h}) is Closure and {h}.fk == {k}: {hf} = {h}.fast; {he} = {h}.env",
                f"elif type({h}) is Primitive and {h}.lo <= {k} and ({h}.hi < 0 or {k} <= {h}.hi): {hp} = {h}.fn",
            ]
            if message:
                # A message to an object taking one argument and a rest list (call_site's
                # `message`: a cache's `(lambda (message . args) ...)`): its fast entry too.
                self.hoist_lines.append(f"elif type({h}) is Closure and {h}.fk == {REST_KEY - 1}: "
                                        f"{hm} = {h}.fast; {he} = {h}.env")
            if k == 2:
                # A standard comparison of numbers (SICP's table made with =, a sort's <):
                # on two exact integers, Python's own operator, no call of the primitive's.
                self.hoist_lines.append(f"if {hp} is not None: {hc} = INT_COMPARISONS.get({hp})")
        return names

    def invariant_call(self, n, names, r: str) -> str:
        """The call of an invariant operator (invariant_operator's names), as call_site's
        lines make it but for the kind, tested at the function's start, not here."""
        h, hp, hf, he, hc, hm = names
        args = self.operands_in_locals(n.args)
        a = ", ".join(args)
        self.w("try:")
        if len(args) == 2:
            x, y = args
            self.w(f"    if {hc} is not None and type({x}) is int and type({y}) is int:")
            self.w(f"        {r} = {hc}({x}, {y})")
            self.w(f"    elif {hp}:")
        else:
            self.w(f"    if {hp}:")
        self.w(f"        {r} = {hp}({a})")
        self.w(f"    elif {hf}:")
        for line in entry_lines(r, f"{hf}({a}{', ' if args else ''}{he})", "        "):
            self.w(line)
        if hm is not None:
            build, passed = rest_list_lines(args, 1)
            self.w(f"    elif {hm}:")
            for line in entry_lines(r, f"{hm}({', '.join(passed)}, {he})", "        ", build):
                self.w(line)
        self.w("    else:")
        self.w(f"        {r} = run({h}, [{a}])")  # (read unchecked: never UNASSIGNED, invariant_operator)
        # A closure still on its first calls gets its fast entry at the switch (compiler.Tier):
        # from then on the loop enters it there, as the test at every call did.
        self.w(f"        if type({h}) is Closure and {h}.fk == {len(args)}: {hf} = {h}.fast; {he} = {h}.env")
        if hm is not None:
            self.w(f"        elif type({h}) is Closure and {h}.fk == {REST_KEY - 1}: {hm} = {h}.fast; {he} = {h}.env")
        self.w("except SchemehostError as e:")
        self.w(f"    note(e, {self.site(n.span, n.form)})")
        self.w("    raise")
        return r

    # -- effects ------------------------------------------------------------------
    def effect(self, n) -> None:
        t = type(n)
        if t is Const:
            return
        if (t is LRef and not n.var.checked) or (t is FRef and not n.checked):
            return
        if t is SetL:
            v = n.var
            self.w(f"{self.var_text(v)} = {self.bound_value(v, n.value)}")
            self.forget(v)
            return
        if t is SetF:
            value = self.expr(n.value)
            self.w(f"{self.fref_frame(n)}[{n.index}] = {value}")
            return
        if t is SetG:
            value = self.expr(n.value)
            c = self.param(n.cell, "C")
            if not n.defining:
                if not self.fixed(value):
                    tmp = self.temp()
                    self.w(f"{tmp} = {value}")
                    value = tmp
                self.w(f"if {c}.value is UNASSIGNED: {self.unbound(n.cell.name.name, n.span)}()")
            self.w(f"{c}.value = {value}")
            return
        if t is Seq:
            for m in n.nodes:
                self.effect(m)
            return
        if t is Prim and _effect(n) is not None:
            self.mutation(n, None)
            return
        if t is Let:
            self.let(n)
            self.effect(n.body)
            return
        if t is If:
            self.w(f"if {self.test(n.test)}:")
            saved = self.branch()
            self.indent()
            self.assume(n.test)
            mark = len(self.lines)
            self.effect(n.then)
            if len(self.lines) == mark:
                self.w("pass")
            self.dedent()
            self.join(saved)
            if n.alt is not None:
                mark = len(self.lines)
                self.w("else:")
                self.indent()
                self.effect(n.alt)
                self.dedent()
                self.join(saved)
                if len(self.lines) == mark + 1:
                    self.lines.pop()
            return
        text = self.expr(n)
        if not (text.isidentifier() or self.fixed(text)):
            self.w(text)

    # -- let ------------------------------------------------------------------------
    def let(self, n) -> None:
        gen = n.gen
        scope = gen.scope
        count = len(n.inits)
        if not n.rec:
            for i, init in enumerate(n.inits):
                v = gen.var(i)
                self.w(f"{v.py} = {self.expr(init)}")
                self.forget(v)
                if (self.facts is not None and type(init) is Prim and init.code is None
                        and init.name in _ACCESSORS and not v.captured):
                    key = _memo_key(init)
                    if key is not None and key not in self.facts:
                        self.facts[key] = v.py  # (let ((a (car p))) ... (car p) ...): a
            self.make_frame(gen, [gen.var(i).py for i in range(count)])
            self.init_pads(gen, count)
            return
        for i in range(len(scope.names)):
            v = gen.var(i)
            if not v.captured:
                self.w(f"{v.py} = UNASSIGNED")
        self.make_frame(gen, [])
        for i, init in enumerate(n.inits):
            v = gen.var(i)
            self.w(f"{self.var_text(v)} = {self.bound_value(v, init)}")
            self.forget(v)

    # -- tail positions ----------------------------------------------------------------
    def mutation(self, n, ctx) -> None:
        """Prim n, a mutator of inline.EFFECTS ((set-cdr! p v), (vector-set! v k x)), as a
        statement, not `setattr(...) or UNSPECIFIED`: for its effect (`ctx` None), or in
        tail position, its value UNSPECIFIED given to `ctx` after it (the slow path's, a
        redefinition's value or tail call, given as it is)."""
        tail = ctx is not None and ctx.tail
        cond, _, call, subst = self.prim_parts(n, tail)
        statement = _substitute(_effect(n), subst)
        if cond == "True" and self.flags is not None:
            self.w(statement)
            if ctx is not None:
                self.value(ctx, "UNSPECIFIED")
            return
        raised = self.raising(n, cond, subst)
        if raised is not None:
            if ctx is None:
                self.write_raising(raised, statement, call)
                return
            tmp = self.temp()
            self.write_raising(raised, f"{statement}; {tmp} = UNSPECIFIED", f"{tmp} = {call}")
            self.value(ctx, tmp, maybe_tuple=tail)
            return
        self.w(f"if {cond}:")
        self.w(f"    {statement}")
        if ctx is not None:
            self.indent()
            self.value(ctx, "UNSPECIFIED")
            self.dedent()
        self.w("else:")
        if ctx is None:
            self.w(f"    {call}")
            return
        self.indent()
        self.value(ctx, call, maybe_tuple=tail)
        self.dedent()

    def value(self, ctx, text: str, maybe_tuple: bool = False) -> None:
        if ctx.store is None:
            self.w(f"return {text}")
            return
        self.w(f"{ctx.store} = {text}")
        if maybe_tuple:
            self.w(f"if type({ctx.store}) is tuple: {ctx.store} = run(*{ctx.store})")
        if ctx.level >= 0:
            self.jump(ctx.level, brk=True)

    def jump(self, level: int, brk: bool) -> None:
        """Continue (or leave) the Python loop at `level`, from inside deeper ones."""
        innermost = len(self.loops) - 1
        if level == innermost:
            self.w("break" if brk else "continue")
            return
        code = 2 * level + (1 if brk else 0)
        self.uses_go = True
        for k in range(level + 1, innermost + 1):
            self.loops[k].passing.add(code)
        self.w(f"_go = {code}")
        self.w("break")

    def tail(self, n, ctx) -> None:
        t = type(n)
        if t is If:
            self.w(f"if {self.test(n.test)}:")
            saved = self.branch()
            self.indent()
            self.assume(n.test)
            self.tail(n.then, ctx)
            self.dedent()
            self.join(saved)
            alt = n.alt
            while type(alt) is If and not self.has_stmts(alt.test):
                self.w(f"elif {self.test(alt.test)}:")
                self.indent()
                self.assume(alt.test)
                self.tail(alt.then, ctx)
                self.dedent()
                self.join(saved)
                alt = alt.alt
            self.w("else:")
            self.indent()
            if alt is None:
                self.value(ctx, "UNSPECIFIED")
            else:
                self.tail(alt, ctx)
            self.dedent()
            self.join(saved)
            return
        if t is Seq:
            mine = self.receiver_tails.get(id(ctx)) if self.escapes else None
            if mine is not None:
                self.seq_of_receiver(n, ctx, mine[1])
                return
            for m in n.nodes[:-1]:
                self.effect(m)
            self.tail(n.nodes[-1], ctx)
            return
        if t is Let:
            self.let(n)
            self.tail(n.body, ctx)
            return
        if t is And or t is Or:
            # (and a b ...) leaves with #f at the first false operand, (or a b ...)
            # with the first true one; without a return or jump to leave by, the
            # rest nests in the else branch.
            terminal = ctx.store is None or ctx.level >= 0
            depth = 0
            saved = None
            for i, m in enumerate(n.nodes[:-1]):
                if i == 1:
                    # What follows the first operand may not run.
                    saved = self.branch()
                if t is And:
                    self.w(f"if not ({self.test(m)}):")
                    self.indent()
                    self.value(ctx, "False")
                else:
                    v = self.expr(m)
                    if not self.fixed(v):
                        tmp = self.temp()
                        self.w(f"{tmp} = {v}")
                        v = tmp
                    self.w(f"if {v} is not False:")
                    self.indent()
                    self.value(ctx, v)
                self.dedent()
                if not terminal:
                    self.w("else:")
                    self.indent()
                    depth += 1
            if len(n.nodes) == 2:
                saved = self.branch()
            self.tail(n.nodes[-1], ctx)
            for _ in range(depth):
                self.dedent()
            self.join(saved)
            return
        if t is When:
            cond = self.test(n.test)
            self.w(f"if not ({cond}):" if n.negate else f"if {cond}:")
            saved = self.branch()
            self.indent()
            if not n.negate:
                self.assume(n.test)
            self.tail(n.body, ctx)
            self.dedent()
            self.join(saved)
            self.w("else:")
            self.indent()
            self.value(ctx, "UNSPECIFIED")
            self.dedent()
            return
        if t is Call and n.tail:
            if n.inline is not None and self.known is None:
                self.inline_call(n, ctx)
                return
            self.tail_call(n, ctx)
            return
        if t is Case:
            key = self.expr(n.key)
            if not self.atomic(n.key) and not self.fixed(key):
                tmp = self.temp()
                self.w(f"{tmp} = {key}")
                key = tmp
            choice = self.temp()
            kinds = {t for t, _ in n.table}
            if len(kinds) == 1 and kinds <= {Char, Symbol}:
                # Characters only (symbols only): looked up by the key itself, compared by
                # identity as eqv? compares them; a key of another type matches none.
                kind = kinds.pop()
                table = self.param({v: i for (_, v), i in n.table.items()}, "k")
                self.w(f"{choice} = {table}.get({key}) if type({key}) is {kind.__name__} else None")
            else:
                table = self.param(n.table, "k")
                self.w(f"{choice} = {table}.get((type({key}), {key})) if type({key}) in CASE_TYPES else None")
            saved = self.branch()
            if len(n.bodies) >= CASE_TREE:
                # Many clauses: no match (None) first, then the clause's number halved
                # down to a few (an interpreter's dispatch of eighteen instructions took
                # nine tests on the average, now six).
                self.w(f"if {choice} is None:")
                self.indent()
                self.case_default(n, ctx)
                self.dedent()
                self.join(saved)
                self.w("else:")
                self.indent()
                self.case_tree(n, ctx, choice, 0, len(n.bodies), saved)
                self.dedent()
                return
            for i, body in enumerate(n.bodies):
                self.w(f"{'if' if i == 0 else 'elif'} {choice} == {i}:")
                self.indent()
                self.tail(body, ctx)
                self.dedent()
                self.join(saved)
            if n.bodies:
                self.w("else:")
                self.indent()
            self.case_default(n, ctx)
            if n.bodies:
                self.dedent()
            self.join(saved)
            return
        if t is Recur:
            self.recur(n)
            return
        if t is Prim:
            if self.trmc and ctx is _RETURN and self.alias is None and any(n is p for p in self.u.consed):
                self.consed_tail(n)
                return
            if _effect(n) is not None:
                self.mutation(n, ctx)
                return
            if ctx.tail and ctx.store is not None:
                text = self.prim(n, True, into=ctx.store)
                if text is None:  # (written into the store)
                    if ctx.level >= 0:
                        self.jump(ctx.level, brk=True)
                    return
                self.value(ctx, text, maybe_tuple=True)
                return
            self.value(ctx, self.prim(n, ctx.tail), maybe_tuple=ctx.tail)
            return
        if t is Node:
            self.value(ctx, self.node_value(n), maybe_tuple=n.tail)
            return
        if t is Loop:
            if ctx.tail and ctx.store is not None and ctx.level < 0:
                # The tail of an in-line lambda's body (a store with no loop to leave):
                # a value, no position given to errors (the lambda's tail loop gives none).
                self.value(ctx, self.loop(n, None, positions=False, tail_of=ctx))
            elif ctx.tail:
                self.loop(n, ctx)
            else:
                self.value(ctx, self.loop(n, None))
            return
        self.value(ctx, self.expr(n))

    def consed_tail(self, n) -> None:
        """`(cons e (itself arg ...))` in the function's tail position (ir.Unit.consed), while
        the global `cons` holds the standard one: e, then the operands, then a pair of e's
        value linked after the last one made (the first kept in HEAD, the last in HOLE),
        then the call as a self tail call, a round of the function's loop; its fallback
        (the name holds another procedure now) returns the call's value, which
        consed_function's returns put in the last pair.  The rounds take the steps of the
        calls they stand for; consed_function gives an error their frames."""
        call = n.args[1]
        token = self.rt.token(n.cell, n.orig, ("cons", 2, "flag"), True)
        self.consed_cons = f"{token}, {self.param(n.cell, 'C')}"
        e = self.expr(n.args[0])
        if not self.fixed(e):
            tmp = self.temp()
            self.w(f"{tmp} = {e}")
            e = tmp
        site = self.site(call.span, call.form)
        if site not in self.consed_sites:
            self.consed_sites.append(site)
        c = self.temp("c")
        several = _several_sites(self.u)
        lines = [f"{c} = NEWPAIR(); {c}.car = {e}",
                 f"if HEAD is None: HEAD = {c}" + (f"; SITES = [{site}]" if several else ""),
                 f"else: HOLE.cdr = {c}" + (f"; SITES.append({site})" if several else ""),
                 f"HOLE = {c}"]
        own = Call(call.op, call.args, call.span, call.form, call.opname, True, True)
        saved = self.branch()
        self.w(f"if {token}:")
        self.indent()
        self.link = (own, lines)
        self.tail_call(own, _RETURN)
        if self.link is not None:
            raise GiveUp  # (no path of tail_call wrote the link: write the function as it is)
        self.dedent()
        self.join(saved)
        self.w("else:")
        self.indent()
        # (cons is another procedure now: the call by the trampoline, its value to that one)
        f = self.expr(call.op)
        args = self.operands_in_locals(call.args)  # (their errors are not the call's)
        r = self.temp()
        self.w("try:")
        self.w(f"    {r} = run({f}, [{', '.join(args)}])")
        self.w("except SchemehostError as e:")
        self.w(f"    note(e, {site})")
        self.w("    raise")
        slow = self.param(self.rt.slow(n.cell, n.span, n.form, 2, True, n.orig), "S")
        self.value(_RETURN, f"{slow}({e}, {r})")
        self.dedent()
        self.join(saved)

    def flush_link(self, n) -> None:
        """Write consed_tail's link of a pair, once the operands of its call `n` are in locals."""
        if self.link is not None and self.link[0] is n:
            for line in self.link[1]:
                self.w(line)
            self.link = None

    def case_default(self, n, ctx) -> None:
        """A `case`'s `else` clause, or its unspecified value without one."""
        if n.default is None:
            self.value(ctx, "UNSPECIFIED")
        else:
            self.tail(n.default, ctx)

    def case_tree(self, n, ctx, choice: str, lo: int, hi: int, saved) -> None:
        """Clauses lo to hi - 1 of Case n, `choice` known to be one of their numbers:
        halved by `<` down to three or fewer, tested in turn, the last untested."""
        if hi - lo > 3:
            mid = (lo + hi) // 2
            self.w(f"if {choice} < {mid}:")
            self.indent()
            self.case_tree(n, ctx, choice, lo, mid, saved)
            self.dedent()
            self.w("else:")
            self.indent()
            self.case_tree(n, ctx, choice, mid, hi, saved)
            self.dedent()
            return
        for i in range(lo, hi):
            if i < hi - 1:
                self.w(f"{'if' if i == lo else 'elif'} {choice} == {i}:")
            elif i > lo:
                self.w("else:")
            nested = hi - lo > 1
            if nested:
                self.indent()
            self.tail(n.bodies[i], ctx)
            if nested:
                self.dedent()
            self.join(saved)

    def tail_call(self, n, ctx, open_apply: bool = True) -> None:
        if self.escape_call(n, ctx):
            return
        if open_apply and self.apply_open(n, ctx) is not None:
            return
        if ctx.store is not None and ctx.level < 0:
            self.inline_tail_call(n, ctx.store)
            return
        f = self.temp("f")
        slots = self.direct_slots(n, True) if ctx.store is None else None
        if slots is not None:
            self.direct_tail_call(n, slots, f)
            return
        known = None
        if type(n.op) is GRef:
            self.w(f"{f} = {self.param(n.op.cell, 'C')}.value")
        else:
            known = self.read_operator(n.op, f, len(n.args))
        # Operands first, into locals: a direct tail call ticks the budget after them, as `run` does.
        args = self.operands_in_locals(n.args) if ctx.store is None else self.operands(n.args)
        self.flush_link(n)
        a = ", ".join(args)
        if known is not None:
            self.known_tail_call(n, ctx, f, args, known)
        elif n.selfcall:
            self.self_loop(f"type({f}) is Closure and {f}.fast is fast and {f}.env is parent", args)
        finish = self.param(self.rt.finish(n.span, n.form, n.opname), "F")
        self.w(f"if type({f}) is Closure:")
        self.indent()
        if ctx.store is None:
            self.uses_td = True
            for line in direct_tail_call(f, args):
                self.w(line)
        self.value(ctx, f"({f}, [{a}])", maybe_tuple=True)
        self.dedent()
        if ctx.store is None:
            # A plain primitive of the arity called here, as `finish` would call it
            # (a procedure passed in and called last: (define (y k) (f ...)) with exp).
            nargs = len(args)
            self.w(f"if type({f}) is Primitive and {f}.lo <= {nargs} and ({f}.hi < 0 or {nargs} <= {f}.hi):")
            self.w("    try:")
            self.w(f"        return {f}.fn({a})")
            self.w("    except SchemehostError as e:")
            self.w(f"        note(e, {self.site(n.span, n.form)})")
            self.w("        raise")
        self.value(ctx, f"{finish}({f}, [{a}])", maybe_tuple=True)

    def known_call(self, f: str, args: list[str], r: str, known) -> None:
        """`if f is <KnownLambda>:` the known lambda's function called on `args` and the
        slot's frame, its value (maybe a tail call's tuple) in `r`, the step ticked as
        a closure's call ticks it (read_operator's `known`)."""
        kl, entry, frame, _ = known
        self.w(f"if {f} is {kl}:")
        self.w("    for _k in B.it: break")
        self.w("    else: B.exhausted()")
        self.w(f"    {r} = {entry}({', '.join([*args, frame])})")

    def known_tail_call(self, n, ctx, f: str, args: list[str], known) -> None:
        """A tail call of a known lambda (read_operator's `known`, its KnownLambda in `f`):
        this very function's own call a round of its loop; else its function called
        here while TDL allows (as direct_tail_call), past that the trampoline's tail
        call of the Closure the definition would have made."""
        kl, entry, frame, u = known
        if n.selfcall and u is self.u and frame == "parent" and self.writes_self_loops():
            # (Or the slot holds this very closure: the definition was run by the first
            # calls' walk, which makes closures: huffman's decode-1, its decode called once.)
            self.self_loop(f"{f} is {kl} or type({f}) is Closure and {f}.fast is fast and {f}.env is parent", args)
            return
        self.w(f"if {f} is {kl}:")
        self.indent()
        if ctx.store is None:
            self.uses_td = True
            for line in tail_call_lines("TDL > 0", entry, [*args, frame]):
                self.w(line)
        self.value(ctx, f"({kl}.closure({frame}), [{', '.join(args)}])", maybe_tuple=True)
        self.dedent()

    def self_loop(self, cond: str | None, args: list[str]) -> None:
        """A self tail call: when `cond` says the operator is this very closure (None:
        known already), rebind the parameters to `args`, tick as the call would, and go
        round the function's loop."""
        if cond is not None:
            self.w(f"if {cond}:")
            self.indent()
        changed = [(self.u.params[i].py, a) for i, a in enumerate(args) if a != self.u.params[i].py]
        if changed:
            self.w(rebind(changed))
        for v in self.u.params:
            self.forget(v)
        if self.single_round:
            self.tick()  # (single_loop's: the call's step, taken here)
        # (Else the step: the `for` of the rounds' loop takes it, function_body.)
        self.jump(0, brk=self.first_round)
        if cond is not None:
            self.dedent()

    def writes_self_loops(self) -> bool:
        """Does self_loop write the loop here?  (fused.GroupEmitter's does not in a group's loop.)"""
        return True

    def direct_tail_call(self, n, slots, f) -> None:
        """A tail call (returned from the function) of a global's procedure through its
        direct call slots (calls.direct_tail_entry); the generic tail call when they are empty."""
        c = self.param(n.op.cell, "C")
        # Every closure of a lambda written at top level has the top level (None)
        # as its environment: the same function is the same closure there.
        top = n.selfcall and slots[3] < 0 and self.u.kind == "lambda" and self.u.fgen.scope.parent is None
        if top and self.flags is not None and self.writes_self_loops():
            # In a typed copy no code runs that could assign the global: typespec's walk lets
            # in no call but of PURE procedures (which assign nothing) and tail calls (which
            # leave the copy), and its primitives are the standard ones, tested on entry.
            # Whether the global still holds this procedure is asked there too, once.
            self.flags.add(f"{slots[0]} is fast")
            args = self.operands_in_locals(n.args)
            self.flush_link(n)
            self.self_loop(None, args)
            return
        slots, have_f = self.snapshot(n, slots, f)
        args = self.operands_in_locals(n.args)
        self.flush_link(n)
        a = ", ".join(args)
        saved = self.branch()
        simple = 0 if n.selfcall else (self.simple_call(n, slots[0], args, _RETURN)
                                       or self.build_call(n, slots[2], args, _RETURN))
        if simple:
            self.join(saved)
        # (After a small body written in line, simple_call's 2: the trampoline's tail call alone.)
        if simple != 2:
            if n.selfcall and slots[3] < 0:
                self.self_loop(f"{slots[0]} is fast" if top else f"{slots[0]} is fast and {slots[1]} is parent",
                               args)
            self.uses_td = True
            for line in direct_tail_entry(slots, args, self.site(n.span, n.form)):
                self.w(line)
        if not have_f:
            self.w(f"{f} = {c}.value")
        finish = self.param(self.rt.finish(n.span, n.form, n.opname), "F")
        self.w(f"if type({f}) is Closure:")
        self.w(f"    return ({f}, [{a}])")
        self.w(f"return {finish}({f}, [{a}])")

    def build_call(self, n, q: str, args: list[str], ctx) -> int:
        """A call of a constructor made by statements in the caller while the global
        holds it (its direct call slot `q` is its function), with no call and no tuple
        of the operands: `list` of four to sixteen operands (inline.LONG_LISTS), the
        pairs made last first as inline.BUILDERS makes a list of up to three
        (leftist-heap's nodes, (list rank value left right)); a define-record-type
        constructor, the record made empty and each field stored (forms' layout).
        Writes the `if` and its branch and returns 1, or writes nothing and returns 0
        when the global holds another procedure now."""
        if type(n.op) is not GRef:
            return 0
        v = n.op.cell.value
        if type(v) is not Primitive:
            return 0
        layout = getattr(v.fn, "layout", None)
        out = None
        if v.fn is NAMES["LIST_FN"] and len(args) in LONG_LISTS:
            self.w(f"if {q} is LIST_FN:")
            self.indent()
            out = self.temp()
            self.w(list_statements(out, args))
        elif layout is not None and len(args) == v.lo:
            new, sources = layout
            self.w(f"if {q} is {self.param(v.fn, 'k')}:")
            self.indent()
            out = self.temp()
            stores = [f"{out}.f{i} = {'False' if k is None else args[k]}" for i, k in enumerate(sources)]
            self.w("; ".join([f"{out} = {self.param(new, 'k')}()"] + stores))
        if out is None:
            return 0
        self.value(ctx, out)
        self.dedent()
        return 1

    def simple_call(self, n, d: str, args: list[str], ctx) -> int:
        """A call of a global's procedure with a small body, written in the caller while
        the global holds that procedure (a token, Runtime.inlined; `d` its direct slot):
        the call's step, then the body with its parameters read as the operands
        `args`, its value to `ctx` (stored, or returned in tail position).

        A body of one open-coded primitive of the parameters and constants (an
        accessor, a predicate, a constructor: simple_body) is written under the
        primitive's guard too, its value its fast expression.  A body of `if`,
        `and`, `or` and open-coded primitives over them (small_body) is written
        whole, as the procedure's own function writes it: its primitives' other
        paths call what their globals hold, as there, and a tail call one leaves
        is run to its value (stored) or returned, as the call would.  Writes the
        `if` and its branch and returns 1, or writes nothing and returns 0 when
        the global holds no such procedure now; 2 where the other branch, the
        call, is only taken for a redefined procedure or an operand the body's
        primitive refuses (an error, or a record of another type): its caller
        may write that as the trampoline's plain call."""
        if type(n.op) is not GRef:
            return 0
        v = n.op.cell.value
        if type(v) is not Closure or v.rest or v.nreq != len(args):
            return 0
        if v.fast is None:
            # Still run by its first calls (compiler.Tier): written now if it is that small.
            tier = getattr(v.body, "tier", None)
            if (tier is None or tier.made is None or tier.ir is None
                    or (simple_body(tier.unit, tier.ir) or small_body(tier.unit, tier.ir)) is None):
                return 0
            tier.switch()
        if v.fk != len(args):
            return 0
        simple = getattr(v.fast, "simple", None)
        small = getattr(v.fast, "small", None) if simple is None else None
        if simple is None and small is None:
            return 0
        params, body = simple or small
        self.alias = dict(zip(params, args))
        try:
            # (A primitive that saw floats (square of a float) is written whole, its float
            # case in it, as a small body is: under the guard for integers alone a float
            # would make the call.)
            if simple is not None and not body.inexact & SEEN:
                cond, value, _, subst = self.prim_parts(body, False)
                self.w(f"if {self.rt.inlined(n.op.cell, v, cond)}:")
                self.indent()
                self.tick()
                build = _builder(body)
                effect = _effect(body)
                if build is not None:
                    # (a list made by statements, as Emitter.prim makes it)
                    value = self.temp()
                    self.w(_substitute(_RESULT.sub(value, build), subst))
                elif effect is not None:
                    # (a setter: its statement, `x[y] = z`, not the expression's method call)
                    self.w(_substitute(effect, subst))
                    value = "UNSPECIFIED"
                self.value(ctx, value)
            else:
                self.w(f"if {self.rt.inlined(n.op.cell, v, 'True')}:")
                self.indent()
                self.tick()
                while type(body) is Let:
                    # (small_body's lets: each variable a temporary of the caller's)
                    for i, init in enumerate(body.inits):
                        tmp = self.temp()
                        self.w(f"{tmp} = {self.expr(init)}")
                        self.alias[body.gen.var(i)] = tmp
                    body = body.body
                self.tail(body, ctx if ctx.store is None else Ctx(store=ctx.store, tail=True))
        finally:
            self.alias = None
        self.dedent()
        # (Under an arithmetic primitive's guard for integers, other numbers take the call.)
        return 2 if simple is None or body.name not in INEXACT else 1

    def recur(self, n) -> None:
        loop = n.loop
        args = self.operands(n.args)
        names = [loop.gen.var(i).py for i in range(loop.nvars)]
        changed = [(name, a) for name, a in zip(names, args) if a != name]
        if changed:
            self.w(rebind(changed))
        for i in range(loop.nvars):
            self.forget(loop.gen.var(i))
        # (No tick: the loop's `for` takes the round's step, loop_body.)
        self.jump(loop.level, brk=False)

    def loop(self, n, ctx, positions=True, tail_of=None) -> str | None:
        """A named let as a while loop; returns the value's text when not in tail position
        (an error leaving it then gets its position, unless not `positions`).  `tail_of`:
        the store context the loop's value goes to (its tail positions are that one's)."""
        for v, text in zip([n.gen.var(i) for i in range(n.nvars)], self.operands(n.inits)):
            self.w(f"{v.py} = {text}")
        result = None
        level = len(self.loops)
        n.level = level
        trap = False
        if ctx is None:
            result = self.temp()
            ctx = Ctx(store=result, level=level)
            self.receiver_tail(tail_of, ctx)
            # compiler.py's named let gives an error leaving it (its first call
            # included) its position, if it has none.
            trap = positions and n.calls
            if trap:
                self.w("try:")
                self.indent()
                self.blocks += 1
        # (The first round's step, the named let's first call, is the loop's `for`'s too.)
        if n.name_gen is not None:
            self.make_frame(n.name_gen, ["None"])
        self.blocks += 2
        if self.blocks > MAX_BLOCKS:
            raise GiveUp
        typed = loop_types(n, self.pure_call) if self.known is None else None
        if typed is None:
            self.loop_body(n, ctx, level)
        else:
            self.twice(typed, lambda: self.loop_body(n, ctx, level),
                       rebound=frozenset(n.gen.var(i) for i in range(n.nvars)))
        self.blocks -= 2
        if trap:
            self.dedent()
            self.blocks -= 1
            self.w("except SchemehostError as e:")
            self.w(f"    if e.span is None: e.span = {self.param(n.span, 'K')}")
            self.w("    raise")
        return result

    def twice(self, typed, emit, other=None, rebound=()) -> None:
        """Write code twice (`emit()` writes it): a copy specialised for the types of
        `typed` (typespec.py's (types, checked)) under the test that they hold and that
        the open-coded primitives are the standard ones, then the ordinary code after
        `else:` (or what `other()` writes there instead).

        A string or vector the copy takes (a variable of `checked`) that nothing
        assigns and the copy does not rebind (`rebound`: its loop's variables) has
        the same length all through the copy (R7RS strings and vectors keep the
        length they were made with; string-set! and the fills change characters
        only): the copy reads it once, before its loop (Emitter.prim, `lengths`)."""
        self.known, checked, self.nonneg = typed
        self.flags = set()
        self.facts = {}
        self.unchanging = frozenset(v for v in checked if type(v) is Var and self.known[v] in (MString, list)
                                    and not v.assigned and v not in rebound)
        self.lengths = {}
        self.w("if ...:")
        at = len(self.lines) - 1
        self.indent()
        emit()
        self.lines[at + 1:at + 1] = ["    " * self.ind + f"{name} = {_LENGTH_READS[self.known[v]].format(v.py)}"
                                     for v, name in self.lengths.items()]
        self.unchanging, self.lengths = frozenset(), {}
        self.dedent()
        tests = []
        for v in checked:
            tests.append(f"type({v.py}) is {_TYPE_NAMES[self.known[v]]}")
            if v in self.nonneg:
                tests.append(f"{v.py} >= 0")
        tokens = {f for f in self.flags if f.isidentifier()}
        tests += sorted(self.flags - tokens)
        if tokens:
            tests.append(self.rt.combined(tokens))
        self.lines[at] = self.lines[at].replace("...", " and ".join(tests))
        self.known = self.flags = self.facts = None
        self.nonneg = ()
        self.w("else:")
        self.indent()
        (emit if other is None else other)()
        self.dedent()

    def loop_body(self, n, ctx, level) -> None:
        """The loop of n, then what carries on a jump that left it for an outer loop.

        Each round, the first included, takes its step (the call of the named
        let's procedure it stands for) as the `for` over the budget's chunk
        does, before the round runs (runtime.Budget: a sixth of the cost of a
        tick); `break` leaves the `for`, then the `while`; the `while` goes
        round again only when the chunk ran out (Budget.ran_out)."""
        rec = PyLoop()
        self.loops.append(rec)
        self.forget_all()
        self.rounds_open()
        self.make_frame(n.gen, [n.gen.var(i).py for i in range(n.nvars)])
        self.init_pads(n.gen, n.nvars)
        self.tail(n.body, ctx)
        self.rounds_close()
        self.loops.pop()
        self.forget_all()
        self.dispatch(rec, level)

    def rounds_open(self) -> None:
        """Open a loop whose rounds take their steps as a `for` over the budget's chunk
        (runtime.Budget): what follows, up to rounds_close, is a round's body."""
        self.w("while True:")
        self.w("    for _ in B.it:")
        self.indent()
        self.indent()

    def rounds_close(self) -> None:
        """Close rounds_open's loop: a chunk run out is refilled (or the budget raises)
        and the `for` goes on; a `break` of the round leaves the `while` too."""
        self.dedent()
        self.w("else:")
        self.w("    B.ran_out()")
        self.w("    continue")
        self.w("break")
        self.dedent()

    def dispatch(self, rec, level) -> None:
        """After a loop: carry on a jump that left it for an outer loop."""
        if not rec.passing:
            return
        outer = level - 1
        self.w("if _go >= 0:")
        self.indent()
        if 2 * outer in rec.passing:
            self.w(f"if _go == {2 * outer}:")
            self.w("    _go = -1")
            self.w("    continue")
        if 2 * outer + 1 in rec.passing:
            self.w(f"if _go == {2 * outer + 1}:")
            self.w("    _go = -1")
            self.w("    break")
        if any(c < 2 * outer for c in rec.passing):
            self.w("break")
        self.dedent()

    # -- the whole function ---------------------------------------------------------------
    def function(self, body_ir, nparams: int, ctx=_RETURN, name: str = "fast", typed_copy: bool = True) -> str:
        """The text of Python function `name` running the unit's body.

        A function that loops on its own tail calls gets a copy typed for its
        arguments (typespec.function_types).  With `lazy_generic` the
        ordinary half after `else:` is not written: it returns what the
        function in slot `generic_slot` returns for the same arguments
        (emit_lambda fills the slot, writing that half when first called).
        `typed_copy` false writes the ordinary half alone (that function)."""
        u = self.u
        params = [v.py for v in u.params]
        head = f"    def {name}({', '.join(params + ['parent'])}):"
        prologue_at = len(self.lines)
        self.hoists, self.hoist_lines = {}, []
        # (No typed copy then: typespec reads the calls it stands for as calls, not rounds.)
        self.trmc = bool(u.consed) and ctx is _RETURN and self.alias is None and type(self) is Emitter
        if self.trmc:
            self.blocks += 1  # (the function's `try`, consed_function)
        typed = (function_types(u, body_ir, self.pure_call)
                 if typed_copy and u.selfrecur and ctx is _RETURN and not self.trmc else None)
        if typed is None:
            self.function_body(body_ir, params, nparams, ctx)
        else:
            # (The parameters its own tail calls pass something else.)
            rebound = frozenset(v for i, v in enumerate(u.params)
                                if any(type(c.args[i]) is not LRef or c.args[i].var is not v for c in u.selfcalls))
            self.twice(typed, lambda: self.function_body(body_ir, params, nparams, ctx),
                       (lambda: self.call_generic(params)) if self.lazy_generic else None, rebound)
        self.lines[prologue_at:prologue_at] = ["        " + line for line in self.hoist_lines]
        self.hoists = None
        if self.trmc:
            self.consed_function(prologue_at)
        if self.uses_go:
            self.lines.insert(prologue_at, "        _go = -1")
        if self.uses_td:
            self.lines.insert(prologue_at, "        nonlocal TDL")
        return _hoist_chains(head, self.lines, prologue_at, self.temp)

    def call_generic(self, params) -> None:
        """The typed copy's `else:` when its ordinary half is written later: the call of
        the function in slot `generic_slot` (lazy_generic)."""
        slot = self.generic_slot = self.param(object(), "W")
        self.w(f"return {slot}({', '.join(params + ['parent'])})")

    def function_body(self, body_ir, params, nparams, ctx) -> None:
        """The body of `fast`; for a function calling itself in tail position, written
        twice: the first round, which its caller's call took the step of, in a
        `while` its self tail calls leave by `break`, then the rounds after it in
        a loop whose `for` over the budget's chunk takes each one's step, as a
        named let's does (rounds_open)."""
        u = self.u

        def write() -> None:
            if u.fgen is not None:
                self.make_frame(u.fgen, params)
                self.init_pads(u.fgen, nparams)
            if u.thunk:  # (its last form's value returned, not in tail position)
                self.value(ctx, self.expr(body_ir))
            else:
                self.tail(body_ir, ctx)

        if u.selfrecur:
            self.own_loop(write)
        elif self.trmc:
            self.single_loop(write)
        else:
            write()

    def single_loop(self, write) -> None:
        """The loop of a function whose only calls of itself are consed_tail's: written once,
        each of those calls ticking the budget where it goes round (self_loop), as the call
        it stands for did; less text than own_loop's two copies (to compile at the switch)."""
        self.loops.append(PyLoop())
        self.blocks += 1
        if self.blocks > MAX_BLOCKS:
            raise GiveUp
        self.w("while True:")
        self.indent()
        self.forget_all()
        self.single_round = True
        write()
        self.single_round = False
        self.dedent()
        self.loops.pop()
        self.blocks -= 1
        self.forget_all()

    def consed_function(self, at: int) -> None:
        """Make the function's lines from `at` on (consed_tail wrote its pairs' links) one
        whose every `return value` gives `value` when no pair was made, else the first
        pair made once the last ends in `value`; inside a `try` that gives an error
        leaving it the frames of the calls its pairs stand for (calls.note_consed)."""
        if not self.consed_sites:
            return  # (none was written as a round: in a position not the function's own tail)
        body = []
        for line in self.lines[at:]:
            m = _RETURN_LINE.fullmatch(line)
            if m is not None:
                body.append(f"    {m.group(1)}R_ = {m.group(2)}")
                line = f"{m.group(1)}return R_ if HEAD is None else CONSED_END(HEAD, HOLE, R_, {self.consed_cons})"
            body.append("    " + line)
        sites = "SITES" if _several_sites(self.u) else self.consed_sites[0]
        self.lines[at:] = (["        HEAD = None", "        try:"] + body
                           + ["        except SchemehostError as e:",
                              f"            if HEAD is not None: CONSED_NOTE(e, HEAD, HOLE, {sites})",
                              "            raise"])

    def own_loop(self, write, guard: str | None = None, level: int | None = None) -> None:
        """A loop of tail calls entered by a call (or a fused group's transition) that took
        its first round's step: `write()` writes a round twice, the first round in a
        `while` that its own tail calls leave by `break` (`first_round`), then the
        rounds after it (under `if guard:` when given), each taking its step as
        rounds_open's `for`.  `level`: the loop's level, for the jumps that leave it
        for an outer one (dispatch)."""
        outer = self.first_round
        for first in (True, False):
            self.first_round = first
            rec = PyLoop()
            self.loops.append(rec)
            self.blocks += 1 if first else 2
            if self.blocks > MAX_BLOCKS:
                raise GiveUp
            if first:
                self.w("while True:")
                self.indent()
            else:
                if guard is not None:
                    self.w(f"if {guard}:")
                    self.indent()
                self.rounds_open()
            self.forget_all()
            write()
            if first:
                self.dedent()
            else:
                self.rounds_close()
            self.loops.pop()
            self.blocks -= 1 if first else 2
            self.forget_all()
            if level is not None:
                self.dispatch(rec, level)
            if not first and guard is not None:
                self.dedent()
        self.first_round = outer


    # -- calls of map, for-each (and their kin over strings and vectors) and call/cc with a lambda literal, in line (ir.Inline)
    def inline_call(self, n, ctx) -> str | None:
        """Call n, whose lambda literal ir.Builder also built in line: while the global holds
        the standard procedure, the lambda's body written here (no closure made, no call);
        else the call as written.  With `ctx` (a tail position) the value goes there;
        without, its text is returned.

        The global is tested before the operands run, where the call reads its operator."""
        h = n.inline
        if h.kind == "call-with-values":
            return self.inline_values(n, ctx)
        cell = n.op.cell
        token = self.rt.token(cell, h.orig, ("inline",), True)
        out = self.temp()
        if h.kind in ("call/cc", "call-with-current-continuation"):
            site = self.param([True], "X")
            self.w(f"if {token} and {site}[0]:")
            self.indent()
            self.inline_callcc(n, out, site)
        else:
            self.w(f"if {token}:")
            self.indent()
            if h.kind in INDEX_WALKS:
                self.inline_index_walk(n, out)
            else:
                self.inline_walk(n, out)
        if ctx is not None:
            self.value(ctx, out)
        self.dedent()
        return self.as_written(n, ctx, out)

    def as_written(self, n, ctx, out) -> str | None:
        """The `else:` of an in-line call: the call as written, its value to `ctx` or in
        `out` (returned without ctx)."""
        self.w("else:")
        self.indent()
        if ctx is not None:
            self.tail_call(n, ctx)
        else:
            self.w(f"{out} = {self.call(n)}")
        self.dedent()
        return None if ctx is not None else out

    def inline_values(self, n, ctx) -> str | None:
        """(call-with-values (lambda () body) (lambda (a ...) body)) (ir.InlineValues) while
        the global holds the standard procedure: the producer's body run here as its call
        runs it (a step, its tail call run to a value), then, when its value is as many
        values as the consumer takes, the consumer's body with them bound (a step, in the
        call's own position); other counts call the consumer as call-with-values does
        (the trampoline gives its arity error).  Errors are noted at the call where the
        call notes them: not in tail position.  Returns the value's name without `ctx`."""
        h = n.inline
        token = self.rt.token(n.op.cell, h.orig, ("inline",), True)
        out = self.temp()
        saved = self.branch()
        self.w(f"if {token}:")
        self.indent()
        if ctx is None:
            self.nested_blocks(1)
            self.w("try:")
            self.indent()
        produced = self.temp()
        self.make_frame(h.pgen, [])
        self.init_pads(h.pgen, 0)
        self.tick()
        m = h.nparams
        pair = self.divmod_values(h.pbody) if m == 2 else None
        if pair is not None:
            # floor/ or truncate/ of exact integers: the quotient and remainder straight
            # into the consumer's values, no MultipleValues made; NOPE in the first for
            # anything but two values from the slow path (the consumer is called then).
            cond, pair_text, call = pair
            values = [self.temp(), self.temp()]
            self.w(f"if {cond}:")
            self.w(f"    {values[0]}, {values[1]} = {pair_text}")
            self.w("else:")
            self.w(f"    {produced} = {call}")
            self.w(f"    if type({produced}) is tuple: {produced} = run(*{produced})")
            self.w(f"    if type({produced}) is MultipleValues and len({produced}.values) == 2:")
            self.w(f"        {values[0]}, {values[1]} = {produced}.values")
            self.w("    else:")
            self.w(f"        {values[0]} = NOPE")
            self.w(f"if {values[0]} is not NOPE:")
        elif m == 1:
            self.tail(h.pbody, Ctx(store=produced, tail=True))
            self.w(f"if type({produced}) is not MultipleValues:")
            values = [produced]
        else:
            self.tail(h.pbody, Ctx(store=produced, tail=True))
            self.w(f"if type({produced}) is MultipleValues and len({produced}.values) == {m}:")
            values = [f"{produced}.values[{i}]" for i in range(m)]
        inner = self.branch()
        self.indent()
        self.inline_body(h, values, out, ctx)
        self.dedent()
        self.join(inner)
        self.w("else:")
        self.indent()
        consumer = self.expr(n.args[1])
        spread = f"(list({produced}.values) if type({produced}) is MultipleValues else [{produced}])"
        if ctx is None:
            self.w(f"{out} = run({consumer}, {spread})")
        else:
            self.w(f"{out} = ({consumer}, {spread})")
            self.value(ctx, out, maybe_tuple=True)
        self.dedent()
        self.join(inner)
        if ctx is None:
            self.dedent()
            self.w("except SchemehostError as e:")
            self.w(f"    note(e, {self.site(n.span, n.form)})")
            self.w("    raise")
            self.blocks -= 1
        self.dedent()
        self.join(saved)
        self.as_written(n, ctx, out)
        self.join(saved)
        return None if ctx is not None else out

    def divmod_values(self, n) -> tuple[str, str, str] | None:
        """A producer's body that is the standard floor/ or truncate/ written in line (the
        pair divmod makes, inline.BINARY): its operands evaluated, (its guard, the divmod
        expression, its slow call); else None, nothing written."""
        if (type(n) is not Prim or n.code is not None or len(n.args) != 2
                or TABLES[2].get(n.name, (None, None))[1] != DIVMOD_VALUES):
            return None
        cond, e, call, subst = self.prim_parts(n, True)
        return cond, _substitute(DIVMOD, subst), call

    def receiver_tail(self, outer, ctx) -> None:
        """`ctx` is a tail position of an in-line receiver's body if `outer` is one."""
        mine = None if outer is None else self.receiver_tails.get(id(outer))
        if mine is not None:
            self.receiver_tails[id(ctx)] = (ctx, mine[1])

    def inline_body(self, h, values, out, ctx=None, tick=True) -> None:
        """Bind the in-line lambda's parameters to `values` (fresh bindings: a frame of
        their own when captured), tick the budget as its call would (unless the
        step is taken already: `tick` false), and store its body's value in
        `out` (a tail call of the body run to its value, as the procedure
        calling the lambda would run it)."""
        gen = h.gen
        for i, value in enumerate(values):
            self.w(f"{gen.var(i).py} = {value}")
        self.make_frame(gen, [gen.var(i).py for i in range(h.nparams)])
        self.init_pads(gen, h.nparams)
        if tick:
            self.tick()
        self.tail(h.body, ctx or Ctx(store=out, tail=True))

    def nested_blocks(self, k: int) -> None:
        self.blocks += k
        if self.blocks > MAX_BLOCKS:
            raise GiveUp

    def seq_of_receiver(self, n, ctx, var) -> None:
        """The body of an in-line call/cc's receiver, a sequence: a map or for-each written
        in line as one of its statements may leave its loop by `break` when its lambda
        calls the receiver's continuation `var` (escape_call), with a flag set: the
        statements after it then run under `if not flag:`.  The same as the escape's
        exception, which leaves the rest of the body for the handler doing what the
        body's normal end does (cc_done), without raising and catching it: about 500 ns
        an escape (a for-each searching a list, in escape.scm, once per search)."""
        nodes = n.nodes
        for i, m in enumerate(nodes[:-1]):
            if not (type(m) is Call and m.inline is not None and m.inline.kind in WALKS):
                self.effect(m)
                continue
            flag = self.temp("we")
            self.w(f"{flag} = False")
            at = len(self.lines) - 1
            self.walk_escape = state = [var, flag, False, m]
            try:
                self.effect(m)
            finally:
                self.walk_escape = None
            if not state[2]:
                self.lines[at] = ""  # (no escape left the walk by `break`: no flag; a blank line keeps the indices)
            else:
                saved = self.branch()
                self.w(f"if not {flag}:")
                self.indent()
                for rest in nodes[i + 1:-1]:
                    self.effect(rest)
                self.tail(nodes[-1], ctx)
                self.dedent()
                out = self.escapes[var][1]
                if ctx.store != out:
                    # A tail position of the receiver's body inside a loop of it (a named
                    # let, a do): the escaped value is the loop's, and leaves it.  (Falling
                    # through went round the loop again, from the same round: a hang.)
                    self.w("else:")
                    self.indent()
                    self.value(ctx, out)
                    self.dedent()
                self.join(saved)
                return
        self.tail(nodes[-1], ctx)

    def escape_call(self, n, ctx=None) -> bool:
        """A tail call of an in-line call/cc's continuation (its parameter, never assigned:
        continuations.only_called) from the receiver's body written here: invoke it
        (continuations.invoke, as the trampoline would; no tick) and return True.

        In a tail position of that receiver's own body (`ctx` one of receiver_tails'),
        the call's extent is the call/cc's: the value is simply the body's."""
        escapes = self.escapes
        if not escapes or type(n.op) is not LRef or n.op.var not in escapes or len(n.args) != 1:
            return False
        mine = self.receiver_tails.get(id(ctx))
        if mine is not None and mine[1] is n.op.var:
            self.value(ctx, self.operands(n.args)[0])
            return True
        arg = self.operands_in_locals(n.args)[0]
        k, out, depth = escapes[n.op.var]
        if depth == len(escapes):
            # No other call/cc's handler in between, in this very function: with no
            # dynamic-wind extent to leave, the value goes straight to the handler
            # (an exception of no fields, made by C: a third of ContinuationInvoked).
            self.w(f"if not INTERP.winders and not {k}.winders:")
            self.w(f"    {out} = {arg}")
            wb = self.walk_break
            if wb is not None and wb[0][0] is n.op.var and wb[1] == len(self.loops):
                # Straight out of the walk's loop, no loop of its own in between (seq_of_receiver).
                wb[0][2] = True
                self.w(f"    {wb[0][1]} = True")
                self.w("    break")
            else:
                self.w("    raise ESCAPE")
        self.w(f"CC_THROW({k}, {arg})")
        return True

    def inline_tail_call(self, n, out) -> None:
        """A tail call of an in-line lambda's body (ir.Inline), run to its value into `out` as
        the procedure calling the lambda runs the tail call it returns: a closure's fast
        entry called here (one tick, as `run` ticks), anything else through `finish` and
        the trampoline; no site noted but a primitive's, as for any tail call."""
        f = self.temp("f")
        known = None
        if type(n.op) is GRef:
            self.w(f"{f} = {self.param(n.op.cell, 'C')}.value")
        else:
            known = self.read_operator(n.op, f, len(n.args))
        args = self.operands_in_locals(n.args)
        a = ", ".join(args)
        nargs = len(args)
        finish = self.param(self.rt.finish(n.span, n.form, n.opname), "F")
        first = "if"
        if known is not None:
            self.known_call(f, args, out, known)
            first = "elif"
        if nargs <= 3:
            self.w(f"{first} type({f}) is Closure and {f}.fk == {nargs}:")
            self.indent()
            self.tick()
            self.w(f"{out} = {f}.fast({a}{', ' if args else ''}{f}.env)")
            self.dedent()
            # A plain primitive of the right arity called here, as `finish` calls it.
            self.w(f"elif type({f}) is Primitive and {f}.lo <= {nargs} and ({f}.hi < 0 or {nargs} <= {f}.hi):")
            self.w("    try:")
            self.w(f"        {out} = {f}.fn({a})")
            self.w("    except SchemehostError as e:")
            self.w(f"        note(e, {self.site(n.span, n.form)})")
            self.w("        raise")
            self.w("else:")
            self.w(f"    {out} = {finish}({f}, [{a}])")
        elif known is not None:
            self.w("else:")
            self.w(f"    {out} = {finish}({f}, [{a}])")
        else:
            self.w(f"{out} = {finish}({f}, [{a}])")
        self.w(f"if type({out}) is tuple: {out} = run(*{out})")

    def inline_walk(self, n, out) -> None:
        """(map (lambda (x ...) body) list ...) or (for-each ...) as a Python loop over the
        lists, as lists.map_ and for_each walk them: the same steps, the same errors (a
        non-list, an improper or circular one; with two lists, the shorter ends it)."""
        h = n.inline
        who = h.kind
        lists = self.operands_in_locals(n.args[1:])
        for j, (a, text) in enumerate(zip(n.args[1:], lists)):
            if not self.stable(a, text):
                tmp = self.temp()
                self.w(f"{tmp} = {text}")
                lists[j] = tmp
        ps = [self.temp("wp") for _ in lists]
        cn, cw, mark = self.temp("wn"), self.temp("ww"), self.temp("wm")
        k = self.site(n.span, n.form)
        self.nested_blocks(3)
        self.w("try:")
        self.indent()
        self.w(f"{', '.join(ps)} = {', '.join(lists)}")
        if who == "map":
            head, last = self.temp("wh"), self.temp("wl")
            self.w(f"{head} = {last} = NEWPAIR()")
        self.w(f"{cn} = {cw} = {WALK_WINDOW}")
        self.w(f"{mark} = NO_MARK")
        if len(ps) == 2:
            j = self.temp("wj")
            self.w(f"{j} = 0")
        # A round per element, its step (the lambda's call) taken by the `for` over the
        # budget's chunk as a named let's round takes it (loop_body); the test for the
        # next element at the round's end.
        self.w(f"if {' and '.join(f'type({p}) is Pair' for p in ps)}:")
        self.indent()
        self.rounds_open()
        value = self.temp()
        state = self.walk_round(n, [f"{p}.car" for p in ps], value)
        if who == "map":
            q = self.temp("wq")
            self.w(f"{q} = NEWPAIR()")
            self.w(f"{q}.car = {value}")
            self.w(f"{last}.cdr = {q}")
            self.w(f"{last} = {q}")
        self.w(f"{', '.join(ps)} = {', '.join(p + '.cdr' for p in ps)}")
        if len(ps) == 1:
            self.w(f"if {ps[0]} is {mark}: raise LIST_ERROR({who!r}, 2, 'list', {lists[0]})")
            walked = ps[0]
        else:
            walked = f"({ps[1]} if {j} else {ps[0]})"
            self.w(f"if {walked} is {mark}: {j}, {mark} = PROVEN({who!r}, 2, ({', '.join(lists)},), {j})")
        self.w(f"{cn} -= 1")
        self.w(f"if {cn} == 0:")
        self.w(f"    {cn} = {cw} = {cw} + {cw}")
        self.w(f"    {mark} = {walked}")
        self.w(f"if {' or '.join(f'type({p}) is not Pair' for p in ps)}: break")
        self.rounds_close()
        self.dedent()
        if state is not None and state[2]:
            self.w(f"if not {state[1]}:")  # (left by an escape: the walk's end is not reached)
            self.indent()
        if len(ps) == 1:
            self.w(f"if {ps[0]} is not NIL: raise LIST_ERROR({who!r}, 2, 'list', {lists[0]})")
        if who == "map":
            self.w(f"{last}.cdr = NIL")
            self.w(f"{out} = {head}.cdr")
        else:
            self.w(f"{out} = UNSPECIFIED")
        if state is not None and state[2]:
            self.dedent()
        self.dedent()
        self.w("except SchemehostError as e:")
        self.w(f"    note(e, {k})")
        self.w("    raise")
        self.blocks -= 3

    def walk_round(self, n, values, value):
        """A round of walk n (inline_walk, inline_index_walk): the in-line lambda's body with
        its parameters bound to `values`, its value in `value`, its step taken by the
        round.  Returns seq_of_receiver's escape state when this walk is the one it
        writes (its body may then leave the loop by `break`), else None."""
        # Only this walk's own body may leave it by `break`: not a walk inside it, nor one
        # its operands wrote.
        state = self.walk_escape
        if state is not None and state[3] is not n:
            state = None  # (a walk among its operands)
        self.walk_escape = None
        outer_break = self.walk_break
        self.walk_break = None if state is None else (state, len(self.loops))
        try:
            self.inline_body(n.inline, values, value, tick=False)
        finally:
            self.walk_break = outer_break
        return state

    def inline_index_walk(self, n, out) -> None:
        """(string-for-each (lambda (c) body) string), string-map, vector-for-each or
        vector-map of one sequence as a Python loop over its indices, as strings.walk and
        vectors.walk run them: the length fixed first, each element read when its turn
        comes (the body may string-set! or vector-set! it), a step per element; the same
        errors (not a string or not a vector, as argument 2; string-map's lambda giving
        anything but a character).  About a third of string-for-each's time per
        character was the primitive's loop, its Char looked up and its closure's call.

        (filter (lambda (x) body) list) and remove: the list's elements taken first, as
        the primitives' declarations take them (check_list: its errors, before any
        call), the elements kept (the body's value not #f; remove: #f) made a new list."""
        h = n.inline
        who = h.kind
        string = who.startswith("string")
        keeps = who in ("filter", "remove")  # (a list's elements, some kept)
        (text,) = self.operands_in_locals(n.args[1:])
        if not self.stable(n.args[1], text):
            tmp = self.temp()
            self.w(f"{tmp} = {text}")
            text = tmp
        i, count = self.temp("wi"), self.temp("wn")
        acc = self.temp("wa") if who.endswith("map") or keeps else None
        self.nested_blocks(3)
        self.w("try:")
        self.indent()
        if keeps:
            items = self.temp("wl")
            self.w(f"{items} = CHECK_LIST({who!r}, 2, {text}, True)")
        elif string:
            self.w(f"if type({text}) is not MString: raise LIST_ERROR({who!r}, 2, 'string', {text})")
            items = f"{text}.s"
        else:
            self.w(f"if type({text}) is not list: raise LIST_ERROR({who!r}, 2, 'vector', {text})")
            items = text
        self.w(f"{count} = len({items})")
        if acc is not None:
            self.w(f"{acc} = []")
        self.w(f"{i} = 0")
        self.w(f"if {count}:")
        self.indent()
        self.rounds_open()
        value = self.temp()
        self.walk_round(n, [f"CHARS[{items}[{i}]]" if string else f"{items}[{i}]"], value)
        if who == "string-map":
            self.w(f"if type({value}) is not Char: raise WALK_ERROR({STRING_MAP_NOT_CHAR!r}, {value})")
            self.w(f"{acc}.append({value}.ch)")
        elif who == "filter":
            self.w(f"if {value} is not False: {acc}.append({items}[{i}])")
        elif who == "remove":
            self.w(f"if {value} is False: {acc}.append({items}[{i}])")
        elif acc is not None:
            self.w(f"{acc}.append({value})")
        self.w(f"{i} += 1")
        self.w(f"if {i} == {count}: break")
        self.rounds_close()
        self.dedent()
        # (Left by an escape, seq_of_receiver's flag set, the value is not read.)
        if acc is None:
            self.w(f"{out} = UNSPECIFIED")
        elif string:
            self.w(f"{out} = NEWSTR(EMPTY.join({acc}))")
        elif keeps:
            self.w(f"{out} = LIST_OF({acc})")
        else:
            self.w(f"{out} = {acc}")  # (vector-map's new vector)
        self.dedent()
        self.w("except SchemehostError as e:")
        self.w(f"    note(e, {self.site(n.span, n.form)})")
        self.w("    raise")
        self.blocks -= 3

    def inline_callcc(self, n, out, site) -> None:
        """(call/cc (lambda (k) body)) whose k is only called: the body runs here in a try
        that catches k's escape, as continuations.callcc runs an escape-only receiver
        (continuations.inline_frame); `site` the call's flag (cleared: the call as written)."""
        h = n.inline
        k, state, killed = self.temp("cc"), self.temp("cs"), self.temp("ck")
        self.w(f"{killed} = None")
        self.w(f"{k}, {state} = CC_ENTER()")
        enter_at = len(self.lines) - 1
        self.nested_blocks(1)
        self.w("try:")
        self.indent()
        body_at = len(self.lines)
        self.escapes[h.gen.var(0)] = (k, out, len(self.escapes) + 1)
        # The body's tail positions (escape_call there gives the value as the body's).
        body = Ctx(store=out, tail=True)
        self.receiver_tails[id(body)] = (body, h.gen.var(0))
        self.inline_body(h, [k], out, body)
        del self.escapes[h.gen.var(0)]
        del self.receiver_tails[id(body)]
        self.dedent()
        self.blocks -= 1
        if self.light_callcc(h, k, state, killed, enter_at, body_at, n):
            return
        self.w("except ESCAPE:")
        self.cc_done(k, state)
        self.w("except ContinuationInvoked as c:")
        # Another's escape used k up: the names here let go of it (k's, its parameter's or
        # the parameter's frame list), so that a call/cc this one is written in sees it
        # unheld (CC_HELD) unless the program keeps it.
        param = h.gen.var(0)
        names = [k, (h.gen.frame or "") if param.captured else param.py]
        self.w(f"    if not CC_CAUGHT({k}, {state}, c):")
        self.w(f"        {' = '.join(n for n in names if n)} = None")
        self.w("        raise")
        self.w(f"    {out} = c.value")
        self.w(f"    {killed} = c.killed")
        self.w("except SchemehostError as e:")
        self.w(f"    CC_FAILED({k}, {state}, e)")
        self.w(f"    note(e, {self.site(n.span, n.form)})")
        self.w("    raise")
        self.w("except BaseException as e:")
        self.w(f"    CC_FAILED({k}, {state}, e)")
        self.w("    raise")
        self.w("else:")
        self.cc_done(k, state)
        self.w(f"if {killed} is not None:")
        self.w(f"    CC_HELD({killed}, {site})")

    def cc_done(self, k, state) -> None:
        """An in-line call/cc's normal end, in the handler just written (continuations.inline_frame)."""
        self.w(f"    INTERP.cc_level = {state}[0] - 1")
        self.w(f"    {k}.waiting = False")

    def light_callcc(self, h, k, state, killed, enter_at, body_at, n) -> bool:
        """The in-line call/cc just written, if its body never uses its continuation but in
        escapes from the body's own tail positions (written as the body's value): then no
        Continuation is made (nothing can call it), only the nesting level kept
        (continuations.light_enter) and what the body left on an error removed, as
        `failed` does; an escape to a continuation further out passes through.  Returns
        whether it wrote the handlers."""
        param = h.gen.var(0)
        if param.captured:
            return False
        binding = f"{param.py} = {k}"
        uses = re.compile(rf"\b({re.escape(k)}|{re.escape(param.py)})\b")
        body = self.lines[body_at:]
        if not body or body[0].strip() != binding or any(uses.search(line) for line in body[1:]):
            return False
        del self.lines[body_at]
        self.lines[enter_at] = self.lines[enter_at].replace(f"{k}, {state} = CC_ENTER()", f"{state} = CC_LIGHT()")
        if self.lines[enter_at - 1].strip() == f"{killed} = None":
            del self.lines[enter_at - 1]
        self.w("except ContinuationInvoked:")
        self.w(f"    INTERP.cc_level = {state}[0] - 1")
        self.w("    raise")
        self.w("except SchemehostError as e:")
        self.w(f"    CC_FAILED(None, {state}, e)")
        self.w(f"    note(e, {self.site(n.span, n.form)})")
        self.w("    raise")
        self.w("except BaseException as e:")
        self.w(f"    CC_FAILED(None, {state}, e)")
        self.w("    raise")
        self.w("else:")
        self.w(f"    INTERP.cc_level = {state}[0] - 1")
        return True

    # -- (apply f lst), f a global holding a standard variadic primitive, open-coded ---------
    def apply_open(self, n, ctx) -> str | None:
        """(apply f lst) with `apply` and f globals holding the standard procedures (f one
        of OPEN_APPLY): while both still do (their tokens, tested before the operands, where
        the call reads its operator), lst's value goes to a helper (apply_opener) that sums
        (or takes the extreme of) a short list of integers at once, else does what apply
        does (its list check, its errors; the primitive's call as apply's tail call, run by
        the trampoline); else the call as written.  Errors are noted where the call notes
        them: at this site when it is not a tail call (a tail call of apply notes none).
        Returns the value's name (with ctx, the value has gone there too), or None when
        the call is not one of these."""
        if self.known is not None or self.flags is not None or type(n.op) is not GRef or len(n.args) != 2:
            return None
        f = n.args[0]
        if type(f) is not GRef:
            return None
        builtins = self.rt.comp.interp.builtins
        std_apply = builtins.get(Symbol.intern("apply"))
        if std_apply is None or n.op.cell.value is not std_apply:
            return None
        name = next((x for x in OPEN_APPLY if builtins.get(Symbol.intern(x)) is f.cell.value), None)
        if name is None:
            return None
        prim = f.cell.value
        tokens = [self.rt.token(n.op.cell, std_apply, ("apply-open",), True),
                  self.rt.token(f.cell, prim, ("apply-open",), True)]
        helper = self.param(apply_opener(std_apply, prim, name), "H")
        out = self.temp()
        self.forget_reads()
        saved = self.branch()
        self.w(f"if {self.rt.combined(tokens)}:")
        self.indent()
        lst = self.expr(n.args[1])
        if ctx is None:
            self.w("try:")
            self.w(f"    {out} = {helper}({lst})")
            self.w(f"    if type({out}) is tuple: {out} = run(*{out})")
            self.w("except SchemehostError as e:")
            self.w(f"    note(e, {self.site(n.span, n.form)})")
            self.w("    raise")
        else:
            self.w(f"{out} = {helper}({lst})")
            self.value(ctx, out, maybe_tuple=True)
        self.dedent()
        self.join(saved)
        self.w("else:")
        self.indent()
        if ctx is None:
            self.w(f"{out} = {self.call(n, open_apply=False)}")
        else:
            self.tail_call(n, ctx, open_apply=False)
        self.dedent()
        self.join(saved)
        return out

    # -- (apply g x ... lst), g a global holding a procedure with a rest list, in line ----------
    def apply_spread(self, n) -> str | None:
        """(apply g x ... lst) not in tail position, `apply` the standard procedure (its token)
        and g a global holding, when the call is written, a Closure that takes m required
        arguments then a rest list, m at most one more than the x's.  While the value g
        gives at the call is a compiled Closure of that shape, the call is made here as
        spreader makes it: when g's procedure only read its rest list as the call was
        written (restlists.py), and still does (its `rest_reads` token), `lst` is walked
        to its end (apply's error when it is not a list) and shared; when it did not,
        `lst` is copied (a short proper list; any other goes to apply's entry, which
        copies it or gives the error); then one step, the x's after the first m consed
        onto that list (or onto its cdr, its car the last required argument), the fast
        entry called.  Any other procedure goes to apply's entry for this count of
        arguments, as the direct call of apply would; while apply is not the standard
        one, the call goes through the trampoline.  Returns the value's name, or None
        when the call is not of this shape."""
        if self.known is not None or self.flags is not None or type(n.op) is not GRef or len(n.args) < 2:
            return None
        g = n.args[0]
        if type(g) is not GRef:
            return None
        std_apply = self.rt.comp.interp.builtins.get(Symbol.intern("apply"))
        value = g.cell.value
        k = len(n.args) - 2
        if (std_apply is None or n.op.cell.value is not std_apply or type(value) is not Closure
                or not value.rest or value.nreq > k + 1):
            return None
        entry = self.rt.direct.entries.get(std_apply)
        if entry is None:
            return None
        m = value.nreq
        self.forget_reads()
        args = self.operands_in_locals(n.args)
        f, xs, lst = args[0], args[1:-1], args[-1]
        token = self.rt.token(n.op.cell, std_apply, ("apply-spread",), True)
        out, p = self.temp(), self.temp("p")
        own_car = m == k + 1
        self.w("try:")
        self.indent()
        self.w(f"if {token}:")
        self.indent()
        shape = (f"type({f}) is Closure and {f}.nreq == {m} and {f}.rest and {f}.fast is not None"
                 f"{f' and type({lst}) is Pair' if own_car else ''}")
        spread = f"{out} = {self.param(entry(len(n.args)), 'H')}({', '.join(args)})"
        params = xs + [f"{lst}.car"] if own_car else xs[:m]
        rest = f"{lst}.cdr" if own_car else lst
        share = shares(value)
        if share:
            reads = self.temp("rr")
            self.w(f"if {shape} and ({reads} := {f}.body.rest_reads) is not None and {reads}[0][{reads}[1]]:")
            self.indent()
            self.w(f"{p} = {rest}")
            self.w("for _ in SHORT_REST:")
            self.w(f"    if type({p}) is not Pair:")
            self.w("        break")
            self.w(f"    {p} = {p}.cdr")
            self.w("else:")
            self.w(f"    {p} = LIST_END({p})")
            self.w(f"if {p} is not NIL: raise APPLY_LIST_ERROR({len(n.args)}, {lst})")
        else:
            # g's procedure keeps or changes its rest list (restlists.py): a copy of a short
            # proper list made here, as spreader makes it; anything else (a list past
            # SHORT_REST pairs, improper or circular) goes to apply's entry, which copies it
            # or gives the error.
            head, last, cell = self.temp("wh"), self.temp("wl"), self.temp("wq")
            self.w(f"if {shape}:")
            self.indent()
            self.w(f"{p} = {rest}")
            self.w(f"{head} = {last} = NEWPAIR()")
            self.w("for _ in SHORT_REST:")
            self.w(f"    if type({p}) is not Pair:")
            self.w("        break")
            self.w(f"    {cell} = NEWPAIR(); {cell}.car = {p}.car; {last}.cdr = {cell}; {last} = {cell}; {p} = {p}.cdr")
            self.w(f"if {p} is not NIL:  # (a pair still: past SHORT_REST)")
            self.w(f"    {spread}")
            self.w("else:")
            self.indent()
            self.w(f"{last}.cdr = NIL")
            rest = f"{head}.cdr"
        self.w("for _k in B.it: break")
        self.w("else: B.exhausted()")
        for x in reversed(xs[m:]):
            self.w(f"_q = {rest}; {out} = NEWPAIR(); {out}.car = {x}; {out}.cdr = _q")
            rest = out
        self.w(f"{out} = {f}.fast({', '.join(params + [rest, f'{f}.env'])})")
        if not share:
            self.dedent()  # (the copy's `else:`)
        self.dedent()
        self.w("else:")
        self.w(f"    {spread}")
        self.w(f"if type({out}) is tuple: {out} = run(*{out})")
        self.dedent()
        self.w("else:")
        self.w(f"    {out} = call({self.param(n.op.cell, 'C')}.value, [{', '.join(args)}], "
               f"{self.unbound(n.opname or '?', n.span)})")
        self.dedent()
        self.w("except SchemehostError as e:")
        self.w(f"    note(e, {self.site(n.span, n.form)})")
        self.w("    raise")
        return out


def shares(closure) -> bool:
    """May `apply` give this Closure the caller's list as its rest list now (its body only
    reads it, while the procedures it reads it with are the standard ones: restlists.py)?"""
    reads = getattr(closure.body, "rest_reads", None)
    return reads is not None and bool(reads[0][reads[1]])


_WORD = re.compile(r"\b([xyz])\b")
_RESULT = re.compile(r"\br\b")


def pure_call(interp, n, closures: bool) -> bool:
    """Does call n (not in tail position) run, now, no Scheme code that could change a
    global?  A standard procedure of typespec.PURE; with `closures`, also a procedure
    of the program whose body runs none but its own (typespec.body_deps)."""
    value = n.op.cell.value if type(n.op) is GRef else None
    if type(value) is Primitive:
        name = pure_name(n)
        return name is not None and interp.builtins.get(Symbol.intern(name)) is value
    return (closures and type(value) is Closure and not value.rest and value.nreq == len(n.args)
            and pure_deps(value.body) is not None)


def lambda_deps(comp, unit, ir):
    """typespec.body_deps of a lambda's IR, for the `pure_deps` of its closures' bodies."""
    interp = comp.interp
    return body_deps(unit, ir, lambda n: pure_call(interp, n, False))


def _inexact_operand(o: str, kind: str, may_float: bool, may_int: bool, typed: bool = False) -> str:
    """The test that operand text `o` is what inline.inexact takes: a float (if
    `may_float`) or an exact integer Python makes a float of exactly (if `may_int`;
    any integer, for a comparison).  `typed`: o is known to be an exact integer, only
    its range is left to test ("" when none is)."""
    small = "" if kind == "comparison" else f"-{INEXACT_INT} <= {o} <= {INEXACT_INT}"
    if typed:
        return small
    exact = f"type({o}) is int and {small}" if small else f"type({o}) is int"
    if may_float and may_int:
        return f"(type({o}) is float or {exact})"
    return f"type({o}) is float" if may_float else exact


def _one_float(operands: list[tuple[str, bool]], kind: str) -> str | None:
    """The test that one of `operands` (each text, and whether it may be a float;
    each may be an exact integer) is a float and every other what
    inline.inexact takes, written so that floats are found with the fewest
    tests: the first float, the operands before it exact integers, those after
    it either (None when no operand may be a float).  (Two floats: two type()
    calls; the test of each operand and then of "any float" made four.)"""
    cases = []
    for k, (o, may_float) in enumerate(operands):
        if may_float:
            cases.append(" and ".join([f"type({o}) is float"]
                                      + [_inexact_operand(p, kind, False, True) for p, _ in operands[:k]]
                                      + [_inexact_operand(p, kind, f, True) for p, f in operands[k + 1:]]))
    return "(" + " or ".join(cases) + ")" if cases else None


def _inexact_constant(v, kind: str) -> bool:
    """Does literal v go to a float case as it is (a float, or an integer Python makes one of exactly)?"""
    return type(v) is float or type(v) is int and (kind == "comparison" or -INEXACT_INT <= v <= INEXACT_INT)


def _divisor(kind: str, subst: dict, consts: dict) -> list[str] | None:
    """A division's test that its divisor is not zero ([] for another kind, or a literal
    that is not; None for a literal zero: the procedure's case)."""
    if kind != "division":
        return []
    if "y" not in consts:
        return [subst["y"]]
    return [] if consts["y"] else None


_INEXACT_OPERATORS = {"+": "+", "-": "-", "*": "*", "/": "/", "=": "==", "<": "<", ">": ">", "<=": "<=", ">=": ">="}


def _substitute(template: str, subst: dict) -> str:
    """`template` with each operand name x, y, z (a word of its own) replaced by its text in
    `subst`; a number's text in parentheses.  The template is cut at its names once
    (`_PIECES`), as `_WORD` finds them: then one join per use, no regex run."""
    pieces = _PIECES.get(template)
    if pieces is None:
        if len(_PIECES) >= MAX_CACHE:
            _PIECES.clear()
        pieces = _PIECES[template] = _WORD.split(template)  # text, name, text, name, ..., text
    if len(pieces) == 1:
        return template
    out = []
    for k, piece in enumerate(pieces):
        if k & 1:
            piece = subst[piece]
            if piece[0].isdigit() or piece[0] == "-":
                piece = f"({piece})"
        out.append(piece)
    return "".join(out)


# template -> _WORD.split of it (_substitute): inline.py's templates, some with a temporary's
# name written in; emptied when full, as _CACHE is
_PIECES: dict[str, list] = {}


# The lengths a typed copy reads once (Emitter.twice): the standard procedure, and
# the Python expression for a variable of the type its copy knows.
_LENGTHS = frozenset(["string-length", "vector-length"])
_LENGTH_READS = {MString: "len({}.s)", list: "len({})"}
_LITERAL_INDEX = re.compile(r"\(?\d+\)?")


def _bounded_index(name: str, cond: str, subst: dict) -> tuple[str, str] | None:
    """Emitter.raising's answer for ordinary code: (cond with its test of the index
    against the length dropped, "True" when no test is left; IndexError) where
    primitive `name` indexes and cond ends in that test; else None."""
    length = _BOUNDS.get(name)
    if length is None:
        return None
    y = subst["y"]
    if _LITERAL_INDEX.fullmatch(y):
        below = _substitute("y < " + length, subst)
        if cond == below:
            return "True", "IndexError"
        if cond.endswith(" and " + below):
            return cond[: -len(below) - 5], "IndexError"
        return None
    within = _substitute("0 <= y < " + length, subst)
    if cond == within:
        return f"{y} >= 0", "IndexError"
    if cond.endswith(" and " + within):
        return f"{cond[: -len(within) - 5]} and {y} >= 0", "IndexError"
    return None


# Guards Python's own operations test (Emitter.raising): primitive -> (what is left of its guard
# in a copy that knows the index to be a non-negative integer, the container's type test
# that may come before it, the exception the fast expression raises where it fails).
_RAISED = {
    "vector-ref": ("y < len(x)", "type(x) is list", "IndexError"),
    "string-ref": ("y < len(x.s)", "type(x) is MString", "IndexError"),
    "vector-set!": ("y < len(x)", "type(x) is list", "IndexError"),
    "bytevector-u8-ref": ("y < len(x)", "type(x) is bytearray", "IndexError"),
    "car": ("type(x) is Pair", None, "AttributeError"),
    "cdr": ("type(x) is Pair", None, "AttributeError"),
}
# Ordinary code's indexed reads and writes whose guard ends in a bounds test (_bounded_index):
# the length it is compared with, read off _RAISED's test of the end.
_BOUNDS = {name: test[len("y < "):] for name, (test, _, exc) in _RAISED.items() if exc == "IndexError"}
# Reads of a pair, vector or string that a copy does again only after a change
# (pyfunc.Emitter.prim).  (A string changes only by a procedure: a call.)
_ACCESSORS = frozenset(["car", "cdr", "cadr", "cddr", "caar", "cdar", "vector-ref", "string-ref"])
# A `case` of this many clauses or more chooses its clause by halving (Emitter.case_tree):
# assembler (18 clauses) 0.952 and forth (13) 0.964 of their instructions; from 6 on,
# stack-vm (8) and bf (9), whose busiest clauses come first, were 1.035 and 1.006.
CASE_TREE = 10

_PAIR_MUTATORS = frozenset(["set-car!", "set-cdr!", "vector-set!"])


def _memo_key(n):
    """The key of a read of a variable in Emitter.facts, or None: (name, Var) for a car
    (cdr, ...), (name, Var, Var or literal index) for a vector-ref or string-ref."""
    key = [n.name]
    for a in n.args:
        if type(a) is LRef and not a.var.captured and not a.var.checked:
            key.append(a.var)
        elif type(a) is Const and type(a.value) is int and len(key) == 2:
            key.append(a.value)
        else:
            return None
    return tuple(key)


_TYPE_NAMES = {**{t: name for name, t in _TYPES.items()}, float: "float"}
_INTEGER_TEXT = re.compile(r"-?\d+")


_LITERAL_TEST = re.compile(r"[-\d\s()<>=!+]+")
_LITERAL_BIT_LENGTH = re.compile(r"\((-?\d+)\)\.bit_length\(\)")


_LENGTH_SUM = re.compile(r"(.+) <= (\d+)")
_LENGTH_TERM = re.compile(r"[\w.\[\]]+\.bit_length\(\)")


def _folded_lengths(text: str) -> str:
    """A size test's literal lengths taken off its bound: `i.bit_length() + 3 <= 4096`
    is written `i.bit_length() <= 4093`, an addition fewer each time it runs."""
    m = _LENGTH_SUM.fullmatch(text)
    if m is None:
        return text
    terms = m.group(1).split(" + ")
    lengths = [t for t in terms if _LENGTH_TERM.fullmatch(t)]
    literals = [t for t in terms if t.isdigit()]
    if not lengths or not literals or len(lengths) + len(literals) != len(terms):
        return text
    return f"{' + '.join(lengths)} <= {int(m.group(2)) - sum(map(int, literals))}"


def _decided(clauses, subst) -> list[str]:
    """The guard's clauses with the operands' texts in, less those literals decide:
    `(26) != 0` (modulo's divisor) goes.  (A literal index's `0 <=` is gone already:
    Runtime.guard's `nonneg`.)  A literal's length in bits is written as its value:
    `(i * 7)`'s size test is `i.bit_length() + 3 <= 4096`, folded to
    `i.bit_length() <= 4093` (_folded_lengths)."""
    out = []
    for clause in clauses:
        text = _substitute(clause, subst)
        if ".bit_length()" in text:
            text = _LITERAL_BIT_LENGTH.sub(lambda m: str(int(m.group(1)).bit_length()), text)
            text = _folded_lengths(text)
        if _LITERAL_TEST.fullmatch(text) and eval(text, {}):  # digits, sums and comparisons only
            continue
        if text not in out:  # ((* g g g): one test of g)
            out.append(text)
    return out


class _Never:
    """No value has this type: a guard's token once its primitive is redefined."""

    __slots__ = ()


# ---------------------------------------------------------------------------
# Per-interpreter helpers the generated code calls
# ---------------------------------------------------------------------------


class Runtime:
    """The helpers generated code of one interpreter uses (its budget, its apply)."""

    def __init__(self, comp):
        self.comp = comp
        budget = comp.budget
        apply = comp.apply
        # The trampoline of this interpreter (calls.py): `run` runs a call and its
        # tail calls to a value, `call` reports an unassigned operator first.
        run, call = apply, comp.interp._call

        import builtins

        # The globals of this interpreter's generated functions.
        self.G = dict(_GLOBALS)
        self.G.update({"__builtins__": builtins, "B": budget, TD_CELL: TailDepth().cell, "run": run, "call": call, "note": note,
                       "CONSED_END": consed_end(run), "CONSED_NOTE": note_consed,
                       "CASE_TYPES": CASE_TYPES})
        # What in-line call/cc (Emitter.inline_callcc) calls.
        self.G.update(zip(("CC_ENTER", "CC_CAUGHT", "CC_FAILED", "CC_THROW", "CC_HELD"),
                          inline_frame(comp.interp)))
        self.G["INTERP"] = comp.interp
        self.G["CC_LIGHT"] = light_enter(comp.interp)
        self.apply = apply
        # cell -> {token name: (its value while the cell holds `orig`, orig)}: `orig` a
        # standard primitive, or a procedure of the program written in a caller (inlined).
        self._tokens: dict = {}
        # The procedures of the program inlined tokens name (Runtime.inlined), numbered.
        self._inlined: dict = {}
        # Each watched cell's number here: part of its tokens' names, so that two
        # cells for one name (a library's `cons` and the program's) never share one.
        self._cell_numbers: dict = {}
        # Generated functions calling globals' procedures directly; `apply` has its own entry.
        std_apply = comp.interp.builtins.get(Symbol.intern("apply"))
        entries = {} if std_apply is None else {std_apply: apply_entry(std_apply, budget)}
        self.direct = DirectCalls(entries, self._watch_once)
        self._watched_class = None
        # Tokens standing for several (Runtime.combined): the set -> its name, and each
        # token's name -> the combined tokens built on it.
        self._combined: dict = {}
        self._dependents: dict = {}
        self._typed: dict = {}  # a typed token's name -> its type
        self._guards: dict = {}  # guard()'s answers by its question

    def guard(self, cell, orig, name, guard, subst, consts=None, known=None, flags=None, nonneg=()) -> str:
        """Return the Python guard of an open-coded primitive, with its redefinition check.

        The check costs nothing extra: the guard's first type test
        `type(x) is int` becomes `type(x) is T7`, where the global T7 is int
        while the cell holds the standard primitive and a type nothing has
        once anything else is assigned to it (the cell's class watches
        assignments).  A guard without a type test gets a boolean T7.
        `consts` maps operands (x, y, z) that are constants to their values:
        their type tests are decided now, and so are those of operands whose
        Python type `known` gives (a specialised loop's: typespec.py).  With
        `flags` (a set: the same loop) the redefinition check is left to the
        test before the loop: the name of the primitive's boolean token goes
        into `flags`, and the guard is what is left, "True" when nothing is.
        An operand in `nonneg` (x, y, z) is an integer never negative (a literal,
        or a typed copy's variable): an index in it needs no `0 <=`.

        The same question gets the same answer (a program's call sites repeat
        a few shapes): answers are kept per Runtime, with the flag token each
        adds to `flags`; the tokens' values stay right by the cells' watch.
        """
        key = (cell, orig, name, guard, tuple(subst.values()),
               tuple((x, type(v)) for x, v in consts.items()) if consts else None,
               tuple(known.items()) if known else None, flags is not None,
               frozenset(nonneg) if nonneg else None)
        answer = self._guards.get(key)
        if answer is None:
            answer = self._guards[key] = self._guard(cell, orig, name, guard, subst, consts, known,
                                                     flags is not None, nonneg)
        text, flag = answer
        if flag is not None:
            flags.add(flag)
        return text

    def _guard(self, cell, orig, name, guard, subst, consts, known, flagged, nonneg) -> tuple[str, str | None]:
        """guard()'s answer: (the guard's text, the token to add to `flags` or None)."""
        clauses = [] if guard == "True" else guard.split(" and ")
        if nonneg:
            clauses = [c[5:] if c.startswith("0 <= ") and c[5] in nonneg and c[6] == " " else c for c in clauses]
        if known and " or " not in guard:
            clauses = [c for c in clauses
                       if not ((m := _TYPE_CLAUSE.fullmatch(c)) and known.get(m.group(1)) is _TYPES[m.group(2)])]
        if flagged:
            flag = self.token(cell, orig, (name, len(subst), "flag"), True)
            return " and ".join(_decided(clauses, subst)) or "True", flag
        # Literals need no type test (integers show in their text, other constants in `consts`).
        kept = []
        for clause in clauses:
            m = _TYPE_CLAUSE.fullmatch(clause)
            if m:
                known = _TYPES[m.group(2)]
                if known is int and _INTEGER_TEXT.fullmatch(subst[m.group(1)]):
                    continue
                if consts and m.group(1) in consts and type(consts[m.group(1)]) is known:
                    continue
            kept.append(clause)
        first = _TYPE_CLAUSE.fullmatch(kept[0]) if kept and " or " not in guard else None
        if first is not None:
            token = self.token(cell, orig, (name, len(subst), first.group(2)), _TYPES[first.group(2)])
            # (The token's test is the first clause's: a repeat of it, (* g g g)'s, goes.)
            head = _substitute(kept[0], subst)
            kept = [f"type({first.group(1)}) is {token}"] + [c for c in kept[1:] if _substitute(c, subst) != head]
            return " and ".join(_decided(kept, subst)), None
        token = self.token(cell, orig, (name, len(subst), "flag"), True)
        kept = _decided(kept, subst) if " or " not in guard else [_substitute(" and ".join(kept), subst)]
        if not kept:
            return token, None
        return f"{token} and ({' and '.join(kept)})", None

    def token(self, cell, orig, key, value) -> str:
        key += (self._cell_numbers.setdefault(cell, len(self._cell_numbers)),)
        name = _TOKEN_NAMES.get(key)
        if name is None:
            name = _TOKEN_NAMES[key] = f"T{len(_TOKEN_NAMES)}"
        if cell not in self._tokens:
            self._watch(cell)
            self._tokens[cell] = {}
        self._tokens[cell][name] = (value, orig)
        if value is not True:
            self._typed[name] = value
        self.G[name] = value if cell.value is orig else _invalid(value)
        return name

    def inlined(self, cell, proc, cond: str) -> str:
        """The test that the global `cell` still holds `proc`, the procedure whose body a
        caller writes in line (Emitter.simple_call), and `cond`, its body's guard, holds.

        A guard whose first clause is a typed token's test, `type(x) is T8` (T8 the
        type while `car` is the standard procedure), gets a token of its own instead:
        that type while `car` is standard and `cell` holds `proc` (one test, where the
        direct slot's `D6 is J8` was a second).  Else a boolean token for `proc`
        before the guard."""
        number = self._inlined.setdefault(proc, len(self._inlined))
        mine = self.token(cell, proc, ("inlined", number), True)
        first, _, rest = cond.partition(" and ")
        m = _TOKEN_TEST.fullmatch(first)
        if m is None or m.group(2) not in self._typed:
            return mine if cond == "True" else f"{mine} and {cond}"
        both = self.typed_combined(m.group(2), mine)
        return f"type({m.group(1)}) is {both}" + (f" and {rest}" if rest else "")

    def typed_combined(self, typed: str, flag: str) -> str:
        """A token holding typed token `typed`'s type while it does and boolean token
        `flag` is true, else a type nothing has."""
        key = (typed, flag)
        name = self._combined.get(key)
        if name is None:
            name = self._combined[key] = f"TC{len(self._combined)}"
            kind = self._typed[typed]
            self.G[name] = kind if self.G[typed] is kind and self.G[flag] else _Never
            entry = (name, key, kind)
            for n in key:
                self._dependents.setdefault(n, []).append(entry)
        return name

    def combined(self, names) -> str:
        """One token true while all the tokens `names` are (the test before a typed
        copy: one global read instead of one per primitive)."""
        key = frozenset(names)
        name = self._combined.get(key)
        if name is None:
            name = self._combined[key] = f"TC{len(self._combined)}"
            self.G[name] = all(self.G[n] for n in key)
            for n in key:
                self._dependents.setdefault(n, []).append((name, key, None))
        return name

    def _watch(self, cell) -> None:
        """Make assignments to `cell` update its tokens and direct call sites (whoever assigns)."""
        if self._watched_class is None:
            slot = Cell.value
            tokens, G, direct = self._tokens, self.G, self.direct
            dependents = self._dependents

            def set_value(c, attr, v):
                if attr != "value":
                    object.__setattr__(c, attr, v)
                    return
                slot.__set__(c, v)
                names = tokens.get(c)
                if names:
                    for name, (value, o) in names.items():
                        G[name] = value if v is o else _invalid(value)
                        for cname, ckey, kind in dependents.get(name, ()):
                            if kind is None:
                                G[cname] = all(G[n] for n in ckey)
                            else:  # (typed_combined's)
                                G[cname] = kind if G[ckey[0]] is kind and G[ckey[1]] else _Never
                direct.retarget(c, v)

            # Writes go through set_value; reads stay the plain slot's (as fast as a Cell's).
            self._watched_class = type("WatchedCell", (Cell,), {"__slots__": (), "__setattr__": set_value})
        cell.__class__ = self._watched_class

    def _watch_once(self, cell) -> bool:
        """Watch `cell` (DirectCalls: a cell a procedure's value_deps name) unless it is;
        False when it cannot be (another interpreter's watch: direct_target)."""
        if type(cell) is Cell:
            self._watch(cell)
        return type(cell) is self._watched_class

    def direct_target(self, cell) -> bool:
        """May calls of `cell`'s procedure be direct (calls.DirectCalls)?  Not when another
        interpreter watches the cell (its hooks would be lost)."""
        t = type(cell)
        return t is Cell or t is self._watched_class

    def follow(self, fn, slots: dict) -> None:
        """Make the direct call slots of generated function `fn` follow their cells.

        `slots` maps a Cell to [((d, e, q names, m), nargs, tail), ...] (Emitter.direct_slots)."""
        for cell, where in slots.items():
            if type(cell) is not self._watched_class:
                self._watch(cell)
            self.direct.add(cell, fn, where)

    def slow(self, cell, span, form, nargs, tail, orig=None):
        """The slow path of an open-coded primitive: call whatever the global holds.
        Given the standard procedure `orig` of an inline.INEXACT name and two
        operands, the float cases come first (inline.inexact)."""
        apply = self.apply
        site = (span, form)

        def slow(*args):
            f = cell.value
            if tail and type(f) is Closure:
                return (f, list(args))
            try:
                return apply(f, list(args))
            except SchemehostError as e:
                note(e, site)
                raise

        name = cell.name.name
        if orig is not None and inexact_handled(name, nargs):
            if name == "abs":
                return inexact_abs(cell, orig, slow, site)
            return inexact(*INEXACT[name], cell, orig, slow, site, nargs)
        return slow

    def finish(self, span, form, opname):
        return make_finish(span, form, opname)

    def negation(self, token: str, slow):
        """f(r): is (not r) true, r a value already computed: the standard `not` while
        the token (a name in G, or "True") says `not` is still it, else `slow`, the
        call of whatever `not` now is."""
        G = self.G
        if token == "True":
            return lambda r: r is False

        def after(r):
            return r is False if G[token] else slow(r) is not False

        return after


def _negated_boolean(n) -> bool:
    """Is Prim n the standard open-coded (not a) of a primitive a whose fast value is a
    Python bool (Emitter.negated)?"""
    if n.code is not None or n.name != "not" or len(n.args) != 1:
        return False
    a = n.args[0]
    return type(a) is Prim and _boolean(a) and not _reversed_string(a) and _builder(a) is None


# The longest quoted list Emitter.constant_member writes in line.
CONSTANT_MEMBERS = 6


def _constant_atoms(n) -> list | None:
    """The pairs of Prim n's quoted list when n is (memq x '(...)), (memv ...) or
    (member ...) of the standard procedure with a proper list of 1 to
    CONSTANT_MEMBERS characters or symbols (Emitter.constant_member); else None."""
    if n.code is not None or n.name not in ("memq", "memv", "member") or len(n.args) != 2:
        return None
    lst = n.args[1]
    if type(lst) is not Const:
        return None
    pairs, p = [], lst.value
    while type(p) is Pair and len(pairs) < CONSTANT_MEMBERS:
        if type(p.car) is not Char and type(p.car) is not Symbol:
            return None
        pairs.append(p)
        p = p.cdr
    return pairs if pairs and p is NIL else None


# Consumers of characters written on string-ref's text (Emitter.string_chars): the
# expression over the operands' one-letter texts.
_RAW_CHAR_USERS = {"char=?": "x == y", "char<?": "x < y", "char>?": "x > y", "char->integer": "ord(x)"}


def _string_chars(n) -> bool:
    """Is Prim n one of _RAW_CHAR_USERS, open-coded, whose operands are string-ref
    calls (open-coded, of two operands) or character literals, one a string-ref at least?"""
    if n.code is not None or n.name not in _RAW_CHAR_USERS or len(n.args) != (1 if n.name == "char->integer" else 2):
        return False
    refs = [type(a) is Prim and a.code is None and a.name == "string-ref" and len(a.args) == 2 for a in n.args]
    return any(refs) and all(r or (type(a) is Const and type(a.value) is Char) for r, a in zip(refs, n.args))


def _guarded_text(e: str, cond: str, call: str, test: bool, boolean: bool) -> str:
    """An open-coded primitive's value as one expression (`test`: whether it is
    true): its fast expression `e` where guard `cond` holds ("True": always, a typed
    copy's), else its slow `call`.  The fast expression is in parentheses: it may
    itself be a conditional expression (max, min), which would otherwise take the
    guard as its own else-branch and skip it ((max -0.0 0.0) gave -0.0, (max 2 1.5)
    gave 2).  Tested, a Python bool (`boolean`) is the test itself, the slow
    path's value tested for #f; any other value, vector-ref's 0 included, is
    tested whole."""
    if cond == "True":
        return f"(({e}) is not False)" if test and not boolean else f"({e})"
    if test:
        return f"(({e}) if {cond} else {call} is not False)" if boolean else f"((({e}) if {cond} else {call}) is not False)"
    return f"(({e}) if {cond} else {call})"


def _reversed_string(n) -> bool:
    """Is Prim n (list->string (reverse x)) of the standard open-coded pair?"""
    if n.code is not None or n.name != "list->string" or len(n.args) != 1:
        return False
    r = n.args[0]
    return type(r) is Prim and r.code is None and r.name == "reverse" and len(r.args) == 1


# The primitives `(apply f lst)` is open-coded for (Emitter.apply_open).
OPEN_APPLY = ("+", "*", "max", "min", "list", "append", "string-append")
# Shorter lists than this are walked at once: registry.list_items charges nothing for them.
_APPLY_SHORT = range(min(255, WALK_WINDOW - 1))


def _short_ints(lst):
    """The elements of `lst` as a Python list when it is a proper list of fewer than
    _APPLY_SHORT exact integers, else None."""
    out = []
    p = lst
    for _ in _APPLY_SHORT:
        if type(p) is not Pair:
            break
        x = p.car
        if type(x) is not int:
            return None
        out.append(x)
        p = p.cdr
    else:
        return None
    return out if p is NIL else None


def apply_opener(std_apply, prim, name: str):
    """Return h(lst), (apply prim lst) for standard primitive `prim` called `name`: for
    + max min of a short proper list of integers, the value (no charge, no check, as
    the primitive gives it); else apply's own answer, the tail call (prim, elements),
    or its error."""
    general = std_apply.fn
    fold = {"+": sum, "max": max, "min": min}.get(name)
    if fold is None:
        def open_apply(lst):
            return general(prim, lst)
        return open_apply
    if name == "+":
        def open_sum(lst):
            # _short_ints's walk, adding as it goes (no list of the elements made).
            total = 0
            p = lst
            for _ in _APPLY_SHORT:
                if type(p) is not Pair:
                    break
                x = p.car
                if type(x) is not int:
                    return general(prim, lst)
                total += x
                p = p.cdr
            else:
                return general(prim, lst)
            return total if p is NIL else general(prim, lst)
        return open_sum

    def open_fold(lst):
        items = _short_ints(lst)
        if not items:  # (None, or an empty list: max and min need an argument)
            return general(prim, lst)
        return fold(items)
    return open_fold


# A guard's clause testing an operand's type against a token (Runtime.inlined).
_TOKEN_TEST = re.compile(r"type\((.+)\) is (T\d+)")


def _invalid(value):
    return False if value is True else _Never


_TOKEN_NAMES: dict = {}
# A frame two hops up or more, as Emitter.fref_frame names it in a function's text.
_CHAIN = re.compile(r"PF__([0-9_]+?)__")


def _hoist_chains(head: str, lines: list[str], at: int, temp) -> str:
    """The function's text, `head` then `lines`, with each frame named by fref_frame
    read into a local before the body (at line `at`) where the text reads it twice or
    more, from the longest such frame below it; read where it is used otherwise.  A
    frame's links never change once it is made (runtime.py: a frame is its slots, then
    its parent's), so the local holds the same frame throughout the call: sandpile's
    give! read parent[2][1][1][1][1][1][0], its square's side, twice a call, and its
    grid, parent[2][1][1][1][0], twice."""
    text = "\n".join(lines)
    uses: dict = {}
    for m in _CHAIN.finditer(text):
        uses[m.group(1)] = uses.get(m.group(1), 0) + 1
    names: dict = {}
    prologue = []
    for key in sorted(uses, key=len):  # (a frame's prefixes are shorter keys: first)
        hops = key.split("_")
        if uses[key] < 2:
            continue
        base, rest = "parent", hops
        for k in range(len(hops) - 1, 1, -1):
            held = names.get("_".join(hops[:k]))
            if held is not None:
                base, rest = held, hops[k:]
                break
        name = names[key] = temp("pf")
        prologue.append(f"        {name} = {base}{''.join(f'[{h}]' for h in rest)}")

    def name_of(m):
        held = names.get(m.group(1))
        return held if held is not None else "parent" + "".join(f"[{h}]" for h in m.group(1).split("_"))

    if prologue:
        text = "\n".join(lines[:at] + prologue + lines[at:])
    if uses:
        text = _CHAIN.sub(name_of, text)
    return head + "\n" + text if text else head
# The in-line walks (ir.INLINED): over one string or vector by index (inline_index_walk),
# over lists by pairs (inline_walk).
INDEX_WALKS = frozenset({"string-for-each", "string-map", "vector-for-each", "vector-map", "filter", "remove"})
WALKS = INDEX_WALKS | {"map", "for-each"}
_CACHE: dict = {}


class Escape(BaseException):
    """A call of an in-line call/cc's continuation (Emitter.escape_call) raised in the very
    function whose handler takes it, the value left in that function's local."""


_GLOBALS = {
    "ContinuationInvoked": ContinuationInvoked,
    "ESCAPE": Escape,
    "LIST_ERROR": type_error,
    "WALK_ERROR": scheme_error,
    "CHECK_LIST": check_list,
    "LIST_OF": list_to_scheme,
    "EMPTY": "",
    "APPLY_LIST_ERROR": apply_list_error,
    "LIST_END": list_end,
    "SHORT_REST": SHORT_REST,
    "PROVEN": proven,
    "NO_MARK": NO_MARK,
    "Closure": Closure,
    "NEWCLOSURE": Closure,
    "MultipleValues": MultipleValues,
    "Primitive": Primitive,
    "SchemehostError": SchemehostError,
    "UNASSIGNED": UNASSIGNED,
    "UNSPECIFIED": UNSPECIFIED,
    "NIL": NIL,
    "Pair": Pair,
    "Char": Char,
    "MString": MString,
    "Symbol": Symbol,
    "INT_COMPARISONS": {num_eq: operator.eq, num_lt: operator.lt, num_gt: operator.gt, num_le: operator.le,
                        num_ge: operator.ge},
    **NAMES,
}


# The key in a Runtime's globals of its TailDepth cell (not a Python name: no generated code reads it).
TD_CELL = "<TailDepth cell>"


# A guard's test of a value's type, `type(x) is T` (T a guard's token or a type, not
# `tuple`) where x is a name, an attribute chain or a frame's slots (`v1_t.cdr`,
# `parent[2][0]`), followed by the rest of the guard (` and`), its expression (` else`)
# or its block (`:`): what class_tests rewrites.
_TYPE_TEST = re.compile(r"\btype\(([A-Za-z_]\w*(?:\.\w+|\[\d+\])*)\) is (not )?(?!tuple\b)(\w+)(?= and |:| else )")


def class_tests(text: str) -> str:
    """Generated Python `text` with each guard's test of an operand's type written
    `x.__class__ is T`, as it is compiled (the emitters and the tests that read their
    texts keep `type(x) is T`: typespec's and Emitter.learn's patterns read it).

    The same class for every value a Scheme program can hold (none of its types
    overrides __class__, and host.to_scheme refuses a host's value that does, such
    as a mock), read without the call of `type`: about 60 machine instructions
    fewer a test under callgrind (134 to 73 for an int, a Pair or an MString) where
    the test sees one class, as an operand's guard does (fib, sudoku and matrix 5-7%
    faster and tak 23% in one alternating run, session 29).  Where the classes
    vary from one test to the next, CPython 3.11's attribute read costs more than the
    call (206 instructions to 138 for a Pair and () in turn), so a predicate's own
    test (`(pair? x)`, `(null? x)`, a record type's, `type(x) in NUMBER_TYPES`), a
    `case`'s key and a call's check of its result for a tail call (`type(r) is
    tuple`) keep `type` (simplify, whose procedures dispatch over five record types,
    was 1.029 of its instructions with every test rewritten)."""
    return _TYPE_TEST.sub(lambda m: f"{m.group(1)}.__class__ is {m.group(2) or ''}{m.group(3)}", text)


def instantiate(source_fast: str, P: dict, G: dict, nslots: int, nparams: int, with_body: bool,
                name: str = "fast"):
    """Compile (once per text) and return (fast, body) bound to P's values and globals G
    (`fast` is the function `name` the text defines).

    `make(**P)` is compiled inside a function that binds TDL, so that a `fast`
    declaring `nonlocal TDL` gets it as a free variable: each instance shares
    the interpreter's TailDepth cell (G[TD_CELL]).  P's values are `make`'s
    parameters, named as P's keys (one line to compile, not a line each)."""
    if with_body:
        args = ", ".join([f"env[{i}]" for i in range(nparams)] + [f"env[{nslots}]"])
        body = f"    def body(env):\n        return fast({args})\n    return fast, body"
    else:
        body = f"    return {name}, None"
    source = "def make(" + ", ".join(sorted(P)) + "):\n" + source_fast + "\n" + body + "\n"
    code = _CACHE.get(source)
    if code is None:
        ns = dict(_GLOBALS)
        outer = "def outer():\n    TDL = 0\n" + "".join(f"    {line}\n" for line in source.split("\n"))
        with warnings.catch_warnings():
            # `5 is not False` and the like are meant: identity is Scheme's eq?.
            warnings.simplefilter("ignore", SyntaxWarning)
            exec(compile(class_tests(outer), "<schemehost generated>", "exec"), ns)
        code = next(c for c in ns["outer"].__code__.co_consts if type(c) is types.CodeType and c.co_name == "make")
        if len(_CACHE) >= MAX_CACHE:
            _CACHE.clear()
        _CACHE[source] = code
    closure = (G[TD_CELL],) if code.co_freevars else None
    return types.FunctionType(code, G, closure=closure)(**P)


def _runtime(comp) -> Runtime:
    rt = getattr(comp, "_pyfunc_rt", None)
    if rt is None:
        rt = comp._pyfunc_rt = Runtime(comp)
    return rt


runtime_of = _runtime  # (for fused.py, which writes functions with this module's Emitter)


# ---------------------------------------------------------------------------
# Entry points (called by compiler.py)
# ---------------------------------------------------------------------------


def emit_lambda(unit, ir, nparams: int, nslots: int):
    """Return (fast, body) of a lambda (its unit and body's IR, ir.py), or None
    when it cannot be one Python function (then closures.py makes it).

    A function-level typed copy's ordinary half is written when a call first
    fails the copy's test (most never do: the half would be written and
    compiled for nothing): see lazy_generic."""
    try:
        em = Emitter(unit, _runtime(unit.comp))
        em.lazy_generic = True
        text = em.function(ir, nparams)
        fast, body = instantiate(text, em.P, em.rt.G, nslots, nparams, True)
    except (GiveUp, RecursionError, SyntaxError, MemoryError):
        return None

    def write():
        gen = Emitter(unit, em.rt)
        return gen, gen.function(ir, nparams, name="generic", typed_copy=False)

    lazy_generic(fast, em, unit, ir, nparams, nslots, write)
    fast.simple = simple_body(unit, ir)
    fast.small = small_body(unit, ir)
    # Before follow: its own calls of itself may leave out the test for a tail call.  Worked
    # out when a call site first asks (a walk of every lambda written at load was 2% of
    # loading a program): what the walk reads is settled once the lambda is built.
    interp = unit.comp.interp
    fast.value_deps = LazyDeps(lambda: value_deps(unit, ir, lambda n: pure_call(interp, n, True)))
    em.rt.follow(fast, em.direct)
    return fast, body


def simple_body(unit, ir):
    """(parameters, Prim) when a lambda's body is one open-coded primitive whose
    operands are its parameters and constants (such a body assigns and captures
    none of them): what Emitter.simple_call writes in its callers.  Else None."""
    if type(ir) is not Prim or unit.rest:
        return None
    params = unit.params
    if all(type(a) is Const or (type(a) is LRef and a.var in params) for a in ir.args):
        return params, ir
    return None


# The most nodes a small body (small_body) may have: its text is written at every call.
SMALL_NODES = 12


def small_body(unit, ir):
    """(parameters, body) when a lambda's body is an expression of `if`, `and`, `or`
    and open-coded primitives over its parameters, constants and global variables
    (read when the call runs, in the caller as in the callee), of at most
    SMALL_NODES nodes (SICP's `(and (pair? x) (eq? (car x) '+))`, a grid's
    `(vector-ref (vector-ref g (modulo r size)) (modulo c size))`): Emitter.simple_call
    writes it in its callers.  The expression may be the body of `let`s and `let*`s
    around the whole body, binding such expressions (an automaton's
    `(let ((row (assv state table))) (if (eq? letter 'a) (cadr row) (caddr row)))`):
    the caller holds their values in temporaries.  Else None."""
    if unit.rest or unit.fgen is None or len(unit.fgen.scope.names) != len(unit.params):
        return None
    params = unit.params
    count = 0
    stack = []
    whole = ir
    while type(ir) is Let:
        g = ir.gen
        if ir.rec or g.walked or len(g.scope.names) != len(ir.inits):
            return None
        stack.extend(ir.inits)
        bound = [g.var(i) for i in range(len(ir.inits))]
        if any(v.captured or v.assigned for v in bound):
            return None
        params = params + bound  # (each init sees the variables of the lets around it)
        ir = ir.body
    stack.append(ir)
    while stack:
        n = stack.pop()
        count += 1
        if count > SMALL_NODES:
            return None
        t = type(n)
        if t is Const or (t is LRef and n.var in params) or t is GRef:
            continue
        if t is Prim:
            stack.extend(n.args)
        elif t is If:
            stack.extend((n.test, n.then, n.alt))
        elif t is And or t is Or:
            stack.extend(n.nodes)
        else:
            return None
    return unit.params, whole


def lazy_generic(fast, em: Emitter, unit, ir, nparams: int, nslots: int, write) -> None:
    """If `em` wrote `fast` without its typed copy's ordinary half (Emitter.call_generic),
    fill the half's slot with a function that writes it at its first call.

    That call writes it, `write()` giving the Emitter and the text of a
    function `generic` taking the same arguments as `fast` (its frame's
    `fast` is the lambda's own: its loops and calls of itself test against
    that), puts it in the slot, where `fast` finds it from then on, and calls
    it.  Should it not be writable as one Python function, closures.py's node
    of the body `ir` runs instead, on a frame laid out as a Closure's (the
    arguments, the body's other slots, the environment)."""
    if em.generic_slot is None:
        return
    cell = fast.__closure__[fast.__code__.co_freevars.index(em.generic_slot)]

    def first(*args):
        generic = cell.cell_contents
        if generic is first:
            generic = cell.cell_contents = _write_generic(unit, ir, nparams, nslots, fast, write)
        return generic(*args)

    cell.cell_contents = first


def _write_generic(unit, ir, nparams: int, nslots: int, fast, write):
    rt = _runtime(unit.comp)
    try:
        em, text = write()
        P = dict(em.P)
        P["fast"] = fast
        generic, _ = instantiate(text, P, rt.G, nslots, nparams, False, name="generic")
    except (GiveUp, RecursionError, SyntaxError, MemoryError):
        node = Closures(unit.comp, unit).node(ir, unit.fgen.scope, True)
        pad = [UNASSIGNED] * (nslots - nparams)

        def generic(*args):
            return node([*args[:-1], *pad, args[-1]])

        return generic
    rt.follow(generic, em.direct)
    return generic


def standard_token(comp, pairs) -> tuple:
    """(G, name): G[name] is true while each (cell, procedure) of `pairs` holds its procedure
    (one combined guard token, kept up to date as the guards of open-coded primitives are)."""
    rt = _runtime(comp)
    return rt.G, rt.combined([rt.token(cell, orig, ("standard",), True) for cell, orig in pairs])


def switched(comp, closures) -> None:
    """Tell the direct call sites that `closures` now have fast entries (compiler.Tier)."""
    _runtime(comp).direct.refresh(closures)


def emit_loop(unit, ir, tail: bool, is_do: bool):
    """Return fn(env) running a named let or `do` loop outside any lambda (its
    loop unit's IR, ir.build_loop) in place, or None (then closures.py makes it).

    fn may return a tail call, except a `do` loop's out of tail position:
    its result expressions are not tail calls there.
    """
    try:
        em = Emitter(unit, _runtime(unit.comp))
        text = em.function(ir, 0, Ctx(tail=False) if is_do and not tail else _RETURN)
        fast, _ = instantiate(text, em.P, em.rt.G, 0, 0, False)
    except (GiveUp, RecursionError, SyntaxError, MemoryError):
        return None
    em.rt.follow(fast, em.direct)
    return fast
