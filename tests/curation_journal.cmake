# Curation (issue 38): tests of the journal part.
planlens_test(workspace test_journal)
