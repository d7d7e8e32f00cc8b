"""map, for-each, string-for-each, string-map, vector-for-each, vector-map and
call/cc with a lambda literal written in line (ir.Inline,
pyfunc.Emitter.inline_call): the lambda's body in the calling function, no
closure made, no call, while the global holds the standard procedure.

The programs of INLINE_PROGRAMS run in test_tiers.py with closures only,
generated at once, and tiered (the switch after 1 and 3 calls), with and
without a small step limit: all give the same value (or error text with its
backtrace), output and step count.
"""

from __future__ import annotations

import re

import pytest

from conftest import Session, generated_python

INLINE_PROGRAMS = {
    "map of one list, for-each with output": (
        "(define (f l) (map (lambda (x) (* x x)) l))"
        " (define (g l) (for-each (lambda (x) (write x) (newline)) l))"
        " (list (f '(1 2 3)) (f '()) (g '(a b)) (f '(4)))"
    ),
    "two lists of unequal length end at the shorter": (
        "(define (f a b) (map (lambda (x y) (list x y)) a b))"
        " (define (g a b) (let ((s 0)) (for-each (lambda (x y) (set! s (+ s (* x y)))) a b) s))"
        " (list (f '(1 2 3) '(4 5)) (f '(1) '(4 5 6)) (g '(1 2 3) '(4 5)) (f '() '(1)))"
    ),
    "two lists, one circular": (
        "(define c (list 1 2)) (set-cdr! (cdr c) c)"
        " (define (f a b) (map (lambda (x y) (+ x y)) a b))"
        " (list (f c '(10 20 30 40 50)) (f '(1 2 3) c))"
    ),
    "an improper list: the elements first, then the error": (
        "(define (f l) (map (lambda (x) (display x) (* x 2)) l)) (f '(1 2 . 3))"
    ),
    "for-each of an improper list": (
        "(define (f l) (for-each (lambda (x) (display x)) l) 'done) (f '(1 2 . 3))"
    ),
    "not a list at all": "(define (f l) (map (lambda (x) x) l)) (list (f '()) (f 5))",
    "for-each of a non-list in tail position": "(define (f l) (for-each (lambda (x) x) l)) (f 'a)",
    "an error inside the lambda, with its backtrace": (
        "(define (h x) (car x)) (define (f l) (map (lambda (x) (+ 1 (h x))) l)) (f '((1) (2) 3))"
    ),
    "an error in a closure the lambda tail-calls": (
        "(define (h x) (vector-ref x 5)) (define (f l) (for-each (lambda (x) (h x)) l) 0) (f (list (vector 1)))"
    ),
    "map redefined by the lambda while it runs": (
        "(define (f l) (map (lambda (x) (if (= x 2) (set! map (lambda (g l) 'redefined))) (* x 10)) l))"
        " (list (f '(1 2 3)) (f '(1 2 3)))"
    ),
    "for-each redefined between calls": (
        "(define out '()) (define (f l) (for-each (lambda (x) (set! out (cons x out))) l) out)"
        " (define a (f '(1 2))) (set! for-each (lambda (p l) (p 'other) (p 'calls)))"
        " (list a (f '(3 4)))"
    ),
    "map redefined by the list operand: the operator is read first": (
        "(define (f l) (map (lambda (x) (* 2 x)) (begin (set! map (lambda (g l) 'late)) l)))"
        " (list (f '(1 2)) (f '(1 2)))"
    ),
    "set! of the parameter, and each iteration's own binding captured": (
        "(define (f l) (map (lambda (x) (set! x (* x 10)) (lambda () (set! x (+ x 1)) x)) l))"
        " (let ((ts (f '(1 2 3)))) (list ((car ts)) ((car ts)) ((cadr ts)) ((caddr ts))))"
    ),
    "internal definitions in the lambda's body": (
        "(define (f l) (map (lambda (x) (define y (* x 2)) (define (z) (+ y 1)) (z)) l)) (list (f '(1 2)) (f '(5)))"
    ),
    "nested maps and a named let inside the lambda": (
        "(define (f m) (map (lambda (row) (map (lambda (x) (let loop ((i x) (s 0)) (if (= i 0) s (loop (- i 1) (+ s i)))))"
        " row)) m))"
        " (f '((1 2) (3 4 5) ()))"
    ),
    "call/cc inside map's lambda, resumed after map returned": (
        "(define k #f) (define n 0)"
        " (define (f) (map (lambda (x) (call/cc (lambda (c) (if (= x 2) (set! k c)) x))) '(1 2 3)))"
        " (define r (f)) (set! n (+ n 1)) (if (< n 3) (k (* n 10))) (list r n)"
    ),
    "find-first and product escapes": (
        "(define (find-first pred lst) (call/cc (lambda (return) (for-each (lambda (x) (if (pred x) (return x))) lst) #f)))"
        " (define (product lst) (call-with-current-continuation (lambda (exit)"
        " (let loop ((l lst) (p 1)) (cond ((null? l) p) ((= (car l) 0) (exit 0)) (else (loop (cdr l) (* p (car l)))))))))"
        " (list (find-first even? '(1 3 4 5)) (find-first even? '(1 3)) (product '(1 2 3)) (product '(1 0 3)))"
    ),
    "escape from a map inside call/cc, not in tail position": (
        "(define (f l) (call/cc (lambda (k) (map (lambda (x) (if (negative? x) (k (list 'bad x)) (+ 1 (k2 x)))) l))))"
        " (define (k2 x) x)"
        " (list (f '(1 2)) (f '(1 -2 3)) (+ 1 (f '(-5))))"
    ),
    "escape through dynamic-wind": (
        "(define (f x) (call/cc (lambda (k) (dynamic-wind (lambda () (display \"[\"))"
        " (lambda () (if x (k 'out) 'in)) (lambda () (display \"]\"))))))"
        " (list (f #t) (f #f))"
    ),
    "an escape made inside an outer dynamic-wind extent, and from a parameterize body": (
        "(define p (make-parameter 1))"
        " (define (f l) (call/cc (lambda (k) (for-each (lambda (x) (if (> x 1) (k (list x (p))))) l) 'none)))"
        " (define (g) (call/cc (lambda (k) (parameterize ((p 2)) (k (p))))))"
        " (list (dynamic-wind (lambda () (display \"<\")) (lambda () (f '(1 2 3))) (lambda () (display \">\")))"
        " (parameterize ((p 5)) (f '(0 7))) (g) (p))"
    ),
    "an escape to an outer call/cc through an inner one": (
        "(define (f l) (call/cc (lambda (outer) (+ 1 (call/cc (lambda (inner)"
        " (for-each (lambda (x) (if (= x 0) (outer 'zero)) (if (< x 0) (inner x))) l) 100))))))"
        " (list (f '(1 2)) (f '(1 -2)) (f '(1 0 -2)))"
    ),
    "the continuation called with no value or two": (
        "(define (f n) (call/cc (lambda (k) (if (= n 0) (k) (k 1 2)))))"
        " (list (call-with-values (lambda () (f 1)) list) (call-with-values (lambda () (f 0)) list))"
    ),
    "call/cc redefined": (
        "(define (f) (call/cc (lambda (k) (k 1) 2))) (define a (f))"
        " (set! call/cc (lambda (g) (g (lambda (v) (list 'fake v)))))"
        " (list a (f))"
    ),
    "a continuation that escapes its receiver is not written in line": (
        "(define saved #f) (define (f) (call/cc (lambda (k) (set! saved k) 1))) (define n 0)"
        " (define r (f)) (set! n (+ n 1)) (if (< n 3) (saved (* 10 n))) (list r n)"
    ),
    "an error inside the receiver": "(define (f x) (call/cc (lambda (k) (if x (car x) (k 0))))) (list (f #f) (f 5))",
    "a receiver looping long": (
        "(define (f) (call/cc (lambda (k) (let loop ((i 0)) (if (> i 10000) (k i)) (loop (+ i 1)))))) (f)"
    ),
    "a long for-each over a circular list, left by an escape": (
        "(define c (list 1 2 3)) (set-cdr! (cddr c) c)"
        " (define (f) (call/cc (lambda (k) (let ((n 0)) (for-each (lambda (x) (set! n (+ n x)) (if (> n 20000) (k n))) c)))))"
        " (f)"
    ),
    "escapes in the receiver's own tail positions: in ifs, cond, nested loops, within a dynamic-wind extent": (
        "(define (f l) (call/cc (lambda (k) (let loop ((l l) (s 0)) (cond ((null? l) s) ((< (car l) 0) (k (list 'neg s)))"
        " (else (let inner ((j (car l)) (s s)) (if (= j 0) (loop (cdr l) s) (if (> s 50) (k 'big) (inner (- j 1) (+ s 1)))))))))))"
        " (define (g x) (call/cc (lambda (k) (if x (k (* x 2)) (when (not x) (k 'no))))))"
        " (define (h x) (call/cc (lambda (k) (and x (or (> x 5) (k 'small)) (k x)))))"
        " (define (w x) (dynamic-wind (lambda () (display \"<\")) (lambda () (+ 1 (call/cc (lambda (k) (if x (k 10) 20)))))"
        " (lambda () (display \">\"))))"
        " (define (n) (call/cc (lambda (outer) (+ 1 (call/cc (lambda (inner) (outer 5)))))))"
        " (define (z x) (call/cc (lambda (k) (if x (k) (k 1 2)))))"
        " (list (f '(1 2 3)) (f '(1 -2 3)) (f '(30 30)) (g 4) (g #f) (h 9) (h 1) (h #f) (w #t) (w #f) (n)"
        " (call-with-values (lambda () (z #t)) list) (call-with-values (lambda () (z #f)) list))"
    ),
    "a call/cc using its continuation only in its receiver's tail: errors, outer escapes, nesting": (
        "(define outer-k #f)"
        " (define (p l) (call/cc (lambda (k) (let loop ((l l)) (cond ((null? l) 'end) ((eq? (car l) 'stop) (k 'stopped))"
        " ((eq? (car l) 'bad) (car '())) ((eq? (car l) 'out) (outer-k 'left)) (else (loop (cdr l))))))))"
        " (define (q l) (call/cc (lambda (k) (set! outer-k k) (list 'in (p l)))))"
        " (define (try l) (guard (e (#t (list 'caught (error-object-message e)))) (p l)))"
        " (define (deep n) (if (= n 0) 0 (call/cc (lambda (k) (+ 1 (deep (- n 1)))))))"
        " (define (w l) (dynamic-wind (lambda () (display \"[\")) (lambda () (p l)) (lambda () (display \"]\"))))"
        " (write (list (p '(1 2)) (p '(1 stop 2)) (try '(1 bad)) (q '(out)) (q '(stop)) (w '(stop)) (try '(stop))"
        " (deep 50)))"
        " (p '(1 bad))"
    ),
    "string-for-each, string-map, vector-for-each and vector-map of one sequence": (
        "(define (codes s) (let ((n 0)) (string-for-each (lambda (c) (set! n (+ (* n 3) (char->integer c)))) s) n))"
        " (define (up s) (string-map (lambda (c) (if (char-alphabetic? c) (char-upcase c) #\\_)) s))"
        " (define (sum v) (let ((t 0)) (vector-for-each (lambda (x) (set! t (+ t x))) v) t))"
        " (define (squares v) (vector-map (lambda (x) (* x x)) v))"
        " (define (show s) (string-for-each (lambda (c) (write-char c) (write-char #\\.)) s))"
        " (show \"ab\") (newline)"
        " (list (codes \"abc\") (codes \"\") (up \"a b!c\") (up \"\") (sum (vector 1 2 3)) (sum (vector))"
        " (squares (vector 1 -2 3)) (squares (vector)) (eq? (up \"x\") (up \"x\")) (show \"z\"))"
    ),
    "index walks: a long string and vector, each element's own binding captured": (
        "(define (count s) (let ((n 0)) (string-for-each (lambda (c) (if (char=? c #\\a) (set! n (+ n 1)))) s) n))"
        " (define (thunks v) (vector-map (lambda (x) (lambda () (set! x (+ x 100)) x)) v))"
        " (define (total v) (let ((t 0)) (vector-for-each (lambda (x) (set! t (+ t x))) v) t))"
        " (define ts (thunks (vector 1 2 3)))"
        " (list (count (make-string 5000 #\\a)) (total (make-vector 3000 2))"
        " ((vector-ref ts 0)) ((vector-ref ts 0)) ((vector-ref ts 2)))"
    ),
    "index walks: the sequence changed by the lambda while it is walked": (
        "(define (f s) (string-map (lambda (c) (string-set! s 2 #\\z) c) s))"
        " (define (g v) (vector-map (lambda (x) (if (< x 10) (vector-set! v 2 (* x 100))) x) v))"
        " (define (h s) (let ((out '())) (string-for-each (lambda (c) (set! s \"other\") (set! out (cons c out))) s) (list s out)))"
        " (list (f (string-copy \"abcd\")) (g (vector 1 2 3 4)) (h (string-copy \"xyz\")))"
    ),
    "index walks: not a string, not a vector, a value not a character": (
        "(define (f s) (string-for-each (lambda (c) c) s))"
        " (define (g v) (vector-map (lambda (x) x) v))"
        " (define (h s) (string-map (lambda (c) (if (char=? c #\\b) 2 c)) s))"
        " (define (vf v) (vector-for-each (lambda (x) (display x)) v) 'done)"
        " (define (try p x) (guard (e (#t (list (error-object-message e) (error-object-irritants e)))) (p x)))"
        " (write (list (try f 5) (try g \"ab\") (try g '(1)) (try h \"abc\") (try vf 'v) (try f (vector #\\a))"
        " (vf (vector 1 2))))"
        " (h \"ab\")"
    ),
    "index walks: an error inside the lambda, with its backtrace": (
        "(define (k x) (car x)) (define (f v) (vector-map (lambda (x) (+ 1 (k x))) v)) (f (vector '(1) '(2) 3))"
    ),
    "index walks redefined: between calls and by the operand": (
        "(define (f s) (string-map (lambda (c) (char-upcase c)) s))"
        " (define (g v) (vector-for-each (lambda (x) (display x)) (begin (set! vector-for-each (lambda (p v) 'late)) v)))"
        " (define a (f \"ab\"))"
        " (set! string-map (lambda (p s) (list 'mine (p (string-ref s 0)))))"
        " (list a (f \"ab\") (g (vector 1 2)) (g (vector 1 2)))"
    ),
    "index walks left by an escape, in and out of a call/cc's receiver": (
        "(define (first-digit s) (call/cc (lambda (k) (string-for-each (lambda (c) (if (char-numeric? c) (k c))) s) #f)))"
        " (define (find v p) (call/cc (lambda (ret) (vector-for-each (lambda (x) (if (p x) (ret x))) v) 'none)))"
        " (define (upto s) (call/cc (lambda (k) (string-map (lambda (c) (if (char=? c #\\!) (k 'bang) c)) s))))"
        " (list (first-digit \"ab3c4\") (first-digit \"abc\") (find (vector 1 4 9) even?) (find (vector 1 3) even?)"
        " (upto \"hi\") (upto \"hi!\"))"
    ),
    "nested index walks, a walk in a named let, a walk in tail position": (
        "(define (grid v) (let ((n 0)) (vector-for-each (lambda (row) (vector-for-each (lambda (x) (set! n (+ n x))) row)) v) n))"
        " (define (lines s) (let loop ((i 0) (acc '())) (if (= i 3) (reverse acc)"
        " (loop (+ i 1) (cons (string-map (lambda (c) (integer->char (+ i (char->integer c)))) s) acc)))))"
        " (define (tailwalk v) (vector-for-each (lambda (x) (display x)) v))"
        " (list (grid (vector (vector 1 2) (vector) (vector 3))) (lines \"ab\") (tailwalk (vector 7 8)))"
    ),
    "filter and remove with a lambda literal": (
        "(define (evens l) (filter (lambda (x) (display x) (even? x)) l))"
        " (define (no-a l) (remove (lambda (s) (set! s (symbol->string s)) (string=? s \"a\")) l))"
        " (define (keep-all l) (filter (lambda (x) x) l))"
        " (define (big l) (length (filter (lambda (x) (> x 10)) l)))"
        " (define c (list 1 2 3)) (set-cdr! (cddr c) c)"
        " (define (try f x) (guard (e (#t (list (error-object-message e) (error-object-irritants e)))) (f x)))"
        " (write (list (evens '(1 2 3 4)) (evens '()) (no-a '(a b a c)) (keep-all '(1 #f 2 #f))"
        " (big (iota 3000)) (try evens '(1 2 . 3)) (try evens 5) (try no-a c)"
        " (call/cc (lambda (k) (filter (lambda (x) (if (> x 2) (k (list 'out x)) #t)) '(1 2 3 4))))"
        " (let ((n 0)) (filter (lambda (x) (set! n (+ n 1)) (lambda () x)) '(5 6)) n)))"
        " (set! filter (lambda (p l) 'mine)) (evens '(1 2))"
    ),
    "(apply + lst) and the other open-coded apply calls, in and out of tail position": (
        "(define (s l) (apply + l)) (define (s1 l) (+ 1 (apply + l)))"
        " (define (m l) (list (apply max l) (apply min l))) (define (p l) (apply * l))"
        " (define (g l m) (list (apply list l) (apply append l) (apply string-append m)))"
        " (list (s '()) (s '(1 2 3)) (s '(1 2.5)) (s1 '(4 5)) (s '(1/2 1/3)) (s1 '(7))"
        " (m '(3 9 2)) (m '(3 9.0 2)) (m '(-0.0 0)) (m '(5)) (p '(2 3 4)) (p (list (expt 10 40) (expt 10 40)))"
        " (g '((a) (b c)) '(\"x\" \"yz\")) (apply list '()) (g '() '()))"
    ),
    "open-coded apply of long lists: charged as apply charges them": (
        "(define big '(" + " ".join(["1"] * 300) + "))"
        " (define (s l) (apply + l)) (define (s1 l) (+ 1 (apply + l))) (define (mx l) (list (apply max l)))"
        " (list (s '(1 2)) (s1 '(3)) (s big) (s1 big) (mx big))"
    ),
    "open-coded apply: errors of the list and of the primitive, with their backtraces": (
        "(define (s l) (apply + l)) (define (s1 l) (+ 1 (apply + l))) (define (mx l) (apply max l))"
        " (define (try f l) (guard (e (#t (list (error-object-message e) (error-object-irritants e)))) (f l)))"
        " (define c (list 1 2 3)) (set-cdr! (cddr c) c)"
        " (write (list (try s '(1 . 2)) (try s1 '(1 . 2)) (try s 5) (try s '(1 a)) (try s1 '(1 #t))"
        " (try mx '()) (try mx '(1 x)) (try s c) (try s1 c)))"
        " (s1 '(1 2 \"three\"))"
    ),
    "open-coded apply: a circular list in tail position": (
        "(define c (list 1 2 3)) (set-cdr! (cddr c) c) (define (s l) (apply + l)) (s c)"
    ),
    "open-coded apply: apply and + redefined, between calls and by the list operand": (
        "(define (s l) (apply + l)) (define (s1 l) (list 2 (apply + l)))"
        " (define a (list (s '(1 2)) (s1 '(1 2))))"
        " (set! + (lambda xs (cons 'plus xs)))"
        " (define b (list (s '(1 2)) (s1 '(1 2))))"
        " (define (t l) (apply max (begin (set! max (lambda xs 'late)) l)))"
        " (define c (list (t '(1 5)) (t '(1 5))))"
        " (set! apply (lambda (f l) (list 'my-apply l)))"
        " (list a b c (s '(3)) (s1 '(4)))"
    ),
}


