# Tests of issue 37 (hostile input): cli_text. Included from tests/CMakeLists.txt.

# Every output format of grade, report and quality on a hostile run: the
# goldens show each escape as visible text (\e]0;, \u202e, U+FFFD, '=...).
add_test(NAME test_hostile_cli_text_golden COMMAND test_cli_golden ${CMAKE_CURRENT_SOURCE_DIR}/data/hostile-text)

# The same run: tables, CSV and JSON carry no control byte, C1 or bidi
# override and are valid UTF-8; JSON parses; formula cells get a ' unless
# --csv-raw; NO_COLOR / --color=never: no ESC at all (plan's progress too).
planlens_test(cli test_hostile_output BIN)
