/* --shard I/N and planlens merge: for every batch command, the parts of N =
 * 1, 2, 3 shards merged give the unsharded output byte for byte and its exit
 * code, on ../shared/data and on sample-runs/; bad --shard values and bad
 * sets of parts are refused with a clear message: parts made from other
 * versions of the inputs (their SHA-256), of another shard count, cut or
 * missing, each named, and nothing written to --output. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"

typedef struct {
    int status;
    char *out;
} run_result;

/* Runs a shell command line; its stdout (stderr with `with_stderr`). */
static run_result run_shell(const char *cmd, bool with_stderr)
{
    char line[8192];
    snprintf(line, sizeof line, "%s %s", cmd, with_stderr ? "2>&1" : "2>/dev/null");
    run_result r;
    r.out = pl_test_shell(line, &r.status);
    return r;
}

/* planlens with args, run in the source folder: the paths validate
 * --stream reads from its lines must lie under the working directory. */
static run_result planlens(const char *args, bool with_stderr)
{
    char *cmd = pl_strdup_printf("cd '%s' && '%s' %s", PLANLENS_SOURCE_DIR, PLANLENS_BIN, args);
    assert_non_null(cmd);
    run_result r = run_shell(cmd, with_stderr);
    free(cmd);
    return r;
}

/* A fresh directory for the parts of one test. */
static char *part_dir(void)
{
    char *dir = strdup("/tmp/planlens-shard-XXXXXX");
    assert_non_null(mkdtemp(dir));
    return dir;
}

static void remove_dir(char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    free(dir);
}

/* `args` run whole, then as N = first..3 shards merged (the parts given in
 * reverse order for N = 3): the same bytes and exit code each time.
 * Returns the whole run's output (owned) for further checks. */
static char *expect_shards_merge_from(const char *args, int first)
{
    run_result one = planlens(args, false);
    char *dir = part_dir();
    for (int n = first; n <= 3; n++) {
        char merge[4096] = "merge", cmd[8192];
        for (int i = 1; i <= n; i++) {
            snprintf(cmd, sizeof cmd, "%s --shard %d/%d > '%s/p%d'", args, i, n, dir, i);
            free(planlens(cmd, false).out); /* a part's own exit code is its share's */
            int k = n == 3 ? n + 1 - i : i;
            size_t len = strlen(merge);
            snprintf(merge + len, sizeof merge - len, " '%s/p%d'", dir, k);
        }
        run_result merged = planlens(merge, false);
        if (strcmp(merged.out, one.out))
            fail_msg("%s: %d shards merged differ from one process", args, n);
        assert_int_equal(merged.status, one.status);
        free(merged.out);
    }
    remove_dir(dir);
    return one.out;
}

static char *expect_shards_merge(const char *args)
{
    return expect_shards_merge_from(args, 1);
}

/* The message and exit code of a usage error. */
static void expect_usage(const char *args, const char *needle)
{
    run_result r = planlens(args, true);
    assert_int_equal(r.status, 2);
    if (!strstr(r.out, needle))
        fail_msg("%s: expected '%s' in: %s", args, needle, r.out);
    free(r.out);
}

static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static void test_grade_conformance(void **state)
{
    (void)state;
    const char *data = pl_test_data_dir("grade shards on the conformance set");
    if (!data)
        return;
    static const char *const formats[] = {"jsonl", "json", "csv", "table"};
    for (int f = 0; f < 4; f++) {
        char args[2048];
        snprintf(args, sizeof args,
                 "grade --questions '%s/conformance/acpbench-dev/dev_questions.json' --responses "
                 "'%s/conformance/acpbench-dev/responses.jsonl' --format %s",
                 data, data, formats[f]);
        /* every shard count for JSONL; the other formats (each shard count of
         * which test_grade_samples merges) as 3 parts in reverse order: each
         * grading of the whole set is minutes under valgrind */
        char *out = expect_shards_merge_from(args, f == 0 ? 1 : 3);
        if (!strcmp(formats[f], "jsonl"))
            assert_int_equal(count(out, "\"score\":"), 3111);
        free(out);
    }
}

