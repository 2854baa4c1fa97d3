/* planlens grade --apply-review: the review journal's overrides and
 * exclusions applied to the graded rows (grade_review.h). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "cli.h"
#include "grade_review.h"
#include "runs/answer_key.h"
#include "workspace/journal.h"

enum { SHOWN_KEYS = 5 }; /* keys named in a line; the rest counted */

/* A question-level override with a corrected stored answer that its task's
 * grading reads: the rows of q are graded again against `answer`. */
typedef struct {
    const pl_journal_state *state;
    const pl_acp_question *q;
    cJSON *answer; /* owned */
} correction;

/* What a row's override is, once known. */
typedef enum { FIX_NONE, FIX_SCORE, FIX_REGRADE } fix_kind;

typedef struct {
    fix_kind kind;
    int score;      /* FIX_SCORE */
    int correction; /* FIX_REGRADE: index in corrections */
} row_fix;

struct grade_review {
    pl_journal *journal;
    char *path;
    row_fix *fixes; /* per row */
    correction *corrections;
    int ncorrections;
    /* the question states with an override met so far, and what each does
     * to its answers (FIX_NONE: not applied) */
    const pl_journal_state **decided;
    row_fix *decisions;
    int ndecided;
    char *lines; /* grade_review_note.lines */
};

/* The line of the last record of `type` that stands in a state's records. */
static int last_line(const pl_journal *j, const pl_journal_state *s, pl_journal_type type)
{
    for (int i = s->nrecords - 1; i >= 0; i--) {
        const pl_journal_record *r = pl_journal_record_at(j, s->records[i]);
        if (r->type == type && !r->retracted)
            return r->line;
    }
    return 0;
}

/* The tasks whose official grading reads the stored answer: all but just
 * gen, whose answers are checked against the plan the question gives. */
static bool grading_reads_stored_answer(const pl_acp_question *q)
{
    return !(q->task == PL_ACP_JUST && q->format == PL_ACP_GEN);
}

static bool same_shape(const cJSON *a, const cJSON *b)
{
    bool scalar_a = cJSON_IsString(a) || cJSON_IsNumber(a), scalar_b = cJSON_IsString(b) || cJSON_IsNumber(b);
    return !b || (scalar_a && scalar_b) || (cJSON_IsArray(a) && cJSON_IsArray(b)) ||
           (cJSON_IsObject(a) && cJSON_IsObject(b));
}

/* The corrected stored answer as the question stores answers: the text as
 * JSON when it reads as JSON of the stored answer's shape (a list, an
 * object, a number), else the text as a string; NULL when that is not the
 * stored answer's shape either. */
static cJSON *corrected_answer(const pl_acp_question *q, const char *text)
{
    cJSON *a = cJSON_Parse(text);
    if (!a || !same_shape(a, q->answer)) {
        cJSON_Delete(a);
        a = cJSON_CreateString(text);
    }
    if (a && !same_shape(a, q->answer)) {
        cJSON_Delete(a);
        return NULL;
    }
    return a;
}

static const char *shape_name(const cJSON *a)
{
    return cJSON_IsArray(a) ? "a list" : cJSON_IsObject(a) ? "an object" : "a string or number";
}

/* What a question-level override does to the answers of q, decided once per
 * question (a line says why when it is not a regrade). */
