# Failure analysis (issue 41): tests of the stats part.
# The error bars against bench/stats_reference.py's independently computed values.
planlens_test(base test_stats)
