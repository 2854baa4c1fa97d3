(define (domain blowup) (:requirements :strips :equality :negative-preconditions) (:predicates (p ?x) (q ?x))
 (:action a :parameters (?x0 ?x1 ?x2 ?x3 ?x4 ?x5 ?x6 ?x7) :precondition (not (q ?x0)) :effect (p ?x1)))
