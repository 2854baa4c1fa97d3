# Tests of issue 37 (hostile input): files. Included from tests/CMakeLists.txt.