def _token_branches(text):
    """(the branch under the first `if T<k>:` of generated `text`, the text after it):
    the in-line call and the call as written."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.fullmatch(r" *if T\d+:", line))
    indent = lines[start].index("if")
    end = next(i for i in range(start + 1, len(lines)) if lines[i] == " " * indent + "else:")
    return "\n".join(lines[start:end]), "\n".join(lines[end:])


def test_inline_hof_map_with_lambda_literal_is_a_loop_making_no_closure():
    """The open-coded map walks the list in the procedure's own function: the
    lambda's body is there, and the closure is made only on the other branch."""
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval("(define (f l) (map (lambda (x) (* x 3)) l))")
    assert s.show("(f '(1 2 3))") == "(3 6 9)"
    (text,) = [t for t in sources if "def fast(v1_l," in t]
    fast_branch, other = _token_branches(text)
    assert "for _ in B.it:" in fast_branch and "NEWPAIR()" in fast_branch
    # (A closure is made by its node, N<k>(frame), or in line, NEWCLOSURE(): Emitter.node_value.)
    assert not re.search(r"\bN\d+\(|NEWCLOSURE\(\)", fast_branch)  # no closure made there
    assert re.search(r"\bN\d+\(|NEWCLOSURE\(\)", other)  # the other branch makes it