static row_fix decide_question(grade_review *rv, const pl_journal_state *s, const pl_acp_question *q, FILE *lines)
{
    for (int i = 0; i < rv->ndecided; i++)
        if (rv->decided[i] == s)
            return rv->decisions[i];
    row_fix fix = {FIX_SCORE, s->override_score, -1};
    const char *key = cli_text(s->key);
    if (!q) {
        fix.kind = FIX_NONE; /* the answers name no question: nothing to grade them against */
    } else if (s->override_answer && !grading_reads_stored_answer(q)) {
        fprintf(lines, "question %s: the corrected stored answer does not change %s's grading (the question's plan "
                       "decides): the override's score %d applied to its answers\n",
                key, q->group, s->override_score);
    } else if (s->override_answer) {
        cJSON *answer = corrected_answer(q, s->override_answer);
        correction *c = answer ? &rv->corrections[rv->ncorrections] : NULL;
        if (c) {
            *c = (correction){s, q, answer};
            fix = (row_fix){FIX_REGRADE, 0, rv->ncorrections++};
        } else {
            fix.kind = FIX_NONE;
            fprintf(lines, "question %s: the corrected stored answer is not %s as the stored answer is: override "
                           "(line %d) not applied\n",
                    key, shape_name(q->answer), last_line(rv->journal, s, PL_JR_OVERRIDE));
        }
    }
    rv->decided[rv->ndecided] = s;
    rv->decisions[rv->ndecided++] = fix;
    return fix;
}

static int cmp_pointer(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (const void *const *)a, y = (uintptr_t) * (const void *const *)b;
    return (x > y) - (x < y);
}

/* One row against its answer's and its question's states. */
static void match_row(grade_review *rv, grade_row *r, row_fix *fix, const pl_journal_state *answer,
                      const pl_journal_state *question, FILE *lines)
{
    const pl_journal *j = rv->journal;
    if (answer && answer->excluded)
        r->review = (grade_row_review){.exclude_line = last_line(j, answer, PL_JR_EXCLUDE),
                                       .excluded_by = answer->exclude_author};
    else if (question && question->excluded)
        r->review = (grade_row_review){.exclude_line = last_line(j, question, PL_JR_EXCLUDE),
                                       .excluded_by = question->exclude_author, .exclude_question = true};
    const pl_journal_state *by = answer && answer->has_override ? answer : question;
    if (!by || !by->has_override)
        return;
    *fix = by == answer ? (row_fix){FIX_SCORE, answer->override_score, -1} : decide_question(rv, question, r->q, lines);
    if (fix->kind == FIX_NONE)
        return;
    r->review.line = last_line(j, by, PL_JR_OVERRIDE);
    r->review.by = by->override_author;
    r->review.question_scope = by == question;
    r->review.regraded = fix->kind == FIX_REGRADE ? by->override_answer : NULL;
}

/* What is said of a key of the journal as a whole. */
enum { KEY_UNMATCHED = 1, KEY_HINT = 2, KEY_SHARED = 4 };

/* "N keys WHAT: a, b, c (and M more)": the keys whose flags have `bit`, in
 * the journal's order (what: the singular's words, then the plural's). */
static void list_keys(FILE *lines, const pl_journal *j, const unsigned char *flags, unsigned bit,
                      const char *const what[2])
{
    int count = 0, shown = 0;
    for (int i = 0; i < pl_journal_nstates(j); i++)
        count += (flags[i] & bit) != 0;
    if (!count)
        return;
    fprintf(lines, "%d key%s %s:", count, count == 1 ? "" : "s", what[count != 1]);
    for (int i = 0; i < pl_journal_nstates(j) && shown < SHOWN_KEYS; i++)
        if (flags[i] & bit)
            fprintf(lines, "%s %s", shown++ ? "," : "", cli_text(pl_journal_state_at(j, i)->key));
    if (count > shown)
        fprintf(lines, " (and %d more)", count - shown);
    fputc('\n', lines);
}

/* How many times p is in the sorted array. */
static int count_of(const pl_journal_state *const *sorted, int n, const pl_journal_state *p)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if ((uintptr_t)sorted[mid] < (uintptr_t)p)
            lo = mid + 1;
        else
            hi = mid;
    }
    int k = lo;
    while (k < n && sorted[k] == p)
        k++;
    return k - lo;
}

/* The flags of every key of the journal, from the states the rows matched
 * (answer keys and question keys, one entry per row, sorted).  NULL when
 * out of memory. */
