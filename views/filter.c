#include "filter.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "answer_text.h"
#include "base/error.h"

typedef enum { N_TRUE, N_AND, N_OR, N_NOT, N_TERM } node_kind;
typedef enum { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_HAS, OP_HASNT } op_kind;
typedef enum {
    F_TASK,
    F_DOMAIN,
    F_MODEL,
    F_ID,
    F_NOTE,
    F_RAW,    /* the model's own words (and its reasoning) */
    F_PROMPT, /* what the model was given */
    F_SCORE,
    F_SOUND,
    F_STORED,
    F_IOU,
    F_PARSE,
    F_GRADED,
    F_FLAG,
    F_KIND, /* the failure record (answer_text.h): its kind's name, key and step */
    F_KEY,
    F_STEP,
    F_FINAL, /* plan-quality cases: numbers */
    F_LEA,
    F_LABEL /* F_LABEL + k: the count of AQM label k (PL_WS_LABELS of them) */
} field_kind;

struct pl_filter {
    node_kind kind;
    pl_filter *a, *b;  /* AND / OR: both; NOT: a */
    field_kind field;
    op_kind op;
    char *text;        /* the value as written */
    double number;
    bool vs_score;     /* sound <op> score */
};

static const char *const field_names[] = {"task",    "domain",    "model",    "id",       "note",     "raw",
                                          "prompt",  "score",     "sound",    "stored",   "iou",      "parse",
                                          "graded",  "flag",      "kind",     "key",      "step",     "final",
                                          "lea",     "correct",   "misplaced", "same_act", "diff_act", "redundant"};
#define FIELD_LIST                                                                                                   \
    "task, domain, model, id, note, raw, prompt, score, sound, stored, iou, parse, graded, flag, kind, key, step, "  \
    "final, lea, correct, misplaced, same_act, diff_act, redundant"

typedef struct {
    const char *text;
    size_t at;
    const char *error;
    size_t error_at;
} parser;

static pl_filter *fail(parser *p, const char *expected)
{
    if (!p->error) {
        p->error = expected;
        p->error_at = p->at;
    }
    return NULL;
}

static void skip_space(parser *p)
{
    while (isspace((unsigned char)p->text[p->at]))
        p->at++;
}

static bool is_word_char(char c)
{
    return c && !isspace((unsigned char)c) && !strchr("()!=<>~\"", c);
}

/* A bare word or a "quoted string" (new string), or NULL. */
static char *read_word(parser *p)
{
    skip_space(p);
    size_t start = p->at;
    if (p->text[start] == '"') {
        const char *close = strchr(p->text + start + 1, '"');
        if (!close)
            return (char *)fail(p, "a closing '\"'");
        p->at = (size_t)(close - p->text) + 1;
        return pl_strndup(p->text + start + 1, (size_t)(close - p->text) - start - 1);
    }
    while (is_word_char(p->text[p->at]))
        p->at++;
    return p->at > start ? pl_strndup(p->text + start, p->at - start) : NULL;
}

static bool keyword(parser *p, const char *kw)
{
    skip_space(p);
    size_t n = strlen(kw);
    if (strncasecmp(p->text + p->at, kw, n) || is_word_char(p->text[p->at + n]))
        return false;
    p->at += n;
    return true;
}

static pl_filter *node(node_kind kind, pl_filter *a, pl_filter *b)
{
    pl_filter *f = calloc(1, sizeof *f);
    if (!f) {
        pl_filter_free(a);
        pl_filter_free(b);
        return NULL;
    }
    f->kind = kind;
    f->a = a;
    f->b = b;
    return f;
}

static op_kind read_op(parser *p, bool *ok)
{
    static const struct {
        const char *text;
        op_kind op;
    } ops[] = {{"!=", OP_NE}, {"!~", OP_HASNT}, {"<=", OP_LE}, {">=", OP_GE}, {"=", OP_EQ},
               {"<", OP_LT},  {">", OP_GT},     {"~", OP_HAS}};
    skip_space(p);
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (!strncmp(p->text + p->at, ops[i].text, strlen(ops[i].text))) {
            p->at += strlen(ops[i].text);
            *ok = true;
            return ops[i].op;
        }
    *ok = false;
    return OP_EQ;
}

/* A failure kind's name, in any case ("none" too: a right answer). */
static bool known_kind(const char *name)
{
    for (int k = 0; k < PL_FAIL_NKINDS; k++)
        if (!strcasecmp(name, pl_failure_kind_name((pl_failure_kind)k)))
            return true;
    return false;
}

