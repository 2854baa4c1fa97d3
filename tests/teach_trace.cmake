# Search replay (issue 39 §3): plan --trace, the replay's view model, the
# explorer's replay screen.
planlens_test(cli test_plan_trace BIN LIBS planlens_views)
planlens_test(views test_search_replay LIBS planlens_views)
add_test(NAME test_replay_e2e COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/e2e/replay.sh $<TARGET_FILE:planlens>)
