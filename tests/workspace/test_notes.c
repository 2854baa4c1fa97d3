/* Curators' notes: round trip, unreadable lines kept, and crash safety — a
 * writer killed with SIGKILL at random moments never leaves a torn file and
 * never loses a note whose save had returned. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/file.h"
#include "workspace/notes.h"

static char dir[64];

static char *notes_path(const char *name)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static void test_round_trip(void **state)
{
    (void)state;
    char *path = notes_path("round.jsonl");
    pl_notes n;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_notes_open(&n, path, NULL, &err), PL_OK); /* missing file: empty */
    assert_int_equal(n.count, 0);
    assert_int_equal(pl_notes_set(&n, "m\tapp\t1", 1, NULL, &err), PL_OK);
    assert_int_equal(pl_notes_set(&n, "m\tapp\t2", 0, "the truth misses (pick-up b)\n\"quoted\"", &err), PL_OK);
    assert_int_equal(pl_notes_set(&n, "m\tapp\t1", -1, "flag kept", &err), PL_OK);
    pl_notes_free(&n);
    assert_int_equal(pl_notes_open(&n, path, NULL, &err), PL_OK);
    assert_int_equal(n.count, 2);
    const pl_note *a = pl_notes_get(&n, "m\tapp\t1"), *b = pl_notes_get(&n, "m\tapp\t2");
    assert_true(a->flag);
    assert_string_equal(a->note, "flag kept");
    assert_false(b->flag);
    assert_string_equal(b->note, "the truth misses (pick-up b)\n\"quoted\"");
    /* clearing both flag and note drops the entry from the file */
    assert_int_equal(pl_notes_set(&n, "m\tapp\t2", 0, "", &err), PL_OK);
    pl_notes_free(&n);
    assert_int_equal(pl_notes_open(&n, path, NULL, &err), PL_OK);
    assert_int_equal(n.count, 1);
    pl_notes_free(&n);
}

static void test_unreadable_lines_kept(void **state)
{
    (void)state;
    char *path = notes_path("bad.jsonl");
    FILE *f = fopen(path, "w");
    fputs("{\"key\": \"k1\", \"flag\": true}\nnot json, written by hand\n{\"flag\": 3}\n", f);
    fclose(f);
    pl_notes n;
    pl_diags w = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_notes_open(&n, path, &w, &err), PL_OK);
    assert_int_equal(w.count, 2);
    assert_int_equal(w.items[0].line, 2);
    assert_int_equal(pl_notes_set(&n, "k2", 1, NULL, &err), PL_OK);
    pl_notes_free(&n);
    pl_diags_clear(&w);
    size_t len;
    char *text = pl_read_file(path, &len, &err);
    assert_non_null(strstr(text, "not json, written by hand"));
    assert_non_null(strstr(text, "{\"flag\": 3}"));
    assert_non_null(strstr(text, "\"k2\""));
    free(text);
}

/* A line with a NUL byte is unreadable; a save writes it back whole rather
 * than cut at the NUL (which would turn it into a different, readable note). */
static void test_unreadable_line_with_nul_kept_whole(void **state)
{
    (void)state;
    char *path = notes_path("nul.jsonl");
    static const char line[] = "{\"key\": \"k3\"}\0 tail\n";
    FILE *f = fopen(path, "w");
    fwrite(line, 1, sizeof line - 1, f);
    fclose(f);
    pl_notes n;
    pl_diags w = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_notes_open(&n, path, &w, &err), PL_OK);
    assert_int_equal(n.nunread, 1);
    assert_int_equal(pl_notes_set(&n, "k4", 1, NULL, &err), PL_OK);
    pl_notes_free(&n);
    pl_diags_clear(&w);
    size_t len;
    char *text = pl_read_file(path, &len, &err);
    assert_non_null(text);
    /* Saved notes come first, unreadable lines after them. */
    assert_true(len >= sizeof line - 1);
    assert_memory_equal(text + len - (sizeof line - 1), line, sizeof line - 1);
    free(text);
    assert_int_equal(pl_notes_open(&n, path, &w, &err), PL_OK);
    assert_null(pl_notes_get(&n, "k3"));
    assert_int_equal(n.nunread, 1);
    pl_notes_free(&n);
    pl_diags_clear(&w);
}

/* The child saves note 0, 1, 2, ... and reports each finished save on a pipe. */
static void writer(const char *path, int out)
{
    pl_notes n;
    pl_error err = PL_ERROR_INIT;
    pl_notes_open(&n, path, NULL, &err);
    for (int i = 0;; i++) {
        char key[32], note[64];
        snprintf(key, sizeof key, "k%d", i);
        snprintf(note, sizeof note, "note number %d", i);
        if (pl_notes_set(&n, key, i % 2, note, &err) != PL_OK)
            _exit(1);
        if (write(out, &i, sizeof i) != sizeof i)
            _exit(1);
    }
}

static void test_kill_during_saves(void **state)
{
    (void)state;
    char *path = notes_path("crash.jsonl");
    srand(7);
    int total_checks = 0;
    for (int round = 0; round < 20; round++) {
        remove(path);
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            writer(path, fds[1]);
        }
        close(fds[1]);
        /* after the first save (slow under valgrind), kill at a random moment */
        int last = -1, i;
        if (read(fds[0], &i, sizeof i) == sizeof i)
            last = i;
        struct timespec ts = {0, (long)(rand() % 10) * 1000000L + rand() % 1000000};
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        while (read(fds[0], &i, sizeof i) == sizeof i)
            last = i;
        close(fds[0]);
        /* every save acknowledged is in the file, and the file parses */
        pl_notes n;
        pl_diags w = PL_DIAGS_INIT;
        pl_error err = PL_ERROR_INIT;
        assert_int_equal(pl_notes_open(&n, path, &w, &err), PL_OK);
        assert_int_equal(w.count, 0);
        for (int k = 0; k <= last; k++) {
            char key[32];
            snprintf(key, sizeof key, "k%d", k);
            assert_non_null(pl_notes_get(&n, key));
            total_checks++;
        }
        pl_notes_free(&n);
        pl_diags_clear(&w);
    }
    assert_true(total_checks >= 20); /* every round acknowledged at least one save */
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/planlens-notes-XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_unreadable_lines_kept),
        cmocka_unit_test(test_unreadable_line_with_nul_kept_whole),
        cmocka_unit_test(test_kill_during_saves),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        return 1;
    return rc;
}
