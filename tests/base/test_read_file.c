/* pl_read_file: plain files read whole (regular or not, of any size up to
 * the input limit), gzip files inflated by their magic bytes whatever their
 * name, and the errors: a missing file, a file over the limit (plain, and
 * once decompressed). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <cmocka.h>

#include "base/file.h"

static char dir[] = "/tmp/planlens-read-file-XXXXXX";

static const char *path_of(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* `len` bytes of a repeating text, so that a wrong offset shows. */
static char *pattern(size_t len)
{
    char *s = malloc(len + 1);
    assert_non_null(s);
    for (size_t i = 0; i < len; i++)
        s[i] = (char)('a' + i % 23);
    s[len] = '\0';
    return s;
}

static void write_plain(const char *name, const char *data, size_t len)
{
    FILE *f = fopen(path_of(name), "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

static void write_gzip(const char *name, const char *data, size_t len)
{
    gzFile gz = gzopen(path_of(name), "wb");
    assert_non_null(gz);
    assert_int_equal(gzwrite(gz, data, (unsigned)len), (int)len);
    gzclose(gz);
}

static void assert_reads(const char *path, const char *expected, size_t expected_len)
{
    pl_error err = PL_ERROR_INIT;
    size_t len = 0;
    char *text = pl_read_file(path, &len, &err);
    assert_non_null(text);
    assert_int_equal(len, expected_len);
    assert_memory_equal(text, expected, expected_len);
    assert_int_equal(text[len], '\0');
    free(text);
}

static void assert_fails(const char *path, pl_error_code code, const char *message)
{
    pl_error err = PL_ERROR_INIT;
    size_t len = 0;
    assert_null(pl_read_file(path, &len, &err));
    assert_int_equal(err.code, code);
    assert_string_equal(err.message, message);
    pl_error_clear(&err);
}

static void test_plain_files(void **state)
{
    (void)state;
    static const size_t sizes[] = {0, 1, 2, 3, 4095, 4096, 70000};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        char *text = pattern(sizes[i]);
        write_plain("plain.txt", text, sizes[i]);
        assert_reads(path_of("plain.txt"), text, sizes[i]);
        free(text);
    }
}

static void test_gzip_by_magic_bytes(void **state)
{
    (void)state;
    char *text = pattern(200000);
    write_gzip("named-plainly.json", text, 200000);
    assert_reads(path_of("named-plainly.json"), text, 200000);
    write_gzip("empty.gz", "", 0);
    assert_reads(path_of("empty.gz"), "", 0);
    /* a plain file that starts like gzip only by its first byte */
    write_plain("almost.txt", "\x1f" "abc", 4);
    assert_reads(path_of("almost.txt"), "\x1f" "abc", 4);
    free(text);
}

/* A pipe has no size to read ahead: the buffer grows as the text comes. */
static void test_pipe(void **state)
{
    (void)state;
    const size_t n = 100000;
    char *text = pattern(n);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        _exit(write(fds[1], text, n) == (ssize_t)n ? 0 : 1);
    }
    close(fds[1]);
    char path[64];
    snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
    assert_reads(path, text, n);
    close(fds[0]);
    int status;
    waitpid(pid, &status, 0);
    assert_int_equal(status, 0);
    free(text);
}

static void test_errors(void **state)
{
    (void)state;
    assert_fails(path_of("missing.txt"), PL_ERR_IO, "cannot open: No such file or directory");

    size_t saved = pl_max_input_bytes();
    pl_set_max_input_bytes(1000);
    char *text = pattern(1001);
    write_plain("limit.txt", text, 1000);
    assert_reads(path_of("limit.txt"), text, 1000);
    write_plain("over.txt", text, 1001);
    assert_fails(path_of("over.txt"), PL_ERR_LIMIT, "input larger than 1000 bytes");
    write_gzip("over.gz", text, 1001);
    assert_fails(path_of("over.gz"), PL_ERR_LIMIT, "input larger than 1000 bytes once decompressed");
    pl_set_max_input_bytes(saved);
    free(text);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    static const char *const names[] = {"plain.txt", "named-plainly.json", "empty.gz", "almost.txt",
                                        "limit.txt", "over.txt", "over.gz"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        remove(path_of(names[i]));
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_files),
        cmocka_unit_test(test_gzip_by_magic_bytes),
        cmocka_unit_test(test_pipe),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
