/* Charts a paper can print (issue 41 §3), read back from the SVG text:
 *   - the charts of one figure measured in one unit share one scale: the
 *     same top tick (views/chart_svg.h, and `report --format svg`);
 *   - the `n=` counts above the bars never overlap: each one's box (0.6 em
 *     a character, the font's height) is apart from every other's, on many
 *     narrow bars too (the gt-length chart of dev.jsonl has 31);
 *   - the model is a column of the charts' CSV;
 *   - an output file that exists is refused (exit 2, both files unchanged)
 *     unless --force, for `quality --summary` and `report`;
 *   - `--chart` without `--format svg`, `--force` without `--output`: usage
 *     errors (exit 2);
 *   - the gt-length chart leaves out the series that are the same at every
 *     |π_GT| (π4: 1) and says so (dev.jsonl; SKIP without it);
 *   - `quality --summary --values published` counts cases without PDDL
 *     (office_robot): dev.jsonl rows with their PDDL taken out and their
 *     domain renamed are summarised from their published values, group by
 *     group; the same from the official CSV layout (its published columns
 *     read, no PDDL found); and the office_robot groups of the data
 *     directory, when it has any (SKIP otherwise). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/file.h"
#include "base/json.h"
#include "chart_svg.h"
#include "test_support.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"
#define IOU SAMPLES "/iou/questions.jsonl --responses " SAMPLES "/iou/runs/*.jsonl"

/* ---- reading the SVG back ------------------------------------------------ */

/* The number after `name="` in the element that starts at tag. */
static double attribute(const char *tag, const char *name)
{
    char key[32];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *end = strchr(tag, '>'), *at = strstr(tag, key);
    assert_true(at && at < end);
    return strtod(at + strlen(key), NULL);
}

/* The start of the <text element whose content starts at content. */
static const char *text_tag(const char *svg, const char *content)
{
    const char *tag = content;
    while (tag > svg && strncmp(tag, "<text", 5))
        tag--;
    assert_true(tag > svg);
    return tag;
}

/* The top tick of each chart (<g>) of svg: the largest y-axis label, the
 * only texts anchored at their end without a turn. */
static int top_ticks(const char *svg, double *tops, int max)
{
    int n = 0;
    for (const char *g = strstr(svg, "<g>"); g; g = strstr(g + 1, "<g>")) {
        assert_true(n < max);
        const char *end = strstr(g, "</g>");
        double top = -1;
        for (const char *t = strstr(g, "text-anchor=\"end\">"); t && t < end; t = strstr(t + 1, "text-anchor=\"end\">")) {
            double v = strtod(t + strlen("text-anchor=\"end\">"), NULL);
            top = v > top ? v : top;
        }
        tops[n++] = top;
    }
    return n;
}

typedef struct {
    double x0, x1, y0, y1;
} box;

/* The boxes of the `n=` counts of svg (every chart). */
static int count_boxes(const char *svg, box *boxes, int max)
{
    int n = 0;
    const char *mark = "text-anchor=\"middle\">n=";
    for (const char *t = strstr(svg, mark); t; t = strstr(t + 1, mark)) {
        const char *content = t + strlen("text-anchor=\"middle\">");
        const char *tag = text_tag(svg, content);
        double x = attribute(tag, "x"), y = attribute(tag, "y"), size = attribute(tag, "font-size");
        double width = 0.6 * size * (double)(strstr(content, "</text>") - content);
        assert_true(n < max);
        boxes[n++] = (box){x - width / 2, x + width / 2, y - size, y};
    }
    return n;
}

static void assert_apart(const box *b, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            bool overlap = b[i].x0 < b[j].x1 && b[j].x0 < b[i].x1 && b[i].y0 < b[j].y1 && b[j].y0 < b[i].y1;
            if (overlap)
                fail_msg("n labels %d and %d overlap: [%.1f,%.1f]x[%.1f,%.1f] and [%.1f,%.1f]x[%.1f,%.1f]", i, j,
                         b[i].x0, b[i].x1, b[i].y0, b[i].y1, b[j].x0, b[j].x1, b[j].y0, b[j].y1);
        }
}

/* What write(f, charts, n) writes, as a new string. */
static char *written(int (*write)(FILE *, const pl_chart *, int), const pl_chart *charts, int n)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(write(f, charts, n), 0);
    long len = ftell(f);
    rewind(f);
    char *text = calloc((size_t)len + 1, 1);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    return text;
}

static char *svg_of(const pl_chart *charts, int n)
{
    return written(pl_chart_write_svg, charts, n);
}

/* ---- the chart writer ---------------------------------------------------- */

