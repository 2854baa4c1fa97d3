# Failure analysis (issue 41): tests of the views part.
planlens_test(views test_failure_views LIBS planlens_views BIN)
planlens_test(tui test_failure_complete LIBS planlens_tui)
