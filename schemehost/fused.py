"""Fused groups: sibling procedures calling each other in tail position as ONE loop.

A scanner written as states, `(define (start i ...) ... (in-word i ...))`,
`(define (in-word i ...) ... (start i ...))`, ..., makes a Python call (and
a trampoline's bookkeeping) per transition when each lambda is its own
Python function (pyfunc.py).  Here a lambda's function holds, besides its
own body, the bodies of the sibling lambdas it reaches by tail calls, in
one `while True` whose section is chosen by a small integer `_e`:

    def fast(v1_i, v1_words, parent):
        _e = 0
        while True:
            if _e == 0:
                ... body of start ...
                    v1_i, v1_words = (v1_i + 1), (v1_words + 1)   # (in-word (+ i 1) (+ words 1) ...)
                    for _k in B.it: break             # the call's tick, as run gives it
                    else: B.exhausted()
                    _e = 1
                    continue
            elif _e == 1:
                ... body of in-word ...

A tail call becomes "assign the callee's parameters, tick, set the section,
continue": no Python call, and the stack stays flat however many
transitions run (proper tail calls).

Which siblings: the lambdas bound by internal definitions or letrec (and
letrec*) in one scope, each slot bound once, to its lambda, and never
assigned after (ir.note_binding records it while the scope's body is
built).  Such a slot holds, whenever it is assigned at all, a closure of
that lambda made in the very frame the slot belongs to: the frame every
sibling gets as `parent`.  So a tail call through it (`parent[k]`, read
as a `FRef` without hops) with the right number of arguments runs that
lambda's body with `parent` as its environment: exactly the section.  The
read before it still tests for UNASSIGNED (a state called before its
definition ran gives the same error).  A sibling used as a value too
(passed, returned, captured by call/cc) is still such a closure: its
calls from outside enter its own function at its own section.

Each member keeps its own Closure and its own function (the group seen
from its entry, the sections it reaches); a call that is not a tail call
(in-number's self call inside `or`) is an ordinary call of the member's
function.  Errors: a tail call adds no backtrace entry on any path
(calls.direct_tail_call notes none either), the unassigned read is the
same read, and an arity mismatch or a sibling that does not qualify keeps
the ordinary tail call.  The step budget ticks once per transition, as the
call it replaces.

A member that calls itself in tail position loops inside its section (no
dispatch for those).  The group has a typed copy, as a loop has
(typespec.py; `group_types`): the entry's parameters and the variables of
enclosing frames its primitives test (typespec.FrameSlot: the scanned
string, its length) are tested once, the other members' parameters get
their types from the transitions into them; in the copy those frame
variables (and a string's text and length) are read once, before the loop.
Outside the copy the function is the entry's body alone, as pyfunc.py writes
it.

When: group_of needs the scope's body built (every assignment of its slots
seen), so a lambda that would be written at once and may join a group
(`may_join_group`) is written at its first call instead (compiler.py).
"""

from __future__ import annotations

import re

from . import pyfunc
from .calls import rest_list
from .datatypes import Char, MString
from .inline import GENERATED_TABLES as TABLES
from .ir import And, Call, Case, Const, FRef, If, Let, Loop, LRef, Named, Or, Prim, Recur, Seq, SetF, SetG, SetL, When
from .pyfunc import Ctx, Emitter, GiveUp, PyLoop, rebind, runtime_of
from .typespec import MAX_NODES, FrameSlot, Walk, needs, solve, type_of

RETURN = Ctx()  # a value returned (pyfunc's own)
# The line choosing a case clause (pyfunc.Emitter.tail): choice, table, key.
_CASE_LOOKUP = re.compile(r"(\s*\w+) = (k\d+)\.get\(\(type\((\w+)\), \3\)\) if type\(\3\) in CASE_TYPES else None")
# The same line when every datum is a character (the table's keys are the Chars themselves).
_CHAR_CASE_LOOKUP = re.compile(r"(\s*\w+) = (k\d+)\.get\((\w+)\) if type\(\3\) is Char else None")

# At most this many lambdas in one function (each member's function holds
# the sections it reaches: the text grows with the group).
MAX_GROUP = 12


