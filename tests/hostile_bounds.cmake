# Tests of issue 37 (hostile input): bounds. Included from tests/CMakeLists.txt.
# Set answers graded in linear time, the item cap (too-long), cancelling a grade.
planlens_test(acpbench test_acp_bounds)
planlens_test(quality test_quality_bounds BIN)
# The explorer quits with q within 2 s while grading 40 answers of 50,000 items (tmux).
add_test(NAME test_bounded_e2e COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/e2e/bounded.sh $<TARGET_FILE:planlens>)
