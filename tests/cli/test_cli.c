/* The planlens command line as a user runs it: outputs and exit codes. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <elf.h>

#include <cmocka.h>
#include <cjson/cJSON.h>

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs/blocksworld"
#define DOMAIN SAMPLES "/domain.pddl"
#define PROBLEM SAMPLES "/problem.pddl"

typedef struct {
    int status;
    char *out; /* stdout and stderr together */
} run_result;

/* Runs a shell command line, stdout and stderr together. */
static run_result run_shell(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
        n += got;
        if (cap - n < 1024)
            buf = realloc(buf, cap *= 2);
    }
    buf[n] = '\0';
    int st = pclose(p);
    run_result r = {WIFEXITED(st) ? WEXITSTATUS(st) : -1, buf};
    return r;
}

static run_result run(const char *args)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", PLANLENS_BIN, args);
    return run_shell(cmd);
}

/* planlens with stderr on a terminal (script(1)'s) and stdout thrown away. */
static run_result run_on_terminal(const char *args)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "script -qec \"'%s' %s >/dev/null\" /dev/null", PLANLENS_BIN, args);
    return run_shell(cmd);
}

static void expect_output(const run_result *r, const char *needle)
{
    if (!strstr(r->out, needle))
        fail_msg("expected '%s' in:\n%s", needle, r->out);
}

static void test_validate_reports(void **state)
{
    (void)state;
    run_result r = run("validate " DOMAIN " " PROBLEM " " SAMPLES "/plans/optimal.txt");
    assert_int_equal(r.status, 0);
    expect_output(&r, "optimal.txt: Plan valid: 8 actions, cost 8 (unit cost)");
    free(r.out);

    r = run("validate " DOMAIN " " PROBLEM " " SAMPLES "/plans/model-forgets-to-unstack.txt " SAMPLES
            "/plans/model-hallucinates.txt " SAMPLES "/plans/model-extra-argument.txt");
    assert_int_equal(r.status, 1);
    expect_output(&r, "executed 2 of 4 actions (LEA 2)");
    expect_output(&r, "(pick-up a) is not applicable");
    expect_output(&r, "unmet precondition: (clear a)");
    expect_output(&r, "(move c d): unknown action 'move'");
    expect_output(&r, "warning: action at index 1 (line 3): 1 extra argument ignored in (put-down d table)");
    free(r.out);
}

static void test_validate_json(void **state)
{
    (void)state;
    run_result r = run("validate --json " DOMAIN " " PROBLEM " " SAMPLES "/plans/model-stops-early.txt");
    assert_int_equal(r.status, 1);
    cJSON *j = cJSON_Parse(r.out);
    assert_non_null(j);
    cJSON *plan = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "plans"), 0);
    assert_int_equal(cJSON_GetObjectItem(plan, "lea")->valueint, 4);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(plan, "executable")));
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(plan, "valid")));
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(plan, "failure")));
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(plan, "unmet_goals")), 2);
    cJSON_Delete(j);
    free(r.out);
}

static void test_applicable_and_progress(void **state)
{
    (void)state;
    run_result r = run("applicable " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "(pick-up b)\n(pick-up c)\n(unstack d a)\n");
    free(r.out);

    r = run("progress " DOMAIN " " PROBLEM " 'unstack(D, A)'");
    assert_int_equal(r.status, 0);
    expect_output(&r, "positive effects: (clear a) (holding d)\n");
    expect_output(&r, "negative effects: (clear d) (handempty) (on d a)\n");
    free(r.out);

    r = run("progress " DOMAIN " " PROBLEM " '(pick-up a)'");
    assert_int_equal(r.status, 1);
    expect_output(&r, "unmet precondition: (clear a)");
    free(r.out);
}

static void test_plan(void **state)
{
    (void)state;
    run_result r = run("plan " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 0);
    expect_output(&r, "(unstack d a)\n(put-down d)\n");
    expect_output(&r, "(stack a b)\n; cost = 8 (unit cost)\n");
    free(r.out);

    r = run("plan --json --search astar-hmax " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 0);
    cJSON *j = cJSON_Parse(r.out);
    assert_non_null(j);
    assert_string_equal(cJSON_GetObjectItem(j, "status")->valuestring, "solved");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(j, "optimal")));
    assert_int_equal(cJSON_GetObjectItem(j, "cost")->valueint, 8);
    assert_true(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "statistics"), "expansions")->valueint > 0);
    cJSON_Delete(j);
    free(r.out);

    r = run("plan --search gbfs-ff " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 0);
    expect_output(&r, "; cost = ");
    free(r.out);

    r = run("plan " DOMAIN " " PLANLENS_SOURCE_DIR "/tests/pddl/cli/unsolvable-problem.pddl");
    assert_int_equal(r.status, 1);
    expect_output(&r, "; unsolvable: no plan exists");
    free(r.out);

    r = run("plan --search astar-magic " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 2);
    free(r.out);
}

