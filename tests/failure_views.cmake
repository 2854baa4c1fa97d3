# Failure analysis (issue 41): tests of the views part.
planlens_test(views test_failure_views LIBS planlens_views BIN)
planlens_test(tui test_failure_complete LIBS planlens_tui)
add_test(NAME test_failure_e2e COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/e2e/failure.sh $<TARGET_FILE:planlens>)
