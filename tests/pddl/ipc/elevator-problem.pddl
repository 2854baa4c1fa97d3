; Four floors (f0 lowest), three passengers; only the VIPs p0 and p2 must
; be served, and the lift must end at the ground floor.
(define (problem mixed-f4-p3)
  (:domain miconic-vip)
  (:objects p0 p1 p2 - passenger
            f0 f1 f2 f3 - floor)
  (:init (above f0 f1) (above f0 f2) (above f0 f3)
         (above f1 f2) (above f1 f3)
         (above f2 f3)
         (origin p0 f1) (destin p0 f3)
         (origin p1 f0) (destin p1 f2)
         (origin p2 f2) (destin p2 f0)
         (vip p0) (vip p2)
         (lift-at f0))
  (:goal (and (forall (?p - passenger)
                (imply (vip ?p) (served ?p)))
              (lift-at f0))))
