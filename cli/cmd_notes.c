/* planlens notes add | list | export: the review journal (engine/workspace/
 * journal.h, docs/CURATION.md) from the command line.  add appends one
 * record; list prints the current state of every key (--history: every
 * record); export is the maintainer's report (notes_export.c). */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "csv_out.h"
#include "runs/answer_key.h"
#include "workspace/journal.h"

struct pl_journal *cli_open_journal(const char *path)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    pl_journal *j = pl_journal_open(path, &warnings, &err);
    cli_print_warnings(&warnings);
    if (!j)
        cli_print_error(&err);
    pl_error_clear(&err);
    return j;
}

/* The number of '|' that separate fields in an escaped key. */
static int key_separators(const char *key)
{
    int n = 0;
    for (const char *s = key; *s; s++) {
        if (*s == '\\' && s[1])
            s++;
        else if (*s == '|')
            n++;
    }
    return n;
}

typedef struct {
    const char *notes, *key, *type, *text, *status, *flag, *answer, *author;
    int score, retracts;
    bool question;
} add_options;

/* The option at argv[*i] into o; PL_EXIT_OK, or a usage error printed. */
static int add_option(add_options *o, int argc, char **argv, int *i)
{
    static const char *const names[] = {"--notes", "--key", "--type", "--text", "--status", "--flag", "--answer",
                                        "--author", "--score", "--retracts"};
    const char **slots[] = {&o->notes, &o->key, &o->type, &o->text, &o->status, &o->flag, &o->answer, &o->author};
    const char *s = argv[*i];
    if (!strcmp(s, "--question")) {
        o->question = true;
        return PL_EXIT_OK;
    }
    for (int k = 0; k < 10; k++) {
        if (strcmp(s, names[k]))
            continue;
        if (*i + 1 >= argc)
            return cli_usage_error("notes add", "%s needs a value", s);
        const char *v = argv[++*i];
        if (k < 8) {
            *slots[k] = v;
            return PL_EXIT_OK;
        }
        char *end;
        long n = strtol(v, &end, 10);
        if (*end || !*v || (k == 8 && n != 0 && n != 1) || (k == 9 && (n < 1 || n > 0x7fffffff)))
            return cli_usage_error("notes add", "%s: %s is not %s", s, cli_text(v), k == 8 ? "0 or 1" : "a line number");
        *(k == 8 ? &o->score : &o->retracts) = (int)n;
        return PL_EXIT_OK;
    }
    return cli_usage_error("notes add", "unknown option %s", cli_text(s));
}

/* The record the options describe, checked; PL_EXIT_OK or a usage error. */
static int add_record(const add_options *o, const pl_journal *j, pl_journal_record *r)
{
    memset(r, 0, sizeof *r);
    if (!o->notes || !o->type)
        return cli_usage_error("notes add", "--notes FILE and --type TYPE are required");
    if (!pl_journal_type_parse(o->type, &r->type))
        return cli_usage_error("notes add", "--type %s: one of note, flag, status, override, exclude, retract",
                               cli_text(o->type));
    r->key = (char *)o->key;
    r->question_scope = o->question;
    r->text = (char *)o->text;
    r->author = (char *)o->author;
    switch (r->type) {
    case PL_JR_NOTE:
        if (!o->text)
            return cli_usage_error("notes add", "a note needs --text (\"\" clears the note)");
        break;
    case PL_JR_FLAG:
        if (o->flag && strcmp(o->flag, "on") && strcmp(o->flag, "off"))
            return cli_usage_error("notes add", "--flag on|off");
        r->flag = !o->flag || !strcmp(o->flag, "on");
        break;
    case PL_JR_STATUS:
        if (!o->status || !(pl_review_status_parse(o->status, &r->status) || !strcmp(o->status, "none")))
            return cli_usage_error("notes add", "a status needs --status grader-right|grader-wrong|bad-question|"
                                                "unsure|none");
        break;
    case PL_JR_OVERRIDE:
        if (o->score < 0)
            return cli_usage_error("notes add", "an override needs --score 0|1 (and --answer A to correct the "
                                                "stored answer)");
        r->score = o->score;
        r->answer = (char *)o->answer;
        break;
    case PL_JR_RETRACT:
        if (!o->retracts)
            return cli_usage_error("notes add", "a retract needs --retracts LINE (planlens notes list --history)");
        r->retracts = o->retracts;
        for (int i = 0; !o->key && i < pl_journal_nrecords(j); i++) /* the key of the record withdrawn */
            if (pl_journal_record_at(j, i)->line == o->retracts) {
                r->key = pl_journal_record_at(j, i)->key;
                r->question_scope = pl_journal_record_at(j, i)->question_scope;
            }
        if (!r->key)
            return cli_usage_error("notes add", "--retracts %d: no record on that line (planlens notes list --history)",
                                   o->retracts);
        break;
    case PL_JR_EXCLUDE:
        break;
    }
    if (!r->key)
        return cli_usage_error("notes add", "--key KEY is required (grade --format jsonl prints each answer's key)");
    int seps = key_separators(r->key);
    if (r->question_scope ? seps != 1 : seps != 4)
        return cli_usage_error("notes add", "--key %s is not %s", cli_text(r->key),
                               r->question_scope ? "a question key GROUP|ID"
                                                 : "an answer key RUN|GROUP|ID|SAMPLE|EPOCH (a question key needs "
                                                   "--question)");
    return PL_EXIT_OK;
}

