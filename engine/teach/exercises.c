/* Exercise sheets: the kinds, the bank of problems, and each student's
 * draw of questions (exercises.h). */
#include "teach/exercises.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/random.h"
#include "base/resources.h"
#include "gen/template.h"
#include "search/heuristic.h"
#include "teach/exercises_internal.h"

static const char *const kind_names[PL_EX_NKINDS] = {
    "app", "prog", "reach", "areach", "val", "just", "land", "nexta", "hmax", "hadd", "hff", "rpg_level", "rpg_plan",
};

const char *pl_ex_kind_name(pl_ex_kind k)
{
    return k >= 0 && k < PL_EX_NKINDS ? kind_names[k] : "?";
}

int pl_ex_kind_parse(const char *name)
{
    for (int k = 0; k < PL_EX_NKINDS; k++)
        if (!strcmp(name, kind_names[k]))
            return k;
    return -1;
}

bool pl_ex_kinds_parse(const char *list, unsigned *mask, pl_error *err)
{
    *mask = 0;
    for (const char *s = list; *s;) {
        size_t n = strcspn(s, ",");
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name - 1 ? n : sizeof name - 1), s);
        int k = pl_ex_kind_parse(name);
        if (!strcmp(name, "all"))
            *mask |= (1u << PL_EX_NKINDS) - 1;
        else if (k >= 0 && n < sizeof name)
            *mask |= 1u << k;
        else {
            pl_error_set(err, PL_ERR_SEMANTIC, NULL, 0, 0,
                         "unknown task '%.*s' (app, prog, reach, areach, val, just, land, nexta, hmax, hadd, hff, "
                         "rpg_level, rpg_plan or all)", (int)n, s);
            return false;
        }
        s += n + (s[n] == ',');
    }
    if (!*mask)
        pl_error_set(err, PL_ERR_SEMANTIC, NULL, 0, 0, "no task named");
    return *mask != 0;
}

char *pl_ex_folder_name(const char *student)
{
    char *out = malloc(65);
    if (!out)
        return NULL;
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)student; *c && n < 64; c++) {
        if (isalnum(*c) && *c < 128)
            out[n++] = (char)tolower(*c);
        else if (*c == '-' || (*c == '_' && (n == 0 || out[n - 1] != '_')))
            out[n++] = (char)*c;
        else if (n == 0 || out[n - 1] != '_') /* a run of other bytes: one '_' */
            out[n++] = '_';
    }
    out[n] = '\0';
    if (!n || !strcmp(out, "_")) {
        free(out);
        return pl_strdup("student");
    }
    if (!strcmp(out, "key")) /* the keys' folder: never a student's */
        strcpy(out, "key_");
    return out;
}

/* ---- the bank ---- */

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The domain's template among those planlens ships (docs/GEN.md), else
 * the generic rendering: the words of the ACPBench questions' contexts. */
static pl_gen_template *domain_template(const pl_domain *d)
{
    char *dir = pl_resource_dir("templates");
    pl_error err = PL_ERROR_INIT;
    char *path = dir ? pl_gen_template_find(dir, d->name, &err) : NULL;
    pl_gen_template *t = path ? pl_gen_template_load(path, d, &err) : NULL;
    pl_error_clear(&err);
    free(path);
    free(dir);
    return t ? t : pl_gen_template_generic(d);
}

int pl_ex_bank_open(pl_ex_bank *b, const char *domain_path, const char *const *problem_paths, int n,
                    unsigned kinds, pl_error *err)
{
    *b = (pl_ex_bank){.kinds = kinds, .limits = {0, 10, 2000000}};
    size_t dlen;
    b->domain_text = pl_read_file(domain_path, &dlen, err);
    b->problems = calloc((size_t)n + 1, sizeof *b->problems);
    if (!b->domain_text || !b->problems) {
        if (b->domain_text)
            pl_error_set(err, PL_ERR_IO, NULL, 0, 0, "out of memory");
        pl_ex_bank_close(b);
        return err->code;
    }
    for (int i = 0; i < n; i++) {
        pl_ex_problem *p = &b->problems[b->nproblems];
        size_t plen;
        pl_diags warnings = PL_DIAGS_INIT;
        p->text = pl_read_file(problem_paths[i], &plen, err);
        p->name = pl_strdup(base_name(problem_paths[i]));
        int rc = p->text ? (int)pl_load_task_texts(b->domain_text, dlen, domain_path, p->text, plen, problem_paths[i],
                                              &p->lt, &warnings, err)
                         : (int)err->code;
        pl_diags_clear(&warnings);
        b->nproblems++;
        p->rel = rc == PL_OK ? pl_relaxed_new(p->lt.task) : NULL;
        p->tmpl = rc == PL_OK ? domain_template(p->lt.domain) : NULL;
        if (rc == PL_OK && (!p->rel || !p->tmpl || !p->name))
            rc = pl_error_set(err, PL_ERR_IO, NULL, 0, 0, "out of memory");
        if (rc != PL_OK) {
            pl_ex_bank_close(b);
            return rc;
        }
    }
    return PL_OK;
}

