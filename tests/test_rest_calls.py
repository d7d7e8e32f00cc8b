"""A lambda with a rest parameter after at most one required one, called through
the trampoline (calls.run) with up to four arguments: its rest list is made
there and its fast entry called, not a frame made for its body (the shelf set's
ring-buffer sends messages to (lambda (message . args) ...) objects).

Checked in every mode (generated at once, tiered, closures: the last has no fast
entry and keeps the frame's path): the values, the rest list a new list each
call, arity errors, and the lambdas with more required parameters or more
arguments that keep the general path."""

from __future__ import annotations

from test_typespec import same_everywhere

OBJECTS = """
(define (make-counter)
  (let ((n 0))
    (lambda (message . args)
      (case message
        ((add!) (set! n (+ n (if (null? args) 1 (car args)))) n)
        ((args) args)
        ((count) n)
        (else (error "unknown" message))))))
(define (send object . message) (apply object message))
(define (call-with f . xs) (apply f xs))
(define (pass f) f)
"""


def test_message_passing_objects_get_their_arguments_as_a_fresh_rest_list():
    program = OBJECTS + """
    (define c (make-counter))
    (define (run k) (if (= k 0) ((pass c) 'count) (begin ((pass c) 'add! k) ((pass c) 'add!) (run (- k 1)))))
    (define kept ((pass c) 'args 1 2 3))
    (set-car! kept 'changed)
    (list (run 30) kept ((pass c) 'args 1 2 3) ((pass c) 'args) ((pass c) 'args 'a 'b 'c 'd 'e))
    """
    value, _, _ = same_everywhere(program)
    assert value == "(495 (changed 2 3) (1 2 3) () (a b c d e))"


def test_lambdas_of_no_one_and_two_required_parameters_and_a_rest_list():
    program = """
    (define (pass f) f)
    (define none (lambda xs xs))
    (define one (lambda (a . xs) (list a xs)))
    (define two (lambda (a b . xs) (list a b xs)))
    (list ((pass none)) ((pass none) 1) ((pass none) 1 2 3 4) ((pass none) 1 2 3 4 5)
          ((pass one) 1) ((pass one) 1 2) ((pass one) 1 2 3 4) ((pass one) 1 2 3 4 5)
          ((pass two) 1 2) ((pass two) 1 2 3 4))
    """
    value, _, _ = same_everywhere(program)
    assert value == ("(() (1) (1 2 3 4) (1 2 3 4 5) (1 ()) (1 (2)) (1 (2 3 4)) (1 (2 3 4 5)) "
                     "(1 2 ()) (1 2 (3 4)))")


def test_too_few_arguments_for_the_required_parameter_is_an_arity_error():
    program = """
    (define (pass f) f)
    (define one (lambda (a . xs) (list a xs)))
    (guard (e (#t (error-object-message e))) ((pass one)))
    """
    value, _, _ = same_everywhere(program)
    assert "expects at least 1 argument" in value


def test_an_unknown_message_is_the_program_s_error_with_its_call():
    program = OBJECTS + "((pass (make-counter)) 'reset! 1 2)"
    value, _, _ = same_everywhere(program)
    assert value.startswith("ERROR") and "unknown" in value and "reset!" in value