static int notes_add(int argc, char **argv)
{
    add_options o = {.score = -1};
    for (int i = 0; i < argc; i++)
        if (add_option(&o, argc, argv, &i) != PL_EXIT_OK)
            return PL_EXIT_USAGE;
    if (!o.notes)
        return cli_usage_error("notes add", "--notes FILE is required");
    pl_journal *j = cli_open_journal(o.notes);
    if (!j)
        return PL_EXIT_INPUT;
    pl_journal_record r;
    int rc = add_record(&o, j, &r);
    pl_error err = PL_ERROR_INIT;
    if (rc == PL_EXIT_OK && pl_journal_append(j, &r, &err) != PL_OK) {
        cli_print_error(&err);
        rc = PL_EXIT_INPUT;
    } else if (rc == PL_EXIT_OK) {
        printf("line %d: %s on ", pl_journal_last_appended(j), pl_journal_type_name(r.type));
        cli_put_safe(stdout, r.key);
        fputc('\n', stdout);
    }
    pl_error_clear(&err);
    pl_journal_close(j);
    return rc;
}

/* ---- list ---- */

typedef struct {
    const char *format, *author, *status, *key;
    bool history;
} list_options;

/* Whether key is K, or an answer of the question K. */
static bool key_matches(const char *key, const char *want)
{
    if (!want || !strcmp(key, want))
        return true;
    char *q = pl_answer_key_question(key);
    bool yes = q && !strcmp(q, want);
    free(q);
    return yes;
}

static bool record_matches(const pl_journal_record *r, const list_options *o)
{
    return key_matches(r->key, o->key) && (!o->author || (r->author && !strcmp(r->author, o->author))) &&
           (!o->status || (r->type == PL_JR_STATUS && !strcmp(pl_review_status_name(r->status), o->status)));
}

static bool state_matches(const pl_journal *j, const pl_journal_state *s, const list_options *o)
{
    if (!key_matches(s->key, o->key) || (o->status && strcmp(pl_review_status_name(s->status), o->status)))
        return false;
    for (int i = 0; o->author && i < s->nrecords; i++) {
        const pl_journal_record *r = pl_journal_record_at(j, s->records[i]);
        if (!r->retracted && r->author && !strcmp(r->author, o->author))
            return true;
    }
    return !o->author;
}

/* What a record says beyond its type, in words ("grader-wrong", "score 1,
 * answer \"yes\"", "withdraws line 4"); owned. */
static char *record_detail(const pl_journal_record *r)
{
    switch (r->type) {
    case PL_JR_FLAG:
        return pl_strdup(r->flag ? "on" : "off");
    case PL_JR_STATUS:
        return pl_strdup(r->status ? pl_review_status_name(r->status) : "none");
    case PL_JR_OVERRIDE:
        return r->answer ? pl_strdup_printf("score %d, answer %s", r->score, r->answer)
                         : pl_strdup_printf("score %d", r->score);
    case PL_JR_RETRACT:
        return pl_strdup_printf("withdraws line %d", r->retracts);
    default:
        return pl_strdup("");
    }
}

