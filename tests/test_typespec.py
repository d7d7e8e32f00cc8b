"""Call-free loops written twice (typespec.py, pyfunc.py): a copy specialised for the
variables' types, tested once before the loop, and the ordinary loop.

The copy must be invisible: every program gives the same value, output, error
(text and position) and step count as the closure compiler, which has no copy,
whichever copy runs."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import generated_python, no_emitter_syntax_errors, run_program
from schemehost import Interpreter


def same_everywhere(program: str, step_limit: int | None = 50_000):
    """Run `program` generated at once, tiered and closure-compiled; return the common result
    (and every text written must compile: no_emitter_syntax_errors)."""
    with no_emitter_syntax_errors():
        results = {mode: run_program(program, mode, step_limit) for mode in (True, "tiered", False)}
    assert len(set(results.values())) == 1, f"\n{program}\n" + "\n".join(f"{k}: {v}" for k, v in results.items())
    return results[True]


def generated_source(program: str) -> str:
    """The Python source written for `program`'s procedures (generated at once)."""
    interp = Interpreter()
    interp.compiler.generate = True
    with generated_python() as texts:
        interp.eval_string(program)
    assert texts, "no Python was written"
    return "\n".join(texts)


SIEVE = """
(define (sieve n)
  (let ((prime (make-vector n #t)))
    (do ((i 2 (+ i 1))) ((> (* i i) n) prime)
      (if (vector-ref prime i)
          (do ((j (* i i) (+ j i))) ((>= j n))
            (vector-set! prime j #f))))))
"""


def test_typespec_sieve_loop_is_written_with_a_test_before_it_and_plain_operations_inside():
    source = generated_source(SIEVE)
    # i, an index assigned only non-negative values, is tested >= 0 too, once.
    assert "if type(v1_n) is int and type(v1_i) is int and v1_i >= 0 and type(v1_prime) is list and T" in source
    assert "v1_j = (v1_j + v1_i)" in source  # no type test left on the step
    # So the index needs no `0 <=` in the copy, and the read and the store leave the test
    # of the end to Python's own indexing (IndexError: the procedure, for its error).
    assert re.search(r"try:\n +(t\d+) = v1_prime\[v1_i\]\n +except IndexError:\n +\1 = Z\[\d+\]\(v1_prime, v1_i\)",
                     source)
    assert re.search(r"try:\n +v1_prime\[v1_j\] = False\n +except IndexError:\n +Z\[\d+\]\(v1_prime, v1_j, False\)",
                     source)
    # The ordinary loop tests the index's type and sign and leaves the end to Python's
    # indexing too (Emitter.raising): no length of the vector is read anywhere.
    assert re.search(r"if type\(v1_prime\) is T\d+ and type\(v1_i\) is int and v1_i >= 0:\n +try:\n"
                     r" +(t\d+) = v1_prime\[v1_i\]\n +except IndexError:", source)
    assert "len(v1_prime)" not in source
    # The ordinary loop is still there, for any other types.
    assert "S" in source and "else:\n" in source


