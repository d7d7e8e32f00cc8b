"""The Python side of each benchmark: the same algorithm, written for Python.

Every module defines `run(...)`, whose defaults are the full benchmark size,
returning a value equal to the Scheme side's (benchmarks/scheme/NAME.scm):
ints, strings, booleans and lists of them, compared through their Scheme
written form.  The modules import nothing from schemehost except where the
benchmark is a host job (pig.py drives the pig engine).
"""