static unsigned char *key_flags(const pl_journal *j, const pl_journal_state *const *answers, int nanswers,
                                const pl_journal_state *const *questions, int nquestions)
{
    unsigned char *flags = calloc((size_t)pl_journal_nstates(j) + 1, 1);
    for (int i = 0; flags && i < pl_journal_nstates(j); i++) {
        const pl_journal_state *s = pl_journal_state_at(j, i);
        int na = count_of(answers, nanswers, s), nq = count_of(questions, nquestions, s);
        bool decides = s->has_override || s->excluded;
        if (!na && !nq && decides)
            flags[i] |= KEY_UNMATCHED;
        if ((na || nq) && s->status == PL_REVIEW_BAD_QUESTION && !s->excluded)
            flags[i] |= KEY_HINT;
        if (na > 1 && decides) /* a run file without sample ids or epochs: one key, several answers */
            flags[i] |= KEY_SHARED;
    }
    return flags;
}

/* Matches every row; the lines about the journal as a whole.  -1 when out
 * of memory. */
static int match_rows(grade_review *rv, grade_row *rows, int n)
{
    const pl_journal_state **answers = calloc((size_t)n + 1, sizeof *answers);
    const pl_journal_state **questions = calloc((size_t)n + 1, sizeof *questions);
    char *text = NULL;
    size_t size = 0;
    FILE *lines = answers && questions ? open_memstream(&text, &size) : NULL;
    int nanswers = 0, nquestions = 0;
    for (int i = 0; lines && i < n; i++) {
        char *qkey = pl_answer_key_question(rows[i].key);
        const pl_journal_state *answer = pl_journal_state_of(rv->journal, rows[i].key);
        const pl_journal_state *question = pl_journal_state_of(rv->journal, qkey);
        free(qkey);
        if (answer)
            answers[nanswers++] = answer;
        if (question)
            questions[nquestions++] = question;
        match_row(rv, &rows[i], &rv->fixes[i], answer, question, lines);
    }
    pl_sort(answers, (size_t)nanswers, sizeof *answers, cmp_pointer);
    pl_sort(questions, (size_t)nquestions, sizeof *questions, cmp_pointer);
    unsigned char *flags = lines ? key_flags(rv->journal, answers, nanswers, questions, nquestions) : NULL;
    static const char *const unmatched[2] = {"with an override or exclusion matches no answer here (not applied)",
                                             "with an override or exclusion match no answer here (not applied)"};
    static const char *const shared[2] = {
        "with an override or exclusion names several answers (their run file gives no sample id or epoch to tell "
        "them apart): applied to each",
        "with an override or exclusion name several answers (their run file gives no sample id or epoch to tell "
        "them apart): applied to each"};
    static const char *const hint[2] = {
        "reviewed bad-question is not excluded (hint: notes add --type exclude excludes it)",
        "reviewed bad-question are not excluded (hint: notes add --type exclude excludes them)"};
    if (flags) {
        list_keys(lines, rv->journal, flags, KEY_UNMATCHED, unmatched);
        list_keys(lines, rv->journal, flags, KEY_SHARED, shared);
        list_keys(lines, rv->journal, flags, KEY_HINT, hint);
    }
    if (lines)
        fclose(lines);
    free(answers);
    free(questions);
    rv->lines = text;
    int rc = flags ? 0 : -1;
    free(flags);
    return rc;
}

grade_review *grade_review_open(const char *path, grade_row *rows, int n)
{
    pl_journal *j = cli_open_journal(path);
    grade_review *rv = j ? calloc(1, sizeof *rv) : NULL;
    int nstates = j ? pl_journal_nstates(j) : 0;
    if (rv) {
        rv->journal = j;
        rv->path = pl_strdup(path);
        rv->fixes = calloc((size_t)n + 1, sizeof *rv->fixes);
        rv->corrections = calloc((size_t)nstates + 1, sizeof *rv->corrections);
        rv->decided = calloc((size_t)nstates + 1, sizeof *rv->decided);
        rv->decisions = calloc((size_t)nstates + 1, sizeof *rv->decisions);
    }
    if (rv && (!rv->path || !rv->fixes || !rv->corrections || !rv->decided || !rv->decisions ||
               match_rows(rv, rows, n) < 0)) {
        fprintf(stderr, "planlens: out of memory\n");
        grade_review_close(rv);
        return NULL;
    }
    if (!rv && j) {
        fprintf(stderr, "planlens: out of memory\n");
        pl_journal_close(j);
    }
    return rv;
}

