# teach_exercises: tests (issue 39).
