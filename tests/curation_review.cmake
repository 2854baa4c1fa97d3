# Curation (issue 38): tests of the review part.
planlens_test(views test_review_queue LIBS planlens_views)
# Two explorers on one journal: the review queue at 80x24 and 140x40 (tmux).
add_test(NAME test_review_e2e COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/e2e/review.sh $<TARGET_FILE:planlens>)
planlens_test(views test_review_sources LIBS planlens_tui)
