; Handshake: people walk between rooms and introduce each other.
; Exercises :negative-preconditions (not (locked ?to)), (not (knows ...))
; and :equality (not (= ?p1 ?p2)), (not (= ?from ?to)).
; Written for planlens's tests.

(define (domain handshake)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types person room)
  (:predicates (in ?p - person ?r - room)
               (door ?from ?to - room)
               (locked ?r - room)
               (has-key ?p - person)
               (knows ?p1 ?p2 - person))

  (:action walk
    :parameters (?p - person ?from ?to - room)
    :precondition (and (in ?p ?from)
                       (door ?from ?to)
                       (not (= ?from ?to))
                       (not (locked ?to)))
    :effect (and (not (in ?p ?from)) (in ?p ?to)))

  (:action unlock
    :parameters (?p - person ?here ?r - room)
    :precondition (and (in ?p ?here) (door ?here ?r) (has-key ?p) (locked ?r))
    :effect (not (locked ?r)))

  (:action introduce
    :parameters (?p1 ?p2 - person ?r - room)
    :precondition (and (in ?p1 ?r)
                       (in ?p2 ?r)
                       (not (= ?p1 ?p2))
                       (not (knows ?p1 ?p2)))
    :effect (and (knows ?p1 ?p2) (knows ?p2 ?p1)))
)
