# Failure analysis (issue 41): tests of the stats part.
# The error bars against bench/stats_reference.py's independently computed values.
planlens_test(base test_stats)
# The why screen with two runs: n paired, the interval, the warning when the sets differ (tmux).
add_test(NAME test_why_paired_e2e COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/e2e/why_paired.sh $<TARGET_FILE:planlens>)
# compare --format json on the plan-quality cases: pairing counts, ci95 and mcnemar_p.
planlens_test(cli test_compare_stats BIN)
# --ci / --no-ci on report and quality --summary.
planlens_test(cli test_ci_options BIN)
# The why screen's pairing and the dashboard's interval on the sample runs.
planlens_test(views test_why_paired LIBS planlens_views)
# compare paired on epoch means, report --by failure's interval, grade's n = 1 (hand-computed values).
planlens_test(cli test_error_bars BIN)
