;; The etaoin lab's substring-value, as the plain tree recursion.
;;
;; (substring-value s len low) is the value, for the player about to move,
;; of the len characters of s starting at position low: the margin by
;; which that player wins when both sides play optimally.  The empty piece
;; is worth 0.  Otherwise the player takes the first or the last letter and
;; hands the rest to the opponent, so the value is the larger net value
;;   (char-value of the letter taken) - (value of what is left).
;;
;; Uses char-value from the handed-out etaoin-given.scm; load the two files
;; in either order.  Each call makes two more calls, so the time grows like
;; 2^len: substring-value-memo.scm and substring-value-dp.scm are the cures.

(define substring-value
  (lambda (s len low)
    (if (= len 0)
        0
        (let ((f (- (char-value (string-ref s low))
                    (substring-value s (- len 1) (+ low 1))))
              (l (- (char-value (string-ref s (+ low (- len 1))))
                    (substring-value s (- len 1) low))))
          (max f l)))))

;; The value of a whole string, handy for testing: (string-value "then") => 10.
(define string-value
  (lambda (s)
    (substring-value s (string-length s) 0)))