@pytest.mark.parametrize("walk, arg, shown", [
    ("string-for-each", '"abc"', "294"),
    ("string-map", '"abc"', '"bcd"'),
    ("vector-for-each", "(vector 1 2 3)", "6"),
    ("vector-map", "(vector 1 2 3)", "#(2 3 4)"),
    ("filter", "(list 1 2 3)", "(1 3)"),
    ("remove", "(list 1 2 3)", "(2)"),
])
def test_inline_hof_index_walk_with_lambda_literal_is_a_loop_making_no_closure(walk, arg, shown):
    """string-for-each and its kin of one sequence (filter and remove of a list's elements)
    walk it by index in the procedure's
    own function (Emitter.inline_index_walk): the lambda's body is there, no closure made
    and no call of the primitive; the other branch makes the closure and calls it."""
    body = {"filter": "(odd? c)", "remove": "(odd? c)"}.get(
        walk, "(integer->char (+ 1 (char->integer c)))" if walk.startswith("string") else "(+ c 1)")
    if walk.endswith("for-each"):
        body = "(set! n (+ n (char->integer c)))" if walk.startswith("string") else "(set! n (+ n c))"
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval(f"(define (f x) (let ((n 0)) (let ((r ({walk} (lambda (c) {body}) x))) (if (= n 0) r n))))")
    assert s.show(f"(f {arg})") == shown
    (text,) = [t for t in sources if "def fast(v1_x," in t]
    fast_branch, other = _token_branches(text)
    assert "for _ in B.it:" in fast_branch and re.search(r"len\((v1_x|wl\d+)", fast_branch)
    assert not re.search(r"\bN\d+\(|NEWCLOSURE\(\)|\bD\d+\(|\bQ\d+\(", fast_branch)
    assert re.search(r"\bN\d+\(|NEWCLOSURE\(\)", other)