static void test_one_scale_per_unit(void **state)
{
    (void)state;
    const char *cats[] = {"a", "b"};
    const double small[] = {1, 3}, big[] = {40, 12}, other[] = {0.2, 0.5};
    pl_chart_series s[] = {{"answers", "#1b9e77", small}, {"answers", "#1b9e77", big}, {"rate", "#4575b4", other}};
    pl_chart charts[] = {
        {.id = "one", .title = "3 at most", .y_label = "answers", .categories = cats, .ncategories = 2,
         .series = &s[0], .nseries = 1, .stacked = true},
        {.id = "two", .title = "40 at most", .y_label = "answers", .categories = cats, .ncategories = 2,
         .series = &s[1], .nseries = 1, .stacked = true},
        {.id = "three", .title = "a rate", .y_label = "success rate", .categories = cats, .ncategories = 2,
         .series = &s[2], .nseries = 1},
    };
    char *svg = svg_of(charts, 3);
    double tops[3];
    assert_int_equal(top_ticks(svg, tops, 3), 3);
    assert_true(tops[0] == 40 && tops[1] == 40); /* one scale: the highest bar of the two */
    assert_true(tops[2] > 0.49 && tops[2] < 0.51); /* another unit, its own scale */
    free(svg);
}

static void test_n_labels_apart(void **state)
{
    (void)state;
    enum { N = 60 };
    const char *cats[N];
    char names[N][8];
    double values[N];
    int totals[N];
    for (int k = 0; k < N; k++) {
        snprintf(names[k], sizeof names[k], "%d", k + 2);
        cats[k] = names[k];
        values[k] = 0.5;
        totals[k] = 10000 + 97 * k; /* "n=10000": wider than a bar's band (510 / 60 px) */
    }
    pl_chart_series s = {"sr", "#1a9850", values};
    pl_chart charts[2] = {
        {.id = "many", .title = "many", .y_label = "rate", .categories = cats, .ncategories = N, .series = &s,
         .nseries = 1, .totals = totals, .note = "a note under the title"},
        {.id = "few", .title = "few", .y_label = "rate", .categories = cats, .ncategories = 3, .series = &s,
         .nseries = 1, .totals = totals},
    };
    char *svg = svg_of(charts, 2);
    box b[N + 3];
    assert_int_equal(count_boxes(svg, b, N + 3), N + 3);
    assert_apart(b, N + 3);
    /* every count above its plot (the grid's top line) and below the title and the note */
    const char *note = strstr(svg, "a note under the title");
    assert_non_null(note);
    double note_y = attribute(text_tag(svg, note), "y");
    for (int i = 0; i < N; i++)
        assert_true(b[i].y0 > note_y);
    /* three wide bars: one row */
    assert_true(b[N].y1 == b[N + 1].y1 && b[N + 1].y1 == b[N + 2].y1);
    free(svg);
}

static void test_model_column(void **state)
{
    (void)state;
    const char *cats[] = {"gpt-4o", "o3-mini"};
    const double v[] = {1, 2};
    pl_chart_series s = {"answers", "#1b9e77", v};
    pl_chart charts[] = {
        {.id = "reach", .model = "qwen", .y_label = "answers", .categories = cats, .ncategories = 1, .series = &s,
         .nseries = 1},
        {.id = "labels", .y_label = "answers", .categories = cats, .ncategories = 2, .series = &s, .nseries = 1,
         .categories_are_models = true},
        {.id = "all", .y_label = "answers", .categories = cats, .ncategories = 1, .series = &s, .nseries = 1},
    };
    char *text = written(pl_chart_write_csv, charts, 3);
    assert_string_equal(text, "chart,model,category,answers\n"
                              "reach,qwen,gpt-4o,1\n"
                              "labels,gpt-4o,gpt-4o,1\n"
                              "labels,o3-mini,o3-mini,2\n"
                              "all,,gpt-4o,1\n");
    free(text);
}

/* ---- the commands -------------------------------------------------------- */

/* The command's stdout, its stderr in *err (when err is not NULL) and its exit status. */
static char *run(const char *args, char **err, int *status)
{
    char cmd[8192], err_path[] = "/tmp/planlens-charts-err-XXXXXX";
    int fd = mkstemp(err_path);
    assert_true(fd >= 0);
    snprintf(cmd, sizeof cmd, "'%s' %s 2>'%s'", PLANLENS_BIN, args, err_path);
    char *out = pl_test_shell(cmd, status);
    size_t len;
    if (err)
        *err = pl_read_file(err_path, &len, NULL);
    remove(err_path);
    close(fd);
    return out;
}