static void test_grade_samples(void **state)
{
    (void)state;
    static const char *const formats[] = {"jsonl", "csv", "table"};
    for (int f = 0; f < 3; f++) {
        char args[2048];
        snprintf(args, sizeof args,
                 "grade --questions " SAMPLES "/acpbench/blocksworld.gen.json " SAMPLES "/acpbench/ferry.gen.json " SAMPLES
                 "/acpbench/depot.gen.json --responses " SAMPLES "/acpbench/runs/synthetic-careful.jsonl " SAMPLES
                 "/acpbench/runs/synthetic-sloppy.jsonl --mode official --format %s",
                 formats[f]);
        char *out = expect_shards_merge(args);
        if (!strcmp(formats[f], "table"))
            assert_non_null(strstr(out, "synthetic-sloppy     all             112"));
        free(out);
    }
}

/* quality on every 8th plan of plan-quality's dev set (blocksworld and
 * logistics, valid and invalid plans) and on sample-runs/plans. */
static void test_quality(void **state)
{
    (void)state;
    static const char *const formats[] = {"jsonl", "csv", "table"};
    char args[2048];
    for (int f = 0; f < 3; f++) {
        snprintf(args, sizeof args, "quality " SAMPLES "/plans/cases.jsonl --format %s", formats[f]);
        free(expect_shards_merge(args));
    }
    const char *data = pl_test_data_dir("quality shards on plan-quality/dev.jsonl");
    if (!data)
        return;
    char *dir = part_dir(), cmd[2048];
    snprintf(cmd, sizeof cmd, "awk 'NR %% 8 == 1' '%s/plan-quality/dev.jsonl' > '%s/dev-subset.jsonl'", data, dir);
    assert_int_equal(system(cmd), 0);
    for (int f = 0; f < 3; f++) {
        snprintf(args, sizeof args, "quality '%s/dev-subset.jsonl' --format %s", dir, formats[f]);
        char *out = expect_shards_merge(args);
        if (f == 0)
            assert_int_equal(count(out, "\n"), 121); /* 962 plans, every 8th */
        free(out);
    }
    remove_dir(dir);
}

static void test_audit_gen_report(void **state)
{
    (void)state;
    /* (blocksworld's audit takes seconds: ferry and depot are enough here) */
    const char *questions = "--questions " SAMPLES "/acpbench/ferry.gen.json " SAMPLES "/acpbench/depot.gen.json";
    char args[2048];
    snprintf(args, sizeof args, "audit %s --format jsonl", questions);
    free(expect_shards_merge(args));
    snprintf(args, sizeof args, "audit %s", questions);
    free(expect_shards_merge(args));
    const char *problems = "gen --domain " SAMPLES "/ferry/domain.pddl --problem " SAMPLES "/ferry/problem.pddl " SAMPLES
                           "/ferry/problems/ferry-l3-c2.pddl " SAMPLES "/ferry/problems/ferry-l3-c4.pddl";
    char *out = expect_shards_merge(problems);
    assert_true(count(out, "\"format\":\"planlens-iou/1\"") >= 12);
    assert_int_equal(count(out, "\"format\":\"planlens-iou/1\""), count(out, "\n"));
    free(out);
    snprintf(args, sizeof args, "%s --style acpbench --tasks app,prog,reach,val", problems);
    out = expect_shards_merge(args);
    assert_true(out[0] == '[' && count(out, "\"PDDL_problem\"") >= 9);
    free(out);
    static const char *const reports[] = {"", "--by model --format json", "--by domain --format csv"};
    for (int r = 0; r < 3; r++) {
        snprintf(args, sizeof args,
                 "report --questions " SAMPLES "/iou/questions.jsonl --responses " SAMPLES "/iou/runs/* %s", reports[r]);
        free(expect_shards_merge(args));
    }
    const char *data = pl_test_data_dir("report shards on the conformance set");
    if (!data)
        return;
    snprintf(args, sizeof args,
             "report --questions '%s/conformance/acpbench-dev/dev_questions.json' --responses "
             "'%s/conformance/acpbench-dev/responses.jsonl' --format json",
             data, data);
    free(expect_shards_merge_from(args, 3));
}

