/* What an exercise sheet is written as: Markdown, plain text, the answer
 * template and the private key (exercises.h).  Every name read from a file
 * or the roster goes through the sanitizer (base/safe_text.h). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdio.h>
#include <stdlib.h>

#include "base/safe_text.h"
#include "teach/exercises_internal.h"

/* Writes text made safe (one line, or lines kept with PL_SAFE_LINES). */
static void put(FILE *f, const char *text, unsigned flags)
{
    char *safe = pl_safe_text(text ? text : "", flags);
    fputs(safe ? safe : "", f);
    free(safe);
}

static const char *domain_name(const pl_ex_bank *b)
{
    return b->nproblems ? b->problems[0].lt.domain->name : "?";
}

static void state_list(FILE *f, const pl_ex_question *q, bool markdown)
{
    for (int i = 0; i < q->nstate; i++) {
        fputs(i ? (markdown ? ", `" : " ") : (markdown ? "`" : ""), f);
        put(f, q->state[i], 0);
        fputs(markdown ? "`" : "", f);
    }
    if (!q->nstate)
        fputs("(no atom is true)", f);
}

static void question(FILE *f, const pl_ex_bank *b, const pl_ex_question *q, bool markdown)
{
    const char *problem = b->problems[q->problem].name;
    if (markdown) {
        fprintf(f, "## %s · %s · ", q->id, pl_ex_kind_name(q->kind));
        put(f, problem, 0);
        fputs("\n\n", f);
    } else {
        fprintf(f, "%s (%s, ", q->id, pl_ex_kind_name(q->kind));
        put(f, problem, 0);
        fputs(")\n", f);
    }
    const char *indent = markdown ? "" : "  ";
    if (q->context) {
        fputs(indent, f);
        put(f, q->context, PL_SAFE_LINES);
        fputs(markdown ? "\n\n" : "\n", f);
    }
    if (q->state) {
        fprintf(f, "%s%s", indent, markdown ? "**State** (the goal is the problem's): " : "State (the goal is the problem's): ");
        state_list(f, q, markdown);
        fputs(markdown ? "\n\n" : "\n", f);
    }
    fprintf(f, "%s%s", indent, markdown ? "**Question.** " : "Question: ");
    put(f, q->text, PL_SAFE_LINES);
    fprintf(f, markdown ? "\n\n*Answer:* %s\n\n" : "\n  Answer: %s\n\n", q->format);
}

static char *sheet(const pl_ex_bank *b, const pl_ex_sheet *s, bool markdown)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    fputs(markdown ? "# Exercises: " : "Exercises: ", f);
    put(f, s->student, 0);
    fputs(markdown ? "\n\n" : "\n\n", f);
    fputs("Domain ", f);
    put(f, domain_name(b), 0);
    fprintf(f, ", seed %llu.  Write each answer in answers.txt after its \"qN:\", on the same line; a line left "
               "empty is unanswered.\n\n", (unsigned long long)s->seed);
    for (int i = 0; i < s->count; i++)
        question(f, b, &s->questions[i], markdown);
    return ex_closed(f, &buf);
}

char *pl_ex_sheet_markdown(const pl_ex_bank *b, const pl_ex_sheet *s)
{
    return sheet(b, s, true);
}

char *pl_ex_sheet_text(const pl_ex_bank *b, const pl_ex_sheet *s)
{
    return sheet(b, s, false);
}

char *pl_ex_sheet_template(const pl_ex_sheet *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    fputs("; planlens exercises: answers.  Write each answer after its \"qN:\" on the same line;\n"
          "; lines starting with ';' are comments.\n"
          "student: ", f);
    put(f, s->student, 0);
    fputs("\n", f);
    for (int i = 0; i < s->count; i++)
        fprintf(f, "%s: \n", s->questions[i].id);
    return ex_closed(f, &buf);
}

static bool add_string(cJSON *o, const char *name, const char *value)
{
    return !value || cJSON_AddStringToObject(o, name, value);
}

static cJSON *question_json(const pl_ex_bank *b, const pl_ex_question *q)
{
    cJSON *o = cJSON_CreateObject(), *state = q->state ? cJSON_CreateArray() : NULL;
    bool ok = o && add_string(o, "id", q->id) && add_string(o, "task", pl_ex_kind_name(q->kind)) &&
              add_string(o, "problem", b->problems[q->problem].name) && cJSON_AddNumberToObject(o, "problem_index", q->problem) &&
              add_string(o, "question", q->text) && add_string(o, "atom", q->atom) &&
              add_string(o, "model_answer", q->model_answer) && add_string(o, "why", q->why);
    for (int i = 0; ok && state && i < q->nstate; i++)
        ok = cJSON_AddItemToArray(state, cJSON_CreateString(q->state[i]));
    if (state && (!ok || !cJSON_AddItemToObject(o, "state", state))) {
        cJSON_Delete(state);
        ok = false;
    }
    cJSON *answer = ok ? cJSON_Duplicate(q->answer, true) : NULL;
    ok = ok && answer && cJSON_AddItemToObject(o, "answer", answer);
    cJSON *record = ok && q->record ? cJSON_Duplicate(q->record, true) : NULL;
    ok = ok && (!q->record || (record && cJSON_AddItemToObject(o, "record", record)));
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

cJSON *pl_ex_key_json(const pl_ex_bank *b, const pl_ex_sheet *s)
{
    cJSON *o = cJSON_CreateObject(), *problems = cJSON_CreateArray(), *questions = cJSON_CreateArray();
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->seed);
    bool ok = o && problems && questions && add_string(o, "format", "planlens-exercises-key/1") &&
              add_string(o, "student", s->student) && add_string(o, "folder", s->folder) && add_string(o, "seed", seed) &&
              add_string(o, "domain_pddl", b->domain_text);
    for (int i = 0; ok && i < b->nproblems; i++) {
        cJSON *p = cJSON_CreateObject();
        ok = p && cJSON_AddItemToArray(problems, p) && add_string(p, "name", b->problems[i].name) &&
             add_string(p, "pddl", b->problems[i].text);
    }
    for (int i = 0; ok && i < s->count; i++) {
        cJSON *q = question_json(b, &s->questions[i]);
        ok = q && cJSON_AddItemToArray(questions, q);
    }
    if (ok && cJSON_AddItemToObject(o, "problems", problems)) {
        problems = NULL;
        ok = cJSON_AddItemToObject(o, "questions", questions);
        questions = ok ? NULL : questions;
    }
    cJSON_Delete(problems);
    cJSON_Delete(questions);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}
