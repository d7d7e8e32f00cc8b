"""Node templates with their leaves written in: the compiler's code generator.

A compiled node is a Python closure; calling one costs a Python call.  For
the commonest shapes, a call node whose arguments are local variables or
constants, this module generates the node's source with those leaves
spelled out (`env[2]` instead of `a0(env)`), compiles it once per *shape*
(which arguments are locals, constants or other nodes) and instantiates it
per call site with the indices and values as closure variables.

Leaves are marked on node functions with a `leaf` attribute:

    ("ref0", i)          env[i]          a parameter of the innermost frame
    ("ref1", p, i)       env[p][i]       one frame out
    ("const", value)     the value itself
    ("gref", cell)       cell.value      a global (operator position only)
"""

from __future__ import annotations

from .datatypes import UNASSIGNED
from .errors import SchemehostError
from .calls import call_site, note
from .runtime import Closure, Primitive

_CACHE: dict = {}


def leaf_of(node):
    return getattr(node, "leaf", None)


def arg_text(j: int, node, params: dict) -> tuple[str, str]:
    """Return (shape tag, Python expression) for argument j, filling params."""
    tag = arg_tag(j, node, params)
    return tag, ARG_TEXTS[tag].format(j)


# Shape tag -> the Python expression of argument {0}: a local of the innermost
# frame, a local one frame out, a constant, or a node called on the frame.
ARG_TEXTS = {"r0": "env[i{0}]", "r1": "env[p{0}][i{0}]", "k": "k{0}", "n": "a{0}(env)"}


def arg_tag(j: int, node, params: dict) -> str:
    """Return the shape tag of argument j (a key of ARG_TEXTS), filling params."""
    leaf = leaf_of(node)
    if leaf is not None:
        kind = leaf[0]
        if kind == "ref0":
            params[f"i{j}"] = leaf[1]
            return "r0"
        if kind == "ref1":
            params[f"p{j}"], params[f"i{j}"] = leaf[1], leaf[2]
            return "r1"
        if kind == "const":
            params[f"k{j}"] = leaf[1]
            return "k"
    params[f"a{j}"] = node
    return "n"


def op_text(node, params: dict) -> tuple[str, str]:
    """Return (shape tag, expression) for an operator."""
    leaf = leaf_of(node)
    if leaf is not None and leaf[0] == "gref":
        params["cell"] = leaf[1]
        return "g", "cell.value"
    tag, text = arg_text(9, node, params)
    return tag, text


def instantiate(template: str, shape: tuple, params: dict, **subs):
    """Compile `template` (once per shape) and return its node for `params`."""
    key = (template, shape, tuple(sorted(subs.items())))
    make = _CACHE.get(key)
    if make is None:
        names = sorted(params)
        bindings = "\n    ".join(f"{n} = P[{n!r}]" for n in names) or "pass"
        source = "def make(P):\n    " + bindings + "\n" + template.format(**subs)
        ns = {"Closure": Closure, "Primitive": Primitive, "SchemehostError": SchemehostError,
              "UNASSIGNED": UNASSIGNED, "note": note}
        ns.update(_EXTRA_NAMES)
        exec(source, ns)
        make = _CACHE[key] = ns["make"]
    return make(params)


_EXTRA_NAMES: dict = {}


def register_names(**names) -> None:
    """Make module-level names (Pair, NIL, ...) visible to generated code."""
    _EXTRA_NAMES.update(names)


# A non-tail call: the operands into locals, then calls.call_site's protocol.
CALL = '''
    def app(env):
        f = {op}
{binds}
        try:
{site}
        except SchemehostError as e:
            note(e, site)
            raise
        return r
    return app
'''

TAIL_CALL = '''
    def tail(env):
        f = {op}
        if type(f) is Closure:
            return (f, [{args}])
        return finish(f, [{args}])
    return tail
'''

# The guard is parenthesized: some contain `or` (eqv?'s `type(x) is Char or ...`),
# and the redefinition test must apply to every alternative.  It comes first: a
# guard may do the work (`*`'s makes the product), which a redefined primitive's
# call must not pay for unseen.
INLINE = '''
    def node(env):
{binds}
        if cell.value is orig and ({guard}):
            return {expr}
        return slow([{names}])
    return node
'''


