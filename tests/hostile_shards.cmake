# Tests of issue 37 (hostile input): shards. Included from tests/CMakeLists.txt.
# SHA-256, which every part records of its inputs (cli/sha256.c, linked directly)
planlens_test(cli test_sha256)
target_sources(test_sha256 PRIVATE ${PROJECT_SOURCE_DIR}/cli/sha256.c)
target_include_directories(test_sha256 PRIVATE ${PROJECT_SOURCE_DIR}/cli)
# The Slurm recipe on a real single-node Slurm started by the test (about 12 s;
# SKIP outside CI without slurm-wlm and munge, which scripts/deps installs)
add_test(NAME test_slurm_shards COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cluster/slurm.sh $<TARGET_FILE:planlens>)
set_tests_properties(test_slurm_shards PROPERTIES TIMEOUT 300)
