; Road network (both directions):  a-b 5, b-c 3, a-c 10, c-d 4.
(define (problem road-delivery-4-2)
  (:domain road-delivery)
  (:objects a b c d - location
            truck1 - truck
            p1 p2 - package)
  (:init (= (total-cost) 0)
         (road a b) (road b a) (= (road-length a b) 5) (= (road-length b a) 5)
         (road b c) (road c b) (= (road-length b c) 3) (= (road-length c b) 3)
         (road a c) (road c a) (= (road-length a c) 10) (= (road-length c a) 10)
         (road c d) (road d c) (= (road-length c d) 4) (= (road-length d c) 4)
         (at truck1 a)
         (pkg-at p1 b)
         (pkg-at p2 c))
  (:goal (and (pkg-at p1 d)
              (pkg-at p2 b)))
  (:metric minimize (total-cost)))
