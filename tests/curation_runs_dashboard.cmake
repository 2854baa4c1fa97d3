# Curation (issue 38): tests of the runs_dashboard part.
planlens_test(runs test_run_identity)
planlens_test(views test_dashboard_formats LIBS planlens_views)