static cJSON *record_json(const pl_journal_record *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "line", r->line);
    cJSON_AddStringToObject(o, "key", r->key);
    cJSON_AddStringToObject(o, "scope", r->question_scope ? "question" : "answer");
    cJSON_AddStringToObject(o, "type", pl_journal_type_name(r->type));
    char *detail = record_detail(r);
    cJSON_AddStringToObject(o, "detail", detail ? detail : "");
    free(detail);
    cJSON_AddItemToObject(o, "text", r->text ? cJSON_CreateString(r->text) : cJSON_CreateNull());
    cJSON_AddStringToObject(o, "author", r->author ? r->author : "");
    cJSON_AddStringToObject(o, "time", r->time ? r->time : "");
    cJSON_AddBoolToObject(o, "retracted", r->retracted);
    if (r->old_key)
        cJSON_AddStringToObject(o, "old_key", r->old_key);
    return o;
}

static cJSON *state_json(const pl_journal_state *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "key", s->key);
    cJSON_AddStringToObject(o, "scope", s->question_scope ? "question" : "answer");
    cJSON_AddBoolToObject(o, "flagged", s->flagged);
    cJSON_AddStringToObject(o, "status", pl_review_status_name(s->status));
    cJSON_AddItemToObject(o, "status_author", s->status_author ? cJSON_CreateString(s->status_author) : cJSON_CreateNull());
    cJSON_AddItemToObject(o, "note", s->note ? cJSON_CreateString(s->note) : cJSON_CreateNull());
    cJSON_AddItemToObject(o, "note_author", s->note_author ? cJSON_CreateString(s->note_author) : cJSON_CreateNull());
    if (s->has_override) {
        cJSON *v = cJSON_AddObjectToObject(o, "override");
        cJSON_AddNumberToObject(v, "score", s->override_score);
        cJSON_AddItemToObject(v, "answer", s->override_answer ? cJSON_CreateString(s->override_answer) : cJSON_CreateNull());
        cJSON_AddStringToObject(v, "author", s->override_author ? s->override_author : "");
    } else {
        cJSON_AddNullToObject(o, "override");
    }
    cJSON_AddBoolToObject(o, "excluded", s->excluded);
    cJSON_AddNumberToObject(o, "records", s->nrecords);
    return o;
}

static void put_json_line(cJSON *o)
{
    char *s = cli_json_text(o, false);
    if (s)
        puts(s);
    free(s);
    cJSON_Delete(o);
}

static void csv_row(const char *const *cells, int n)
{
    for (int i = 0; i < n; i++) {
        pl_csv_put(stdout, cells[i]);
        fputc(i + 1 < n ? ',' : '\n', stdout);
    }
}

static void list_history(const pl_journal *j, const list_options *o)
{
    bool csv = !strcmp(o->format, "csv"), table = !strcmp(o->format, "table");
    if (csv)
        puts("line,time,author,key,scope,type,detail,text,retracted");
    else if (table)
        printf("%5s  %-20s  %-12s  %-8s  %s\n", "line", "time", "author", "type", "key / detail / text");
    for (int i = 0; i < pl_journal_nrecords(j); i++) {
        const pl_journal_record *r = pl_journal_record_at(j, i);
        if (!record_matches(r, o))
            continue;
        char *detail = record_detail(r), line[16];
        snprintf(line, sizeof line, "%d", r->line);
        if (csv) {
            const char *cells[] = {line, r->time, r->author, r->key, r->question_scope ? "question" : "answer",
                                   pl_journal_type_name(r->type), detail, r->text, r->retracted ? "yes" : "no"};
            csv_row(cells, 9);
        } else if (table) {
            printf("%5d  %-20s  %-12s  %-8s  %s%s", r->line, cli_text(r->time ? r->time : "?"),
                   cli_text(r->author ? r->author : "?"), pl_journal_type_name(r->type), cli_text(r->key),
                   r->question_scope ? " (question)" : "");
            if (detail && *detail)
                printf("  %s", cli_text(detail));
            if (r->text && *r->text)
                printf("  \"%s\"", cli_text(r->text));
            puts(r->retracted ? "  [retracted]" : "");
        } else {
            put_json_line(record_json(r));
        }
        free(detail);
    }
}