static int official_of(const grade_row *r, grade_mode mode)
{
    return mode & GRADE_INSPECT ? r->inspect.score : r->v.score;
}

static void regrade(const grade_review *rv, grade_row *rows, int n, grade_mode mode)
{
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    opts.sound = mode & GRADE_SOUND;
    pl_acp_grader *g = rv->ncorrections ? pl_acp_grader_new(&opts) : NULL;
    for (int c = 0; c < rv->ncorrections; c++) {
        pl_acp_question copy = *rv->corrections[c].q;
        copy.answer = rv->corrections[c].answer;
        for (int i = 0; i < n; i++) {
            grade_row *r = &rows[i];
            if (!r->in_shard || r->error || rv->fixes[i].kind != FIX_REGRADE || rv->fixes[i].correction != c)
                continue;
            r->review.was_score = official_of(r, mode);
            r->review.was_sound = r->v.sound_score;
            pl_acp_verdict_clear(&r->v);
            r->inspect = (pl_inspect_verdict){0};
            grade_row_verdicts(g, &copy, r);
        }
        if (g)
            pl_acp_grader_forget(g, &copy);
    }
    pl_acp_grader_free(g);
}

void grade_review_apply(grade_review *rv, grade_row *rows, int n, grade_mode mode)
{
    regrade(rv, rows, n, mode);
    int dropped = 0;
    for (int i = 0; i < n; i++) {
        grade_row *r = &rows[i];
        if (!r->in_shard || rv->fixes[i].kind == FIX_NONE)
            continue;
        if (r->error) { /* no verdict to override (a sample error, an unknown question) */
            dropped++;
            r->review.line = 0;
            r->review.by = r->review.regraded = NULL;
            continue;
        }
        if (rv->fixes[i].kind != FIX_SCORE)
            continue;
        int s = rv->fixes[i].score;
        r->review.was_score = official_of(r, mode);
        r->review.was_sound = r->v.sound_score;
        r->v.score = r->v.sound_score = s;
        r->inspect = (pl_inspect_verdict){s, NULL, NULL}; /* both official graders overridden alike */
    }
    if (dropped)
        fprintf(stderr, "planlens: warning: %d override%s on answers without a verdict (errors) not applied\n",
                dropped, dropped == 1 ? "" : "s");
}

grade_review_note grade_review_note_of(const grade_review *rv)
{
    return (grade_review_note){rv->path, rv->lines};
}

void grade_review_close(grade_review *rv)
{
    if (!rv)
        return;
    for (int c = 0; c < rv->ncorrections; c++)
        cJSON_Delete(rv->corrections[c].answer);
    free(rv->corrections);
    free(rv->decided);
    free(rv->decisions);
    free(rv->fixes);
    free(rv->lines);
    free(rv->path);
    pl_journal_close(rv->journal);
    free(rv);
}

/* ---- the summary ---- */

typedef enum { APPLIED_OVERRIDE, APPLIED_QUESTION_EXCLUDED, APPLIED_ANSWER_EXCLUDED, APPLIED_KINDS } applied_kind;

/* One journal record applied to the rows. */
typedef struct {
    applied_kind kind;
    int line;
    const char *by;
} applied;

static int cmp_applied(const void *a, const void *b)
{
    const applied *x = a, *y = b;
    return x->kind != y->kind ? (int)x->kind - (int)y->kind : (x->line > y->line) - (x->line < y->line);
}

