# Curation (issue 38): tests of the inspect part.

# The Inspect grader (engine/acpbench/inspect_grade.h): every rule, and the
# conformance set counted per rule.
planlens_test(acpbench test_inspect_grader)
