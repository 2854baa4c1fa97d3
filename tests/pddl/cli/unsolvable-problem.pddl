; The sample Blocksworld domain with a goal no state reaches: a on b and b on a.
(define (problem bw-cycle)
  (:domain blocksworld-4ops)
  (:objects a b c)
  (:init (handempty) (ontable a) (ontable b) (ontable c) (clear a) (clear b) (clear c))
  (:goal (and (on a b) (on b a))))
