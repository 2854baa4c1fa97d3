# Curation (issue 38): tests of the review part.
