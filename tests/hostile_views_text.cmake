# Tests of issue 37 (hostile input): views_text. Included from tests/CMakeLists.txt.
