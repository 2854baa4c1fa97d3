; Take the dictionary to the office, leave the paycheck at the bank,
; and bring the (empty) briefcase back home.
(define (problem get-paid)
  (:domain briefcase-world)
  (:objects home office bank - location
            dictionary paycheck - portable)
  (:init (is-at home)
         (at dictionary home)
         (at paycheck home))
  (:goal (and (at dictionary office)
              (at paycheck bank)
              (is-at home))))
