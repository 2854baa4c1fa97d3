# teach_exercises: tests (issue 39).
# The exercise sheets' round trip through planlens: generate, fill, mark.
planlens_test(teach test_exercises BIN)