def _children(n):
    """The IR nodes directly inside `n` (what a Node runs, and a lambda's body, are other units')."""
    t = type(n)
    if t is If:
        return (n.test, n.then) if n.alt is None else (n.test, n.then, n.alt)
    if t is Seq or t is And or t is Or:
        return n.nodes
    if t is When:
        return (n.test, n.body)
    if t is Let:
        return (*n.inits, n.body)
    if t is Loop:
        return (*n.inits, n.body)
    if t is Case:
        return (n.key, *n.bodies) if n.default is None else (n.key, *n.bodies, n.default)
    if t is Call:
        return (n.op, *n.args)
    if t is Prim or t is Recur:
        return n.args
    if t is SetL or t is SetF or t is SetG:
        return (n.value,)
    if t is Named:
        return (n.node,)
    return ()


def _small_call(n) -> bool:
    """A call whose operator and operands are constants or variables (cheap to write twice)."""
    return type(n) is Call and all(type(a) in (Const, LRef, FRef) for a in (n.op, *n.args))


def fits(n, target) -> bool:
    """May call n (its operator a sibling's slot) go to the section of Unit `target`?"""
    params = len(target.params)
    return len(n.args) >= params - 1 if target.rest else len(n.args) == params


def _tail_siblings(ir, members):
    """The slots of `members` (slot -> Unit) that tail calls in `ir` reach, with an arity that fits."""
    out = []
    stack = [ir]
    while stack:
        n = stack.pop()
        if type(n) is Call and n.tail:
            op = n.op
            if type(op) is FRef and not op.hops and op.index in members and fits(n, members[op.index]):
                out.append(op.index)
        stack.extend(_children(n))
    return out


def may_join_group(unit, ir) -> bool:
    """Might lambda `unit` (its body's IR `ir`), being built in a scope not yet built,
    call a sibling in tail position?  (compiler.lambda_node then writes a lambda
    holding a loop at its first call, not at once: group_of needs the scope built.)"""
    base = unit.base
    if base is None or base.gen is None or base.gen.complete or unit.name is None:
        return False
    own = base.index.get(unit.name)
    stack = [ir]
    while stack:
        n = stack.pop()
        if type(n) is Call and n.tail and type(n.op) is FRef and not n.op.hops and n.op.index != own:
            return True
        stack.extend(_children(n))
    return False


def group_of(unit):
    """[(slot or None, Unit), ...]: `unit` first, then the siblings its tail calls reach
    (ir.note_binding's lambdas of its scope), or None when it reaches none but itself
    (pyfunc.py's self loop does that) or more than MAX_GROUP."""
    base = unit.base
    g = base.gen if base is not None else None
    if g is None or not g.complete or unit.ir is None or unit.kind != "lambda":
        return None
    members = {i: u for i, u in g.lambdas.items() if i not in g.spoiled and u.ir is not None and u.base is base}
    own = next((i for i, u in members.items() if u is unit), None)
    order = [(own, unit)]
    seen = {own}
    at = 0
    while at < len(order):
        for i in _tail_siblings(order[at][1].ir, members):
            if i not in seen:
                seen.add(i)
                order.append((i, members[i]))
                if len(order) > MAX_GROUP:
                    return None
        at += 1
    return order if len(order) > 1 else None


class _GroupWalk(Walk):
    """typespec's walk over a group's sections: a member's tail call assigns its
    parameters (as a self tail call does a function's), a member's other call runs
    only the group's code (walked too: it assigns no global, calls nothing impure),
    and the enclosing frames' variables the open-coded primitives test get types
    too (FrameSlot): nothing in the group can assign them."""

    def __init__(self, pure, sections):
        super().__init__(pure, limit=MAX_NODES)
        self.sections = sections

    def walk(self, n) -> bool:
        t = type(n)
        if t is Prim and n.code is None and n.name in TABLES.get(len(n.args), ()):
            for k, want in needs(n):
                a = n.args[k]
                if type(a) is FRef:
                    key = FrameSlot(a.hops, a.index)
                    self.hints.setdefault(key, set()).add(want)
                    if a.checked:
                        self.opaque.add(key)
        elif t is Call and type(n.op) is FRef and not n.op.hops and n.op.index in self.sections:
            target = self.sections[n.op.index][1]
            if fits(n, target):
                self.nodes += 1
                if n.tail:
                    params = target.params
                    if target.rest:
                        self.opaque.add(params[-1])
                        params = params[:-1]
                    for var, a in zip(params, n.args):
                        self.define(var, a)
                return all(self.walk(a) for a in n.args)
        return super().walk(n)


