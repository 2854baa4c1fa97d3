# search_relaxation: tests (issue 40).
