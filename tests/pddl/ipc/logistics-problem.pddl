; Two cities, one truck each, one airplane, two packages.
(define (problem LOGISTICS-2-2)
  (:domain logistics-typed)
  (:objects Apn1 - airplane
            Tru1 Tru2 - truck
            Obj11 Obj12 - package
            Apt1 Apt2 - airport
            Pos1 Pos2 - location
            Cit1 Cit2 - city)
  (:init (at Apn1 Apt1)
         (at Tru1 Pos1)
         (at Tru2 Apt2)
         (at Obj11 Pos1)
         (at Obj12 Apt1)
         (in-city Pos1 Cit1)
         (in-city Apt1 Cit1)
         (in-city Pos2 Cit2)
         (in-city Apt2 Cit2))
  (:goal (and (at Obj11 Pos2)
              (at Obj12 Apt2))))
