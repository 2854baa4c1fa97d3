/* planlens notes export: the maintainer's report of a review journal.  One
 * entry per question that a curator flagged, reviewed as grader-wrong or
 * bad-question, overrode or excluded (at the answer or the question level):
 * its id, group, domain and stored answer, the proposed answer, statuses,
 * every note with its author, and planlens's evidence for each answer
 * concerned — the verdicts, the sound reason and the failure (its detail
 * names the witness plan step or the unmet precondition) — computed by
 * opening and grading the PATHs as the explorer does.  Each entry is built
 * once as JSON and then written as JSONL, CSV or Markdown. */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/atomic_file.h"
#include "cli.h"
#include "csv_out.h"
#include "output_guard.h"
#include "runs/answer_key.h"
#include "workspace/journal.h"
#include "workspace/workspace.h"

/* The workspace's records with their keys, computed once. */
typedef struct {
    pl_workspace *ws;
    int n;
    char **akeys, **qkeys;
} graded_set;

/* The question key of a journal key: itself when question-level. */
static char *question_of(const char *key, bool question_scope)
{
    return question_scope ? pl_strdup(key) : pl_answer_key_question(key);
}

static bool state_wanted(const pl_journal_state *s)
{
    return s->flagged || s->status == PL_REVIEW_GRADER_WRONG || s->status == PL_REVIEW_BAD_QUESTION ||
           s->has_override || s->excluded;
}

/* bad-question > grader-wrong > unsure > grader-right: the status an entry shows. */
static int status_rank(pl_review_status s)
{
    static const int rank[] = {0, 1, 3, 4, 2};
    return rank[s];
}

static cJSON *text_or_null(const char *s)
{
    return s ? cJSON_CreateString(s) : cJSON_CreateNull();
}

static cJSON *review_json(const pl_journal_state *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "key", s->key);
    cJSON_AddStringToObject(o, "scope", s->question_scope ? "question" : "answer");
    cJSON_AddStringToObject(o, "status", pl_review_status_name(s->status));
    cJSON_AddItemToObject(o, "status_author", text_or_null(s->status_author));
    cJSON_AddBoolToObject(o, "flagged", s->flagged);
    cJSON_AddBoolToObject(o, "excluded", s->excluded);
    if (s->has_override) {
        cJSON *v = cJSON_AddObjectToObject(o, "override");
        cJSON_AddNumberToObject(v, "score", s->override_score);
        cJSON_AddItemToObject(v, "answer", text_or_null(s->override_answer));
        cJSON_AddItemToObject(v, "author", text_or_null(s->override_author));
    }
    return o;
}

/* planlens's evidence on one graded answer. */
static cJSON *evidence_json(const pl_ws_record *r, const char *key)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "key", key);
    cJSON_AddStringToObject(o, "model", r->model ? r->model : "");
    if (r->error || !r->graded) {
        cJSON_AddStringToObject(o, "error", r->error ? r->error : "not graded");
        return o;
    }
    if (r->acp) {
        cJSON_AddItemToObject(o, "parsed", r->acp_v.parsed ? cJSON_Duplicate(r->acp_v.parsed, true) : cJSON_CreateNull());
        cJSON_AddStringToObject(o, "path", r->acp_v.path ? r->acp_v.path : "");
    }
    cJSON_AddNumberToObject(o, "score", r->score);
    cJSON_AddNumberToObject(o, "sound_score", r->sound_score);
    if (r->acp && r->acp_v.sound_reason)
        cJSON_AddStringToObject(o, "sound_reason", r->acp_v.sound_reason);
    const pl_failure *f = pl_ws_record_failure(r);
    if (f->kind != PL_FAIL_NONE)
        cJSON_AddItemToObject(o, "failure", cli_failure_json(f));
    if (r->has_inspect) {
        cJSON_AddItemToObject(o, "inspect_score", r->inspect_score < 0 ? cJSON_CreateNull() : cJSON_CreateNumber(r->inspect_score));
        if (r->official_rule)
            cJSON_AddStringToObject(o, "official_rule", r->official_rule);
    }
    return o;
}