def call_node(fn, argnodes, extra: dict, tail: bool):
    """Return a call node (tail or not) with leaf operands written in.

    A non-tail node needs in `extra`: B (the budget), run and call (from
    calls.trampoline), unbound (the error of an unassigned global operator)
    and site (span, form); a tail node needs finish (calls.make_finish).
    """
    params = dict(extra)
    op_tag, op = op_text(fn, params)
    if len(argnodes) > 4:
        # Many arguments: one shape for all, the operands evaluated in a loop.
        params["argnodes"] = tuple(argnodes)
        if tail:
            return instantiate(TAIL_CALL, (op_tag, "many"), params, op=op,
                               args="*[a(env) for a in argnodes]")
        site = "\n".join("            " + line for line in ["r = call(f, args, unbound)"])
        return instantiate(CALL, (op_tag, "many"), params, op=op,
                           binds="        args = [a(env) for a in argnodes]", site=site)
    shape = (op_tag, *[arg_tag(j, a, params) for j, a in enumerate(argnodes)])
    subs = _CALL_SUBS.get((tail, shape))
    if subs is None:
        subs = _CALL_SUBS[(tail, shape)] = _call_subs(tail, shape, op)
    return instantiate(TAIL_CALL if tail else CALL, shape, params, **subs)


# (tail, shape) -> the texts call_node writes into its template: they depend on
# the shape alone, so a program's thousands of call sites share a few dozen.
_CALL_SUBS: dict = {}


def _call_subs(tail: bool, shape: tuple, op: str) -> dict:
    """The template texts of a call node of `shape` (operator tag, then one tag per operand)."""
    texts = [ARG_TEXTS[tag].format(j) for j, tag in enumerate(shape[1:])]
    if tail:
        return {"op": op, "args": ", ".join(texts)}
    # Operands that are nodes are evaluated once, into locals, before the call's try;
    # so is a leaf (a variable, a constant) before a node, which could assign it:
    # left to right, as pyfunc.py's calls and firstcalls.py's walk go.
    names, binds = [], []
    tags = shape[1:]
    for j, (tag, text) in enumerate(zip(tags, texts)):
        if tag == "n" or "n" in tags[j + 1:]:
            binds.append(f"        x{j} = {text}")
            names.append(f"x{j}")
        else:
            names.append(text)
    site = "\n".join("            " + line for line in call_site("f", names, "r", "unbound"))
    return {"op": op, "binds": "\n".join(binds), "site": site}


_OPERANDS = ("x", "y", "z")


def _operand_binds(argnodes, params: dict):
    """Return (names, shape tags, binding lines) for operands x (y, z) of an open-coded primitive."""
    names = _OPERANDS[: len(argnodes)]
    tags = tuple(arg_tag(j, a, params) for j, a in enumerate(argnodes))
    binds = _BINDS.get(tags)
    if binds is None:
        binds = _BINDS[tags] = "\n".join(f"        {name} = {ARG_TEXTS[tag].format(j)}"
                                         for j, (name, tag) in enumerate(zip(names, tags)))
    return names, tags, binds


_BINDS: dict = {}  # operand shape tags -> their binding lines (_operand_binds)


def inline_node(guard: str, expr: str, argnodes, extra: dict):
    """Return an open-coded primitive node: operands x (y, z), then guard/expr."""
    params = dict(extra)
    names, tags, binds = _operand_binds(argnodes, params)
    node = instantiate(INLINE, tuple(tags), params, binds=binds, guard=guard, expr=expr,
                       names=", ".join(names))
    node.inline = (guard, expr, argnodes, extra)
    return node


IF_INLINE = '''
    def if_node(env):
{binds}
        if cell.value is orig and ({guard}):
            t = {expr}
        else:
            t = slow([{names}])
        if t is not False:
            return {then}
        return {alt}
    return if_node
'''


def if_node(test, then, alt):
    """Return an `if` node; an open-coded test and leaf branches are written in."""
    spec = getattr(test, "inline", None)
    if spec is None:
        return None
    guard, expr, argnodes, extra = spec
    params = dict(extra)
    names, tags, binds = _operand_binds(argnodes, params)
    ttag, ttext = arg_text(5, then, params)
    atag, atext = arg_text(6, alt, params)
    return instantiate(IF_INLINE, (*tags, ttag, atag), params, binds=binds, guard=guard,
                       expr=expr, names=", ".join(names), then=ttext, alt=atext)