def group_types(group, sections, pure):
    """typespec's (types, checked, nonneg) for a group's copy, or None: the entry's
    parameters and the frame variables are tested before the loop, the other
    members' parameters follow from the transitions into them."""
    w = _GroupWalk(pure, sections)
    for pos, (_, u) in enumerate(group):
        if u.fgen is None or u.fgen.walked:
            return None
        first = 0 if pos else len(u.params)
        if pos == 0 and u.rest:
            w.opaque.add(u.params[-1])
        for k in range(first, len(u.fgen.scope.names)):
            w.inner.add(u.fgen.var(k))
    body = Seq([u.ir for _, u in group])
    if not w.walk(body):
        return None
    _passed_on(w, [v for _, u in group for v in u.params])
    w.walk = lambda n: True  # (walked: solve's own walk would count it again)
    return solve(w, body)


def _passed_on(w, params) -> None:
    """Give a parameter no primitive tests (`words` in (in-word i words ...), handed
    on from state to state) the type the values passed to it have, assuming those
    of the others' so far (typespec.solve's fixed point then drops any that does
    not hold)."""
    changed = True
    while changed:
        changed = False
        guess = {v: next(iter(ts)) for v, ts in w.hints.items() if len(ts) == 1}
        for v in params:
            if v in w.hints or v in w.opaque:
                continue
            types = {type_of(d, guess) for d in w.defs.get(v, ())} - {None}
            if len(types) == 1:
                w.hints[v] = types
                changed = True


def chain_order(group, sections) -> list[int]:
    """The positions of `group` in the order its loop tests them: by how many tail
    calls of the others lead to it (a member's own go round its section's loop)."""
    score = [0] * len(group)
    for slot, u in group:
        for i in _tail_siblings(u.ir, {k: v for k, (_, v) in sections.items()}):
            if i != slot:
                score[sections[i][0]] += 1
    return sorted(range(len(group)), key=lambda pos: -score[pos])