/* The memory bound ends a search as "unknown"; progress goes to a terminal
 * only (here stderr is a pipe), and with --quiet not even there. */
static void test_plan_memory_limit_and_progress(void **state)
{
    (void)state;
    run_result r = run("plan --memory-limit 1K " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 1);
    expect_output(&r, "; unknown: memory limit reached after ");
    free(r.out);

    r = run("plan --json --memory-limit 1K " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 1);
    expect_output(&r, "\"limit\":\"memory\"");
    free(r.out);

    /* the environment sets the default of every search */
    setenv("PLANLENS_MEMORY_LIMIT", "1K", 1);
    r = run("plan " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 1);
    expect_output(&r, "; unknown: memory limit");
    free(r.out);
    r = run("plan --memory-limit 0.5G " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.out, "f = "));
    free(r.out);
    setenv("PLANLENS_MEMORY_LIMIT", "lots", 1);
    r = run("plan " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 2);
    expect_output(&r, "PLANLENS_MEMORY_LIMIT");
    free(r.out);
    unsetenv("PLANLENS_MEMORY_LIMIT");

    r = run("plan --memory-limit 12Q " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 2);
    free(r.out);
    r = run("plan --memory-limit -1G " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 2);
    free(r.out);

    /* on a terminal (script(1) gives one) the progress lines come on stderr */
    if (system("command -v script >/dev/null 2>&1") != 0) {
        print_message("SKIP: no script(1) for a terminal\n");
        return;
    }
    r = run_on_terminal("plan --search astar-blind " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 0);
    expect_output(&r, "f = 1, 1 evaluated, 1 expanded, t=");
    free(r.out);
    r = run_on_terminal("plan --quiet " DOMAIN " " PROBLEM);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.out, "f = "));
    free(r.out);
}

/* validate --stream: a verdict per line, equal to validate --json's; line
 * errors are reported on their line and the stream goes on; a task is
 * loaded once for the lines that share it (its warning comes once). */
static void test_validate_stream(void **state)
{
    (void)state;
    char path[] = "/tmp/planlens-stream-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    /* a typed domain with an untyped predicate parameter: read with a warning */
    const char *domain = "(define (domain d) (:requirements :typing) (:types t) (:predicates (p ?x) (q ?x - t))"
                         " (:action a :parameters (?x - t) :precondition (p ?x) :effect (q ?x)))";
    const char *problem = "(define (problem e) (:domain d) (:objects o - t) (:init (p o)) (:goal (q o)))";
    fprintf(f, "{\"id\": 7, \"domain\": \"%s\", \"problem\": \"%s\", \"plan\": \"%s\"}\n", DOMAIN, PROBLEM,
            SAMPLES "/plans/model-forgets-to-unstack.txt");
    fprintf(f, "{\"domain_pddl\": \"%s\", \"problem_pddl\": \"%s\", \"plan\": [\"(a o)\"]}\n", domain, problem);
    fputs("\nnot json\n{\"domain\": \"" DOMAIN "\"}\n", f);
    fprintf(f, "{\"domain_pddl\": \"%s\", \"problem_pddl\": \"%s\", \"plan_text\": \"(a o)\\n(a o)\"}\n", domain,
            problem);
    fclose(f);
    char args[512];
    snprintf(args, sizeof args, "validate --stream --root %s %s", PLANLENS_SOURCE_DIR, path);
    run_result r = run(args);
    assert_int_equal(r.status, 3);
    /* one warning for the two lines of the inline task */
    const char *warning = strstr(r.out, "have no type; read as object");
    assert_non_null(warning);
    assert_null(strstr(warning + 1, "have no type; read as object"));
    run_result one = run("validate --json " DOMAIN " " PROBLEM " " SAMPLES "/plans/model-forgets-to-unstack.txt");
    cJSON *one_json = cJSON_Parse(one.out);
    const cJSON *expected = cJSON_GetArrayItem(cJSON_GetObjectItem(one_json, "plans"), 0);
    int lines = 0;
    for (char *line = strtok(r.out, "\n"); line; line = strtok(NULL, "\n")) {
        cJSON *v = cJSON_Parse(line);
        if (!v)
            continue; /* the warning */
        int number = cJSON_GetObjectItem(v, "line")->valueint;
        const cJSON *error = cJSON_GetObjectItem(v, "error");
        if (number == 1) {
            assert_int_equal(cJSON_GetObjectItem(v, "id")->valueint, 7);
            cJSON_DeleteItemFromObject(v, "id");
            cJSON_DeleteItemFromObject(v, "line");
            assert_true(cJSON_Compare(v, expected, 1));
        } else if (number == 2 || number == 6) {
            assert_true(cJSON_IsTrue(cJSON_GetObjectItem(v, "valid")));
            assert_int_equal(cJSON_GetObjectItem(v, "length")->valueint, number == 2 ? 1 : 2);
        } else {
            assert_true(number == 4 || number == 5);
            assert_non_null(strstr(error->valuestring, number == 4 ? "line 4:1:1" : "\"problem\" (a path)"));
        }
        lines++;
        cJSON_Delete(v);
    }
    assert_int_equal(lines, 5);
    cJSON_Delete(one_json);
    free(one.out);
    free(r.out);
    unlink(path);
}

