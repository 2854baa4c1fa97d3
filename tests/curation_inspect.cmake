# Curation (issue 38): tests of the inspect part.

# The Inspect grader (engine/acpbench/inspect_grade.h): every rule, and the
# conformance set counted per rule.
planlens_test(acpbench test_inspect_grader)

# grade --official inspect on Inspect logs built from the Inspect tasks' source
# (tests/data/inspect-rules, tests/runs/make_inspect_rule_fixtures.py): the
# stored scores reproduced, one log per rule; shards; the explorer's records.
planlens_test(cli test_inspect_logs BIN)