PROGRAMS = {
    "sieve": SIEVE + "(let ((v (sieve 200))) (do ((i 0 (+ i 1)) (c 0 (if (vector-ref v i) (+ c 1) c))) ((= i 200) c)))",
    "float-step-leaves-int": "(define (f) (do ((x 0 (+ x 1/2)) (k 0 (+ k 1))) ((= k 5) x))) (f)",
    "float-bound": "(define (f n) (do ((i 0 (+ i 1))) ((> i n) i))) (list (f 3) (f 2.5) (f 10))",
    "bignum-growth": "(define (f) (do ((i 0 (+ i 1)) (p 1 (* p 1000000007))) ((= i 6) p))) (f)",
    "vector-is-a-list": "(define (f v) (do ((i 0 (+ i 1)) (s 0 (+ s (vector-ref v i)))) ((= i 3) s))) (list (f (vector 1 2 3)) (f '(1 2 3)))",
    "out-of-range": "(define (f v) (do ((i 0 (+ i 1)) (s 0 (+ s (vector-ref v i)))) ((= i 4) s))) (f (vector 1 2 3))",
    # The copy's reads and stores past the end: Python's IndexError, then the procedure's error.
    "store-out-of-range": "(define (f v) (do ((i 0 (+ i 1))) ((= i 4) v) (vector-set! v i i))) (f (make-vector 3 0))",
    "string-out-of-range": "(define (f s) (do ((i 0 (+ i 1)) (n 0 (+ n (char->integer (string-ref s i)))))"
                           " ((= i 4) n))) (f \"abc\")",
    "row-out-of-range": "(define (f m) (do ((i 0 (+ i 1)) (s 0 (+ s (vector-ref (vector-ref m i) i)))) ((= i 3) s)))"
                        " (list (f (vector (vector 1 2 3) (vector 4 5 6) (vector 7 8 9))) (f (vector (vector 1) (vector 2 3) (vector 4))))",
    "row-not-a-vector": "(define (f m) (do ((i 0 (+ i 1)) (s 0 (+ s (vector-ref (vector-ref m i) 0)))) ((= i 2) s)))"
                        " (f (vector (vector 1) '(2)))",
    "row-store-out-of-range": "(define (f m) (do ((i 0 (+ i 1))) ((= i 2) m) (vector-set! (vector-ref m i) 1 i)))"
                              " (f (vector (vector 0 0) (vector 0)))",
    # car and cdr of what is not a pair in a copy: Python's AttributeError, then the procedure's error.
    "car-of-the-tail": "(define (f l n) (let loop ((acc 0) (l l) (k 0)) (if (= k n) acc"
                       " (loop (+ acc (car l)) (cdr l) (+ k 1))))) (list (f '(1 2 3) 3) (f '(1 2 . 3) 3))",
    "cdr-of-the-tail": "(define (f l n) (let loop ((l l) (k 0)) (if (= k n) l (loop (cdr l) (+ k 1)))))"
                       " (list (f '(1 2 3) 3) (f '(1 . 2) 3))",
    "string-scan": """
        (define (count-upper s)
          (do ((i 0 (+ i 1)) (n 0 (if (char-upper-case? (string-ref s i)) (+ n 1) n)))
              ((= i (string-length s)) n)))
        (list (count-upper "Hello World ABC") (count-upper 'sym))""",
    "char-codes": """
        (define (codes s)
          (let loop ((i 0) (acc '()))
            (if (= i (string-length s)) (reverse acc)
                (let ((c (string-ref s i)))
                  (loop (+ i 1) (cons (- (char->integer (char-downcase c)) 96) acc))))))
        (codes "AbCz")""",
    "times-redefined-before": "(define (f n) (do ((i 0 (+ i 1)) (s 0 (+ s (* i i)))) ((= i n) s))) (define a (f 5)) (set! * +) (list a (f 5))",
    "quotient-negative-and-zero": """
        (define (f a b) (do ((i 0 (+ i 1)) (s 0 (+ s (quotient a b)))) ((= i 2) s)))
        (list (f 7 2) (f -7 2) (f 7 -2) (f 7 0))""",
    "modulo-by-zero": "(define (f a) (do ((i 0 (+ i 1)) (s 0 (+ s (modulo a i)))) ((= i 3) s))) (f 10)",
    "set-in-loop": "(define (f n) (let ((t 0)) (do ((i 0 (+ i 1))) ((= i n) t) (set! t (+ t (* i i)))))) (list (f 4) (f 0))",
    "set-to-float-in-loop": "(define (f n) (let ((t 0)) (do ((i 0 (+ i 1))) ((= i n) t) (set! t (+ t 0.5))))) (f 3)",
    "nested-matrix": """
        (define (mm a b n)
          (let ((c (make-vector n)))
            (do ((i 0 (+ i 1))) ((= i n) c)
              (let ((row (make-vector n 0)))
                (vector-set! c i row)
                (do ((j 0 (+ j 1))) ((= j n))
                  (do ((k 0 (+ k 1)) (s 0 (+ s (* (vector-ref (vector-ref a i) k) (vector-ref (vector-ref b k) j)))))
                      ((= k n) (vector-set! row j s))))))))
        (mm (vector (vector 1 2) (vector 3 4)) (vector (vector 5 6) (vector 7 8.5)) 2)""",
    "integer-char-past-surrogates": "(define (f) (do ((i 57344 (+ i 1)) (acc '() (cons (integer->char i) acc))) ((= i 57346) (map char->integer acc)))) (f)",
    "string-append-in-loop": """
        (define (rev s)
          (let loop ((i 0) (acc ""))
            (if (= i (string-length s)) acc
                (loop (+ i 1) (string-append (string (string-ref s i)) acc)))))
        (list (rev "hello") (rev ""))""",
    "string-upcase-in-loop": """
        (define (shout s)
          (let loop ((i 0) (acc ""))
            (if (= i (string-length s)) acc
                (loop (+ i 1) (string-upcase (string-append acc (string (string-ref s i))))))))
        (list (shout "hello") (shout ""))""",
    "string-append-error-in-loop": "(define (f n) (do ((i 0 (+ i 1)) (acc \"\" (string-append acc i))) ((= i n) acc))) (list (f 0) (f 2))",
    "string-append-redefined-before": """
        (define (f n) (do ((i 0 (+ i 1)) (acc "" (string-append acc "x"))) ((= i n) acc)))
        (define a (f 3))
        (define (string-append . xs) (length xs))
        (list a (f 3))""",
    "pure-calls-mixed": """
        (define (f v n)
          (do ((i 0 (+ i 1)) (acc '() (cons (number->string (vector-ref v (modulo i (vector-length v)))) acc)))
              ((= i n) (list (length acc) (apply string-append acc)))))
        (list (f (vector 1 2.5 -3) 5) (f (vector) 1))""",
    "fact-iter": """
        (define (fact-iter product counter max-count)
          (if (> counter max-count) product (fact-iter (* counter product) (+ counter 1) max-count)))
        (list (fact-iter 1 1 10) (fact-iter 1 1 2.5) (fact-iter 1.0 1 5) (fact-iter 1 1 700))""",
    "self-loop-string": """
        (define (count-upper s i n)
          (cond ((= i (string-length s)) n)
                ((char-upper-case? (string-ref s i)) (count-upper s (+ i 1) (+ n 1)))
                (else (count-upper s (+ i 1) n))))
        (list (count-upper "Hello World" 0 0) (count-upper "abc" 0 1/2) (count-upper 'abc 0 0))""",
    "self-loop-exits-by-another-tail-call": """
        (define (done n) (list 'done n))
        (define (down n acc) (if (= n 0) (done acc) (down (- n 1) (+ acc n))))
        (list (down 10 0) (down 3 0.5))""",
    "self-loop-redefined-between-calls": """
        (define (down n) (if (= n 0) 'zero (down (- n 1))))
        (define a (down 5))
        (define old down)
        (define (down n) (list 'new n))
        (list a (old 5))""",
    "self-loop-with-a-pure-non-tail-call": """
        (define (g x) (* x 2))
        (define (f n acc) (if (= n 0) acc (f (- n 1) (+ acc (g n)))))
        (f 10 0)""",
    "helper-in-loop": """
        (define (vowel? c) (memv (char-downcase c) '(#\\a #\\e #\\i #\\o #\\u)))
        (define (count-vowels s)
          (do ((i 0 (+ i 1)) (n 0 (if (vowel? (string-ref s i)) (+ n 1) n))) ((= i (string-length s)) n)))
        (define a (count-vowels "Programming Languages"))
        (define (vowel? c) (char=? c #\\g))
        (list a (count-vowels "Programming Languages"))""",
    "helper-with-its-own-loop-through-an-alias": """
        (define (digits n acc) (if (< n 10) (+ acc 1) (digits (quotient n 10) (+ acc 1))))
        (define count-digits digits)
        (define (total v) (do ((i 0 (+ i 1)) (t 0 (+ t (count-digits (vector-ref v i) 0)))) ((= i (vector-length v)) t)))
        (list (total (vector 1 22 333 4444)) (total (vector 5 -6 7.5)))""",
    "helper-that-assigns-a-global": """
        (define calls 0)
        (define (seen x) (set! calls (+ calls 1)) x)
        (define (f n) (do ((i 0 (+ i 1)) (s 0 (+ s (seen i)))) ((= i n) (list s calls))))
        (f 5)""",
    "helper-whose-primitive-is-redefined-to-redefine-plus": """
        (define (down c) (char-downcase c))
        (define (f s) (do ((i 0 (+ i 1)) (acc '() (cons (down (string-ref s i)) acc))) ((= i (string-length s)) (list i acc))))
        (define a (f "AB"))
        (define (char-downcase c) (set! + -) c)
        (list a (f "ABC"))""",
    "primitive-redefined-and-restored": """
        (define (f n) (do ((i 0 (+ i 1)) (s 0 (+ s (* i i)))) ((= i n) s)))
        (define std* *)
        (define a (f 4))
        (set! * +)
        (define b (f 4))
        (set! * std*)
        (list a b (f 4))""",
    "record-procedures-in-a-self-loop": """
        (define-record-type account (make-account id balance) account? (id account-id) (balance account-balance))
        (define (find bank id)
          (cond ((null? bank) #f) ((= (account-id (car bank)) id) (account-balance (car bank))) (else (find (cdr bank) id))))
        (define bank (list (make-account 1 10) (make-account 2 20) (make-account 3 30)))
        (define a (list (find bank 2) (find bank 7) (find (list 5) 1)))""",
    "record-accessor-redefined": """
        (define-record-type point (make-point x y) point? (x point-x) (y point-y))
        (define (sum-x ps acc) (if (null? ps) acc (sum-x (cdr ps) (+ acc (point-x (car ps))))))
        (define ps (list (make-point 1 2) (make-point 3 4)))
        (define a (sum-x ps 0))
        (set! point-x point-y)
        (list a (sum-x ps 0))""",
    "top-level-loop": "(do ((i 0 (+ i 1)) (s 0 (+ s i))) ((= i 10) s))",
    "step-limit": "(define (f) (do ((i 0 (+ i 1))) ((< i 0) i))) (f)",
    "exit-to-outer-loop": """
        (define (f n)
          (let outer ((i 0) (found '()))
            (if (= i n) (reverse found)
                (do ((j 0 (+ j 1))) ((= j i) (outer (+ i 1) (cons (* i j) found)))))))
        (f 5)""",
    "case-and-when": """
        (define (f v)
          (do ((i 0 (+ i 1)) (s 0 (case (vector-ref v i) ((1) (+ s 10)) ((2 3) (+ s 100)) (else s))))
              ((= i (vector-length v)) s)
            (when (> i 1) (vector-set! v i 0))))
        (f (vector 1 2 3 3 1))""",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_typespec_programs_give_the_same_everywhere(name):
    same_everywhere(PROGRAMS[name], step_limit=5_000 if name == "step-limit" else 50_000)


def test_typespec_results_of_some_programs():
    """Not only the same: right (what the closure compiler gave before the copies existed)."""
    assert same_everywhere(PROGRAMS["float-bound"])[0] == "(4 3 11)"
    assert same_everywhere(PROGRAMS["vector-is-a-list"])[0].startswith(
        "ERROR t.scm:1:44: vector-ref: argument 1 must be a vector: (1 2 3)")
    assert same_everywhere(PROGRAMS["times-redefined-before"])[0] == "(30 20)"
    assert same_everywhere(PROGRAMS["quotient-negative-and-zero"])[0].startswith("ERROR t.scm:")
    assert same_everywhere(PROGRAMS["string-scan"])[0].startswith("ERROR t.scm:")
    assert same_everywhere("(define (f s) (do ((i 0 (+ i 1)) (n 0 (if (char-upper-case? (string-ref s i)) (+ n 1) n)))"
                           " ((= i (string-length s)) n))) (f \"Hello World ABC\")")[0] == "5"
    assert same_everywhere(PROGRAMS["nested-matrix"])[0] == "#(#(19 23.0) #(43 52.0))"
    assert same_everywhere(PROGRAMS["record-accessor-redefined"])[0] == "(4 6)"
    assert same_everywhere(PROGRAMS["record-procedures-in-a-self-loop"] + " a")[0].startswith(
        "ERROR t.scm:4:39: account-id: argument 1 must be a account record: 5")
    assert same_everywhere(PROGRAMS["step-limit"], step_limit=5_000)[0] == (
        "ERROR t.scm:1:47: step limit of 5000 procedure calls exceeded\n  called from t.scm:1:47: (f)")


@pytest.mark.parametrize("name, error", [
    ("out-of-range", "ERROR t.scm:1:44: vector-ref: index out of range: 3\n  called from t.scm:1:44: (vector-ref v i)"),
    ("store-out-of-range", "ERROR t.scm:1:47: vector-set!: index out of range: 3\n"
                           "  called from t.scm:1:47: (vector-set! v i i)"),
    ("string-out-of-range", "ERROR t.scm:1:59: string-ref: index out of range: 3\n"
                            "  called from t.scm:1:59: (string-ref s i)"),
    ("row-out-of-range", "ERROR t.scm:1:44: vector-ref: index out of range: 2\n"
                         "  called from t.scm:1:44: (vector-ref (vector-ref m i) i)"),
    ("row-not-a-vector", "ERROR t.scm:1:44: vector-ref: argument 1 must be a vector: (2)\n"),
    ("row-store-out-of-range", "ERROR t.scm:1:47: vector-set!: index out of range: 1\n"),
    ("car-of-the-tail", "ERROR t.scm:1:78: car: argument 1 must be a pair: 3\n  called from t.scm:1:78: (car l)"),
    ("cdr-of-the-tail", "ERROR t.scm:1:61: cdr: argument 1 must be a pair: 2\n  called from t.scm:1:61: (cdr l)"),
])
def test_typespec_index_past_the_end_in_a_copy_is_the_procedures_error(name, error):
    """The copy indexes without testing the end, and reads car and cdr without testing for a
    pair (Python raises IndexError or AttributeError, caught, and the procedure runs to give
    its error): the same error, position, backtrace and steps."""
    from schemehost import SchemehostError

    interp = Interpreter()
    interp.compiler.generate = True
    with generated_python() as texts, pytest.raises(SchemehostError):
        interp.eval_string(PROGRAMS[name])
    assert any(("except AttributeError:" if "tail" in name else "except IndexError:") in text for text in texts)
    assert same_everywhere(PROGRAMS[name])[0].startswith(error)


ENTRY_TEST = re.compile(
    r"^\s*if type\(\w+\) is \w+( and \w+ >= 0)?( and type\(\w+\) is \w+( and \w+ >= 0)?)* and (TC?\d+|C\d+\.value is k\d+)",
    re.M)


def test_typespec_one_token_stands_for_the_primitives_of_a_copy_and_follows_them():
    from schemehost.pyfunc import _runtime

    interp = Interpreter()
    interp.compiler.generate = True
    with generated_python() as texts:
        interp.eval_string("(define (f n) (do ((i 0 (+ i 1)) (s 0 (+ s (* i i)))) ((= i n) s))) (define std* *)")
    token = re.search(r" and (TC\d+):", "\n".join(texts)).group(1)
    G = _runtime(interp.compiler).G
    assert G[token] is True
    interp.eval_string("(set! * +)")
    assert G[token] is False
    interp.eval_string("(set! * std*)")
    assert G[token] is True
    assert same_everywhere(PROGRAMS["primitive-redefined-and-restored"])[0] == "(14 12 14)"


def test_typespec_entry_test_pattern_finds_the_sieve_copy():
    assert ENTRY_TEST.search(generated_source(SIEVE))


def test_typespec_a_call_of_a_standard_procedure_that_runs_no_scheme_code_keeps_the_copy():
    # (string-append of two strings is written in line: string-upcase is a call.)
    source = generated_source(PROGRAMS["string-upcase-in-loop"])
    assert ENTRY_TEST.search(source)
    assert re.search(r"\bP\d+\(", source) and "] = P" not in source  # the procedure itself, called in the copy


def test_typespec_a_host_procedure_under_a_standard_name_gets_no_copy():
    """A host's Python function may call back into Scheme: only the standard procedure is
    trusted.  Here it redefines `string`, which the very next iteration must call."""
    from schemehost.datatypes import new_string
    from schemehost.printer import write_string
    from schemehost.runtime import Primitive

    def host_append(*strings):
        interp.eval_string('(set! string (lambda (c) "!"))')
        return new_string("".join(x.s for x in strings))

    interp = Interpreter()
    interp.compiler.generate = True
    interp.define("string-append", Primitive("string-append", host_append, 0, -1))
    with generated_python() as texts:
        interp.eval_string(PROGRAMS["string-append-in-loop"].replace('(rev "")', ""))
    assert texts and not any(ENTRY_TEST.search(t) for t in texts)
    assert write_string(interp.eval_string('(begin (set! string (lambda cs (list->string cs))) (rev "abc"))')) == '"!!a"'


def test_typespec_a_loop_calling_a_procedure_that_runs_no_other_code_gets_a_copy():
    source = generated_source(PROGRAMS["helper-in-loop"])
    assert ENTRY_TEST.search(source) and ".value is k" in source
    assert same_everywhere(PROGRAMS["helper-in-loop"])[0] == "(7 4)"
    # A helper that assigns a global: no copy, and the program sees every assignment.
    assert not ENTRY_TEST.search(generated_source(PROGRAMS["helper-that-assigns-a-global"]))
    assert same_everywhere(PROGRAMS["helper-that-assigns-a-global"])[0] == "(10 5)"
    # The helper's char-downcase redefined (to a procedure that redefines +): the copy's
    # test fails from then on, and the loop sees + change in the middle.
    assert same_everywhere(PROGRAMS["helper-whose-primitive-is-redefined-to-redefine-plus"])[0].startswith(
        "ERROR t.scm:3:63: string-ref: index out of range: -1")


def test_typespec_a_loop_of_string_set_gets_a_copy():
    """string-set! is written in line (inline.TERNARY): its guard's tests of the
    string, the index and the character are what the copy leaves out."""
    program = "(define (f s n) (do ((i 0 (+ i 1))) ((= i n) s) (string-set! s i #\\a))) (f (make-string 3 #\\b) 2)"
    source = generated_source(program)
    assert ENTRY_TEST.search(source)
    assert same_everywhere(program)[0] == '"aab"'


def test_typespec_a_procedure_calling_itself_in_tail_position_gets_a_copy():
    source = generated_source(PROGRAMS["fact-iter"])
    # (D<n> is fast: the global still holds the procedure, asked once there, not at each self call)
    assert re.search(r"if type\(v1_counter\) is int and type\(v1_maxcount\) is int and type\(v1_product\) is int"
                     r" and D\d+ is fast and T", source)
    assert " = (v1_counter + (1))" in source  # no type test left on the step
    assert same_everywhere(PROGRAMS["fact-iter"])[0].startswith("(3628800 2 120.0 ")


@pytest.mark.parametrize("program", [
    # g may run other code: display, or another procedure of the program
    "(define (g x) (display x)) (define (f n) (do ((i 0 (+ i 1))) ((= i n)) (g i)))",
    "(define (h x) x) (define (g x) (* (h x) 2)) (define (f n acc) (if (= n 0) acc (f (- n 1) (+ acc (g n)))))",
    "(define k 0) (define (f n) (do ((i 0 (+ i 1))) ((= i n)) (set! k (+ k i))))",
    "(define (f n) (do ((i 0 (+ i 1)) (l '() (cons (lambda () i) l))) ((= i n) l)))",
    "(define (f s n) (do ((i 0 (+ i 1))) ((= i n) s) (string-copy! s i \"a\")))",
    # one type test left out ((+ i 1)'s of i): not worth a copy (typespec.MIN_SAVED)
    "(define (f l) (let loop ((l l) (i 0)) (if (null? l) i (loop (cdr l) (+ i 1)))))",
])
def test_typespec_loops_that_may_run_scheme_code_or_assign_globals_get_no_copy(program):
    assert not ENTRY_TEST.search(generated_source(program))


# Random call-free loops over a few variables whose values mix exact integers, reals,
# vectors and strings: the copy and the ordinary loop must agree with the closure compiler.
ATOMS = ["i", "a", "b", "1", "2", "0", "-3", "1.5", "v", "s"]


def expr(depth):
    leaf = st.sampled_from(ATOMS)
    if depth == 0:
        return leaf
    sub = expr(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(st.sampled_from(["+", "-", "*", "max", "quotient", "modulo"]), sub, sub).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(st.just("vector-ref"), st.just("v"), sub).map(lambda t: f"(vector-ref v {t[2]})"),
        st.tuples(st.just("char->integer (string-ref s"), sub).map(lambda t: f"(char->integer (string-ref s {t[1]}))"),
        st.tuples(st.just("string-length"), st.sampled_from(["s", "v"])).map(lambda t: f"(string-length {t[1]})"),
        st.tuples(sub, sub, sub).map(lambda t: f"(if (< {t[0]} {t[1]}) {t[2]} {t[1]})"),
        # Calls of standard procedures that run no Scheme code (typespec.PURE).
        sub.map(lambda e: f"(string-length (number->string {e}))"),
        st.tuples(sub, sub).map(lambda t: f"(length (list {t[0]} {t[1]}))"),
        sub.map(lambda e: f"(string-length (string-append s (symbol->string 'ab) (substring \"xyz\" 0 {e})))"),
    )


VALUES = st.sampled_from(["0", "5", "-2", "2.5", "(vector 3 1 4 1 5)", "\"Scheme\"", "'(1 2)", "#\\a"])


# The same random steps in a `do` loop and in a procedure calling itself in tail position.
TEMPLATES = {
    "do": "(define (f a b v s) (do ((i 0 (+ i 1)) (a a {step_a}) (b b {step_b})) ((>= i {n}) (list a b)))) (f {a} {b} {v} {s})",
    "self": "(define (f i a b v s) (if (>= i {n}) (list a b) (f (+ i 1) {step_a} {step_b} v s))) (f 0 {a} {b} {v} {s})",
}


@pytest.mark.parametrize("shape", sorted(TEMPLATES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=VALUES, b=VALUES, v=VALUES, s=VALUES, step_a=expr(2), step_b=expr(2), n=st.integers(0, 6))
def test_typespec_random_loops_agree_with_the_closure_compiler(shape, a, b, v, s, step_a, step_b, n):
    program = TEMPLATES[shape].format(a=a, b=b, v=v, s=s, step_a=step_a, step_b=step_b, n=n)
    same_everywhere(program, step_limit=2_000)


# What the code run so far shows (pyfunc.Emitter.facts): in a copy, a variable that
# car, vector-ref, char-upcase, ... (inline.STRICT) took is known to have the type
# they test until it is assigned again; and so is a variable (pair? v) found a pair,
# in that branch.  What a branch showed must not hold after it.


@pytest.mark.parametrize("test", ["(vector-ref v i)", "(car (vector-ref w i))", "(string-ref s i)"])
def test_typespec_a_read_tested_in_a_later_cond_clause_is_still_compiled(test):
    """A read of a vector (pair, string) tested in an elif of the copy goes to a temporary
    first: the emitter writes the clause as else-if (it wrote the temporary's assignment
    between the if and the elif once, so that the text did not compile and the loop ran
    as closures)."""
    program = f"""
    (define (f v w s n)
      (let loop ((i 0) (acc 0))
        (cond ((= i n) acc)
              ((= i 100) (loop (+ i 1) acc))
              ({test} (loop (+ i 1) (+ acc 1)))
              (else (loop (+ i 1) acc)))))
    (f (vector '(1) #f '(2) #f '(#f)) (vector '(1) '(#f) '(2) '(#f) '(#f)) "abc!e" 5)"""
    assert same_everywhere(program)[0] == {"(vector-ref v i)": "3", "(car (vector-ref w i))": "2",
                                           "(string-ref s i)": "5"}[test]
    interp = Interpreter()
    interp.compiler.generate = True
    interp.eval_string(program)
    assert interp.lookup("f").fast is not None


GLOB = """
(define (glob-matches? pattern text)
  (let ((pn (string-length pattern))
        (tn (string-length text)))
    (let walk ((p 0) (t 0))
      (cond ((= p pn) (= t tn))
            ((char=? (string-ref pattern p) #\\*)
             (or (walk (+ p 1) t)
                 (and (< t tn) (walk p (+ t 1)))))
            ((= t tn) #f)
            ((or (char=? (string-ref pattern p) #\\?)
                 (char=? (string-ref pattern p) (string-ref text t)))
             (walk (+ p 1) (+ t 1)))
            (else #f)))))
"""


def test_a_cond_clause_reading_a_variable_of_a_frame_further_out_is_still_compiled():
    """A later clause's test reading a variable two frames out (tn, from inside the
    named let `walk` called as a recursive function) reads it into a temporary first:
    the clause is written as else-if.  It was written as an elif after that statement,
    Python refused the text, and the whole procedure ran as closures."""
    cases = [('"a*b" "aab"', "#t"), ('"a*b" "aac"', "#f"), ('"?b*c?" "abxcd"', "#t"), ('"*" ""', "#t"),
             ('"ab" "a"', "#f")]
    for args, expected in cases:
        # (same_everywhere fails on any text written that Python refuses.)
        assert same_everywhere(GLOB + f"(glob-matches? {args})")[0] == expected, args


def test_typespec_a_walk_down_a_list_tests_the_pair_once_per_element():
    source = generated_source("""
(define (find-id lst id)
  (cond ((null? lst) #f)
        ((= (car (car lst)) id) (car lst))
        (else (find-id (cdr lst) id))))
(find-id '((1 . a) (2 . b)) 2)
""")
    copy = source.split("\n        else:\n")[0]
    # The first (car lst) finds out that lst is a pair (reading car raises AttributeError
    # on anything else: the procedure then gives its error); (cdr lst) does not test, and
    # the second (car lst) is the first's value.
    assert re.search(r"try:\n +t1 = v1_lst\.car\n +except AttributeError:\n +t1 = Z\[\d+\]\(v1_lst\)\n", copy)
    assert "return t1\n" in copy
    assert "t4 = (v1_lst.cdr)\n" in copy


@pytest.mark.parametrize("program, expected", [
    # car ran in one branch only: after the join, cdr must still test its operand.
    ("(define (f l n) (let loop ((l l) (k 0) (s 0)) (if (= k n) s"
     " (begin (if (> k 5) (set! s (car l))) (loop (cdr l) (+ k 1) s))))) (f 7 2)",
     "ERROR t.scm:1:104: cdr: argument 1 must be a pair: 7"),
    # (pair? l) held in its branch only.
    ("(define (f l n) (let loop ((l l) (k 0) (s 0)) (if (= k n) s"
     " (loop (if (pair? l) (cdr l) (car l)) (+ k 1) (+ s 1))))) (f '(1 2) 3)",
     "ERROR t.scm:1:89: car: argument 1 must be a pair: ()"),
    # Assigned, a variable's type is no longer known.
    ("(define (f l n) (let loop ((l l) (k 0) (s '())) (if (= k n) s"
     " (let ((a (car l))) (set! l (car l)) (loop (cdr l) (+ k 1) (cons a s)))))) (f '((1 2) (3 4)) 2)",
     "ERROR t.scm:1:105: cdr: argument 1 must be a pair: 2"),
    # Assigned in one branch: after it, the type it had before the branch is not known.
    ("(define (f l n) (let loop ((l l) (k 0) (s '())) (if (= k n) s"
     " (let ((a (car l))) (if (> k 0) (set! l 5)) (loop (cdr l) (+ k 1) (cons a s)))))) (f '(1 2 3) 3)",
     "ERROR t.scm:1:112: cdr: argument 1 must be a pair: 5"),
    # A later operand assigns the variable: the primitive ran on its old value.
    ("(define (f x l n) (let loop ((k 0) (acc '())) (if (= k n) acc"
     " (begin (set-car! x (begin (set! x l) 0)) (loop (+ k 1) (cons (car x) acc)))))) (f (list 1 2) '() 2)",
     "ERROR t.scm:1:124: car: argument 1 must be a pair: ()"),
    # `and`: what its second operand showed does not hold after it.
    ("(define (f l n) (let loop ((k 0) (x l) (s 0)) (if (= k n) s (loop (+ k 1) (car (list x))"
     " (if (and (> k 1) (char-upper-case? x)) 1 (char->integer x)))))) (f 5 1)",
     "ERROR t.scm:1:131: char->integer: argument 1 must be a character: 5"),
])
def test_typespec_what_a_branch_showed_does_not_hold_after_it(program, expected):
    assert same_everywhere(program)[0].split("\n")[0] == expected


LIST_ATOMS = ["l", "x", "'()", "'(7 8)", "#\\q"]


def list_expr(depth):
    leaf = st.sampled_from(LIST_ATOMS)
    if depth == 0:
        return leaf
    sub = list_expr(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(st.sampled_from(["car", "cdr", "cadr", "char-upcase", "vector-length", "string-length"]), sub)
        .map(lambda t: f"({t[0]} {t[1]})"),
        st.tuples(sub, sub, sub).map(lambda t: f"(if (pair? {t[0]}) {t[1]} {t[2]})"),
        st.tuples(sub, sub, sub).map(lambda t: f"(if (null? {t[0]}) {t[1]} {t[2]})"),
        st.tuples(sub, sub).map(lambda t: f"(and {t[0]} {t[1]})"),
        st.tuples(sub, sub).map(lambda t: f"(or (pair? {t[0]}) {t[1]})"),
        st.tuples(sub, sub).map(lambda t: f"(begin {t[0]} {t[1]})"),
        st.tuples(sub, sub).map(lambda t: f"(cons {t[0]} {t[1]})"),
        st.tuples(sub, sub).map(lambda t: f"(when (pair? {t[0]}) {t[1]})"),
        sub.map(lambda e: f"(begin (set! x {e}) x)"),
        st.tuples(sub, sub).map(lambda t: f"(begin (if (pair? {t[0]}) (set! x {t[1]})) x)"),
        st.tuples(sub, sub).map(lambda t: f"(begin (if (pair? {t[0]}) (set-car! x {t[1]})) (car x))"),
        sub.map(lambda e: f"(vector-ref (vector {e} 1) 0)"),
    )


LIST_VALUES = st.sampled_from(["'()", "'(1 2 3)", "'((1 2) (3) . 4)", "\"ab\"", "#\\a", "(vector 1 2)", "5",
                               "'(#\\a #\\b)"])

# The bound n is a variable, so the integer tests on k and n alone make the copy pay:
# every example runs a copy (when the types hold) as well as the ordinary loop.
LIST_TEMPLATES = {
    "let": "(define (f l x n) (let loop ((l l) (x x) (k 0) (acc '())) (if (>= k n) (list acc x)"
           " (loop {step_l} {step_x} (+ k 1) (cons {body} acc))))) (f {l} {x} {n})",
    "self": "(define (f l x k n acc) (if (>= k n) (list acc x) (f {step_l} {step_x} (+ k 1) n (cons {body} acc))))"
            " (f {l} {x} 0 {n} '())",
}


@pytest.mark.parametrize("shape", sorted(LIST_TEMPLATES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(l=LIST_VALUES, x=LIST_VALUES, step_l=list_expr(2), step_x=list_expr(2), body=list_expr(3),
       n=st.integers(0, 4))
def test_typespec_random_list_walks_agree_with_the_closure_compiler(shape, l, x, step_l, step_x, body, n):
    program = LIST_TEMPLATES[shape].format(l=l, x=x, step_l=step_l, step_x=step_x, body=body, n=n)
    same_everywhere(program, step_limit=2_000)


@pytest.mark.parametrize("program, expected", [
    # set-car! between two reads of (car p): the second reads the new value.
    ("(define (f p n) (let loop ((k 0) (acc '())) (if (= k n) acc"
     " (let ((a (+ 1 (car p)))) (set-car! p a) (loop (+ k 1) (cons (+ 0 (car p)) acc)))))) (f (list 1 2) 3)",
     "(4 3 2)"),
    # A procedure the copy calls changes the pair.
    ("(define (bump! p) (set-car! p (* 2 (car p)))) (define (f p n) (let loop ((k 0) (acc '()))"
     " (if (= k n) acc (let ((a (+ 0 (car p)))) (bump! p) (loop (+ k 1) (cons (+ a (car p)) acc))))))"
     " (f (list 1) 3)",
     "(12 6 3)"),
    # The variable is assigned between the reads.
    ("(define (f p n) (let loop ((k 0) (p p) (acc '())) (if (= k n) acc"
     " (let ((a (char-upcase (car p)))) (set! p (cdr p)) (loop (+ k 1) p (cons (char-upcase (car p)) (cons a acc)))))))"
     " (f (string->list \"abcd\") 2)",
     "(#\\C #\\B #\\B #\\A)"),
    # vector-set! between two reads of (vector-ref v i), one of them a test.
    ("(define (f v n) (let loop ((k 0) (i 1) (acc '())) (if (= k n) acc"
     " (let ((a (not (vector-ref v i)))) (if (vector-ref v i) (vector-set! v i (not (vector-ref v i))))"
     " (loop (+ k 1) i (cons (vector-ref v i) (cons a acc))))))) (f (vector 1 #t 3) 3)",
     "(#f #t #f #t #f #f)"),
    # A variable bound to a read, then assigned: the read is read again.
    ("(define (f p n) (let loop ((k 0) (acc '())) (if (= k n) acc"
     " (let ((a (car p))) (set! a (+ k 10)) (loop (+ k 1) (cons (+ 0 (car p)) (cons a acc))))))) (f (list 7) 2)",
     "(7 11 7 10)"),
])
def test_typespec_a_car_read_again_sees_what_changed_it(program, expected):
    assert same_everywhere(program)[0] == expected


def test_typespec_the_car_read_twice_is_read_once_in_the_copy():
    source = generated_source("""
(define (word chars acc)
  (cond ((null? chars) acc)
        ((char-alphabetic? (car chars)) (word (cdr chars) (cons (char-downcase (car chars)) acc)))
        (else (word (cdr chars) acc))))
(word (string->list "Ab") '())
""")
    copy = source.split("\n        else:\n")[0]
    # The body twice (pyfunc.Emitter.function_body): the first round, then the others.
    first, rounds = copy.split("for _ in B.it:")
    assert first.count("v1_chars.car") == 1 and rounds.count("v1_chars.car") == 1
    assert "(t1.down)" in first  # t1 is a character by then: no test
    assert re.search(r"\(t\d+\.down\)", rounds)


@pytest.mark.parametrize("program", [
    # An index stepped down past zero: a negative index is an error, not the last element.
    "(define (f v) (do ((i 2 (- i 1)) (s 0 (+ s (vector-ref v i)))) ((= s 100) s))) (f (vector 1 2 3))",
    # A negative start: the copy's test before the loop fails, the ordinary loop runs.
    "(define (f v k) (do ((i k (+ i 1)) (s 0 (+ s (vector-ref v i)))) ((= i 3) s))) (list (f (vector 1 2 3) 0) (f (vector 1 2 3) -2))",
    "(define (f s k) (let loop ((i k) (acc '())) (if (= i 3) acc (loop (+ i 1) (cons (string-ref s i) acc))))) (f \"abc\" -1)",
    # Assigned a difference: maybe negative, so it keeps its test.
    "(define (f v) (do ((i 0 (+ i 1)) (j 0 (- i 1)) (s 0 (+ s (vector-ref v j)))) ((= i 3) s))) (f (vector 1 2 3))",
    # modulo by a positive literal, quotient and lengths stay non-negative.
    "(define (f v n) (do ((i 0 (+ i 1)) (s 0 (+ s (vector-ref v (modulo (* i 7) 3))))) ((= i n) s))) (f (vector 1 2 3) 10)",
    "(define (f s) (do ((i (- (string-length s) 1) (quotient i 2)) (acc '() (cons (string-ref s i) acc))) ((= i 0) acc))) (f \"abcdefg\")",
    "(define (f s) (do ((i (string-length s) (quotient i 2)) (acc '() (cons (string-ref s i) acc))) ((= i 0) acc))) (f \"abcdefg\")",
])
def test_typespec_an_index_known_never_negative_keeps_every_error(program):
    """typespec._nonnegative: an index variable assigned only literals >= 0, lengths,
    sums and products of such is tested >= 0 once before the loop, and its `0 <=`
    left out inside; any other gives the same value or error everywhere."""
    same_everywhere(program)


# Straight-line code between branches: reads of x, then a branch that may change x
# or what it points to, then reads again (what pyfunc.Emitter.join must get right).
READS = ["(car x)", "(cdr x)", "(cadr x)", "(vector-ref x 0)", "(string-ref x 0)", "(char-upcase x)",
         "(+ 0 (car x))", "(not (car x))"]
CHANGES = ["(set! x {v})", "(set-car! x {v})", "(vector-set! x 0 {v})", "(set! x (cdr x))"]
GUARDS = ["(if (pair? l) {c})", "(when (null? l) {c})", "(if (> k 0) {c} {c})", "(and (pair? l) {c})",
          "(or (null? l) {c})", "(begin {c})"]
CHANGE_VALUES = ["5", "'(9 8)", "(vector 3)", "#\\z", "\"q\"", "l"]


@st.composite
def read_change_read(draw):
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        parts.append(draw(st.sampled_from(READS)))
        change = draw(st.sampled_from(CHANGES)).format(v=draw(st.sampled_from(CHANGE_VALUES)))
        parts.append(draw(st.sampled_from(GUARDS)).format(c=change))
    parts.append(draw(st.sampled_from(READS)))
    return "(begin " + " ".join(parts) + ")"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=read_change_read(), x=LIST_VALUES, l=LIST_VALUES, n=st.integers(1, 3))
def test_typespec_reads_around_a_branch_that_changes_agree_with_the_closure_compiler(body, x, l, n):
    program = LIST_TEMPLATES["let"].format(l=l, x=x, step_l="(if (pair? l) (cdr l) l)", step_x="x", body=body, n=n)
    same_everywhere(program, step_limit=2_000)


# The nearest unfinished node of a graph: `best` starts as #f ("none yet") and then holds
# an index.  Its literal is not the type its uses test for, so the test before the loop
# would fail every time: the copy leaves it out and keeps the others' types.
NEAREST = """
(define (nearest dist done n)
  (let loop ((v 0) (best #f))
    (cond ((= v n) best)
          ((or (vector-ref done v) (not (vector-ref dist v))) (loop (+ v 1) best))
          ((or (not best) (< (vector-ref dist v) (vector-ref dist best))) (loop (+ v 1) v))
          (else (loop (+ v 1) best)))))
"""


def test_typespec_a_variable_starting_as_a_literal_of_another_type_is_left_out_of_the_entry_test():
    source = generated_source(NEAREST)
    entry = re.search(r"if (type\(v1_v\) is int and [^\n]*):\n", source)
    assert entry, source
    assert "type(v1_n) is int" in entry.group(1) and "type(v1_dist) is list" in entry.group(1)
    assert "v1_best" not in entry.group(1)
    # Inside the copy, v's step is plain; best's reads keep their own test.
    assert "v1_v = (v1_v + (1))" in source
    for program, expected in [
        (NEAREST + "(nearest (vector 5 #f 3 9 3) (vector #f #f #f #f #f) 5)", "2"),
        (NEAREST + "(nearest (vector 5 #f 3 9 3) (vector #t #f #t #f #f) 5)", "4"),
        (NEAREST + "(nearest (vector #f #f) (vector #f #f) 2)", "#f"),
        # An index that is not one: the procedure's error, from the copy as from the loop.
        (NEAREST + "(nearest (vector 1 2) (vector #f #f) 3)", None),
        # A float start where the uses test for an exact integer: no copy test can pass on it either.
        ("(define (f n) (do ((i 0 (+ i 1)) (x 0.5 (+ x i))) ((= i n) x))) (f 4)", "6.5"),
    ]:
        result = same_everywhere(program)[0]
        if expected is None:
            assert result.startswith("ERROR") and "vector-ref" in result, result
        else:
            assert result == expected, (program, result)