static void test_exit_codes(void **state)
{
    (void)state;
    run_result r = run("validate " DOMAIN);
    assert_int_equal(r.status, 2);
    free(r.out);
    r = run("frobnicate");
    assert_int_equal(r.status, 2);
    free(r.out);
    r = run("applicable /nonexistent/domain.pddl " PROBLEM);
    assert_int_equal(r.status, 3);
    expect_output(&r, "/nonexistent/domain.pddl: cannot open");
    free(r.out);
    /* a PDDL error names file, line and column */
    r = run("applicable " PROBLEM " " PROBLEM);
    assert_int_equal(r.status, 3);
    expect_output(&r, "problem.pddl:2:10: expected 'domain', found problem");
    free(r.out);
}

/* planlens is a front that runs --version and the PDDL commands' text
 * output itself and hands the rest (JSON, the benchmark commands, the
 * explorer) to planlens-full beside it: alone in a directory, the former
 * work and the latter fail saying so. */
static void test_front_alone(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-front-XXXXXX", cmd[4096];
    assert_non_null(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "cp '%s' %s/planlens", PLANLENS_BIN, dir);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s/planlens --version 2>&1", dir);
    run_result r = run_shell(cmd);
    assert_int_equal(r.status, 0);
    expect_output(&r, "planlens ");
    free(r.out);
    snprintf(cmd, sizeof cmd, "%s/planlens validate %s %s %s 2>&1", dir, DOMAIN, PROBLEM,
             SAMPLES "/plans/model-stops-early.txt");
    r = run_shell(cmd);
    assert_int_equal(r.status, 1);
    expect_output(&r, "model-stops-early.txt: Plan invalid");
    free(r.out);
    snprintf(cmd, sizeof cmd, "%s/planlens progress %s %s '(unstack d a)' 2>&1", dir, DOMAIN, PROBLEM);
    r = run_shell(cmd);
    assert_int_equal(r.status, 0);
    expect_output(&r, "action: (unstack d a)");
    free(r.out);
    static const char *const handed_over[] = {"validate --json " DOMAIN " " PROBLEM " " SAMPLES "/plans/optimal.txt",
                                              "applicable --format json " DOMAIN " " PROBLEM,
                                              "grade --questions x --responses y", "--help", "--batch"};
    for (size_t i = 0; i < sizeof handed_over / sizeof *handed_over; i++) {
        snprintf(cmd, sizeof cmd, "%s/planlens %s 2>&1", dir, handed_over[i]);
        r = run_shell(cmd);
        assert_int_equal(r.status, 3);
        char expected[256];
        snprintf(expected, sizeof expected, "planlens: cannot run %s/planlens-full: No such file or directory", dir);
        expect_output(&r, expected);
        free(r.out);
    }
    snprintf(cmd, sizeof cmd, "rm -r %s", dir);
    assert_int_equal(system(cmd), 0);
}