/* validate --stream over the sample plans, a plan given as text, a task
 * given as texts, a line that is no JSON: verdicts and exit code 3. */
static void test_validate_stream(void **state)
{
    (void)state;
    char *dir = part_dir(), path[512], args[1024];
    snprintf(path, sizeof path, "%s/lines.jsonl", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    static const char *const plans[] = {"optimal", "model-extra-argument", "model-forgets-to-unstack",
                                        "model-hallucinates", "model-stops-early"};
    for (int i = 0; i < 5; i++) /* relative to the working directory, planlens's source */
        fprintf(f,
                "{\"id\": %d, \"domain\": \"sample-runs/blocksworld/domain.pddl\", \"problem\": "
                "\"sample-runs/blocksworld/problem.pddl\", \"plan\": \"sample-runs/blocksworld/plans/%s.txt\"}\n",
                i, plans[i]);
    fprintf(f, "{\"domain\": \"sample-runs/ferry/domain.pddl\", \"problem\": "
               "\"sample-runs/ferry/problem.pddl\", \"plan_text\": \"(board car1 loc1)\"}\n\nnot json\n"
               "{\"domain_pddl\": \"(define (domain d) (:predicates (p)) (:action a :parameters () :effect (p)))\", "
               "\"problem_pddl\": \"(define (problem q) (:domain d) (:init) (:goal (p)))\", \"plan\": [\"(a)\"]}\n");
    fclose(f);
    snprintf(args, sizeof args, "validate --stream '%s'", path);
    char *out = expect_shards_merge(args);
    assert_int_equal(count(out, "\"valid\":true"), 3);
    assert_int_equal(count(out, "\"error\":"), 1);
    free(out);
    expect_usage("validate " SAMPLES "/blocksworld/domain.pddl " SAMPLES "/blocksworld/problem.pddl " SAMPLES
                 "/blocksworld/plans/optimal.txt --shard 1/2",
                 "--shard goes with --stream");
    remove_dir(dir);
}

/* Each shard owns a share of the work, and the shares partition it. */
static void test_shards_partition(void **state)
{
    (void)state;
    const char *args = "grade --questions " SAMPLES "/acpbench/blocksworld.gen.json " SAMPLES
                       "/acpbench/ferry.gen.json " SAMPLES "/acpbench/depot.gen.json --responses " SAMPLES
                       "/acpbench/runs/synthetic-careful.jsonl --mode official --format jsonl";
    run_result one = planlens(args, false);
    int total = count(one.out, "\"score\":"), sum = 0;
    assert_true(total > 10);
    for (int i = 1; i <= 3; i++) {
        char cmd[2048];
        snprintf(cmd, sizeof cmd, "%s --shard %d/3", args, i);
        run_result part = planlens(cmd, false);
        int mine = count(part.out, "{\"k\":["); /* a unit per answer */
        assert_true(mine > 0 && mine < total);
        assert_non_null(strstr(part.out, "\"end\":{\"exit\":0"));
        sum += mine;
        free(part.out);
    }
    assert_int_equal(sum, total);
    free(one.out);
}

static void test_bad_shard_values(void **state)
{
    (void)state;
    static const char *const bad[] = {"0/2", "3/2", "1/0", "x", "1/2/3", "-1/2", "1/", "/2", "1 /2", "2/1000001", ""};
    char cmd[1024];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(cmd, sizeof cmd, "grade --questions " SAMPLES "/acpbench/ferry.gen.json --responses x --shard '%s'",
                 bad[i]);
        expect_usage(cmd, "--shard takes I/N, part I of N with 1 <= I <= N");
    }
    expect_usage("grade --questions q --responses r --shard", "--shard needs a value I/N");
    expect_usage("grade --questions q --responses r --shard 1/2 --shard=2/2", "--shard given twice");
    expect_usage("merge", "needs PART...");
    expect_usage("quality " SAMPLES "/plans/cases.jsonl --summary --shard 1/2", "--summary reads the whole set");
    expect_usage("report --by failure --questions " SAMPLES "/acpbench/ferry.gen.json --shard 1/2", "not in shards");
    static const char *const commands[] = {"quality x", "audit --questions x", "gen --domain d --problem p",
                                           "report --questions q --responses r", "validate --stream x"};
    for (int i = 0; i < 5; i++) {
        snprintf(cmd, sizeof cmd, "%s --shard 2/1", commands[i]);
        expect_usage(cmd, "--shard takes I/N");
    }
}

