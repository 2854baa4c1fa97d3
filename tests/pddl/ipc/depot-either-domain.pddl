; A small Depots-like domain (typed STRIPS) written with `either` types
; instead of a common supertype, plus a domain constant.
; Crates sit on surfaces that are (either crate pallet); hoists lift crates
; and load them into trucks; trucks must refuel at the constant place `depot`
; before every drive.
; Written for planlens's tests.

(define (domain depot-either)
  (:requirements :strips :typing)
  (:types place crate pallet hoist truck)
  (:constants depot - place)
  (:predicates (at ?x - (either crate pallet hoist truck) ?p - place)
               (on ?c - crate ?s - (either crate pallet))
               (clear ?s - (either crate pallet))
               (lifting ?h - hoist ?c - crate)
               (available ?h - hoist)
               (in ?c - crate ?t - truck)
               (fueled ?t - truck))

  (:action refuel
    :parameters (?t - truck)
    :precondition (at ?t depot)
    :effect (fueled ?t))

  (:action drive
    :parameters (?t - truck ?from ?to - place)
    :precondition (and (at ?t ?from) (fueled ?t))
    :effect (and (not (at ?t ?from)) (at ?t ?to) (not (fueled ?t))))

  (:action lift
    :parameters (?h - hoist ?c - crate ?s - (either crate pallet) ?p - place)
    :precondition (and (at ?h ?p) (available ?h) (at ?c ?p) (on ?c ?s) (clear ?c))
    :effect (and (not (at ?c ?p)) (lifting ?h ?c) (not (clear ?c))
                 (not (available ?h)) (clear ?s) (not (on ?c ?s))))

  (:action drop
    :parameters (?h - hoist ?c - crate ?s - (either crate pallet) ?p - place)
    :precondition (and (at ?h ?p) (at ?s ?p) (clear ?s) (lifting ?h ?c))
    :effect (and (available ?h) (not (lifting ?h ?c)) (at ?c ?p)
                 (not (clear ?s)) (clear ?c) (on ?c ?s)))

  (:action load
    :parameters (?h - hoist ?c - crate ?t - truck ?p - place)
    :precondition (and (at ?h ?p) (at ?t ?p) (lifting ?h ?c))
    :effect (and (not (lifting ?h ?c)) (in ?c ?t) (available ?h)))

  (:action unload
    :parameters (?h - hoist ?c - crate ?t - truck ?p - place)
    :precondition (and (at ?h ?p) (at ?t ?p) (available ?h) (in ?c ?t))
    :effect (and (not (in ?c ?t)) (lifting ?h ?c) (not (available ?h))))
)
