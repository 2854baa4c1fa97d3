; Not stratifiable: (p) needs (q) false, and (q) follows from (p).
(define (domain unstratified)
  (:requirements :strips :derived-predicates)
  (:predicates (a) (p) (q))
  (:derived (p) (and (a) (not (q))))
  (:derived (q) (p))
  (:action make-a :effect (a)))
