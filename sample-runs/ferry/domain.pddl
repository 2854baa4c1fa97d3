; Ferry (classic STRIPS): one ferry carries cars between locations, one car
; at a time.  Predicate names and arities follow ACPBench's ferry, with the
; static not-eq standing in for inequality.  Written for planlens's sample runs.
(define (domain ferry)
  (:requirements :strips :typing)
  (:types car location)
  (:predicates (at-ferry ?l - location)
               (at ?c - car ?l - location)
               (empty-ferry)
               (on ?c - car)
               (not-eq ?x ?y - location))

  (:action sail
    :parameters (?from ?to - location)
    :precondition (and (at-ferry ?from) (not-eq ?from ?to))
    :effect (and (at-ferry ?to) (not (at-ferry ?from))))

  (:action board
    :parameters (?car - car ?loc - location)
    :precondition (and (empty-ferry) (at-ferry ?loc) (at ?car ?loc))
    :effect (and (on ?car) (not (empty-ferry)) (not (at ?car ?loc))))

  (:action debark
    :parameters (?car - car ?loc - location)
    :precondition (and (on ?car) (at-ferry ?loc))
    :effect (and (at ?car ?loc) (empty-ferry) (not (on ?car)))))
