; 2 cars, 3 locations: the cars swap ends of a three-stop route.
(define (problem ferry-l3-c2)
  (:domain ferry)
  (:objects c0 c1 - car l0 l1 l2 - location)
  (:init (at-ferry l1) (empty-ferry)
         (at c0 l0) (at c1 l2)
         (not-eq l0 l1) (not-eq l0 l2) (not-eq l1 l0)
         (not-eq l1 l2) (not-eq l2 l0) (not-eq l2 l1))
  (:goal (and (at c0 l2) (at c1 l0))))
