; Miconic-style elevator (ADL problem goal).
; Operators as in the IPC-2000 Miconic STRIPS track: (above ?f1 ?f2) means
; floor ?f2 is above floor ?f1.  The problem's goal is a universally
; quantified implication: every VIP passenger must be served.
; Written for planlens's tests.

(define (domain miconic-vip)
  (:requirements :adl)
  (:types passenger - object
          floor - object)

  (:predicates (origin ?person - passenger ?floor - floor)
               (destin ?person - passenger ?floor - floor)
               (above ?floor1 - floor ?floor2 - floor)
               (boarded ?person - passenger)
               (served ?person - passenger)
               (vip ?person - passenger)
               (lift-at ?floor - floor))

  (:action board
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (origin ?p ?f))
    :effect (boarded ?p))

  (:action depart
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (destin ?p ?f) (boarded ?p))
    :effect (and (not (boarded ?p))
                 (served ?p)))

  ;; drive up from ?f1 to a higher floor ?f2
  (:action up
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f1 ?f2))
    :effect (and (lift-at ?f2) (not (lift-at ?f1))))

  ;; drive down from ?f1 to a lower floor ?f2
  (:action down
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f2 ?f1))
    :effect (and (lift-at ?f2) (not (lift-at ?f1))))
)
