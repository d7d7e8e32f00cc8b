;; Time one benchmark run inside GNU Guile 3, so that neither Guile's start-up
;; nor its compiler is measured.
;;
;; Run as `guile --no-auto-compile benchmarks/guile_driver.scm` with one job
;; datum on standard input (benchmarks/suite.py writes it):
;;
;;   (job (prelude "TEXT") (files "a.scm" "b.scm") (call ARG ...))
;;       compile and load the prelude and the files, then time (run ARG ...)
;;   (job (prelude "TEXT") (files "program.scm") (program "INPUT"))
;;       compile the files, then time running their top-level forms again
;;       with INPUT as standard input; the result is what they printed
;;   (job (expression "TEXT"))
;;       compile (lambda () TEXT), then time calling it and measure the
;;       growth of the resident set size over the call (the memory checks)
;;   (job (load "big.scm"))
;;       time reading every form of the file, then time compiling (or, in
;;       interpret mode, evaluating) and running them all: the loading
;;       benchmark; then, untimed, call (run): the result is its value
;;
;; A job may add (mode compile) or (mode interpret); compile is the default.
;;
;; compile: every top-level form is compiled once, in memory, with Guile's
;; optimizing compiler (`compile` to bytecode, then `load-thunk-from-memory`:
;; what loading a .go file does, minus the cache file), in a fresh module so
;; that nothing here can collide with the benchmark's names.
;;
;; interpret: every top-level form is handed, in order, to `eval` in a fresh
;; module: Guile's own evaluator (ice-9 eval), what `guile --no-auto-compile
;; file.scm` runs a file with.  Nothing is compiled.
;;
;; --no-auto-compile only keeps this small driver from writing a cache; it
;; runs no benchmark code.  Output: a line `seconds S`, for an expression
;; job a line `rss-growth-kb K` (#f where /proc cannot tell), for a load job
;; a line `read-seconds R` (S is then the compiling or evaluating and
;; running, R the reading) and a line `cpu-seconds RC LC` (the CPU time of
;; the reading, and of the whole load), then the result in `write` form.

(use-modules (system base compile)
             (system vm loader)
             (ice-9 textual-ports))

(define (job-field job key)
  (let ((entry (assq key (cdr job))))
    (and entry (cdr entry))))

(define (read-all-forms port)
  (let loop ((forms '()))
    (let ((form (read port)))
      (if (eof-object? form)
          (reverse forms)
          (loop (cons form forms))))))

(define (job-mode job)
  (let ((mode (job-field job 'mode)))
    (cond ((not mode) 'compile)
          ((memq (car mode) '(compile interpret)) (car mode))
          (else (error "guile_driver: unknown mode" (car mode))))))

(define (compile-forms forms module mode)
  ;; One thunk per top-level form; calling a thunk runs that form.  Compiled:
  ;; all are compiled before any runs (a define-syntax takes effect as it is
  ;; compiled, so later forms see the macro); references to later
  ;; definitions are resolved when they run, as in a file.  Interpreted: a
  ;; thunk hands its form to the evaluator when it is called, so forms are
  ;; expanded and evaluated one after another, as `load` does.
  ;; Compiled, each name a top-level define binds is made a variable of the
  ;; module first: compiled before its define runs, a reference to a name
  ;; that Guile's core also binds (SICP's `variable?`) would otherwise be
  ;; taken for Guile's own primitive and open-coded.
  (if (not (eq? mode 'interpret))
      (for-each (lambda (name) (module-define! module name #f))
                (defined-names forms)))
  (map (lambda (form)
         (if (eq? mode 'interpret)
             (lambda () (eval form module))
             (load-thunk-from-memory
              (compile form #:to 'bytecode #:env module #:warning-level 0))))
       forms))

(define (defined-names forms)
  ;; The names of (define NAME ...) and (define (NAME . ARGS) ...) among forms.
  (let loop ((forms forms) (names '()))
    (if (null? forms)
        names
        (let ((form (car forms)))
          (loop (cdr forms)
                (if (and (pair? form) (eq? (car form) 'define) (pair? (cdr form)))
                    (let ((target (cadr form)))
                      (cond ((symbol? target) (cons target names))
                            ((and (pair? target) (symbol? (car target))) (cons (car target) names))
                            (else names)))
                    names))))))

(define (run-all thunks module)
  ;; Compiled top-level code defines into the current module, as load does.
  (save-module-excursion
   (lambda ()
     (set-current-module module)
     (for-each (lambda (thunk) (thunk)) thunks))))

(define (seconds-since start)
  (exact->inexact (/ (- (get-internal-real-time) start)
                     internal-time-units-per-second)))

(define (cpu-seconds-since start)
  (exact->inexact (/ (- (get-internal-run-time) start)
                     internal-time-units-per-second)))

;; Memory, as benchmarks/worker.py measures it for Python: the kernel's peak
;; resident set size is reset (5 written to /proc/self/clear_refs) right
;; before the call and read (VmHWM) right after it.
(define (status-kb key)
  (false-if-exception
   (call-with-input-file "/proc/self/status"
     (lambda (port)
       (let loop ((line (get-line port)))
         (cond ((eof-object? line) #f)
               ((string-prefix? (string-append key ":") line)
                (let ((fields (string-tokenize (substring line (+ 1 (string-length key))))))
                  (and (pair? fields) (string->number (car fields)))))
               (else (loop (get-line port)))))))))

(define (reset-peak-kb)
  (gc)
  (and (false-if-exception
        (call-with-output-file "/proc/self/clear_refs" (lambda (port) (display "5" port))))
       (status-kb "VmRSS")))

(define (run-expression text mode)
  (let* ((thunk ((car (compile-forms
                       (list (call-with-input-string (string-append "(lambda () " text ")") read))
                       (make-fresh-user-module) mode))))
         (before (reset-peak-kb))
         (start (get-internal-real-time))
         (result (thunk))
         (elapsed (seconds-since start))
         (peak (and before (status-kb "VmHWM"))))
    (display "seconds ")
    (display elapsed)
    (newline)
    (display "rss-growth-kb ")
    (display (and peak (max 0 (- peak before))))
    (newline)
    (write result)
    (newline)))

(define (main)
  (let ((job (read (current-input-port))))
    (cond ((job-field job 'expression)
           (run-expression (car (job-field job 'expression)) (job-mode job)))
          ((job-field job 'load)
           (run-load (car (job-field job 'load)) (job-mode job)))
          (else (run-job job)))))

(define (run-load file mode)
  ;; Reading, then compiling (or evaluating) and running every form: what
  ;; loading the file costs before its first call.
  (let* ((module (make-fresh-user-module))
         (cpu-start (get-internal-run-time))
         (start (get-internal-real-time))
         (forms (call-with-input-file file read-all-forms))
         (read-elapsed (seconds-since start))
         (read-cpu (cpu-seconds-since cpu-start))
         (start (get-internal-real-time)))
    ;; Form by form, as load does: a form may use a macro defined before it.
    (for-each (lambda (form) (run-all (compile-forms (list form) module mode) module))
              forms)
    (let ((elapsed (seconds-since start)))
      (display "seconds ")
      (display elapsed)
      (newline)
      (display "read-seconds ")
      (display read-elapsed)
      (newline)
      (display "cpu-seconds ")
      (display read-cpu)
      (display " ")
      (display (cpu-seconds-since cpu-start))
      (newline)
      (write ((module-ref module 'run)))
      (newline))))

(define (run-job job)
  (let* ((module (make-fresh-user-module))
         (prelude (car (or (job-field job 'prelude) '(""))))
         (files (or (job-field job 'files) '()))
         (forms (append (call-with-input-string prelude read-all-forms)
                        (apply append
                               (map (lambda (file) (call-with-input-file file read-all-forms))
                                    files))))
         (thunks (compile-forms forms module (job-mode job)))
         (program-input (job-field job 'program)))
    (if program-input
        (let* ((start (get-internal-real-time))
               (printed (with-output-to-string
                          (lambda ()
                            (with-input-from-string (car program-input)
                              (lambda () (run-all thunks module))))))
               (elapsed (seconds-since start)))
          (display-result elapsed printed))
        (begin
          (run-all thunks module)
          (let* ((run (module-ref module 'run))
                 (args (job-field job 'call))
                 (start (get-internal-real-time))
                 (result (apply run args))
                 (elapsed (seconds-since start)))
            (display-result elapsed result))))))

(define (display-result elapsed result)
  (display "seconds ")
  (display elapsed)
  (newline)
  (write result)
  (newline))

(main)
