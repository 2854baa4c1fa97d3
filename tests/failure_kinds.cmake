# Failure analysis (issue 41): tests of the kinds part.
planlens_test(acpbench test_failure_kinds)