void pl_ex_bank_close(pl_ex_bank *b)
{
    for (int i = 0; i < b->nproblems; i++) {
        pl_relaxed_free(b->problems[i].rel);
        pl_gen_template_free(b->problems[i].tmpl);
        pl_loaded_task_free(&b->problems[i].lt);
        free(b->problems[i].text);
        free(b->problems[i].name);
    }
    free(b->problems);
    free(b->domain_text);
    *b = (pl_ex_bank){0};
}

/* ---- a student's sheet ---- */

/* The student's generator: the seed mixed with the name (FNV-1a), stirred. */
static uint64_t student_rng(const char *student, uint64_t seed)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (const unsigned char *c = (const unsigned char *)student; *c; c++)
        h = (h ^ *c) * UINT64_C(0x100000001b3);
    uint64_t state = seed ^ h;
    pl_next_random(&state);
    return state;
}

static int skip(pl_ex_sheet *s, pl_ex_kind k, const char *why)
{
    char **grown = realloc(s->skipped, ((size_t)s->nskipped + 1) * sizeof *grown);
    if (!grown)
        return -1;
    s->skipped = grown;
    s->skipped[s->nskipped] = pl_strdup_printf("%s: %s", pl_ex_kind_name(k), why ? why : "no problem asks it");
    return s->skipped[s->nskipped++] ? 0 : -1;
}

/* One question of kind k, from the problem the generator picks, else the
 * next problem that can ask it. */
static int draw(const pl_ex_bank *b, pl_ex_kind k, uint64_t *rng, pl_ex_sheet *s)
{
    int first = (int)(pl_next_random(rng) % (uint64_t)b->nproblems);
    char *why_not = NULL;
    for (int i = 0; i < b->nproblems; i++) {
        pl_ex_question *q = &s->questions[s->count];
        *q = (pl_ex_question){.kind = k, .problem = (first + i) % b->nproblems};
        snprintf(q->id, sizeof q->id, "q%d", s->count + 1);
        free(why_not);
        why_not = NULL;
        int rc = ex_ask(b, q->problem, k, rng, q, &why_not);
        if (rc <= 0) {
            s->count += rc == 0;
            free(why_not);
            return rc;
        }
    }
    int rc = skip(s, k, why_not);
    free(why_not);
    return rc;
}

int pl_ex_sheet_make(const pl_ex_bank *b, const char *student, uint64_t seed, pl_ex_sheet *out)
{
    *out = (pl_ex_sheet){.seed = seed};
    out->student = pl_strdup(student);
    out->folder = pl_ex_folder_name(student);
    out->questions = calloc(PL_EX_NKINDS, sizeof *out->questions);
    if (!out->student || !out->folder || !out->questions) {
        pl_ex_sheet_clear(out);
        return -1;
    }
    uint64_t rng = student_rng(student, seed);
    for (int k = 0; k < PL_EX_NKINDS; k++) {
        uint64_t kind_rng = rng ^ ((uint64_t)k << 56); /* each kind its own stream: one kind does not shift another */
        if ((b->kinds & (1u << k)) && draw(b, (pl_ex_kind)k, &kind_rng, out) < 0) {
            pl_ex_sheet_clear(out);
            return -1;
        }
    }
    return 0;
}

void ex_question_clear(pl_ex_question *q)
{
    free(q->context);
    for (int i = 0; i < q->nstate; i++)
        free(q->state[i]);
    free(q->state);
    free(q->atom);
    free(q->text);
    free(q->model_answer);
    free(q->why);
    cJSON_Delete(q->answer);
    cJSON_Delete(q->record);
}

void pl_ex_sheet_clear(pl_ex_sheet *s)
{
    for (int i = 0; i < s->count; i++)
        ex_question_clear(&s->questions[i]);
    for (int i = 0; i < s->nskipped; i++)
        free(s->skipped[i]);
    free(s->skipped);
    free(s->questions);
    free(s->student);
    free(s->folder);
    *s = (pl_ex_sheet){0};
}
