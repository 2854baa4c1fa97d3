# Curation (issue 38): tests of the runs_dashboard part.
