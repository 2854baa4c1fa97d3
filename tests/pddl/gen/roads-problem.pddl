; Roads a-d (10) and a-b, b-c, c-d (1 each), both ways.  Shortest plan: load,
; drive a d, unload (3 actions, cost 12); cheapest: via b and c (5 actions, cost 5).
(define (problem roads-detour)
  (:domain roads)
  (:objects a b c d - place t1 - truck p1 - package)
  (:init (= (total-cost) 0)
         (road a d) (road d a) (= (road-length a d) 10) (= (road-length d a) 10)
         (road a b) (road b a) (= (road-length a b) 1) (= (road-length b a) 1)
         (road b c) (road c b) (= (road-length b c) 1) (= (road-length c b) 1)
         (road c d) (road d c) (= (road-length c d) 1) (= (road-length d c) 1)
         (at t1 a) (parcel-at p1 a))
  (:goal (parcel-at p1 d))
  (:metric minimize (total-cost)))
