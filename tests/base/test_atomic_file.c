/* Atomic writes (base/atomic_file.h): the whole text or nothing; a symlink
 * at the target is replaced, never followed; a refused write leaves the old
 * file and no temporary file; the mode of a replaced file is kept. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/atomic_file.h"
#include "base/file.h"

static char dir[] = "/tmp/planlens-atomic-XXXXXX";

static char *path_of(const char *name) { return pl_strdup_printf("%s/%s", dir, name); }

static char *contents(const char *path)
{
    pl_error err = PL_ERROR_INIT;
    size_t len;
    char *s = pl_read_file(path, &len, &err);
    pl_error_clear(&err);
    return s;
}

static int entries(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.' || (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."));
    closedir(d);
    return n;
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = pl_strdup_printf("rm -rf %s", dir);
    int rc = system(cmd);
    free(cmd);
    return rc;
}

static void test_writes_and_replaces(void **state)
{
    (void)state;
    char *out = path_of("out.csv");
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_write_file_atomic(out, "one\n", 4, &err), PL_OK);
    chmod(out, 0640);
    pl_atomic_file a;
    FILE *f = pl_atomic_open(&a, out, &err);
    assert_non_null(f);
    fputs("two\n", f);
    char *during = contents(out);
    assert_string_equal(during, "one\n"); /* a reader sees the old file until the rename */
    free(during);
    assert_int_equal(pl_atomic_close(&a, true, &err), PL_OK);
    char *after = contents(out);
    assert_string_equal(after, "two\n");
    free(after);
    struct stat st;
    assert_int_equal(stat(out, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640);
    assert_int_equal(entries(), 1);
    unlink(out);
    free(out);
}

static void test_refused_leaves_nothing(void **state)
{
    (void)state;
    char *out = path_of("refused.txt");
    pl_error err = PL_ERROR_INIT;
    pl_atomic_file a;
    FILE *f = pl_atomic_open(&a, out, &err);
    fputs("half", f);
    assert_int_not_equal(pl_atomic_close(&a, false, &err), PL_OK);
    assert_int_equal(access(out, F_OK), -1);
    assert_int_equal(entries(), 0);
    /* a missing directory: an error naming the target, nothing created */
    char *bad = path_of("no/such/dir.txt");
    assert_int_equal(pl_write_file_atomic(bad, "x", 1, &err), PL_ERR_IO);
    assert_string_equal(err.file, bad);
    pl_error_clear(&err);
    free(bad);
    free(out);
}

static void test_symlink_replaced_not_followed(void **state)
{
    (void)state;
    char *victim = path_of("victim"), *link = path_of("out.json");
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_write_file_atomic(victim, "precious\n", 9, &err), PL_OK);
    assert_int_equal(symlink(victim, link), 0);
    assert_int_equal(pl_write_file_atomic(link, "{}\n", 3, &err), PL_OK);
    char *v = contents(victim), *l = contents(link);
    assert_string_equal(v, "precious\n");
    assert_string_equal(l, "{}\n");
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    free(v);
    free(l);
    unlink(victim);
    unlink(link);
    free(victim);
    free(link);
}

/* /dev/null and /dev/fd/N (as /dev/stdout) are written in place: the
 * device and its link stay (renaming over /dev/stdout replaced it with a
 * file, for every process); a planted link to a device is replaced like any
 * link; a FIFO nobody reads is an error at once, not a hang. */
static void test_devices(void **state)
{
    (void)state;
    pl_error err = PL_ERROR_INIT;
    struct stat st;
    assert_int_equal(pl_write_file_atomic("/dev/null", "gone\n", 5, &err), PL_OK);
    assert_int_equal(lstat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    char *fd_path = pl_strdup_printf("/dev/fd/%d", fds[1]);
    assert_int_equal(pl_write_file_atomic(fd_path, "through\n", 8, &err), PL_OK);
    close(fds[1]);
    char got[16] = {0};
    assert_int_equal(read(fds[0], got, sizeof got - 1), 8);
    assert_string_equal(got, "through\n");
    close(fds[0]);
    free(fd_path);
    char *link = path_of("to-null");
    assert_int_equal(symlink("/dev/null", link), 0);
    assert_int_equal(pl_write_file_atomic(link, "kept\n", 5, &err), PL_OK);
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    assert_int_equal(entries(), 1);
    char *fifo = path_of("fifo");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(pl_write_file_atomic(fifo, "x", 1, &err), PL_ERR_IO);
    assert_non_null(strstr(err.message, "no reader"));
    pl_error_clear(&err);
    unlink(fifo);
    unlink(link);
    free(fifo);
    free(link);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writes_and_replaces),
        cmocka_unit_test(test_refused_leaves_nothing),
        cmocka_unit_test(test_symlink_replaced_not_followed),
        cmocka_unit_test(test_devices),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
