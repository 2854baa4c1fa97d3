/* pl_read_file on what is not a regular file, made at run time: a FIFO
 * with no writer is an error at once (no hang: alarm() fails the test if it
 * waits), a FIFO with a writer is read whole, a link to /dev/zero stops at
 * the 64 MiB limit for non-regular files (not the 1 GiB one), /dev/null is
 * empty, a socket is named as such; pl_is_regular_file and pl_file_kind. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/file.h"

static char dir[] = "/tmp/planlens-read-limits-XXXXXX";

static const char *path_of(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static int make_dir(void **state)
{
    (void)state;
    assert_non_null(mkdtemp(dir));
    alarm(20); /* a read that hangs fails the test instead of the CI job */
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static void assert_fails(const char *path, pl_error_code code, const char *message)
{
    pl_error err = PL_ERROR_INIT;
    size_t len = 0;
    char *text = pl_read_file(path, &len, &err);
    assert_null(text);
    assert_int_equal(err.code, code);
    assert_non_null(err.message);
    if (!strstr(err.message, message))
        fail_msg("'%s' does not say '%s'", err.message, message);
    pl_error_clear(&err);
}

/* Without O_NONBLOCK, open(2) waits for a writer that never comes. */
static void test_fifo_without_writer(void **state)
{
    (void)state;
    const char *fifo = path_of("answers.jsonl");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_fails(fifo, PL_ERR_IO, "a FIFO (named pipe) with no writer");
    assert_true(seconds_since(&t0) < 1.0);
    const char *kind = NULL;
    assert_false(pl_is_regular_file(fifo, &kind));
    assert_string_equal(kind, "a FIFO (named pipe)");
    unlink(fifo);
}

/* A FIFO named on purpose, with a writer: read whole, as before. */
static void test_fifo_with_writer(void **state)
{
    (void)state;
    const char *fifo = path_of("plan.fifo");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    /* a reader that never reads, so that the writer's open returns at once */
    int holder = open(fifo, O_RDONLY | O_NONBLOCK);
    assert_true(holder >= 0);
    int sync[2];
    assert_int_equal(pipe(sync), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open(fifo, O_WRONLY);
        bool ok = fd >= 0 && write(sync[1], "o", 1) == 1 && write(fd, "(unstack a b)\n", 14) == 14;
        _exit(ok && close(fd) == 0 ? 0 : 1);
    }
    char c;
    assert_int_equal(read(sync[0], &c, 1), 1); /* the writer is there */
    pl_error err = PL_ERROR_INIT;
    size_t len = 0;
    char *text = pl_read_file(fifo, &len, &err);
    assert_non_null(text);
    assert_string_equal(text, "(unstack a b)\n");
    assert_int_equal(len, 14);
    free(text);
    int status;
    waitpid(pid, &status, 0);
    assert_int_equal(status, 0);
    close(holder);
    close(sync[0]);
    close(sync[1]);
    unlink(fifo);
}

/* /dev/zero never ends: the read stops at 64 MiB, not 1 GiB. */
static void test_link_to_dev_zero(void **state)
{
    (void)state;
    const char *link = path_of("zero.jsonl");
    assert_int_equal(symlink("/dev/zero", link), 0);
    assert_int_equal(pl_max_input_bytes(), (size_t)1 << 30);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_fails(link, PL_ERR_LIMIT, "input larger than 67108864 bytes, the limit for a character device");
    assert_true(seconds_since(&t0) < 5.0);
    const char *kind = NULL;
    assert_false(pl_is_regular_file(link, &kind));
    assert_string_equal(kind, "a character device");
    /* a lower process limit still wins */
    pl_set_max_input_bytes(1000);
    assert_fails(link, PL_ERR_LIMIT, "input larger than 1000 bytes, the limit for a character device");
    pl_set_max_input_bytes((size_t)1 << 30);
    unlink(link);
}

static void test_dev_null(void **state)
{
    (void)state;
    pl_error err = PL_ERROR_INIT;
    size_t len = 99;
    char *text = pl_read_file("/dev/null", &len, &err);
    assert_non_null(text);
    assert_int_equal(len, 0);
    assert_string_equal(text, "");
    free(text);
}

static void test_socket(void **state)
{
    (void)state;
    const char *path = path_of("agent.sock");
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    const char *sun = path;
    assert_true(strlen(sun) < sizeof addr.sun_path);
    memcpy(addr.sun_path, sun, strlen(sun) + 1);
    assert_int_equal(bind(fd, (struct sockaddr *)&addr, sizeof addr), 0);
    assert_fails(path, PL_ERR_IO, "cannot open: a socket, not a file");
    const char *kind = NULL;
    assert_false(pl_is_regular_file(path, &kind));
    assert_string_equal(kind, "a socket");
    close(fd);
    unlink(path);
}

static void test_kinds(void **state)
{
    (void)state;
    const char *file = path_of("run.jsonl");
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    const char *kind = "unset";
    assert_true(pl_is_regular_file(file, &kind));
    assert_null(kind);
    assert_false(pl_is_regular_file(dir, &kind));
    assert_string_equal(kind, "a directory");
    assert_false(pl_is_regular_file(path_of("missing"), &kind));
    assert_string_equal(kind, "No such file or directory");
    assert_string_equal(pl_file_kind(S_IFBLK), "a block device");
    assert_string_equal(pl_file_kind(S_IFLNK), "a symbolic link");
    unlink(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifo_without_writer), cmocka_unit_test(test_fifo_with_writer),
        cmocka_unit_test(test_link_to_dev_zero),    cmocka_unit_test(test_dev_null),
        cmocka_unit_test(test_socket),              cmocka_unit_test(test_kinds),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
