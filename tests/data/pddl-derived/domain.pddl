; Wires carry power from a source: (powered ?n) is derived, recursively
; (stratum 0); (dark ?n) is its negation (stratum 1).  Switching a wire on
; needs its start powered: a derived atom in a precondition.
(define (domain wires)
  (:requirements :strips :typing :negative-preconditions :derived-predicates)
  (:types node)
  (:predicates (source ?n - node) (wire ?a ?b - node) (on ?a ?b - node)
               (powered ?n - node) (dark ?n - node))
  (:derived (powered ?n - node)
    (or (source ?n)
        (exists (?m - node) (and (wire ?m ?n) (on ?m ?n) (powered ?m)))))
  (:derived (dark ?n) (not (powered ?n)))
  (:action switch-on
    :parameters (?a ?b - node)
    :precondition (and (wire ?a ?b) (not (on ?a ?b)) (powered ?a))
    :effect (on ?a ?b))
  (:action switch-off
    :parameters (?a ?b - node)
    :precondition (on ?a ?b)
    :effect (not (on ?a ?b))))
