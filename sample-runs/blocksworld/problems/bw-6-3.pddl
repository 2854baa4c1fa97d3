; 6 blocks, random towers (sample-runs, seed 11).
(define (problem bw-6-3)
  (:domain blocksworld-4ops)
  (:objects a b c d e f)
  (:init (handempty) (ontable a) (on d a) (on c d) (on f c) (clear f) (ontable b) (clear b) (ontable e) (clear e))
  (:goal (and (on a b) (on e a) (on f e) (on c f) (on d c))))
