; 4 cars, 3 locations, the ferry starting loaded; one car is already home.
(define (problem ferry-l3-c4)
  (:domain ferry)
  (:objects c0 c1 c2 c3 - car l0 l1 l2 - location)
  (:init (at-ferry l2) (on c3)
         (at c0 l0) (at c1 l1) (at c2 l1)
         (not-eq l0 l1) (not-eq l0 l2) (not-eq l1 l0)
         (not-eq l1 l2) (not-eq l2 l0) (not-eq l2 l1))
  (:goal (and (at c0 l1) (at c1 l1) (at c2 l0) (at c3 l0))))
