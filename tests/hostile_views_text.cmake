# Tests of issue 37 (hostile input): views_text. Included from tests/CMakeLists.txt.
# The explorer's view models and exports show untrusted text safe (views/view_model.h).
planlens_test(views test_hostile_cells LIBS planlens_views)
# tmux walks of the hostile run: pane title and tmux buffer unchanged, escapes visible.
add_test(NAME test_hostile_e2e COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/e2e/hostile.sh $<TARGET_FILE:planlens>)
