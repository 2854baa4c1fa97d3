# Curation (issue 38): tests of the inspect part.
