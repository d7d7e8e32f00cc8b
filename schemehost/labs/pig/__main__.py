"""`python -m schemehost.labs.pig --worker`: the sandboxed grader's worker process.

`sandboxed_match` starts it with the job on standard input; it is not a
command for people (that is `schemehost pig ...`).
"""

import sys

from .grader import worker_main

if sys.argv[1:] == ["--worker"]:
    worker_main()
else:
    print("usage: python -m schemehost.labs.pig --worker (started by the grader; see `schemehost pig --help`)",
          file=sys.stderr)
    sys.exit(2)
