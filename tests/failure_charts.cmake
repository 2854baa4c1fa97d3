# Failure analysis (issue 41): tests of the charts part.
planlens_test(cli test_chart_figures LIBS planlens_views BIN)
