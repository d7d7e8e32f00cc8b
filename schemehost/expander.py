"""`syntax-rules` macros, hygienic by renaming.

Each expansion replaces the template's own identifiers (those that are not
pattern variables) with `Alias` objects, one per name per expansion.  An
alias remembers the scope where the macro was defined:

* bound by the expansion (a `let` the template introduces), the alias
  object itself is the bound name, so it cannot capture the user's
  variable of the same spelling;
* free, it resolves in the macro's definition scope, so a user's local
  `if` or `temp` cannot capture it; past that scope, in the top level the
  macro was defined in (a library's, for a macro the library exports).

The compiler treats an Alias like a symbol everywhere a name may appear;
`strip` turns aliases back into symbols where they become data (quote).
"""

from __future__ import annotations

from .analysis import Macro, Scope, syntax_error
from .datatypes import NIL, UNASSIGNED, Pair, cons, sym
from .identifiers import Alias, base_symbol, has_cycle, is_ident, strip
from .primitives.lists import equal

_ELLIPSIS = sym("...")
_UNDERSCORE = sym("_")


class SyntaxRules(Macro):
    """A macro made by (syntax-rules [ellipsis] (literal ...) (pattern template) ...)."""

    def __init__(self, spec, scope, comp, span, name="macro"):
        if has_cycle(spec):  # matching and instantiating walk the rules
            raise syntax_error("syntax-rules: a rule may not contain a cycle (datum label)", None, span)
        self.scope = scope
        self.top = comp.top  # free template names mean what they mean here
        self.name = name
        items = _plist(spec, span)
        if len(items) < 2:
            raise syntax_error("syntax-rules: bad syntax", spec, span)
        k = 1
        self.ellipsis = _ELLIPSIS
        self.custom_ellipsis = False
        if is_ident(items[1]):
            self.ellipsis = items[1]
            self.custom_ellipsis = True
            k = 2
        if k >= len(items):
            raise syntax_error("syntax-rules: missing literals list", spec, span)
        literals = _plist(items[k], span)
        for lit in literals:
            if not is_ident(lit):
                raise syntax_error("syntax-rules: literal must be an identifier", lit, span)
        self.literals = literals
        self._ellipsis_of: dict = {}  # identifier -> is it the ellipsis here?
        self.rules = []
        for rule in items[k + 1 :]:
            parts = _plist(rule, span) if type(rule) is Pair else None
            if not parts or len(parts) != 2 or type(parts[0]) is not Pair:
                raise syntax_error("syntax-rules: bad rule", rule, span)
            self.rules.append((parts[0].cdr, parts[1]))  # the keyword position is ignored
        self.comp = comp

    def scheme_repr(self) -> str:
        return f"#<macro {self.name}>"

    def expand(self, form, scope, comp, span):
        for pattern, template in self.rules:
            b = {}
            if self._match(pattern, form.cdr, b, scope, comp):
                renames: dict = {}
                out = self._instantiate(template, b, renames, span)
                if type(out) is Pair and getattr(out, "span", None) is None:
                    out.span = span
                return out
        raise syntax_error(f"{self.name}: no syntax rule matches", strip(form), span)

    # -- matching -------------------------------------------------------------
    def _is_ellipsis(self, x) -> bool:
        """Is identifier `x` this macro's ellipsis?

        R7RS 4.3.2: an ellipsis among the literals is a literal.  A custom
        ellipsis is that very identifier (bound-identifier=?: a name the
        use site supplies is not the one the template wrote).  The default
        `...` is the ellipsis only where `...` is not bound as a variable
        (Guile: `(let ((... 19)) ...)` makes `...` in a macro defined there
        an ordinary identifier, in the pattern and in the template).
        """
        if not is_ident(x):
            return False
        known = self._ellipsis_of.get(x)
        if known is None:
            known = self._ellipsis_of[x] = self._find_ellipsis(x)
        return known

    def _find_ellipsis(self, x) -> bool:
        if self.ellipsis is _NO_ELLIPSIS or any(x is lit for lit in self.literals):
            return False
        if self.custom_ellipsis:
            return x is self.ellipsis
        if base_symbol(x) is not _ELLIPSIS:
            return False
        r = self.comp.resolve(x, self.scope, self.top)
        if r[0] == "local":
            return False
        return not (r[0] == "global" and r[1].value is not UNASSIGNED)

    def _literal_matches(self, lit, x, use_scope, comp) -> bool:
        if not is_ident(x):
            return False
        return comp.same_binding(lit, self.scope, x, use_scope, self.top)

    def _match(self, pat, x, b, use_scope, comp) -> bool:
        if is_ident(pat):
            if any(pat is lit for lit in self.literals):
                return self._literal_matches(pat, x, use_scope, comp)
            if base_symbol(pat) is _UNDERSCORE:
                return True
            b[pat] = x
            return True
        if type(pat) is Pair:
            # Look for an ellipsis in this list level.
            items, tail = _split(pat)
            idx = next((i for i, p in enumerate(items) if self._is_ellipsis(p)), None)
            if idx is None:
                p, q = pat, x
                while type(p) is Pair:
                    if type(q) is not Pair or not self._match(p.car, q.car, b, use_scope, comp):
                        return False
                    p, q = p.cdr, q.cdr
                return self._match(p, q, b, use_scope, comp)
            before = items[: idx - 1]
            rep = items[idx - 1]
            after = items[idx + 1 :]
            xs, xtail = _split(x)
            if len(xs) < len(before) + len(after):
                return False
            if tail is NIL and xtail is not NIL:
                return False
            for p, v in zip(before, xs):
                if not self._match(p, v, b, use_scope, comp):
                    return False
            n_rep = len(xs) - len(before) - len(after)
            matches = []
            for v in xs[len(before) : len(before) + n_rep]:
                bb = {}
                if not self._match(rep, v, bb, use_scope, comp):
                    return False
                matches.append(bb)
            for var in self._pattern_vars(rep):
                b[var] = _Seq([m.get(var) for m in matches])
            for p, v in zip(after, xs[len(before) + n_rep :]):
                if not self._match(p, v, b, use_scope, comp):
                    return False
            return self._match(tail, xtail, b, use_scope, comp)
        if type(pat) is list:
            if type(x) is not list:
                return False
            return self._match(_to_list(pat), _to_list(x), b, use_scope, comp)
        if pat is NIL:
            return x is NIL
        return equal(pat, x)

    def _pattern_vars(self, pat) -> list:
        out = []
        stack = [pat]
        while stack:
            p = stack.pop()
            if is_ident(p):
                if not self._is_ellipsis(p) and not any(p is lit for lit in self.literals) and base_symbol(p) is not _UNDERSCORE:
                    out.append(p)
            elif type(p) is Pair:
                stack.append(p.car)
                stack.append(p.cdr)
            elif type(p) is list:
                stack.extend(p)
        return out

    # -- instantiation -------------------------------------------------------------
    def _instantiate(self, t, b, renames, span):
        if is_ident(t):
            if t in b:
                v = b[t]
                if type(v) is _Seq:
                    raise syntax_error(f"{self.name}: pattern variable used without ellipsis", base_symbol(t), span)
                return v
            a = renames.get(t)
            if a is None:
                a = renames[t] = Alias(t, self.scope, self.top)
            return a
        if type(t) is Pair:
            # (... ...) escapes the ellipsis: (... template) uses ... literally.
            if self._is_ellipsis(t.car) and type(t.cdr) is Pair:
                return self._instantiate_escaped(t.cdr.car, b, renames, span)
            out = []
            p = t
            while type(p) is Pair:
                item = p.car
                depth = 0
                q = p.cdr
                while type(q) is Pair and self._is_ellipsis(q.car):
                    depth += 1
                    q = q.cdr
                if depth:
                    out.extend(self._expand_ellipsis(item, depth, b, renames, span))
                    p = q
                else:
                    out.append(self._instantiate(item, b, renames, span))
                    p = p.cdr
            result = self._instantiate(p, b, renames, span) if p is not NIL else NIL
            for v in reversed(out):
                result = cons(v, result)
            if type(result) is Pair:
                result.span = getattr(t, "span", None) or span
            return result
        if type(t) is list:
            lst = self._instantiate(_to_list(t), b, renames, span)
            return list(lst) if lst is not NIL else []
        return t

    def _instantiate_escaped(self, t, b, renames, span):
        saved, cache = self.ellipsis, self._ellipsis_of
        self.ellipsis, self._ellipsis_of = _NO_ELLIPSIS, {}
        try:
            return self._instantiate(t, b, renames, span)
        finally:
            self.ellipsis, self._ellipsis_of = saved, cache

    def _expand_ellipsis(self, item, depth, b, renames, span):
        vars_in = [v for v in self._pattern_vars(item) if v in b]
        seq_vars = [v for v in vars_in if type(b[v]) is _Seq]
        if not seq_vars:
            raise syntax_error(f"{self.name}: ellipsis follows a template without pattern variables", strip(item), span)
        lengths = {len(b[v].items) for v in seq_vars}
        if len(lengths) > 1:
            raise syntax_error(f"{self.name}: pattern variables under one ellipsis matched different lengths", strip(item), span)
        n = lengths.pop()
        results = []
        for i in range(n):
            bb = dict(b)
            for v in seq_vars:
                bb[v] = b[v].items[i]
            if depth > 1:
                results.extend(self._expand_ellipsis(item, depth - 1, bb, renames, span))
            else:
                results.append(self._instantiate(item, bb, renames, span))
        return results