/* merge refuses an incomplete or mixed set of parts (exit 3). */
static void test_merge_refuses(void **state)
{
    (void)state;
    char *dir = part_dir(), cmd[4096];
    const char *args = "grade --questions " SAMPLES "/acpbench/ferry.gen.json --responses " SAMPLES
                       "/acpbench/runs/synthetic-careful.jsonl --mode official --format jsonl";
    for (int i = 1; i <= 2; i++) {
        snprintf(cmd, sizeof cmd, "%s --shard %d/2 > '%s/p%d'", args, i, dir, i);
        free(planlens(cmd, false).out);
    }
    snprintf(cmd, sizeof cmd, "%s --format csv --shard 2/2 > '%s/csv2'", args, dir);
    free(planlens(cmd, false).out);
    snprintf(cmd, sizeof cmd, "head -n 3 '%s/p2' > '%s/cut2'", dir, dir);
    assert_int_equal(system(cmd), 0);
    static const struct {
        const char *parts, *message;
    } cases[] = {
        {"p1", "shard 2 of 2 is missing: give its part, or run it again"},
        {"p1 p1", "is shard 1 of 2, as "},
        {"p1 csv2", "comes from a different command line than "},
        {"p1 csv2", "(format differs)"},
        {"p1 cut2", "ends early (no end record)"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        char merge[1024] = "merge";
        char buf[256];
        snprintf(buf, sizeof buf, "%s", cases[c].parts);
        for (char *name = strtok(buf, " "); name; name = strtok(NULL, " ")) {
            size_t len = strlen(merge);
            snprintf(merge + len, sizeof merge - len, " '%s/%s'", dir, name);
        }
        run_result r = planlens(merge, true);
        assert_int_equal(r.status, 3);
        if (!strstr(r.out, cases[c].message))
            fail_msg("merge %s: expected '%s' in: %s", cases[c].parts, cases[c].message, r.out);
        free(r.out);
    }
    remove_dir(dir);
}

/* The parts of one command line over inputs in a folder of their own, which
 * the tests then change (tests/cli/test_shard.c's "stale" runs). */
typedef struct {
    char *dir;
    char args[2048];
} stale_run;

static void stale_setup(stale_run *r)
{
    r->dir = part_dir();
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && cp " SAMPLES "/acpbench/ferry.gen.json q.json && cp " SAMPLES
             "/acpbench/runs/synthetic-careful.jsonl r.jsonl && mkdir pddl && cp " SAMPLES
             "/ferry/domain.pddl pddl/ && cp " SAMPLES "/ferry/problem.pddl pddl/",
             r->dir);
    assert_int_equal(system(cmd), 0);
    snprintf(r->args, sizeof r->args, "grade --questions '%s/q.json' --responses '%s/r.jsonl' --format jsonl", r->dir,
             r->dir);
}

