# teach_exercises: tests (issue 39).
# The exercise sheets' round trip through planlens: generate, fill, mark.
planlens_test(teach test_exercises BIN)
# A search run from teach's state, replayed from memory (issue 39 §3, bank).
planlens_test(views test_search_replay_run LIBS planlens_views)
# The question bank browsed without a run (issue 39 §6, bank).
planlens_test(views test_question_bank LIBS planlens_views)
add_test(NAME test_bank_e2e COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/e2e/bank.sh $<TARGET_FILE:planlens>)