static pl_filter *parse_term(parser *p)
{
    skip_space(p);
    size_t field_at = p->at;
    char *field = read_word(p);
    if (!field)
        return fail(p, "a field (" FIELD_LIST "), '!' or '('");
    int k = -1;
    for (int i = 0; i < (int)(sizeof field_names / sizeof *field_names); i++)
        if (!strcasecmp(field, field_names[i]))
            k = i;
    free(field);
    if (k < 0) {
        p->at = field_at;
        return fail(p, "a field: " FIELD_LIST);
    }
    bool ok;
    skip_space(p);
    size_t op_at = p->at;
    op_kind op = read_op(p, &ok);
    if (!ok)
        return fail(p, "an operator: = != < <= > >= ~ !~");
    bool numeric = k == F_SCORE || k == F_SOUND || k == F_STORED || k == F_IOU || k == F_STEP || k >= F_FINAL;
    bool text = k <= F_PROMPT || k == F_KIND || k == F_KEY;
    if ((numeric && (op == OP_HAS || op == OP_HASNT)) || (!numeric && op != OP_EQ && op != OP_NE && !text) ||
        (text && op != OP_EQ && op != OP_NE && op != OP_HAS && op != OP_HASNT)) {
        p->at = op_at;
        return fail(p, numeric ? "a comparison (= != < <= > >=) for a number" : "= or != (or ~ for text)");
    }
    size_t value_at = p->at;
    char *value = read_word(p);
    if (!value)
        return fail(p, "a value");
    pl_filter *f = node(N_TERM, NULL, NULL);
    if (!f) {
        free(value);
        return fail(p, "memory");
    }
    f->field = (field_kind)k;
    f->op = op;
    f->text = value;
    f->vs_score = (k == F_SOUND || k == F_STORED) && !strcasecmp(value, "score");
    char *end;
    f->number = strtod(value, &end);
    const char *bad = numeric && !f->vs_score && (*end || end == value)    ? "a number"
                      : k == F_PARSE && strcasecmp(value, "ok") && strcasecmp(value, "fail") ? "ok or fail"
                      : (k == F_GRADED || k == F_FLAG) && strcasecmp(value, "yes") && strcasecmp(value, "no")
                          ? "yes or no"
                      : k == F_KIND && (op == OP_EQ || op == OP_NE) && !known_kind(value)
                          ? "a failure kind (Tab lists them; none: right)"
                                                                                         : NULL;
    if (bad) {
        pl_filter_free(f);
        p->at = value_at;
        skip_space(p);
        return fail(p, bad);
    }
    return f;
}

static pl_filter *parse_or(parser *p);

static pl_filter *parse_unary(parser *p)
{
    skip_space(p);
    if (p->text[p->at] == '!' && p->text[p->at + 1] != '=' && p->text[p->at + 1] != '~') {
        p->at++;
        pl_filter *a = parse_unary(p);
        return a ? node(N_NOT, a, NULL) : NULL;
    }
    if (p->text[p->at] == '(') {
        p->at++;
        pl_filter *e = parse_or(p);
        skip_space(p);
        if (e && p->text[p->at] != ')') {
            pl_filter_free(e);
            return fail(p, "')'");
        }
        p->at += e != NULL;
        return e;
    }
    return parse_term(p);
}

static bool at_end_of_and(parser *p)
{
    skip_space(p);
    char c = p->text[p->at];
    size_t save = p->at;
    bool is_or = keyword(p, "or");
    p->at = save;
    return !c || c == ')' || is_or;
}

static pl_filter *parse_and(parser *p)
{
    pl_filter *left = parse_unary(p);
    while (left && !at_end_of_and(p)) {
        keyword(p, "and");
        pl_filter *right = parse_unary(p);
        left = right ? node(N_AND, left, right) : (pl_filter_free(left), NULL);
    }
    return left;
}

static pl_filter *parse_or(parser *p)
{
    pl_filter *left = parse_and(p);
    while (left && keyword(p, "or")) {
        pl_filter *right = parse_and(p);
        left = right ? node(N_OR, left, right) : (pl_filter_free(left), NULL);
    }
    return left;
}

pl_filter *pl_filter_parse(const char *text, int *error_column, char **error)
{
    parser p = {text, 0, NULL, 0};
    skip_space(&p);
    pl_filter *f = text[p.at] ? parse_or(&p) : node(N_TRUE, NULL, NULL);
    skip_space(&p);
    if (f && text[p.at]) {
        pl_filter_free(f);
        f = fail(&p, p.text[p.at] == ')' ? "no ')' without '('" : "'and', 'or' or the end");
    }
    if (!f) {
        *error_column = (int)(p.error ? p.error_at : p.at) + 1;
        *error = pl_strdup_printf("expected %s", p.error ? p.error : "memory");
    }
    return f;
}

