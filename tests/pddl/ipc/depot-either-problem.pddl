; crate1 is stacked on crate0 on pallet0 at the depot (the domain constant,
; not redeclared here).  Goal: crate0 on pallet1 at distributor0 and
; crate1 directly on pallet0.
(define (problem depot-either-1)
  (:domain depot-either)
  (:objects distributor0 - place
            truck0 - truck
            pallet0 pallet1 - pallet
            crate0 crate1 - crate
            hoist0 hoist1 - hoist)
  (:init (at pallet0 depot)
         (at pallet1 distributor0)
         (clear pallet1)
         (at truck0 depot)
         (at hoist0 depot)
         (available hoist0)
         (at hoist1 distributor0)
         (available hoist1)
         (at crate0 depot)
         (on crate0 pallet0)
         (at crate1 depot)
         (on crate1 crate0)
         (clear crate1))
  (:goal (and (on crate0 pallet1)
              (on crate1 pallet0))))
