; Road delivery with action costs, in the style of the IPC-2008
; sequential-satisficing domains (:action-costs).
; Driving costs the length of the road; loading/unloading costs 1.
; Written for planlens's tests.

(define (domain road-delivery)
  (:requirements :typing :action-costs)
  (:types location truck package - object)
  (:predicates (road ?l1 ?l2 - location)
               (at ?t - truck ?l - location)
               (pkg-at ?p - package ?l - location)
               (in ?p - package ?t - truck))
  (:functions (total-cost) - number
              (road-length ?l1 ?l2 - location) - number)

  (:action drive
    :parameters (?t - truck ?from ?to - location)
    :precondition (and (at ?t ?from) (road ?from ?to))
    :effect (and (not (at ?t ?from))
                 (at ?t ?to)
                 (increase (total-cost) (road-length ?from ?to))))

  (:action load
    :parameters (?p - package ?t - truck ?l - location)
    :precondition (and (at ?t ?l) (pkg-at ?p ?l))
    :effect (and (not (pkg-at ?p ?l))
                 (in ?p ?t)
                 (increase (total-cost) 1)))

  (:action unload
    :parameters (?p - package ?t - truck ?l - location)
    :precondition (and (at ?t ?l) (in ?p ?t))
    :effect (and (not (in ?p ?t))
                 (pkg-at ?p ?l)
                 (increase (total-cost) 1)))
)
