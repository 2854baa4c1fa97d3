; Two crates, three places, two trucks (the size of IPC 2002 depots pfile1).
(define (problem depot-2-crates)
  (:domain depot)
  (:objects depot0 - depot distributor0 distributor1 - distributor
            truck0 truck1 - truck pallet0 pallet1 pallet2 - pallet
            crate0 crate1 - crate hoist0 hoist1 hoist2 - hoist)
  (:init (at pallet0 depot0) (clear crate1) (at pallet1 distributor0) (clear crate0)
         (at pallet2 distributor1) (clear pallet2) (at truck0 distributor1) (at truck1 depot0)
         (at hoist0 depot0) (available hoist0) (at hoist1 distributor0) (available hoist1)
         (at hoist2 distributor1) (available hoist2) (at crate0 distributor0) (on crate0 pallet1)
         (at crate1 depot0) (on crate1 pallet0))
  (:goal (and (on crate0 pallet2) (on crate1 pallet1))))
