# Curation (issue 38): tests of the journal part.
planlens_test(workspace test_journal)
planlens_test(cli test_notes_cli BIN)
planlens_test(cli test_diff_verdicts BIN)