class _Seq:
    """The matches of a pattern variable under an ellipsis."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = items


_NO_ELLIPSIS = object()


def _split(x):
    items = []
    p = x
    while type(p) is Pair:
        items.append(p.car)
        p = p.cdr
    return items, p


def _to_list(v):
    result = NIL
    for x in reversed(v):
        result = cons(x, result)
    return result


def _plist(x, span):
    items, tail = _split(x)
    if tail is not NIL:
        raise syntax_error("syntax-rules: bad syntax (improper list)", x, span)
    return items


def make_transformer(spec, scope, comp, span, name):
    """Evaluate a transformer spec: (syntax-rules ...) or an existing macro's name."""
    if type(spec) is Pair and is_ident(spec.car):
        r = comp.resolve(spec.car, scope)
        if r[0] == "special" and r[1].name == "syntax-rules":
            return SyntaxRules(spec, scope, comp, span, name)
        if r[0] == "special" and r[1].name == "er-macro-transformer":
            raise syntax_error("er-macro-transformer is not supported; use syntax-rules", spec, span)
    if is_ident(spec):
        r = comp.resolve(spec, scope)
        if r[0] == "macro":
            return r[1]
    raise syntax_error("define-syntax: transformer must be a syntax-rules form", strip(spec), span)


__all__ = ["Alias", "SyntaxRules", "strip", "is_ident", "base_symbol", "make_transformer", "Scope"]