/* Runs `args` as shard i/n into dir/name. */
static void stale_part(const stale_run *r, const char *args, int i, int n, const char *name)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s --shard %d/%d > '%s/%s'", args, i, n, r->dir, name);
    free(planlens(cmd, false).out);
}

/* merge [--output dir/out] of dir/<names>: exit 3, every needle in its
 * message, and no output file. */
static void expect_refused(const stale_run *r, const char *names, const char *const *needles)
{
    char merge[4096], buf[512];
    snprintf(merge, sizeof merge, "merge --output '%s/out'", r->dir);
    snprintf(buf, sizeof buf, "%s", names);
    for (char *name = strtok(buf, " "); name; name = strtok(NULL, " ")) {
        size_t len = strlen(merge);
        snprintf(merge + len, sizeof merge - len, " '%s/%s'", r->dir, name);
    }
    run_result res = planlens(merge, true);
    assert_int_equal(res.status, 3);
    for (; *needles; needles++)
        if (!strstr(res.out, *needles))
            fail_msg("merge %s: expected '%s' in: %s", names, *needles, res.out);
    char out[1024];
    snprintf(out, sizeof out, "%s/out", r->dir);
    if (access(out, F_OK) == 0)
        fail_msg("merge %s refused but wrote %s", names, out);
    free(res.out);
}

/* A part made after an input changed is refused, naming the part and the
 * input, wherever it comes among the parts; a folder's files count too. */
static void test_merge_refuses_stale_inputs(void **state)
{
    (void)state;
    stale_run r;
    stale_setup(&r);
    char cmd[4096];
    for (int i = 1; i <= 3; i++) {
        char name[8];
        snprintf(name, sizeof name, "p%d", i);
        stale_part(&r, r.args, i, 3, name);
    }
    /* the header records each input's SHA-256, as sha256sum computes it */
    snprintf(cmd, sizeof cmd, "cd '%s' && head -n 1 p1 | grep -c \"$(sha256sum r.jsonl | cut -c1-64)\"", r.dir);
    run_result hashed = run_shell(cmd, false);
    assert_string_equal(hashed.out, "1\n");
    free(hashed.out);
    /* one more answer at the end of the responses, then shard 2 again */
    snprintf(cmd, sizeof cmd, "cd '%s' && tail -n 1 r.jsonl >> r.jsonl", r.dir);
    assert_int_equal(system(cmd), 0);
    stale_part(&r, r.args, 2, 3, "stale2");
    const char *const stale[] = {"stale2: input '", "/r.jsonl' differs: sha256 ", "run shard 2 again", NULL};
    expect_refused(&r, "p1 stale2 p3", stale);
    expect_refused(&r, "stale2 p1 p3", stale); /* the odd one out named, first or not */
    /* PDDL in a folder given as an argument: quality --pddl-dir */
    char quality[2048];
    snprintf(quality, sizeof quality, "quality " SAMPLES "/plans/cases.jsonl --pddl-dir '%s/pddl'", r.dir);
    stale_part(&r, quality, 1, 2, "q1");
    stale_part(&r, quality, 2, 2, "q2");
    snprintf(cmd, sizeof cmd, "cd '%s' && echo ';' >> pddl/problem.pddl", r.dir);
    assert_int_equal(system(cmd), 0);
    stale_part(&r, quality, 2, 2, "q2-stale");
    const char *const pddl[] = {"q2-stale: input '", "/pddl/problem.pddl' differs", NULL};
    expect_refused(&r, "q1 q2-stale", pddl);
    remove_dir(r.dir);
}

/* Every part's shard count is checked, not only the first's; every
 * missing shard is named; a part cut in its middle or of the older format
 * without inputs is refused. */