class GroupEmitter(Emitter):
    """pyfunc.Emitter writing a group's function: each member's body is a section of
    one loop; a tail call of a member whose arity fits is a jump to its section."""

    def __init__(self, unit, rt, group):
        super().__init__(unit, rt)
        self.group = group
        self.sections = {slot: (pos, u) for pos, (slot, u) in enumerate(group) if slot is not None}
        self.hoisted: dict = {}  # in the copy: FrameSlot.key -> the local holding its value
        self.current = 0  # the position of the section being written
        self.looping = False  # it has a loop of its own (section)
        self.alone = False  # writing the entry's body alone (copy_or_alone)

    def tail_call(self, n, ctx) -> None:
        if not self.transition(n, ctx):
            super().tail_call(n, ctx)

    def tail(self, n, ctx) -> None:
        """In a section, (if (and a b) x y) with y a call of atomic operands (a
        transition, as in-word's (start i ...)) is (if a (if b x y) y): the test
        is two Python ifs, without the and's value in a temporary."""
        if (type(n) is If and type(n.test) is And and len(n.test.nodes) == 2 and not self.alone
                and _small_call(n.alt)):
            a, b = n.test.nodes
            n = If(a, If(b, n.then, n.alt), n.alt)
        if type(n) is Case and self.known is not None and type_of(n.key, self.known) is Char:
            # A key the copy knows is a Char (a string-ref of its string): its clause
            # is looked up without testing the key's type.
            mark = len(self.lines)
            super().tail(n, ctx)
            for k in range(mark, len(self.lines)):
                m = _CASE_LOOKUP.fullmatch(self.lines[k])
                if m:
                    self.lines[k] = f"{m.group(1)} = {m.group(2)}.get((Char, {m.group(3)}))"
                    break
                m = _CHAR_CASE_LOOKUP.fullmatch(self.lines[k])
                if m:
                    self.lines[k] = f"{m.group(1)} = {m.group(2)}.get({m.group(3)})"
                    break
            return
        super().tail(n, ctx)

    def call(self, n) -> str:
        """A member's call that is not a tail call: the ordinary call, in the copy too
        (Emitter.call's copy paths are for globals)."""
        op = n.op
        if self.flags is not None and type(op) is FRef and not op.hops and op.index in self.sections:
            flags, self.flags = self.flags, None
            try:
                return super().call(n)
            finally:
                self.flags = flags
        return super().call(n)

    def self_loop(self, cond: str | None, args: list[str]) -> None:
        """No self loop in the group's loop: a member's own tail call is a transition
        (or the ordinary call); the entry's body alone has its own (copy_or_alone)."""
        if self.alone:
            super().self_loop(cond, args)

    def writes_self_loops(self) -> bool:
        return self.alone

    def transition(self, n, ctx) -> bool:
        """A tail call of a member: its parameters, the tick, its section; False if n is not one."""
        op = n.op
        if self.alone or ctx.store is not None or type(op) is not FRef or op.hops or op.index not in self.sections:
            return False
        pos, target = self.sections[op.index]
        if not fits(n, target):
            return False
        # The operator first (an unassigned sibling's error comes before the operands run),
        # as the slot holds it (a known lambda's KnownLambda: no closure made to be dropped).
        self.raw_read(op)
        # The operands' texts hold their values at the end (Emitter.operands): one tuple
        # assignment evaluates them all, then binds the parameters.
        args = self.operands(n.args)
        if target.rest:
            nreq = len(target.params) - 1
            args = args[:nreq] + [rest_list(args[nreq:])]
        changed = [(v.py, a) for v, a in zip(target.params, args) if a != v.py]
        if changed:
            self.w(rebind(changed))
        for v in target.params:
            self.forget(v)
        if pos == self.current and self.looping:
            # Its own loop (section): no dispatch, and the `for` of its rounds takes
            # the step (section); from its first round, leave for those rounds.
            self.jump(1, brk=self.first_round)
            return True
        self.tick()
        if self.looping:
            self.w(f"_e = {pos}")
            self.jump(1, brk=True)  # out of its own loop: the group's loop goes on
        else:
            self.w(f"_e = {pos}")
            self.jump(0, brk=False)
        return True

    def section(self, pos) -> None:
        """Member u's body: its frame from its parameters, then its body returning.
        A member calling itself in tail position has a loop of its own: its self
        transitions go round it without the group loop's dispatch, the others
        leave it (`break`: nothing follows it in the group loop's body)."""
        slot, u = self.group[pos]
        self.u = u
        self.current = pos
        self.looping = slot in _tail_siblings(u.ir, {slot: u}) if slot is not None else False
        for g in u.gens:
            g.frame = None  # (a name another function's text gave it)
        self.forget_all()

        def write() -> None:
            if u.fgen is not None:
                self.make_frame(u.fgen, [v.py for v in u.params])
                self.init_pads(u.fgen, len(u.params))
            self.tail(u.ir, RETURN)

        if self.looping:
            # Written twice, as a function's own loop is (Emitter.own_loop): the first
            # round (the transition into the section, or the call, took its step),
            # then, while the section is still the one to run, the rounds after it.
            self.own_loop(write, guard=f"_e == {pos}", level=1)
        else:
            write()
        for g in u.gens:
            g.frame = None

    def function_text(self, name: str = "fast", typed_copy: bool = True) -> str:
        """The text of the group's function `name`.  With `lazy_generic`, the typed
        copy's ordinary half (the entry's body alone) is the call of a slot
        (Emitter.call_generic); `typed_copy` false writes that half alone."""
        entry = self.group[0][1]
        params = [v.py for v in entry.params]
        head = f"    def {name}({', '.join(params + ['parent'])}):"
        if not typed_copy:
            self.copy_or_alone()  # (the entry alone: no group loop, no section number `_e`)
        else:
            self.w("_e = 0")
            typed = group_types(self.group, self.sections, self.pure_call)
            if typed is None:
                self.group_loop()
            elif self.lazy_generic:
                self.twice(typed, self.copy_or_alone, lambda: self.call_generic(params))
            else:
                self.twice(typed, self.copy_or_alone)
        self.u = entry
        if self.uses_go:
            self.lines.insert(0, "        _go = -1")
        if self.uses_td:
            self.lines.insert(0, "        nonlocal TDL")
        return "\n".join([head] + self.lines)

    def prim(self, n, tail: bool, test: bool = False, into: str | None = None) -> str | None:
        """In the copy, (string-ref s i) of a hoisted string read again with i unchanged
        is the temporary it was read into (Emitter.facts: forgotten when i is assigned);
        that text is returned even with `into` (its caller stores it)."""
        key = self.string_read(n)
        if key is None:
            return super().prim(n, tail, test, into)
        tmp = self.facts.get(key)
        if tmp is None:
            tmp = self.temp()
            self.w(f"{tmp} = {super().prim(n, tail)}")
            self.facts[key] = tmp
        return f"{tmp} is not False" if test else tmp

    def string_read(self, n):
        """The Emitter.facts key of a copy's (string-ref s i), s a hoisted frame variable
        and i a local, or None."""
        if (self.facts is None or not self.hoisted or n.code is not None or n.name != "string-ref"
                or len(n.args) != 2):
            return None
        s, i = n.args
        if type(s) is not FRef or (s.hops, s.index) not in self.hoisted:
            return None
        if type(i) is not LRef or i.var.captured or i.var.checked:
            return None
        return ("string-ref", FrameSlot(s.hops, s.index), i.var)

    def fref_text(self, n) -> str:
        name = self.hoisted.get((n.hops, n.index)) if self.known is not None else None
        return name if name is not None else super().fref_text(n)

    def copy_or_alone(self) -> None:
        """Emitter.twice's two texts: the group's loop in the copy; outside it, the entry's
        body alone as pyfunc.py writes it (its tail calls of the others are calls: their
        functions test their own copies' types), half the text to compile."""
        if self.known is not None:
            self.group_loop()
            return
        entry = self.group[0][1]
        self.u = entry
        self.alone = True
        try:
            self.function_body(entry.ir, [v.py for v in entry.params], len(entry.params), RETURN)
        finally:
            self.alone = False
        for g in entry.gens:
            g.frame = None

    def group_loop(self) -> None:
        """The loop of the sections, those likely to run most tested first (chain_order).
        In the copy, the frame variables whose types it tested are read once, before
        it: nothing in the group assigns them (the walk let no SetF in)."""
        self.hoisted = {}
        texts = []  # the hoisted strings' names
        if self.known is not None:
            for key, t in self.known.items():
                if type(key) is FrameSlot:
                    name = self.temp("fs")
                    self.w(f"{name} = {key.py}")
                    self.hoisted[key.key] = name
                    if t is MString:
                        # No string changes in the copy (no open-coded mutator, no call
                        # but the group's and PURE's): its text and length are read once.
                        self.w(f"{name}_s = {name}.s")
                        self.w(f"{name}_n = len({name}_s)")
                        texts.append(name)
        mark = len(self.lines)
        self.loops.append(PyLoop())
        self.blocks += 1
        self.w("while True:")
        self.indent()
        order = chain_order(self.group, self.sections)
        for k, pos in enumerate(order):
            self.w(f"if _e == {pos}:" if k == 0 else "else:" if k == len(order) - 1 else f"elif _e == {pos}:")
            self.indent()
            self.section(pos)
            self.dedent()
        for name in texts:
            text = re.compile(rf"\b{name}\.s\b")
            length = f"len({name}_s)"
            self.lines[mark:] = [text.sub(f"{name}_s", line).replace(length, f"{name}_n")
                                 for line in self.lines[mark:]]
        self.dedent()
        self.loops.pop()
        self.blocks -= 1


def emit_group(unit, nparams: int, nslots: int):
    """(fast, body) of a lambda written with the siblings it reaches in tail calls
    (group_of), or None: then pyfunc.emit_lambda writes it alone."""
    group = group_of(unit)
    if group is None:
        return None
    try:
        em = GroupEmitter(unit, runtime_of(unit.comp), group)
        em.lazy_generic = True
        text = em.function_text()
        fast, body = pyfunc.instantiate(text, em.P, em.rt.G, nslots, nparams, True)
    except (GiveUp, RecursionError, SyntaxError, MemoryError):
        _forget_frames(group)
        return None

    def write():
        # The copy's ordinary half, written when a call first fails its test.
        gen = GroupEmitter(unit, em.rt, group)
        try:
            return gen, gen.function_text(name="generic", typed_copy=False)
        except (GiveUp, RecursionError, SyntaxError, MemoryError):
            _forget_frames(group)
            raise

    pyfunc.lazy_generic(fast, em, unit, unit.ir, nparams, nslots, write)
    em.rt.follow(fast, em.direct)
    return fast, body


def _forget_frames(group) -> None:
    """After a text that failed: no member's frame keeps a name that text gave it."""
    for _, u in group:
        for g in u.gens:
            g.frame = None
