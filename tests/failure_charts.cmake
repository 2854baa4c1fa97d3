# Failure analysis (issue 41): tests of the charts part.
