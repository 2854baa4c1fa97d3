; A truck carries a package over roads of different lengths (:action-costs).
; Written for planlens's question-generation tests: the shortest plan and the
; cheapest plan differ, and the road network is static.
(define (domain roads)
  (:requirements :typing :action-costs)
  (:types place truck package)
  (:predicates (road ?from ?to - place)
               (at ?t - truck ?p - place)
               (parcel-at ?x - package ?p - place)
               (carried ?x - package ?t - truck))
  (:functions (total-cost) - number
              (road-length ?from ?to - place) - number)
  (:action drive
    :parameters (?t - truck ?from ?to - place)
    :precondition (and (at ?t ?from) (road ?from ?to))
    :effect (and (not (at ?t ?from)) (at ?t ?to)
                 (increase (total-cost) (road-length ?from ?to))))
  (:action load
    :parameters (?x - package ?t - truck ?p - place)
    :precondition (and (at ?t ?p) (parcel-at ?x ?p))
    :effect (and (not (parcel-at ?x ?p)) (carried ?x ?t) (increase (total-cost) 1)))
  (:action unload
    :parameters (?x - package ?t - truck ?p - place)
    :precondition (and (at ?t ?p) (carried ?x ?t))
    :effect (and (not (carried ?x ?t)) (parcel-at ?x ?p) (increase (total-cost) 1))))
