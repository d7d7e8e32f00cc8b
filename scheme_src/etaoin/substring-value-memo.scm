;; Memoize the tree-recursive substring-value in place.
;;
;; Load after substring-value-tree.scm.  The body of substring-value calls
;; substring-value through the global name, so once the name holds the
;; memoized procedure every recursive call looks in the memo first: each
;; (s len low) is then worked out once, and a word of n letters costs about
;; n^2/2 calls instead of 2^(n+1).
;;
;; memoize is a host primitive (keys on the argument list by equal?); see
;; also memoize-clear! and memoize-stats.  Load this file once only:
;; loading it again wraps the memoized procedure in a second memo.

(set! substring-value (memoize substring-value))