static int cmp_author(const void *a, const void *b)
{
    const applied *x = a, *y = b;
    return strcmp(x->by ? x->by : "", y->by ? y->by : "");
}

/* "3 overrides (ana 2, bo 1)": the records of one kind (sorted by line,
 * distinct) counted by author. */
static void print_kind(FILE *f, applied *records, int n, const char *one, const char *many, bool *first)
{
    if (!n)
        return;
    fprintf(f, "%s%d %s (", *first ? "" : ", ", n, n == 1 ? one : many);
    *first = false;
    pl_sort(records, (size_t)n, sizeof *records, cmp_author);
    bool single = !cmp_author(&records[0], &records[n - 1]);
    for (int i = 0; i < n;) {
        int k = i;
        while (k < n && !cmp_author(&records[i], &records[k]))
            k++;
        fprintf(f, "%s%s", i ? ", " : "", cli_text(records[i].by ? records[i].by : "?"));
        if (!single)
            fprintf(f, " %d", k - i);
        i = k;
    }
    fputc(')', f);
}

static void print_lines(FILE *f, const char *text, const char *prefix)
{
    while (text && *text) {
        const char *end = strchr(text, '\n');
        size_t len = end ? (size_t)(end - text) : strlen(text);
        char *line = pl_strdup_printf("%.*s", (int)len, text);
        fprintf(f, "%s  %s\n", prefix, cli_text(line));
        free(line);
        text += len + (end != NULL);
    }
}

void grade_review_summary(FILE *f, const grade_row *rows, int n, grade_mode mode, const grade_review_note *note,
                          const char *prefix)
{
    applied *records = calloc((size_t)n * 2 + 1, sizeof *records);
    int m = 0, overridden = 0, regraded = 0, changed = 0, excluded = 0;
    for (int i = 0; records && i < n; i++) {
        const grade_row_review *v = &rows[i].review;
        if (!rows[i].in_shard)
            continue;
        if (v->line) {
            records[m++] = (applied){APPLIED_OVERRIDE, v->line, v->by};
            overridden++;
            regraded += v->regraded != NULL;
            changed += v->was_score != official_of(&rows[i], mode) || v->was_sound != rows[i].v.sound_score;
        }
        if (v->exclude_line) {
            applied_kind kind = v->exclude_question ? APPLIED_QUESTION_EXCLUDED : APPLIED_ANSWER_EXCLUDED;
            records[m++] = (applied){kind, v->exclude_line, v->excluded_by};
            excluded++;
        }
    }
    pl_sort(records, (size_t)m, sizeof *records, cmp_applied);
    int distinct = 0;
    for (int i = 0; i < m; i++)
        if (!distinct || cmp_applied(&records[i], &records[distinct - 1]))
            records[distinct++] = records[i];
    int start[APPLIED_KINDS + 1] = {0};
    for (int i = 0; i < distinct; i++)
        start[records[i].kind + 1] = i + 1;
    for (int k = 1; k <= APPLIED_KINDS; k++)
        start[k] = start[k] > start[k - 1] ? start[k] : start[k - 1];
    fprintf(f, "%sreview applied: ", prefix);
    bool first = true;
    static const char *const names[APPLIED_KINDS][2] = {
        {"override", "overrides"}, {"question excluded", "questions excluded"}, {"answer excluded", "answers excluded"}};
    for (int k = 0; k < APPLIED_KINDS; k++)
        print_kind(f, records + start[k], start[k + 1] - start[k], names[k][0], names[k][1], &first);
    fprintf(f, "%s from %s\n", first ? "no override or exclusion" : "", cli_text(note->journal));
    if (overridden || excluded)
        fprintf(f, "%s  answers: %d overridden (%d regraded against a corrected stored answer), %d of them changed, "
                   "%d excluded from the accuracy\n",
                prefix, overridden, regraded, changed, excluded);
    print_lines(f, note->lines, prefix);
    free(records);
}