#ifdef PLANLENS_STATIC_FRONT
/* The front needs no dynamic loader (no PT_INTERP): it maps no shared library. */
static void test_front_is_static(void **state)
{
    (void)state;
    FILE *f = fopen(PLANLENS_BIN, "rb");
    assert_non_null(f);
    Elf64_Ehdr eh;
    assert_int_equal(fread(&eh, sizeof eh, 1, f), 1);
    assert_memory_equal(eh.e_ident, ELFMAG, SELFMAG);
    int loads = 0;
    for (int i = 0; i < eh.e_phnum; i++) {
        Elf64_Phdr ph;
        assert_int_equal(fseek(f, (long)(eh.e_phoff + (Elf64_Off)i * eh.e_phentsize), SEEK_SET), 0);
        assert_int_equal(fread(&ph, sizeof ph, 1, f), 1);
        assert_int_not_equal(ph.p_type, PT_INTERP);
        loads += ph.p_type == PT_LOAD;
    }
    assert_true(loads > 0);
    fclose(f);
}
#endif

#define CONFORMANCE PLANLENS_DATA_DIR "/conformance/acpbench-dev"
#define GRADE_RUN PLANLENS_SOURCE_DIR "/tests/data/grade/run.jsonl"

/* JSONL: one object per response in input order, a bad line reported and
 * skipped, a response with no question reported in its line. */
static void test_grade_jsonl(void **state)
{
    (void)state;
    FILE *probe = fopen(CONFORMANCE "/dev_questions.json", "r");
    if (!probe) {
        print_message("SKIP: grade CLI test: %s absent\n", CONFORMANCE);
        return;
    }
    fclose(probe);
    run_result r = run("grade --questions " CONFORMANCE "/dev_questions.json --responses " GRADE_RUN
                       " --format jsonl --mode both");
    assert_int_equal(r.status, 0);
    expect_output(&r, "run.jsonl:3:");
    expect_output(&r, "{\"key\":\"model-a|app_gen|-5674251047178000480|#1|1\",\"id\":-5674251047178000480,"
                      "\"group\":\"applicable_actions_gen\",\"epoch\":1,\"model\":\"model-a\","
                      "\"parsed\":[\"(debark c2 l0)\",\"(sail l0 l1)\"],\"score\":1,"
                      "\"official_rule\":\"app-target-string\",\"inspect_score\":0,\"sound_score\":1,"
                      "\"path\":\"set-equal\",\"iou\":1}");
    /* a wrong answer says why (base/failure.h) */
    expect_output(&r, "\"score\":0,\"sound_score\":0,\"path\":\"set-mismatch\",\"iou\":0.5,\"failure\":{\"kind\":"
                      "\"missed-items\",\"key\":\"sail\",\"detail\":\"1 missed\",\"items\":{\"missed-items\":1}}}");
    /* "none" is a parse error officially, right for the sound verdict (and for Inspect's scorer, where the
     * stored answer is empty) */
    expect_output(&r, "\"parsed\":null,\"score\":0,\"official_rule\":\"parse-failure-correct-when-empty\","
                      "\"inspect_score\":1,\"sound_score\":1,\"sound_reason\":");
    expect_output(&r, "\"id\":123,\"group\":\"reachable_atom_gen\",\"epoch\":1,\"model\":\"model-b\",\"parsed\":null,"
                      "\"score\":null,\"error\":\"no question with group reachable_atom_gen and id 123\"}");
    free(r.out);
    r = run("grade --questions " CONFORMANCE "/dev_questions.json --responses " GRADE_RUN " 2>/dev/null");
    assert_int_equal(r.status, 0);
    /* two answers to one question in a JSONL are two samples (not epochs of one), as evaluate_gen.py
     * counts its lines: n 2, and the standard error over them */
    expect_output(&r, "model-a              app               2      1  0.500 ± 0.500");
    free(r.out);
    r = run("grade --questions " CONFORMANCE "/dev_questions.json --responses " GRADE_RUN " --shard 3/2");
    assert_int_equal(r.status, 2);
    free(r.out);
    r = run("grade --questions /nonexistent.json --responses " GRADE_RUN);
    assert_int_equal(r.status, 3);
    expect_output(&r, "/nonexistent.json");
    free(r.out);
}

#define RUNS PLANLENS_SOURCE_DIR "/tests/data/runs/"
#define TODAY_RUNS RUNS "inspect/2025-07-01T09-00-00+00-00_acp-app-gen_zstd.eval " \
    RUNS "lm-eval/output-path/samples_acp_app_gen_2025-07-01T09-00-00.000001.jsonl"

