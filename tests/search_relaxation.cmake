# search_relaxation: tests (issue 40).
planlens_test(search test_relaxed_disjunctions)
planlens_test(search test_fact_order)
planlens_test(search test_lmcut_zone)