def test_inline_hof_escape_only_call_cc_is_written_in_line_and_a_kept_one_is_not():
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval("(define (f x) (call/cc (lambda (k) (if x (k 1) 2))))")
        s.eval("(define saved #f) (define (g) (call/cc (lambda (k) (set! saved k) 3)))")
    assert s.show("(list (f #t) (f #f) (g))") == "(1 2 3)"
    (f_text,) = [t for t in sources if "def fast(v1_x," in t]
    (g_text,) = [t for t in sources if "def fast(parent)" in t]
    # (k 1) is in the receiver's own tail: its value, no CC_THROW, and with k used nowhere
    # else no continuation is made: CC_LIGHT, not CC_ENTER (s8-escb; see
    # test_inline_hof_call_cc_with_k_only_in_its_tail_makes_no_continuation_and_keeps_the_level).
    assert "CC_LIGHT()" in f_text and "CC_THROW(" not in f_text
    assert "CC_ENTER()" not in g_text and "CC_LIGHT()" not in g_text


def test_inline_hof_redefined_map_is_seen_by_a_loop_already_compiled():
    """Regression guard for the token: redefining map after the procedure was
    compiled (and ran open-coded) sends its next call to the new procedure."""
    s = Session()
    s.interp.compiler.generate = True
    s.eval("(define (f l) (map (lambda (x) (+ x 1)) l))")
    assert s.show("(f '(1 2))") == "(2 3)"
    s.eval("(define (map g l) (list 'mine (g (car l))))")
    assert s.show("(f '(1 2))") == "(mine 2)"