static void test_merge_refuses_counts(void **state)
{
    (void)state;
    stale_run r;
    stale_setup(&r);
    for (int i = 1; i <= 4; i++) {
        char name[8];
        snprintf(name, sizeof name, "p%d", i);
        stale_part(&r, r.args, i, 4, name);
    }
    stale_part(&r, r.args, 3, 5, "five3");
    const char *const counts[] = {"five3: is shard 3 of 5, the other parts shards of 4", "shard 3 of 4 is missing",
                                  NULL};
    expect_refused(&r, "p1 p2 five3 p4", counts);
    const char *const missing[] = {"shards 2-3 of 4 are missing: give their parts", NULL};
    expect_refused(&r, "p1 p4", missing);
    const char *const gaps[] = {"shards 1, 3-4 of 4 are missing", NULL};
    expect_refused(&r, "p2", gaps);
    char cmd[4096];
    /* a unit line taken out of the middle, the end record kept */
    snprintf(cmd, sizeof cmd, "cd '%s' && sed 2d p3 > cut3 && sed 's/\"planlens_part\":2/\"planlens_part\":1/' p4 > old4",
             r.dir);
    assert_int_equal(system(cmd), 0);
    const char *const cut[] = {"cut3: shard 3 holds ", "the part was cut or edited", NULL};
    expect_refused(&r, "p1 p2 cut3 p4", cut);
    const char *const old[] = {"old4: a part of an older planlens, which did not record its inputs", NULL};
    expect_refused(&r, "p1 p2 p3 old4", old);
    remove_dir(r.dir);
}

/* merge --output: a refused merge leaves a file there as it was; a merge
 * replaces a symlink there instead of writing through it. */
static void test_merge_output(void **state)
{
    (void)state;
    stale_run r;
    stale_setup(&r);
    stale_part(&r, r.args, 1, 2, "p1");
    stale_part(&r, r.args, 2, 2, "p2");
    run_result one = planlens(r.args, false);
    char cmd[4096], path[1024];
    snprintf(cmd, sizeof cmd, "cd '%s' && echo victim > victim && ln -s victim out", r.dir);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "merge --output '%s/out' '%s/p1'", r.dir, r.dir);
    run_result refused = planlens(cmd, false);
    assert_int_equal(refused.status, 3);
    free(refused.out);
    snprintf(cmd, sizeof cmd, "cd '%s' && readlink out && cat victim", r.dir);
    run_result kept = run_shell(cmd, false);
    assert_string_equal(kept.out, "victim\nvictim\n");
    free(kept.out);
    snprintf(cmd, sizeof cmd, "merge --output '%s/out' '%s/p2' '%s/p1'", r.dir, r.dir, r.dir);
    run_result merged = planlens(cmd, false);
    assert_int_equal(merged.status, 0);
    assert_string_equal(merged.out, ""); /* all of it in the file */
    free(merged.out);
    snprintf(path, sizeof path, "%s/out", r.dir);
    snprintf(cmd, sizeof cmd, "cd '%s' && test ! -L out && cat victim && cat out", r.dir);
    run_result after = run_shell(cmd, false);
    assert_int_equal(after.status, 0);
    assert_true(!strncmp(after.out, "victim\n", 7));
    assert_string_equal(after.out + 7, one.out);
    free(after.out);
    free(one.out);
    expect_usage("merge --output", "--output needs a FILE");
    expect_usage("merge --bogus p", "unknown option '--bogus'");
    remove_dir(r.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grade_conformance),
        cmocka_unit_test(test_grade_samples),
        cmocka_unit_test(test_quality),
        cmocka_unit_test(test_audit_gen_report),
        cmocka_unit_test(test_validate_stream),
        cmocka_unit_test(test_shards_partition),
        cmocka_unit_test(test_bad_shard_values),
        cmocka_unit_test(test_merge_refuses),
        cmocka_unit_test(test_merge_refuses_stale_inputs),
        cmocka_unit_test(test_merge_refuses_counts),
        cmocka_unit_test(test_merge_output),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
