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
    leaf = leaf_of(node)
    if leaf is not None:
        kind = leaf[0]
        if kind == "ref0":
            params[f"i{j}"] = leaf[1]
            return "r0", f"env[i{j}]"
        if kind == "ref1":
            params[f"p{j}"], params[f"i{j}"] = leaf[1], leaf[2]
            return "r1", f"env[p{j}][i{j}]"
        if kind == "const":
            params[f"k{j}"] = leaf[1]
            return "k", f"k{j}"
    params[f"a{j}"] = node
    return "n", f"a{j}(env)"


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
# and the redefinition test must apply to every alternative.
INLINE = '''
    def node(env):
{binds}
        if ({guard}) and cell.value is orig:
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
    tags, texts = [], []
    for j, a in enumerate(argnodes):
        tag, text = arg_text(j, a, params)
        tags.append(tag)
        texts.append(text)
    shape = (op_tag, *tags)
    if tail:
        return instantiate(TAIL_CALL, shape, params, op=op, args=", ".join(texts))
    # Operands that are nodes are evaluated once, into locals, before the call's try.
    names, binds = [], []
    for j, (tag, text) in enumerate(zip(tags, texts)):
        if tag == "n":
            binds.append(f"        x{j} = {text}")
            names.append(f"x{j}")
        else:
            names.append(text)
    site = "\n".join("            " + line for line in call_site("f", names, "r", "unbound"))
    return instantiate(CALL, shape, params, op=op, binds="\n".join(binds), site=site)


_OPERANDS = ("x", "y", "z")


def _operand_binds(argnodes, params: dict):
    """Return (names, shape tags, binding lines) for operands x (y, z) of an open-coded primitive."""
    names = _OPERANDS[: len(argnodes)]
    tags, binds = [], []
    for j, (name, a) in enumerate(zip(names, argnodes)):
        tag, text = arg_text(j, a, params)
        tags.append(tag)
        binds.append(f"        {name} = {text}")
    return names, tags, "\n".join(binds)


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
        if ({guard}) and cell.value is orig:
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