/* Every note (not withdrawn, not a clearing) on the question or its answers. */
static cJSON *notes_json(const pl_journal *j, char **record_questions, const char *qkey)
{
    cJSON *notes = cJSON_CreateArray();
    for (int i = 0; i < pl_journal_nrecords(j); i++) {
        const pl_journal_record *r = pl_journal_record_at(j, i);
        if (r->retracted || !r->text || !*r->text || r->type == PL_JR_RETRACT || !record_questions[i] ||
            strcmp(record_questions[i], qkey))
            continue;
        cJSON *n = cJSON_CreateObject();
        cJSON_AddNumberToObject(n, "line", r->line);
        cJSON_AddStringToObject(n, "key", r->key);
        cJSON_AddStringToObject(n, "scope", r->question_scope ? "question" : "answer");
        cJSON_AddStringToObject(n, "type", pl_journal_type_name(r->type));
        cJSON_AddStringToObject(n, "author", r->author ? r->author : "");
        cJSON_AddStringToObject(n, "time", r->time ? r->time : "");
        cJSON_AddStringToObject(n, "text", r->text);
        cJSON_AddItemToArray(notes, n);
    }
    return notes;
}

/* The entry of one question: what the journal says, then the evidence. */
static cJSON *entry_json(const pl_journal *j, char **record_questions, const graded_set *g, const char *qkey)
{
    cJSON *o = cJSON_CreateObject(), *reviews = cJSON_CreateArray(), *answers = cJSON_CreateArray();
    cJSON_AddStringToObject(o, "key", qkey);
    const pl_ws_record *first = NULL;
    pl_review_status status = PL_REVIEW_NONE;
    bool flagged = false, excluded = false, question_level = false;
    const pl_journal_state *proposal = NULL;
    for (int i = 0; i < pl_journal_nstates(j); i++) {
        const pl_journal_state *s = pl_journal_state_at(j, i);
        char *q = question_of(s->key, s->question_scope);
        bool ours = q && !strcmp(q, qkey);
        free(q);
        if (!ours)
            continue;
        cJSON_AddItemToArray(reviews, review_json(s));
        if (status_rank(s->status) > status_rank(status))
            status = s->status;
        flagged |= s->flagged;
        excluded |= s->excluded;
        question_level |= s->question_scope && state_wanted(s);
        if (s->has_override && (!proposal || s->question_scope))
            proposal = s;
    }
    for (int i = 0; i < g->n; i++) {
        if (!g->qkeys[i] || strcmp(g->qkeys[i], qkey))
            continue;
        const pl_journal_state *s = pl_journal_state_of(j, g->akeys[i]);
        if (!first)
            first = pl_workspace_record(g->ws, i);
        if (question_level || (s && state_wanted(s)))
            cJSON_AddItemToArray(answers, evidence_json(pl_workspace_record(g->ws, i), g->akeys[i]));
    }
    char *group = NULL, *id = NULL;
    const char *bar = strchr(qkey, '|'); /* a question key: GROUP|ID, '|' escaped inside */
    while (bar && bar > qkey && bar[-1] == '\\')
        bar = strchr(bar + 1, '|');
    group = bar ? pl_strndup(qkey, (size_t)(bar - qkey)) : pl_strdup(qkey);
    id = pl_strdup(bar ? bar + 1 : "");
    cJSON_AddStringToObject(o, "group", first && first->acp ? first->acp->group : group);
    cJSON_AddStringToObject(o, "id", first ? first->id : id);
    free(group);
    free(id);
    cJSON_AddItemToObject(o, "domain", text_or_null(first ? first->domain : NULL));
    cJSON_AddItemToObject(o, "stored_answer",
                          first && first->acp && first->acp->answer ? cJSON_Duplicate(first->acp->answer, true) : cJSON_CreateNull());
    cJSON_AddStringToObject(o, "status", pl_review_status_name(status));
    cJSON_AddBoolToObject(o, "flagged", flagged);
    cJSON_AddBoolToObject(o, "excluded", excluded);
    if (proposal) {
        cJSON *p = cJSON_AddObjectToObject(o, "proposed");
        cJSON_AddNumberToObject(p, "score", proposal->override_score);
        cJSON_AddItemToObject(p, "answer", text_or_null(proposal->override_answer));
        cJSON_AddItemToObject(p, "author", text_or_null(proposal->override_author));
        cJSON_AddStringToObject(p, "key", proposal->key);
    } else {
        cJSON_AddNullToObject(o, "proposed");
    }
    cJSON_AddItemToObject(o, "reviews", reviews);
    cJSON_AddItemToObject(o, "notes", notes_json(j, record_questions, qkey));
    cJSON_AddItemToObject(o, "answers", answers);
    return o;
}

