;; Guile-only: bring in the R7RS procedures that guile's default module
;; lacks but scheme_src/etaoin/game.scm uses.
(use-modules ((scheme base) #:select (flush-output-port)))
