; 5 blocks, random towers (sample-runs, seed 11).
(define (problem bw-5-4)
  (:domain blocksworld-4ops)
  (:objects a b c d e)
  (:init (handempty) (ontable a) (clear a) (ontable d) (clear d) (ontable e) (on b e) (on c b) (clear c))
  (:goal (and (on b c) (on e b) (on d e))))
