# Tests of issue 37 (hostile input): files. Included from tests/CMakeLists.txt.
# FIFOs, symlink loops, links to /dev/zero and sockets are made at run time;
# each test arms alarm() so that a read that hangs fails instead of waiting.
planlens_test(base test_read_limits)
planlens_test(base test_path_confined)
planlens_test(workspace test_scan_hostile)
planlens_test(cli test_hostile_paths BIN)
planlens_test(base test_saved_files)
