; The goal already holds; of the two applicable actions only one changes the state.
(define (problem lamps-lit)
  (:domain lamps)
  (:objects l1 l2 - lamp)
  (:init (lit l1))
  (:goal (lit l1)))
