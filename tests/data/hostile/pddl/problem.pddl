; Four blocks: d sits on a; build the tower a-b-c-d (a on b on c on d).
(define (problem bw-sample-4)
  (:domain blocksworld-4ops)
  (:objects a b c d)
  (:init (handempty) (on d a) (ontable a) (ontable b) (ontable c) (clear d) (clear b) (clear c))
  (:goal (and (on a b) (on b c) (on c d))))
