; 6 blocks, random towers (sample-runs, seed 11).
(define (problem bw-6-1)
  (:domain blocksworld-4ops)
  (:objects a b c d e f)
  (:init (handempty) (ontable b) (on a b) (clear a) (ontable c) (on f c) (on d f) (on e d) (clear e))
  (:goal (and (on d c) (on a d))))
