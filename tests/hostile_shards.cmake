# Tests of issue 37 (hostile input): shards. Included from tests/CMakeLists.txt.
# SHA-256, which every part records of its inputs (cli/sha256.c, linked directly)
planlens_test(cli test_sha256)
target_sources(test_sha256 PRIVATE ${PROJECT_SOURCE_DIR}/cli/sha256.c)
target_include_directories(test_sha256 PRIVATE ${PROJECT_SOURCE_DIR}/cli)
