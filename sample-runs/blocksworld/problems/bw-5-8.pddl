; 5 blocks, random towers (sample-runs, seed 11).
(define (problem bw-5-8)
  (:domain blocksworld-4ops)
  (:objects a b c d e)
  (:init (handempty) (ontable b) (on d b) (clear d) (ontable a) (on c a) (clear c) (ontable e) (clear e))
  (:goal (and (on d c) (on e d))))
