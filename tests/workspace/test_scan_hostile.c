/* The workspace's directory walk over hostile entries made at run time:
 * beside one run, a FIFO (which hung the walk), two symbolic links back to
 * the directory (which loaded the run over and over), a second hard link
 * and a symbolic link to the run (loaded again), a link to /dev/zero (read
 * for a gigabyte) and a socket.  The walk returns at once (alarm() fails
 * the test if it hangs), loads the run once, and names every entry skipped
 * with what it is.  Named on the command line, a FIFO is refused and a link
 * to /dev/zero read only up to the 64 MiB limit. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"
#include "workspace/workspace.h"

#define QUESTIONS PLANLENS_SOURCE_DIR "/sample-runs/acpbench/blocksworld.gen.json"
#define RUN PLANLENS_SOURCE_DIR "/sample-runs/acpbench/runs/synthetic-careful.jsonl"

static char dir[] = "/tmp/planlens-scan-hostile-XXXXXX";
static int sock = -1;

static const char *path_of(const char *name)
{
    static char path[4][256];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "%s/%s", dir, name);
    return p;
}

static int make_dir(void **state)
{
    (void)state;
    assert_non_null(mkdtemp(dir));
    pl_test_copy_file(RUN, path_of("run.jsonl"));
    alarm(60); /* a walk that hangs fails the test instead of the CI job */
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    if (sock >= 0)
        close(sock);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* The warning about path, or a failure naming what there was. */
static const char *warning_of(const pl_diags *w, const char *path)
{
    for (size_t i = 0; i < w->count; i++)
        if (w->items[i].file && !strcmp(w->items[i].file, path))
            return w->items[i].message;
    for (size_t i = 0; i < w->count; i++)
        print_message("warning: %s: %s\n", w->items[i].file ? w->items[i].file : "", w->items[i].message);
    fail_msg("no warning about %s", path);
    return NULL;
}

static void assert_says(const char *message, const char *expected)
{
    if (!strstr(message, expected))
        fail_msg("'%s' does not say '%s'", message, expected);
}

/* Responses in the workspace opened on the questions and one path. */
static pl_workspace *open_with(const char *path, pl_diags *warnings)
{
    const char *paths[] = {QUESTIONS, path};
    pl_workspace *ws = pl_workspace_open(paths, 2, warnings);
    assert_non_null(ws);
    return ws;
}

static void test_walk_skips_and_loads_once(void **state)
{
    (void)state;
    pl_diags plain = PL_DIAGS_INIT;
    pl_workspace *ws = open_with(path_of("run.jsonl"), &plain);
    int responses = pl_workspace_count(ws);
    assert_int_equal(pl_workspace_nrun_files(ws), 1);
    assert_true(responses > 0);
    pl_workspace_close(ws);
    pl_diags_clear(&plain);

    assert_int_equal(mkfifo(path_of("pipe.jsonl"), 0600), 0);
    assert_int_equal(symlink(".", path_of("loop")), 0);
    assert_int_equal(symlink(".", path_of("loop2")), 0);
    assert_int_equal(link(path_of("run.jsonl"), path_of("same.jsonl")), 0);
    assert_int_equal(symlink("run.jsonl", path_of("alias.jsonl")), 0);
    assert_int_equal(symlink("/dev/zero", path_of("zero.jsonl")), 0);
    assert_int_equal(symlink("self.jsonl", path_of("self.jsonl")), 0);
    sock = socket(AF_UNIX, SOCK_STREAM, 0);
    assert_true(sock >= 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    const char *sun = path_of("agent.jsonl");
    assert_true(strlen(sun) < sizeof addr.sun_path);
    memcpy(addr.sun_path, sun, strlen(sun) + 1);
    assert_int_equal(bind(sock, (struct sockaddr *)&addr, sizeof addr), 0);

    pl_diags w = PL_DIAGS_INIT;
    ws = open_with(dir, &w);
    assert_int_equal(pl_workspace_nrun_files(ws), 1);
    assert_int_equal(pl_workspace_count(ws), responses);
    assert_says(warning_of(&w, path_of("pipe.jsonl")), "not opened: a FIFO (named pipe), not a regular file");
    assert_says(warning_of(&w, path_of("zero.jsonl")), "not opened: a character device, not a regular file");
    assert_says(warning_of(&w, path_of("agent.jsonl")), "not opened: a socket, not a regular file");
    assert_says(warning_of(&w, path_of("loop")), "a symbolic link back to");
    assert_says(warning_of(&w, path_of("loop2")), "(a loop)");
    assert_says(warning_of(&w, path_of("self.jsonl")), "not opened: a symbolic link loop");
    /* alias.jsonl comes first by name: the run is loaded there, once */
    assert_says(warning_of(&w, path_of("run.jsonl")), "not opened again: the same file as");
    assert_says(warning_of(&w, path_of("same.jsonl")), "not opened again: the same file as");
    pl_workspace_close(ws);
    pl_diags_clear(&w);
}

static void test_named_fifo_and_device(void **state)
{
    (void)state;
    const char *fifo = path_of("named.jsonl");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    const char *zero = path_of("named-zero.jsonl");
    assert_int_equal(symlink("/dev/zero", zero), 0);
    pl_diags w = PL_DIAGS_INIT;
    pl_workspace *ws = open_with(fifo, &w);
    assert_int_equal(pl_workspace_nrun_files(ws), 0);
    assert_says(warning_of(&w, fifo), "not opened: a FIFO (named pipe), not a regular file");
    pl_workspace_close(ws);
    pl_diags_clear(&w);
    ws = open_with(zero, &w);
    assert_int_equal(pl_workspace_nrun_files(ws), 0);
    assert_says(warning_of(&w, zero), "input larger than 67108864 bytes, the limit for a character device");
    pl_workspace_close(ws);
    pl_diags_clear(&w);
    /* a .json name is told apart by its first byte: the peek ends (it read /dev/zero for ever) */
    const char *zero_json = path_of("named-zero.json");
    assert_int_equal(symlink("/dev/zero", zero_json), 0);
    ws = open_with(zero_json, &w);
    assert_int_equal(pl_workspace_nrun_files(ws), 0);
    assert_non_null(warning_of(&w, zero_json));
    pl_workspace_close(ws);
    pl_diags_clear(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walk_skips_and_loads_once),
        cmocka_unit_test(test_named_fifo_and_device),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