static void list_states(const pl_journal *j, const list_options *o)
{
    bool csv = !strcmp(o->format, "csv"), table = !strcmp(o->format, "table");
    if (csv)
        puts("key,scope,flagged,status,status_author,override_score,override_answer,override_author,excluded,note,"
             "note_author,records");
    int shown = 0;
    for (int i = 0; i < pl_journal_nstates(j); i++) {
        const pl_journal_state *s = pl_journal_state_at(j, i);
        if (!state_matches(j, s, o))
            continue;
        shown++;
        char score[8] = "", n[16];
        if (s->has_override)
            snprintf(score, sizeof score, "%d", s->override_score);
        snprintf(n, sizeof n, "%d", s->nrecords);
        if (csv) {
            const char *cells[] = {s->key, s->question_scope ? "question" : "answer", s->flagged ? "yes" : "no",
                                   pl_review_status_name(s->status), s->status_author, score, s->override_answer,
                                   s->override_author, s->excluded ? "yes" : "no", s->note, s->note_author, n};
            csv_row(cells, 12);
        } else if (table) {
            cli_put_safe(stdout, s->key);
            printf("%s\n   flag %s  status %s", s->question_scope ? "  (question: every answer)" : "",
                   s->flagged ? "on" : "off", s->status ? pl_review_status_name(s->status) : "-");
            if (s->status_author)
                printf(" (%s)", cli_text(s->status_author));
            if (s->has_override) {
                printf("  override: score %d", s->override_score);
                if (s->override_answer)
                    printf(", answer \"%s\"", cli_text(s->override_answer));
                printf(" (%s)", cli_text(s->override_author ? s->override_author : "?"));
            }
            if (s->excluded)
                printf("  excluded (%s)", cli_text(s->exclude_author ? s->exclude_author : "?"));
            printf("  %d record%s\n", s->nrecords, s->nrecords == 1 ? "" : "s");
            if (s->note)
                printf("   note (%s): %s\n", cli_text(s->note_author ? s->note_author : "?"), cli_text(s->note));
        } else {
            put_json_line(state_json(s));
        }
    }
    if (table)
        printf("%d key%s\n", shown, shown == 1 ? "" : "s");
}

static int notes_list(int argc, char **argv)
{
    list_options o = {.format = "table"};
    const char *notes = NULL;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        const char **slot = !strcmp(s, "--notes")    ? &notes
                            : !strcmp(s, "--format") ? &o.format
                            : !strcmp(s, "--author") ? &o.author
                            : !strcmp(s, "--status") ? &o.status
                            : !strcmp(s, "--key")    ? &o.key
                                                     : NULL;
        if (!strcmp(s, "--history"))
            o.history = true;
        else if (cli_csv_raw_option(s))
            continue;
        else if (!slot)
            return cli_usage_error("notes list", "unknown option %s", cli_text(s));
        else if (!v)
            return cli_usage_error("notes list", "%s needs a value", s);
        else
            *slot = argv[++i];
    }
    if (!notes)
        return cli_usage_error("notes list", "--notes FILE is required");
    if (strcmp(o.format, "table") && strcmp(o.format, "jsonl") && strcmp(o.format, "csv"))
        return cli_usage_error("notes list", "--format table|jsonl|csv");
    pl_review_status st;
    if (o.status && !pl_review_status_parse(o.status, &st))
        return cli_usage_error("notes list", "--status grader-right|grader-wrong|bad-question|unsure");
    pl_journal *j = cli_open_journal(notes);
    if (!j)
        return PL_EXIT_INPUT;
    if (o.history)
        list_history(j, &o);
    else
        list_states(j, &o);
    pl_journal_close(j);
    return PL_EXIT_OK;
}

int cmd_notes(int argc, char **argv)
{
    const char *sub = argc ? argv[0] : "";
    if (!strcmp(sub, "add"))
        return notes_add(argc - 1, argv + 1);
    if (!strcmp(sub, "list"))
        return notes_list(argc - 1, argv + 1);
    if (!strcmp(sub, "export"))
        return cli_notes_export(argc - 1, argv + 1);
    return cli_usage_error("notes", "add, list or export (planlens notes --help)");
}