def _site_flags(s, name):
    """The in-line call/cc sites' flags (X<n>) of procedure `name`'s generated function."""
    fast = s.interp.lookup(name).fast
    cells = zip(fast.__code__.co_freevars, fast.__closure__ or ())
    return {n: c.cell_contents[0] for n, c in cells if re.fullmatch(r"X\d+", n)}


def test_inline_hof_escape_past_an_inner_call_cc_keeps_the_outer_one_in_line():
    """Regression: an escape from an inner in-line call/cc to an outer one (in the same
    function) withdrew the outer one's in-lining for good: its handler asked whether the
    continuations the escape used up were still held while the inner one's k was still
    in the function's locals (and in the exception's traceback), so it always was.  The
    handler now lets go of a used-up k and asks after the try statement, as callcc asks
    after its own handler."""
    s = Session()
    s.interp.compiler.generate = True
    s.eval("(define (f) (call/cc (lambda (outer) (call/cc (lambda (inner) (outer 1))) 2)))")
    assert s.show("(list (f) (f))") == "(1 1)"
    flags = _site_flags(s, "f")
    assert len(flags) == 2 and all(flags.values()), flags


def test_inline_hof_apply_of_plus_is_open_coded_and_redefinition_is_seen():
    """(apply + l) with the standard apply and + goes to the open-coded helper (H<n>),
    not through apply and the trampoline; redefining + after compilation sends the
    next call to the new procedure (the token)."""
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval("(define (f l) (list (apply + l)))")
    assert s.show("(f '(1 2 3))") == "(6)"
    (text,) = [t for t in sources if "def fast(v1_l," in t]
    assert re.search(r"= H\d+\(v1_l\)", text)
    s.eval("(set! + (lambda xs (length xs)))")
    assert s.show("(f '(1 2 3))") == "(3)"