/* Today's logs (tests/data/runs): a zstd Inspect log with 3 epochs and an
 * errored sample, lm-eval with 3 repeats.  Every row names the matched
 * question and keeps the sample's own id; the errored sample is a row with
 * its error and no score; accuracy is reduced over epochs; an Inspect run
 * and an lm-eval run of the same questions pair on every question. */
static void test_grade_todays_logs(void **state)
{
    (void)state;
    run_result r = run("grade --questions " RUNS "questions.json --responses " TODAY_RUNS
                       " --format jsonl --mode official");
    assert_int_equal(r.status, 0);
    expect_output(&r, "{\"key\":\"openai/gpt-4o-mini|app_gen|1234567890123456789|1|3\",\"id\":1234567890123456789,"
                      "\"group\":\"applicable_actions_gen\",\"sample_id\":1,\"epoch\":3,"
                      "\"model\":\"openai/gpt-4o-mini\",\"parsed\":[\"(sail l0 l1)\"],\"score\":1,");
    expect_output(&r, "{\"key\":\"openai/gpt-4o-mini|app_gen|-42|2|2\",\"id\":-42,"
                      "\"group\":\"applicable_actions_gen\",\"sample_id\":2,\"epoch\":2,"
                      "\"model\":\"openai/gpt-4o-mini\",\"parsed\":null,\"score\":null,"
                      "\"error\":\"sample error: RateLimitError: too many requests\"}");
    expect_output(&r, "{\"key\":\"Qwen/Qwen2.5-7B-Instruct|app_gen|-42|1|3\",\"id\":-42,"
                      "\"group\":\"applicable_actions_gen\",\"sample_id\":1,\"epoch\":3,"
                      "\"model\":\"Qwen/Qwen2.5-7B-Instruct\",\"parsed\":[],\"score\":0,");
    assert_null(strstr(r.out, "stale first attempt"));
    free(r.out);
    r = run("grade --questions " RUNS "questions.json --responses " TODAY_RUNS " --mode official 2>/dev/null");
    assert_int_equal(r.status, 0);
    /* (2/3 + 2/2) / 2 over questions; the errored epoch in "errors" only */
    expect_output(&r, "openai/gpt-4o-mini   app               2      3  0.833 ± 0.167");
    expect_output(&r, "Qwen/Qwen2.5-7B-Instruct app               2      3  0.667 ± 0.000");
    assert_non_null(strstr(r.out, "0/5       1       0  mean\n")); /* no scorer failure; Inspect's default reducer */
    free(r.out);
    r = run("compare --questions " RUNS "questions.json --responses " TODAY_RUNS
            " --runs openai/gpt-4o-mini Qwen/Qwen2.5-7B-Instruct 2>/dev/null");
    assert_int_equal(r.status, 0);
    expect_output(&r, "2 paired questions");
    free(r.out);
    r = run("report --questions " RUNS "questions.json --responses " TODAY_RUNS " 2>&1");
    assert_int_equal(r.status, 0);
    expect_output(&r, "1 errored sample left out (no answer)");
    /* Miller's clustered interval over the 5 answers of 2 questions: 0.8 ± 1.96 · sqrt(0.04 − 0.0192) */
    expect_output(&r, "binary success 4/5 (80.0%, 95% CI [51.7, 100.0] clustered by question)\n"
                      "  3 epochs: accuracy 83.3% (mean over epochs per sample, then over 2 samples)");
    free(r.out);
}

