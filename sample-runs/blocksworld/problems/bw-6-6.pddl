; 6 blocks, random towers (sample-runs, seed 11).
(define (problem bw-6-6)
  (:domain blocksworld-4ops)
  (:objects a b c d e f)
  (:init (handempty) (ontable e) (on f e) (on c f) (clear c) (ontable b) (clear b) (ontable a) (on d a) (clear d))
  (:goal (and (on f b))))
