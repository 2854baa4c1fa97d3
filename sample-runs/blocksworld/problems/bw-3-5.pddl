; 3 blocks, random towers (sample-runs, seed 11).
(define (problem bw-3-5)
  (:domain blocksworld-4ops)
  (:objects a b c)
  (:init (handempty) (ontable b) (clear b) (ontable a) (clear a) (ontable c) (clear c))
  (:goal (and (on c a) (on b c))))
