# Curation (issue 38): tests of the journal part.
