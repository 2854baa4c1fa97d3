; Lamps that can be switched on, also when they already are (a no-op).
; Written for planlens's question-generation tests.
(define (domain lamps)
  (:requirements :strips :typing)
  (:types lamp)
  (:predicates (lit ?l - lamp))
  (:action switch-on
    :parameters (?l - lamp)
    :effect (lit ?l)))
