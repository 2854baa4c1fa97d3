; Power n3 and keep n4 dark: the wire n1 -> n4 is on, so it must go off.
(define (problem wires-1)
  (:domain wires)
  (:objects s n1 n2 n3 n4 - node)
  (:init (source s) (wire s n1) (wire n1 n2) (wire n2 n3) (wire n1 n4) (on n1 n4))
  (:goal (and (powered n3) (dark n4))))