def test_inline_hof_escape_in_the_receivers_tail_is_its_value_with_no_raise():
    """(k v) in a tail position of the in-line receiver's own body (here inside a named
    let there) is the body's value: no exception raised, no continuation call; an
    escape from a lambda inside the body (for-each's) leaves the for-each's loop by
    `break` with a flag (pyfunc.seq_of_receiver), and with a dynamic-wind extent to
    leave calls the continuation (CC_THROW)."""
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval("(define (g l) (call/cc (lambda (k) (let loop ((l l)) (cond ((null? l) 'none)"
               " ((= (car l) 0) (k 'zero)) (else (loop (cdr l))))))))")
        s.eval("(define (f l) (call/cc (lambda (k) (for-each (lambda (x) (if (= x 0) (k 'zero))) l) 'none)))")
    assert s.show("(list (g '(1 0 2)) (g '(1 2)) (f '(1 0 2)) (f '(3)))") == "(zero none zero none)"
    (g_text,) = [t for t in sources if "def fast(v1_l," in t and "for-each" not in t and "v1_x" not in t]
    (f_text,) = [t for t in sources if "def fast(v1_l," in t and "v1_x" in t]
    assert "CC_LIGHT()" in g_text and "raise ESCAPE" not in g_text and "CC_THROW(" not in g_text
    assert "raise ESCAPE" not in f_text and re.search(r"we\d+ = True", f_text) and "CC_THROW(" in f_text


