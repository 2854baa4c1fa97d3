# Tests of issue 37 (hostile input): bounds. Included from tests/CMakeLists.txt.
