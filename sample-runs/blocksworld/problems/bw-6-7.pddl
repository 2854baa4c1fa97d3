; 6 blocks, random towers (sample-runs, seed 11).
(define (problem bw-6-7)
  (:domain blocksworld-4ops)
  (:objects a b c d e f)
  (:init (handempty) (ontable c) (on a c) (on d a) (on f d) (on e f) (on b e) (clear b))
  (:goal (and (on f c) (on a f) (on e a))))