def test_inline_hof_call_cc_with_k_only_in_its_tail_makes_no_continuation_and_keeps_the_level():
    """A receiver using k only in its own tail positions makes no continuation
    (CC_LIGHT, not CC_ENTER); its nesting level is given back on a normal end, an
    error and an escape to a continuation further out, so that thousands of them
    never reach call/cc's nesting limit."""
    s = Session()
    s.interp.compiler.generate = True
    with generated_python() as sources:
        s.eval("(define outer-k #f)"
               " (define (p l) (call/cc (lambda (k) (let loop ((l l)) (cond ((null? l) 'end) ((eq? (car l) 'stop) (k 'stopped))"
               " ((eq? (car l) 'bad) (car '())) ((eq? (car l) 'out) (outer-k 'left)) (else (loop (cdr l))))))))")
        s.eval("(define (q l) (call/cc (lambda (k) (set! outer-k k) (list 'in (p l)))))")
        s.eval("(define (f l) (call/cc (lambda (k) (for-each (lambda (x) (if x (k x))) l) 'none)))")
    s.eval("(define (again n) (if (> n 0) (begin (p '(1 stop)) (guard (e (#t 'caught)) (p '(bad))) (q '(out)) (again (- n 1)))))")
    s.eval("(again 12000)")
    assert s.interp.cc_level == 0
    assert s.show("(list (p '(1)) (p '(stop)) (q '(out)) (f '(#f 3)))") == "(end stopped left 3)"
    (p_text,) = [t for t in sources if "def fast(v1_l," in t and "stop" not in t and "v1_x" not in t and "CC_" in t][:1]
    (f_text,) = [t for t in sources if "def fast(v1_l," in t and "v1_x" in t]
    assert "CC_LIGHT()" in p_text and "CC_ENTER()" not in p_text
    assert "CC_ENTER()" in f_text and "CC_LIGHT()" not in f_text