static char *slurp(const char *dir, const char *name)
{
    char path[512];
    size_t len;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return pl_read_file(path, &len, NULL);
}

/* dir/name holding text (no quote in it): the shell's builtin printf. */
static void put(const char *dir, const char *name, const char *text)
{
    char cmd[600];
    int status;
    snprintf(cmd, sizeof cmd, "printf '%%s' '%s' > '%s/%s'", text, dir, name);
    free(pl_test_shell(cmd, &status));
    assert_int_equal(status, 0);
}

static void remove_dir(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -r '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_report_refuses_existing(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-charts-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char args[1024], *err;
    int status;
    snprintf(args, sizeof args, "report --format svg --output %s/fig.svg --questions " IOU, dir);
    free(run(args, NULL, &status));
    assert_int_equal(status, 0);
    char *svg = slurp(dir, "fig.svg"), *csv = slurp(dir, "fig.csv");
    assert_non_null(svg);
    assert_int_equal(strncmp(csv, "chart,model,category,answers,ci_low,ci_high\n", 44), 0); /* binary success's */
    /* one unit (answers), one scale for every chart of the figure */
    double tops[256];
    int n = top_ticks(svg, tops, 256);
    assert_true(n > 4);
    for (int i = 1; i < n; i++)
        assert_true(tops[i] == tops[0]);
    /* the model of each chart is in the CSV: more than one, not empty */
    assert_null(strstr(csv, "\n,")); /* a chart id first */
    assert_null(strstr(csv, "reach,,"));
    /* again: refused, both files as they were */
    put(dir, "fig.svg", "mine");
    free(run(args, &err, &status));
    assert_int_equal(status, 2);
    assert_non_null(strstr(err, "exist"));
    assert_non_null(strstr(err, "--force"));
    free(err);
    char *kept = slurp(dir, "fig.svg"), *kept_csv = slurp(dir, "fig.csv");
    assert_string_equal(kept, "mine");
    assert_string_equal(kept_csv, csv);
    free(kept);
    free(kept_csv);
    /* --force replaces them */
    strcat(args, " --force");
    free(run(args, NULL, &status));
    assert_int_equal(status, 0);
    kept = slurp(dir, "fig.svg");
    assert_string_equal(kept, svg);
    free(kept);
    /* --force without --output */
    free(run("report --format svg --force --questions " IOU, &err, &status));
    assert_int_equal(status, 2);
    assert_non_null(strstr(err, "--output"));
    free(err);
    free(svg);
    free(csv);
    remove_dir(dir);
}

#define HOSTILE_CASES PLANLENS_SOURCE_DIR "/tests/data/hostile-text/quality.jsonl"

static void test_quality_refuses_existing(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-charts-XXXXXX";
    assert_non_null(mkdtemp(dir));
    put(dir, "fig.csv", "theirs");
    char args[1024], *err;
    int status;
    /* only the CSV beside is there: refused all the same, before any work */
    snprintf(args, sizeof args, "quality %s/absent.jsonl --format svg --output %s/fig.svg", dir, dir);
    free(run(args, &err, &status));
    assert_int_equal(status, 2);
    assert_non_null(strstr(err, "fig.csv exists"));
    free(err);
    char *kept = slurp(dir, "fig.csv");
    assert_string_equal(kept, "theirs");
    free(kept);
    kept = slurp(dir, "fig.svg");
    assert_null(kept);
    /* --force: written */
    snprintf(args, sizeof args, "quality " HOSTILE_CASES " --format svg --output %s/fig.svg --force", dir);
    free(run(args, NULL, &status));
    kept = slurp(dir, "fig.csv");
    assert_non_null(kept);
    assert_int_equal(strncmp(kept, "chart,model,category,", 21), 0);
    free(kept);
    kept = slurp(dir, "fig.svg");
    assert_non_null(strstr(kept, "<svg"));
    free(kept);
    remove_dir(dir);
}

static void test_chart_needs_svg(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "quality " HOSTILE_CASES " --summary --chart labels",
        "quality " HOSTILE_CASES " --chart labels --format csv",
        "quality " HOSTILE_CASES " --summary --force",
        "quality " HOSTILE_CASES " --summary --output x.svg",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        char *err;
        int status;
        char *out = run(lines[i], &err, &status);
        assert_int_equal(status, 2);
        assert_string_equal(out, ""); /* nothing printed: checked before the work */
        assert_true(strstr(err, "--format svg") || strstr(err, "--output"));
        free(out);
        free(err);
    }
}

/* ---- dev.jsonl ----------------------------------------------------------- */

