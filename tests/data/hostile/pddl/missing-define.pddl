(domain blocksworld (:predicates (p)))