static bool compare_text(op_kind op, const char *have, const char *want)
{
    if (!have)
        have = "";
    if (op == OP_EQ || op == OP_NE)
        return (strcasecmp(have, want) == 0) == (op == OP_EQ);
    bool found = false;
    size_t n = strlen(want);
    for (const char *s = have; *s && !found; s++)
        found = !strncasecmp(s, want, n);
    return found == (op == OP_HAS) || (!n && op == OP_HAS);
}

static bool compare_number(op_kind op, double have, double want)
{
    switch (op) {
    case OP_EQ:
        return have == want;
    case OP_NE:
        return have != want;
    case OP_LT:
        return have < want;
    case OP_LE:
        return have <= want;
    case OP_GT:
        return have > want;
    default:
        return have >= want;
    }
}

/* raw: the model's own words — PlanBench's raw response, else the response
 * as the run stored it — or its reasoning; `=` and `!=` compare the words. */
static bool match_raw(const pl_filter *f, const pl_run_response *p)
{
    const char *words = p ? (p->raw ? p->raw : p->response) : NULL;
    if (f->op == OP_EQ || f->op == OP_NE)
        return compare_text(f->op, words, f->text);
    bool found = compare_text(OP_HAS, words, f->text) || (p && p->reasoning && compare_text(OP_HAS, p->reasoning, f->text));
    return found == (f->op == OP_HAS);
}

/* kind, key, step: false without a sound verdict (pending, errors); a right
 * answer's kind is "none" and it has no key or step. */
static bool match_failure(const pl_filter *f, const pl_ws_record *r)
{
    pl_record_failure rf;
    if (!pl_record_failure_of(r, &rf))
        return false;
    if (f->field == F_KIND)
        return compare_text(f->op, pl_failure_kind_name(rf.kind), f->text);
    if (f->field == F_KEY)
        return compare_text(f->op, rf.key, f->text);
    return rf.step > 0 && compare_number(f->op, rf.step, f->number);
}

static bool match_term(const pl_filter *f, const pl_ws_record *r)
{
    switch (f->field) {
    case F_KIND:
    case F_KEY:
    case F_STEP:
        return match_failure(f, r);
    case F_TASK:
        return compare_text(f->op, r->task, f->text);
    case F_DOMAIN:
        return compare_text(f->op, r->domain, f->text);
    case F_MODEL:
        return compare_text(f->op, r->model, f->text);
    case F_ID:
        return compare_text(f->op, r->id, f->text);
    case F_NOTE:
        return compare_text(f->op, r->note, f->text);
    case F_RAW:
        return match_raw(f, r->resp);
    case F_PROMPT:
        return compare_text(f->op, r->resp ? r->resp->prompt : NULL, f->text);
    case F_STORED:
        return r->graded && r->resp && r->resp->has_stored_score &&
               compare_number(f->op, r->resp->stored_score, f->vs_score ? r->score : f->number);
    case F_FLAG:
        return (r->flagged == !strcasecmp(f->text, "yes")) == (f->op == OP_EQ);
    case F_SCORE:
        return r->graded && compare_number(f->op, r->score, f->number);
    case F_SOUND:
        return r->graded && compare_number(f->op, r->sound_score, f->vs_score ? r->score : f->number);
    case F_IOU:
        return r->graded && r->has_value && compare_number(f->op, r->value, f->number);
    case F_PARSE:
        return r->graded && (r->parse_failed == !strcasecmp(f->text, "fail")) == (f->op == OP_EQ);
    case F_FINAL:
        return r->graded && r->has_quality && compare_number(f->op, r->final_score, f->number);
    case F_LEA: /* as the list's LEA column: the official count, else the true LEA */
        return r->graded && r->pcase && !r->error &&
               compare_number(f->op, r->has_quality ? r->quality_lea : r->case_lea, f->number);
    case F_GRADED:
        return (r->graded == !strcasecmp(f->text, "yes")) == (f->op == OP_EQ);
    default:
        return r->graded && r->has_quality && compare_number(f->op, r->aqm[f->field - F_LABEL], f->number);
    }
}

bool pl_filter_match(const pl_filter *f, const pl_ws_record *r)
{
    switch (f->kind) {
    case N_TRUE:
        return true;
    case N_AND:
        return pl_filter_match(f->a, r) && pl_filter_match(f->b, r);
    case N_OR:
        return pl_filter_match(f->a, r) || pl_filter_match(f->b, r);
    case N_NOT:
        return !pl_filter_match(f->a, r);
    default:
        return match_term(f, r);
    }
}

void pl_filter_free(pl_filter *f)
{
    if (!f)
        return;
    pl_filter_free(f->a);
    pl_filter_free(f->b);
    free(f->text);
    free(f);
}