static void test_gt_length_constant_dropped(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality dev.jsonl gt-length chart"))
        skip();
    char dir[] = "/tmp/planlens-charts-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char args[1024];
    int status;
    snprintf(args, sizeof args, "quality '%s' --format svg --chart gt-length --output %s/gt.svg",
             pl_test_data_path("plan-quality/dev.jsonl"), dir);
    free(run(args, NULL, &status));
    assert_int_equal(status, 0);
    char *svg = slurp(dir, "gt.svg"), *csv = slurp(dir, "gt.csv");
    /* π4 is valid at every |π_GT|: left out, and said */
    assert_int_equal(strncmp(csv, "chart,model,category,sr_pi0,sr_pi1,sr_pi2,sr_pi3,sr_pi0_ci_low,", 62), 0);
    assert_non_null(strstr(csv, ",sr_pi3_ci_high,n\n")); /* the intervals of the series drawn only */
    assert_null(strstr(svg, "sr_pi4: "));
    assert_non_null(strstr(svg, "not drawn: sr_pi4 = 1 at every |π_GT|"));
    /* no series left is the same in every row */
    double first[4] = {0};
    bool varies[4] = {false};
    int rows = 0;
    for (const char *line = strchr(csv, '\n') + 1; *line; line = strchr(line, '\n') + 1, rows++) {
        const char *cell = line;
        for (int c = 0; c < 3; c++)
            cell = strchr(cell, ',') + 1;
        for (int s = 0; s < 4; s++, cell = strchr(cell, ',') + 1) {
            double v = strtod(cell, NULL);
            varies[s] |= rows > 0 && v != first[s];
            first[s] = rows ? first[s] : v;
        }
    }
    assert_true(rows > 20);
    for (int s = 0; s < 4; s++)
        assert_true(varies[s]);
    /* as many bars as rows, and their counts apart */
    box b[64];
    assert_int_equal(count_boxes(svg, b, 64), rows);
    assert_apart(b, rows);
    free(svg);
    free(csv);
    remove_dir(dir);
}

typedef struct {
    char key[200];
    int cases, valid;
} group_count;

static group_count *count_group(group_count *g, int *n, const char *key)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(g[i].key, key))
            return &g[i];
    assert_true(*n < 64 && strlen(key) < sizeof g[*n].key);
    g[*n] = (group_count){.cases = 0};
    strcpy(g[*n].key, key);
    return &g[(*n)++];
}

/* dev.jsonl's blocksworld_3 rows as office_robot rows without PDDL: the
 * published summary has their groups, each with the cases and the π0
 * successes of its rows' `expected.validity`. */
static void test_published_without_pddl(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality dev.jsonl without PDDL"))
        skip();
    cJSON *rows = pl_test_read_jsonl(pl_test_data_path("plan-quality/dev.jsonl"));
    char dir[] = "/tmp/planlens-charts-XXXXXX", path[600];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/office.jsonl", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    group_count groups[64];
    int ngroups = 0, written = 0;
    cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        const char *id = pl_json_str(row, "case_id");
        if (strncmp(id, "blocksworld_3/", 14) || written == 120)
            continue;
        cJSON_DeleteItemFromObject(row, "domain_pddl");
        cJSON_DeleteItemFromObject(row, "problem_pddl");
        char new_id[300], key[160];
        snprintf(new_id, sizeof new_id, "office_robot/%s", id + 14);
        cJSON_ReplaceItemInObject(row, "case_id", cJSON_CreateString(new_id));
        cJSON_ReplaceItemInObject(row, "domain", cJSON_CreateString("office_robot"));
        char *line = cJSON_PrintUnformatted(row);
        fprintf(f, "%s\n", line);
        free(line);
        snprintf(key, sizeof key, "%s/%s", pl_json_str(row, "model"), pl_json_str(row, "prompt_type"));
        group_count *g = count_group(groups, &ngroups, key);
        g->cases++;
        g->valid += cJSON_IsTrue(pl_json_get(pl_json_get(row, "expected"), "validity"));
        written++;
    }
    fclose(f);
    cJSON_Delete(rows);
    assert_true(written > 50 && ngroups > 3);
    char args[1024];
    int status;
    snprintf(args, sizeof args, "quality %s --summary --format jsonl --values published", path);
    char *out = run(args, NULL, &status);
    int seen = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        cJSON *o = cJSON_Parse(line);
        assert_non_null(o);
        assert_string_equal(pl_json_str(o, "domain"), "office_robot");
        char key[160];
        snprintf(key, sizeof key, "%s/%s", pl_json_str(o, "model"), pl_json_str(o, "prompt_type"));
        int before = ngroups;
        group_count *g = count_group(groups, &ngroups, key);
        assert_int_equal(ngroups, before); /* a group of the file */
        assert_int_equal(pl_json_get(o, "published")->valueint, pl_json_get(o, "cases")->valueint);
        assert_int_equal(pl_json_get(o, "missing")->valueint, 0);
        double sr = pl_json_get(pl_json_get(o, "sr"), "pi0")->valuedouble;
        int cases = pl_json_get(o, "cases")->valueint;
        assert_true(cases <= g->cases); /* duplicates count once */
        if (cases == g->cases)
            assert_true(sr * cases > g->valid - 0.01 && sr * cases < g->valid + 0.01);
        seen++;
        cJSON_Delete(o);
    }
    assert_int_equal(seen, ngroups);
    free(out);
    remove_dir(dir);
}