/* ---- writing ---- */

static const char *member_text(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double member_number(const cJSON *o, const char *name, double none)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsNumber(v) ? v->valuedouble : none;
}

/* A JSON value on one line (safe), or NULL for null; owned. */
static char *value_text(const cJSON *v)
{
    return v && !cJSON_IsNull(v) ? cli_json_text(v, false) : NULL;
}

/* The same, cut after about 200 bytes (at a character boundary) for the
 * report's lines: a 200 KB answer is in the JSONL export whole. */
static char *short_value_text(const cJSON *v)
{
    char *text = value_text(v);
    size_t cut = 200;
    if (text && strlen(text) > cut + 3) {
        while (cut && ((unsigned char)text[cut] & 0xC0) == 0x80)
            cut--;
        strcpy(text + cut, "...");
    }
    return text;
}

/* One answer's evidence in words; owned. */
static char *evidence_words(const cJSON *a)
{
    const char *err = member_text(a, "error"), *reason = member_text(a, "sound_reason");
    if (err)
        return pl_strdup_printf("%s: no verdict (%s)", member_text(a, "key"), err);
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(a, "failure");
    char *parsed = short_value_text(cJSON_GetObjectItemCaseSensitive(a, "parsed"));
    double inspect = member_number(a, "inspect_score", -2);
    char inspect_text[64] = "";
    if (inspect > -2)
        snprintf(inspect_text, sizeof inspect_text, "; inspect %g%s%s", inspect,
                 member_text(a, "official_rule") ? " " : "", member_text(a, "official_rule") ? member_text(a, "official_rule") : "");
    char step[24] = "";
    if (member_number(f, "step", 0) > 0)
        snprintf(step, sizeof step, " at step %g", member_number(f, "step", 0));
    char *words = pl_strdup_printf(
        "%s (%s): answer %s; official %g (%s), sound %g%s%s%s%s%s%s%s%s", member_text(a, "key"), member_text(a, "model"),
        parsed ? parsed : "-", member_number(a, "score", -1), member_text(a, "path") ? member_text(a, "path") : "-",
        member_number(a, "sound_score", -1), reason ? "; sound reason: " : "", reason ? reason : "",
        f ? "; failure: " : "", f ? member_text(f, "kind") : "", f && member_text(f, "key") ? " " : "",
        f && member_text(f, "key") ? member_text(f, "key") : "", step, inspect_text);
    const char *detail = member_text(f, "detail");
    char *all = detail ? pl_strdup_printf("%s: %s", words, detail) : NULL;
    free(parsed);
    if (all) {
        free(words);
        return all;
    }
    return words;
}

static char *note_words(const cJSON *n)
{
    return pl_strdup_printf("%s (%s, %s, %s %s): %s", member_text(n, "author"), member_text(n, "time"),
                            member_text(n, "type"), member_text(n, "scope"), member_text(n, "key"), member_text(n, "text"));
}

static char *proposed_words(const cJSON *e)
{
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(e, "proposed");
    if (!cJSON_IsObject(p))
        return NULL;
    const char *answer = member_text(p, "answer");
    return pl_strdup_printf("score %g%s%s (%s, on %s)", member_number(p, "score", -1), answer ? ", answer " : "",
                            answer ? answer : "", member_text(p, "author") ? member_text(p, "author") : "?",
                            member_text(p, "key"));
}

/* The words of every element of an array member, joined by `sep`; owned. */
static char *joined(const cJSON *e, const char *name, char *(*words)(const cJSON *), const char *sep)
{
    char *all = pl_strdup("");
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(e, name))
    {
        char *w = words(it), *next = all && w ? pl_strdup_printf("%s%s%s", all, *all ? sep : "", w) : NULL;
        free(w);
        free(all);
        all = next;
    }
    return all;
}

