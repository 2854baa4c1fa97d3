# Tests of issue 37 (hostile input): cli_text. Included from tests/CMakeLists.txt.
