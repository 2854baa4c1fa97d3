; 6 blocks, random towers (sample-runs, seed 11).
(define (problem bw-6-2)
  (:domain blocksworld-4ops)
  (:objects a b c d e f)
  (:init (handempty) (ontable f) (on a f) (on c a) (on b c) (on e b) (clear e) (ontable d) (clear d))
  (:goal (and (on c d) (on e c) (on b e) (on a f))))
