;; etaoin: the lab's tree-recursive substring-value on a whole word.
;;
;; Load after the handed-out etaoin-given.scm (char-value, from
;; ../shared/originals) and scheme_src/etaoin/substring-value-tree.scm
;; (substring-value); this file only adds the entry point.
;; (run "then") => 10; a 16-letter word makes about 2^17 calls of
;; substring-value, each with string-ref, char-downcase and a cond of equal?.

(define (run word)
  (substring-value word (string-length word) 0))
