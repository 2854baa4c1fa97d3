; every binding is tried, almost none passes
(define (domain blowup) (:requirements :strips :equality) (:predicates (p ?x))
 (:action a :parameters (?x0 ?x1 ?x2 ?x3 ?x4 ?x5 ?x6 ?x7) :precondition (and (= ?x0 ?x1) (= ?x1 ?x2) (= ?x2 ?x3) (= ?x3 ?x4) (= ?x4 ?x5) (= ?x5 ?x6) (= ?x6 ?x7)) :effect (p ?x0)))