static void write_csv(FILE *out, const cJSON *e)
{
    char *stored = value_text(cJSON_GetObjectItemCaseSensitive(e, "stored_answer"));
    char *proposed = proposed_words(e), *notes = joined(e, "notes", note_words, "\n"),
         *evidence = joined(e, "answers", evidence_words, "\n");
    const char *cells[] = {member_text(e, "key"), member_text(e, "group"), member_text(e, "id"),
                           member_text(e, "domain"), stored, member_text(e, "status"),
                           cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "flagged")) ? "yes" : "no",
                           cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "excluded")) ? "yes" : "no",
                           proposed, notes, evidence};
    for (int i = 0; i < 11; i++) {
        pl_csv_put(out, cells[i]);
        fputc(i < 10 ? ',' : '\n', out);
    }
    free(stored);
    free(proposed);
    free(notes);
    free(evidence);
}

static void write_md_list(FILE *out, const cJSON *e, const char *name, const char *title, char *(*words)(const cJSON *))
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(e, name), *it;
    fprintf(out, "- %s:%s\n", title, cJSON_GetArraySize(list) ? "" : " none");
    cJSON_ArrayForEach(it, list)
    {
        char *w = words(it);
        fprintf(out, "  - %s\n", cli_text(w ? w : "?"));
        free(w);
    }
}

static void write_md(FILE *out, const cJSON *e)
{
    const char *domain = member_text(e, "domain"), *status = member_text(e, "status");
    fprintf(out, "\n## %s %s", cli_text(member_text(e, "group")), cli_text(member_text(e, "id")));
    if (domain)
        fprintf(out, " (%s)", cli_text(domain));
    fputs("\n\n", out);
    fprintf(out, "- Question key: %s\n", cli_text(member_text(e, "key")));
    char *stored = short_value_text(cJSON_GetObjectItemCaseSensitive(e, "stored_answer")), *proposed = proposed_words(e);
    fprintf(out, "- Stored answer: %s\n", stored ? cli_text(stored) : "(not in the files opened)");
    fprintf(out, "- Proposed answer: %s\n", proposed ? cli_text(proposed) : "none");
    fprintf(out, "- Status: %s%s%s\n", *status ? status : "not reviewed",
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "flagged")) ? "; flagged" : "",
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "excluded")) ? "; excluded" : "");
    free(stored);
    free(proposed);
    write_md_list(out, e, "notes", "Notes", note_words);
    write_md_list(out, e, "answers", "Evidence", evidence_words);
}

/* ---- the command ---- */

static void graded_set_free(graded_set *g)
{
    for (int i = 0; i < g->n; i++) {
        free(g->akeys[i]);
        free(g->qkeys[i]);
    }
    free(g->akeys);
    free(g->qkeys);
    if (g->ws)
        pl_workspace_close(g->ws);
}

static void open_graded(graded_set *g, const char *const *paths, int npaths)
{
    memset(g, 0, sizeof *g);
    if (!npaths)
        return;
    pl_diags warnings = PL_DIAGS_INIT;
    g->ws = pl_workspace_open(paths, npaths, &warnings);
    if (warnings.count)
        fprintf(stderr, "planlens: notes export: %zu warning%s opening the files (planlens --batch --warnings FILE "
                        "lists them)\n",
                warnings.count, warnings.count == 1 ? "" : "s");
    pl_diags_clear(&warnings);
    if (!g->ws)
        return;
    pl_workspace_grade_all(g->ws);
    g->n = pl_workspace_count(g->ws);
    g->akeys = calloc((size_t)g->n + 1, sizeof *g->akeys);
    g->qkeys = calloc((size_t)g->n + 1, sizeof *g->qkeys);
    for (int i = 0; g->akeys && g->qkeys && i < g->n; i++) {
        g->akeys[i] = pl_workspace_answer_key(g->ws, i);
        g->qkeys[i] = pl_workspace_question_key(g->ws, i);
    }
    if (!g->akeys || !g->qkeys)
        g->n = 0;
}

/* The questions to report, in order of their first journal record. */
static int wanted_questions(const pl_journal *j, char ***out)
{
    char **q = calloc((size_t)pl_journal_nstates(j) + 1, sizeof *q);
    int n = 0;
    for (int i = 0; q && i < pl_journal_nstates(j); i++) {
        const pl_journal_state *s = pl_journal_state_at(j, i);
        char *key = state_wanted(s) ? question_of(s->key, s->question_scope) : NULL;
        for (int k = 0; key && k < n; k++)
            if (!strcmp(q[k], key)) {
                free(key);
                key = NULL;
            }
        if (key)
            q[n++] = key;
    }
    *out = q;
    return n;
}