/* Occurrences of needle in out (each needle here occurs once per line). */
static int count_lines(const char *out, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(out, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* --jobs gives the same output as one thread; two shards cover the run
 * exactly once; csv and json carry the same verdicts. */
static void test_grade_jobs_shards_formats(void **state)
{
    (void)state;
    FILE *probe = fopen(CONFORMANCE "/responses.jsonl", "r");
    if (!probe) {
        print_message("SKIP: grade CLI test: %s absent\n", CONFORMANCE);
        return;
    }
    fclose(probe);
    const char *base = "grade --questions " CONFORMANCE "/dev_questions.json --responses " CONFORMANCE
                       "/responses.jsonl --mode official";
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s --format jsonl", base);
    run_result one = run(cmd);
    assert_int_equal(one.status, 0);
    assert_int_equal(count_lines(one.out, "\"score\":"), 3111);
    snprintf(cmd, sizeof cmd, "%s --format jsonl --jobs 2", base);
    run_result two = run(cmd);
    assert_string_equal(two.out, one.out);
    int covered = 0;
    for (int i = 1; i <= 2; i++) {
        snprintf(cmd, sizeof cmd, "%s --format jsonl --shard %d/2", base, i);
        run_result part = run(cmd);
        assert_int_equal(part.status, 0);
        int lines = count_lines(part.out, "{\"k\":["); /* a part's unit per answer (test_shard.c merges them) */
        assert_true(lines > 0 && lines < 3111);
        covered += lines;
        free(part.out);
    }
    assert_int_equal(covered, 3111);
    snprintf(cmd, sizeof cmd, "%s --format csv", base);
    run_result csv = run(cmd);
    assert_int_equal(count_lines(csv.out, ",set-equal,"), count_lines(one.out, "\"path\":\"set-equal\""));
    snprintf(cmd, sizeof cmd, "%s --format json", base);
    run_result json = run(cmd);
    cJSON *array = cJSON_Parse(json.out);
    assert_non_null(array);
    assert_int_equal(cJSON_GetArraySize(array), 3111);
    cJSON_Delete(array);
    free(one.out);
    free(two.out);
    free(csv.out);
    free(json.out);
}

#define ACP_SAMPLE PLANLENS_SOURCE_DIR "/sample-runs/acpbench/blocksworld.gen.json"

/* synth: a just question in front of app and prog questions leaves their
 * responses as they were (its draws come from a generator of its own);
 * every record is labelled synthetic. */
/* The lines of synth output that answer app or prog questions (a new string). */
static char *app_prog_lines(const char *out)
{
    char *kept = calloc(strlen(out) + 1, 1);
    for (const char *line = out; kept && *line;) {
        size_t len = strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n');
        char *text = strndup(line, len);
        if (text && (strstr(text, "\"applicable_actions_gen\"") || strstr(text, "\"progression_gen\"")))
            strcat(kept, text);
        free(text);
        line += len;
    }
    return kept;
}

static void test_synth_streams(void **state)
{
    (void)state;
    char path[] = "/tmp/planlens-synth-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs("[{\"id\": 1, \"group\": \"action_justification_gen\", \"question\": \"Simplify the plan \\\"(x a) (y a)"
          "\\\" by removing either a single action or a pair of consecutive actions, while still maintaining a valid "
          "plan. Provide the resulting simplified plan.\", \"answer\": [[\"(y a)\", \"1\"]], \"PDDL_domain\": \"\", "
          "\"PDDL_problem\": \"\"}]",
          f);
    fclose(f);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "synth --questions %s " ACP_SAMPLE " --model t --seed 5 --error-rate 0.5", path);
    run_result both = run(cmd);
    run_result alone = run("synth --questions " ACP_SAMPLE " --model t --seed 5 --error-rate 0.5");
    remove(path);
    assert_int_equal(both.status, 0);
    assert_int_equal(alone.status, 0);
    /* the app and prog responses do not move when other tasks' questions come first */
    char *both_app_prog = app_prog_lines(both.out), *alone_app_prog = app_prog_lines(alone.out);
    assert_true(count_lines(alone_app_prog, "\n") >= 2);
    assert_string_equal(both_app_prog, alone_app_prog);
    free(both_app_prog);
    free(alone_app_prog);
    assert_non_null(strstr(both.out, "\"group\":\"action_justification_gen\",\"model\":\"synthetic-t\""));
    assert_int_equal(count_lines(both.out, "\"model\":\"synthetic-t\""), count_lines(both.out, "\n"));
    assert_int_equal(count_lines(both.out, "\"synthetic\":true}"), count_lines(both.out, "\n"));
    free(both.out);
    free(alone.out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_reports),
        cmocka_unit_test(test_validate_json),
        cmocka_unit_test(test_applicable_and_progress),
        cmocka_unit_test(test_plan),
        cmocka_unit_test(test_plan_memory_limit_and_progress),
        cmocka_unit_test(test_validate_stream),
        cmocka_unit_test(test_exit_codes),
        cmocka_unit_test(test_front_alone),
#ifdef PLANLENS_STATIC_FRONT
        cmocka_unit_test(test_front_is_static),
#endif
        cmocka_unit_test(test_grade_jsonl),
        cmocka_unit_test(test_grade_todays_logs),
        cmocka_unit_test(test_grade_jobs_shards_formats),
        cmocka_unit_test(test_synth_streams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