/* The official CSV layout (`quality --format csv` writes it) with its rows'
 * domain renamed office_robot, so that no PDDL is found: summarised from
 * its columns, exactly as the pipeline's own summary of the same cases. */
static void test_published_csv_without_pddl(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality dev.jsonl as a published CSV"))
        skip();
    char dir[] = "/tmp/planlens-charts-XXXXXX", cmd[2048];
    assert_non_null(mkdtemp(dir));
    int status;
    snprintf(cmd, sizeof cmd, "head -40 '%s' > %s/cases.jsonl && '%s' quality %s/cases.jsonl --format csv 2>/dev/null "
             "| sed '2,$s/^\\([^,]*\\),[a-z_0-9]*,/\\1,office_robot,/' > %s/office.csv",
             pl_test_data_path("plan-quality/dev.jsonl"), dir, PLANLENS_BIN, dir, dir);
    free(pl_test_shell(cmd, &status));
    if (status != 0) { /* the pipeline did not run (WordNet missing?) */
        printf("SKIP: quality --format csv failed\n");
        remove_dir(dir);
        skip();
    }
    snprintf(cmd, sizeof cmd, "quality %s/office.csv --summary --format csv", dir);
    char *published = run(cmd, NULL, &status);
    assert_int_equal(status, 0);
    snprintf(cmd, sizeof cmd, "quality %s/cases.jsonl --summary --format csv --values computed", dir);
    char *computed = run(cmd, NULL, &status);
    assert_int_equal(status, 0);
    /* the same table but for the domain's name */
    assert_non_null(strstr(published, "\noffice_robot,"));
    int lines = 0;
    for (char *a = published, *b = computed; *a && *b; lines++) {
        char *a_end = strchr(a, '\n'), *b_end = strchr(b, '\n');
        assert_true(a_end && b_end);
        const char *a_rest = lines ? strchr(a, ',') : a, *b_rest = lines ? strchr(b, ',') : b;
        assert_int_equal(a_end - a_rest, b_end - b_rest);
        assert_memory_equal(a_rest, b_rest, (size_t)(a_end - a_rest));
        a = a_end + 1;
        b = b_end + 1;
    }
    assert_true(lines > 3);
    free(published);
    free(computed);
    remove_dir(dir);
}

/* The office_robot groups of the data directory itself, when it has some. */
static void test_office_robot_groups(void **state)
{
    (void)state;
    const char *data = pl_test_data_dir("plan-quality office_robot cases");
    if (!data)
        skip();
    char cmd[1200];
    int status;
    snprintf(cmd, sizeof cmd, "grep -l office_robot '%s'/plan-quality/*.jsonl '%s'/plan-quality/*.csv 2>/dev/null",
             data, data);
    char *files = pl_test_shell(cmd, &status);
    if (!*files) {
        printf("SKIP: no office_robot cases under %s/plan-quality\n", data);
        free(files);
        skip();
    }
    for (char *file = strtok(files, "\n"); file; file = strtok(NULL, "\n")) {
        char args[1200];
        snprintf(args, sizeof args, "quality '%s' --summary --format jsonl --values published --missing omit", file);
        char *out = run(args, NULL, &status);
        int office = 0;
        for (const char *s = out; (s = strstr(s, "\"domain\":\"office_robot\"")); s++)
            office++;
        assert_true(office > 0);
        free(out);
    }
    free(files);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_scale_per_unit),
        cmocka_unit_test(test_n_labels_apart),
        cmocka_unit_test(test_model_column),
        cmocka_unit_test(test_report_refuses_existing),
        cmocka_unit_test(test_quality_refuses_existing),
        cmocka_unit_test(test_chart_needs_svg),
        cmocka_unit_test(test_gt_length_constant_dropped),
        cmocka_unit_test(test_published_without_pddl),
        cmocka_unit_test(test_published_csv_without_pddl),
        cmocka_unit_test(test_office_robot_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
