# Curation (issue 38): tests of the apply part.

# grade --notes FILE --apply-review (cli/grade_review.c): overrides, exclusions,
# retractions, corrected stored answers regraded, keys matching no answer,
# shards (tests/data/apply-review; the conformance set when present).
planlens_test(cli test_apply_review BIN)
