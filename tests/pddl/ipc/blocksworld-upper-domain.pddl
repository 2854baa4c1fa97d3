; BLOCKSWORLD (4 OPERATORS), WRITTEN ENTIRELY IN UPPER CASE.
; THE PLAN FOR THIS DOMAIN IS WRITTEN IN lower case: PDDL IS CASE-INSENSITIVE.
; WRITTEN FOR PLANLENS'S TESTS.

(DEFINE (DOMAIN BLOCKS)
  (:REQUIREMENTS :STRIPS)
  (:PREDICATES (ON ?X ?Y)
               (ONTABLE ?X)
               (CLEAR ?X)
               (HANDEMPTY)
               (HOLDING ?X))

  (:ACTION PICK-UP
    :PARAMETERS (?X)
    :PRECONDITION (AND (CLEAR ?X) (ONTABLE ?X) (HANDEMPTY))
    :EFFECT (AND (NOT (ONTABLE ?X))
                 (NOT (CLEAR ?X))
                 (NOT (HANDEMPTY))
                 (HOLDING ?X)))

  (:ACTION PUT-DOWN
    :PARAMETERS (?X)
    :PRECONDITION (HOLDING ?X)
    :EFFECT (AND (NOT (HOLDING ?X))
                 (CLEAR ?X)
                 (HANDEMPTY)
                 (ONTABLE ?X)))

  (:ACTION STACK
    :PARAMETERS (?X ?Y)
    :PRECONDITION (AND (HOLDING ?X) (CLEAR ?Y))
    :EFFECT (AND (NOT (HOLDING ?X))
                 (NOT (CLEAR ?Y))
                 (CLEAR ?X)
                 (HANDEMPTY)
                 (ON ?X ?Y)))

  (:ACTION UNSTACK
    :PARAMETERS (?X ?Y)
    :PRECONDITION (AND (ON ?X ?Y) (CLEAR ?X) (HANDEMPTY))
    :EFFECT (AND (HOLDING ?X)
                 (CLEAR ?Y)
                 (NOT (CLEAR ?X))
                 (NOT (HANDEMPTY))
                 (NOT (ON ?X ?Y)))))