static int export_to(FILE *out, const char *format, const pl_journal *j, const graded_set *g)
{
    char **questions, **record_questions = calloc((size_t)pl_journal_nrecords(j) + 1, sizeof *record_questions);
    int n = wanted_questions(j, &questions);
    for (int i = 0; record_questions && i < pl_journal_nrecords(j); i++)
        record_questions[i] = question_of(pl_journal_record_at(j, i)->key, pl_journal_record_at(j, i)->question_scope);
    if (!strcmp(format, "csv"))
        fputs("key,group,id,domain,stored_answer,status,flagged,excluded,proposed,notes,evidence\n", out);
    else if (!strcmp(format, "md"))
        fprintf(out, "# Review journal: %s\n\n%d question%s flagged, reviewed as wrong or bad, overridden or excluded"
                     "; evidence from %d graded answer%s.\n",
                cli_text(pl_journal_path(j)), n, n == 1 ? "" : "s", g->n, g->n == 1 ? "" : "s");
    for (int i = 0; i < n && record_questions && questions; i++) {
        cJSON *e = entry_json(j, record_questions, g, questions[i]);
        if (!strcmp(format, "jsonl")) {
            char *s = cli_json_text(e, false);
            fprintf(out, "%s\n", s ? s : "{}");
            free(s);
        } else if (!strcmp(format, "csv")) {
            write_csv(out, e);
        } else {
            write_md(out, e);
        }
        cJSON_Delete(e);
    }
    for (int i = 0; questions && i < n; i++)
        free(questions[i]);
    for (int i = 0; record_questions && i < pl_journal_nrecords(j); i++)
        free(record_questions[i]);
    free(questions);
    free(record_questions);
    return n;
}

int cli_notes_export(int argc, char **argv)
{
    const char *notes = NULL, *format = "md", *output = NULL;
    bool force = false; /* --force: --output may replace a file (output_guard.h) */
    const char **paths = calloc((size_t)argc + 1, sizeof *paths);
    int npaths = 0;
    for (int i = 0; paths && i < argc; i++) {
        const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        const char **slot = !strcmp(s, "--notes") ? &notes : !strcmp(s, "--format") ? &format
                                                           : !strcmp(s, "--output") ? &output
                                                                                    : NULL;
        force |= cli_force_option(s);
        if (cli_csv_raw_option(s) || cli_force_option(s))
            continue;
        if (!slot && !strncmp(s, "--", 2)) {
            free(paths);
            return cli_usage_error("notes export", "unknown option %s", cli_text(s));
        }
        if (slot && !v) {
            free(paths);
            return cli_usage_error("notes export", "%s needs a value", s);
        }
        if (slot)
            *slot = argv[++i];
        else
            paths[npaths++] = s;
    }
    if (!paths || !notes || (strcmp(format, "jsonl") && strcmp(format, "csv") && strcmp(format, "md"))) {
        free(paths);
        return cli_usage_error("notes export", "--notes FILE [--format jsonl|csv|md] [--output FILE [--force]] PATH...");
    }
    int guard = output  ? cli_output_guard("notes export", &output, 1, force)
                : force ? cli_usage_error("notes export", "--force is for --output (it lets FILE be replaced)")
                        : PL_EXIT_OK;
    if (guard != PL_EXIT_OK) {
        free(paths);
        return guard;
    }
    pl_journal *j = cli_open_journal(notes);
    if (!j) {
        free(paths);
        return PL_EXIT_INPUT;
    }
    graded_set g;
    open_graded(&g, paths, npaths);
    int rc = PL_EXIT_OK;
    pl_error err = PL_ERROR_INIT;
    pl_atomic_file file;
    FILE *out = output ? pl_atomic_open(&file, output, &err) : stdout;
    if (!out) {
        cli_print_error(&err);
        rc = PL_EXIT_INPUT;
    } else {
        int n = export_to(out, format, j, &g);
        if (output && pl_atomic_close(&file, true, &err) != PL_OK) {
            cli_print_error(&err);
            rc = PL_EXIT_INPUT;
        } else if (output) {
            fprintf(stderr, "planlens: notes export: %d question%s written to %s\n", n, n == 1 ? "" : "s",
                    cli_text(output));
        }
    }
    pl_error_clear(&err);
    graded_set_free(&g);
    pl_journal_close(j);
    free(paths);
    return rc;
}
