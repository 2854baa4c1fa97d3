# Failure analysis (issue 41): tests of the views part.
