; Lab security: staff move through a building, collect a sample under
; supervision and finally secure the building.
; Exercises :disjunctive-preconditions (or, imply),
; :existential-preconditions (exists) and :universal-preconditions
; (forall in a precondition).
; Written for planlens's tests.

(define (domain lab-security)
  (:requirements :strips :typing :disjunctive-preconditions
                 :existential-preconditions :universal-preconditions)
  (:types person room)
  (:predicates (at ?p - person ?r - room)
               (connected ?r1 ?r2 - room)
               (restricted ?r - room)
               (has-card ?p - person)
               (has-key ?p - person)
               (supervisor ?p - person)
               (dark ?r - room)
               (control-room ?r - room)
               (sample-in ?r - room)
               (holding-sample ?p - person)
               (secured))

  ;; corridors are listed in one direction only: either direction may be used
  (:action move
    :parameters (?p - person ?from ?to - room)
    :precondition (and (at ?p ?from)
                       (or (connected ?from ?to) (connected ?to ?from))
                       (imply (restricted ?to)
                              (or (has-card ?p) (has-key ?p))))
    :effect (and (not (at ?p ?from)) (at ?p ?to)))

  (:action lights-off
    :parameters (?p - person ?r - room)
    :precondition (at ?p ?r)
    :effect (dark ?r))

  ;; a sample may only be taken while some supervisor is in the room
  (:action take-sample
    :parameters (?p - person ?r - room)
    :precondition (and (at ?p ?r)
                       (sample-in ?r)
                       (exists (?s - person) (and (supervisor ?s) (at ?s ?r))))
    :effect (and (holding-sample ?p) (not (sample-in ?r))))

  ;; the building can be secured only once every restricted room is dark
  (:action secure-building
    :parameters (?p - person ?c - room)
    :precondition (and (at ?p ?c)
                       (control-room ?c)
                       (forall (?r - room) (imply (restricted ?r) (dark ?r))))
    :effect (secured))
)
