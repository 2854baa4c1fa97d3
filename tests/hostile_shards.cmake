# Tests of issue 37 (hostile input): shards. Included from tests/CMakeLists.txt.
