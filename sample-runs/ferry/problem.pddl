; 3 cars, 2 locations: two cars cross one way, one the other.
(define (problem ferry-l2-c3)
  (:domain ferry)
  (:objects c0 c1 c2 - car l0 l1 - location)
  (:init (at-ferry l0) (empty-ferry)
         (at c0 l0) (at c1 l1) (at c2 l0)
         (not-eq l0 l1) (not-eq l1 l0))
  (:goal (and (at c0 l1) (at c1 l0) (at c2 l1))))
