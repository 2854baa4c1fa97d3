# Tests of issue 37 (hostile input): bounds. Included from tests/CMakeLists.txt.
# Set answers graded in linear time, the item cap (too-long), cancelling a grade.
planlens_test(acpbench test_acp_bounds)
planlens_test(quality test_quality_bounds BIN)
