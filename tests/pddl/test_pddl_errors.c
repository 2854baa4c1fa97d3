/* The PDDL parser's errors and lenient readings, data-driven.
 *
 * Every error case gives a domain (and optionally a problem) text, the error
 * code, and the exact line and column of the offending token, counted by hand
 * (1-based; columns count bytes).  The texts are built from the small ferry
 * domain below, line by line, so the line numbers can be read off the macros.
 * Warning cases must load and ground, and report a warning (with its
 * location); some also simulate a plan to show the lenient reading is right.
 * Finally: names are case-insensitive, and pl_error_format's layout. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plans/plan.h"
#include "test_support.h"

#define DOMAIN_FILE "domain.pddl"
#define PROBLEM_FILE "problem.pddl"

/* The base domain, one macro per line (line numbers in the comments). */
#define D1 "(define (domain d)\n"                                                 /* 1 */
#define D2 " (:requirements :strips :typing)\n"                                   /* 2 */
#define D3 " (:types car loc)\n"                                                  /* 3 */
#define D4 " (:predicates (at ?c - car ?l - loc) (ferry-at ?l - loc) (empty))\n"  /* 4 */
#define D5 " (:action sail :parameters (?from ?to - loc)\n"                       /* 5 */
#define D6 "  :precondition (ferry-at ?from)\n"                                   /* 6 */
#define D7 "  :effect (and (ferry-at ?to) (not (ferry-at ?from)))))\n"            /* 7 */
#define DOMAIN D1 D2 D3 D4 D5 D6 D7

/* The base problem. */
#define P1 "(define (problem p) (:domain d)\n"            /* 1 */
#define P2 " (:objects c1 - car l1 l2 - loc)\n"           /* 2 */
#define P3 " (:init (ferry-at l1) (empty) (at c1 l1))\n"  /* 3 */
#define P4 " (:goal (ferry-at l2)))\n"                    /* 4 */
#define PROBLEM P1 P2 P3 P4

typedef struct {
    const char *name;
    const char *domain;
    const char *problem; /* NULL: only the domain is parsed */
    pl_error_code code;
    int line, column;
    const char *message; /* a substring of the error message */
} error_case;

static const error_case error_cases[] = {
    /* ---- syntax ---- */
    /* No final newline: end of file is on line 7, just after its 54 bytes. */
    {"missing ')' at end of file",
     D1 D2 D3 D4 D5 D6 "  :effect (and (ferry-at ?to) (not (ferry-at ?from))))", NULL,
     PL_ERR_SYNTAX, 7, 55, "expected ')' to close the domain, found end of file"},
    /* A second declaring section would replace the list earlier sections
     * point into (found by fuzz_pddl: an action read out of range). */
    {"(:predicates ...) twice, the second after an action",
     D1 D2 D3 D4 D5 D6 "  :effect (and (ferry-at ?to) (not (ferry-at ?from))))\n (:predicates (empty)))\n", NULL,
     PL_ERR_SYNTAX, 8, 3, "(:predicates ...) given a second time (first at line 4)"},
    {"(:objects ...) twice, the second after :init", DOMAIN, P1 P2 P3 " (:objects l9 - loc)\n" P4,
     PL_ERR_SYNTAX, 4, 3, "(:objects ...) given a second time (first at line 2)"},
    {"unexpected ')' after the domain", DOMAIN ")\n", NULL,
     PL_ERR_SYNTAX, 8, 1, "expected end of file after the domain"},
    {"unexpected ')' instead of a condition", D1 D2 D3 D4 D5 "  :precondition )\n" D7, NULL,
     PL_ERR_SYNTAX, 6, 17, "expected '(' to open a condition, found ')'"},
    {"unexpected ')' at the start of the file", ")" DOMAIN, NULL,
     PL_ERR_SYNTAX, 1, 1, "expected '(' to open the domain, found ')'"},
    {"unexpected ')' in a problem", DOMAIN, ")" PROBLEM,
     PL_ERR_SYNTAX, 1, 1, "expected '(' to open the problem, found ')'"},
    {"non-ASCII byte in a predicate name",
     D1 D2 D3 " (:predicates (at ?c - car ?l - loc) (ferry-at ?l - loc) (empt\xc3\xa9))\n" D5 D6 D7, NULL,
     PL_ERR_SYNTAX, 4, 63, "non-ASCII byte 0xc3"},
    {"non-ASCII byte in a problem", DOMAIN, P1 " (:objects c1 - car l1 l2 - loc \xe2\x80\x94)\n" P3 P4,
     PL_ERR_SYNTAX, 2, 33, "non-ASCII byte 0xe2"},
    {"control character", D1 D2 "\x01 (:types car loc)\n" D4 D5 D6 D7, NULL,
     PL_ERR_SYNTAX, 3, 1, "unexpected character 0x01"},
    {"section keyword typo :predicate",
     D1 D2 D3 " (:predicate (at ?c - car ?l - loc) (ferry-at ?l - loc) (empty))\n" D5 D6 D7, NULL,
     PL_ERR_SYNTAX, 4, 3, "found ':predicate'"},
    {"action keyword typo :precondtion", D1 D2 D3 D4 D5 "  :precondtion (ferry-at ?from)\n" D7, NULL,
     PL_ERR_SYNTAX, 6, 3, "found ':precondtion'"},
    {"duplicate :parameters", D1 D2 D3 D4 " (:action sail :parameters (?from ?to - loc) :parameters (?x - loc)\n" D6 D7,
     NULL, PL_ERR_SYNTAX, 5, 46, ":parameters given twice in action 'sail'"},
    {"duplicate parameter name", D1 D2 D3 D4 " (:action sail :parameters (?from ?from - loc)\n" D6 D7, NULL,
     PL_ERR_SEMANTIC, 5, 35, "variable '?from' declared twice"},
    {"numeric equality with a function term second", D1 D2 D3 D4 D5 "  :precondition (= ?from (fuel))\n" D7, NULL,
     PL_ERR_UNSUPPORTED, 6, 26, "unsupported: numeric condition"},
    {"problem section typo :object", DOMAIN, P1 " (:object c1 - car l1 l2 - loc)\n" P3 P4,
     PL_ERR_SYNTAX, 2, 3, "found ':object'"},
    {"variable in :init", DOMAIN, P1 P2 " (:init (ferry-at ?l) (empty) (at c1 l1))\n" P4,
     PL_ERR_SYNTAX, 3, 19, "found variable '?l'"},
    {"unclosed negative literal in :init", DOMAIN, P1 P2 " (:init (not (empty) (ferry-at l1))\n" P4,
     PL_ERR_SYNTAX, 3, 22, "expected ')' to close (not ...), found '('"},
    {"CRLF line ends and tabs count as one line break and one column",
     "(define (domain d)\r\n (:requirements :strips)\r\n\t\t(:predicate (empty)))\r\n", NULL,
     PL_ERR_SYNTAX, 3, 4, "found ':predicate'"},
    {"problem without :goal", DOMAIN, P1 P2 P3 ")\n",
     PL_ERR_SYNTAX, 5, 1, "expected a (:goal ...) section"},

    /* ---- semantic ---- */
    {"undeclared predicate in a precondition", D1 D2 D3 D4 D5 "  :precondition (ferry_at ?from)\n" D7, NULL,
     PL_ERR_SEMANTIC, 6, 18, "undeclared predicate 'ferry_at'"},
    {"undeclared predicate in an effect",
     D1 D2 D3 D4 D5 D6 "  :effect (and (ferry-at ?to) (not (ferried ?from)))))\n", NULL,
     PL_ERR_SEMANTIC, 7, 37, "undeclared predicate 'ferried' in an effect"},
    {"undeclared predicate in :init", DOMAIN, P1 P2 " (:init (ferry-at l1) (empti) (at c1 l1))\n" P4,
     PL_ERR_SEMANTIC, 3, 24, "undeclared predicate 'empti'"},
    {"wrong arity in a precondition", D1 D2 D3 D4 D5 "  :precondition (ferry-at ?from ?to)\n" D7, NULL,
     PL_ERR_SEMANTIC, 6, 18, "predicate 'ferry-at' takes 1 argument, given 2"},
    {"wrong arity in an effect (deleted atom)",
     D1 D2 D3 D4 D5 D6 "  :effect (and (ferry-at ?to) (not (ferry-at)))))\n", NULL,
     PL_ERR_SEMANTIC, 7, 37, "predicate 'ferry-at' takes 1 argument"},
    {"wrong arity in an effect (added atom)",
     D1 D2 D3 D4 D5 D6 "  :effect (and (ferry-at ?to ?from) (not (ferry-at ?from)))))\n", NULL,
     PL_ERR_SEMANTIC, 7, 17, "predicate 'ferry-at' takes 1 argument"},
    {"wrong arity in :init", DOMAIN, P1 P2 " (:init (ferry-at l1 l2) (empty) (at c1 l1))\n" P4,
     PL_ERR_SEMANTIC, 3, 10, "predicate 'ferry-at' takes 1 argument"},
    {"wrong arity in the goal", DOMAIN, P1 P2 P3 " (:goal (at c1)))\n",
     PL_ERR_SEMANTIC, 4, 10, "predicate 'at' takes 2 arguments, given 1"},
    {"undeclared variable in a precondition", D1 D2 D3 D4 D5 "  :precondition (ferry-at ?frm)\n" D7, NULL,
     PL_ERR_SEMANTIC, 6, 27, "undeclared variable '?frm'"},
    {"undeclared variable in an effect",
     D1 D2 D3 D4 D5 D6 "  :effect (and (ferry-at ?too) (not (ferry-at ?from)))))\n", NULL,
     PL_ERR_SEMANTIC, 7, 26, "undeclared variable '?too'"},
    {"unknown constant in a domain", D1 D2 D3 D4 D5 "  :precondition (ferry-at harbour)\n" D7, NULL,
     PL_ERR_SEMANTIC, 6, 27, "unknown constant 'harbour'"},
    {"unknown object in :init", DOMAIN, P1 P2 " (:init (ferry-at l3) (empty) (at c1 l1))\n" P4,
     PL_ERR_SEMANTIC, 3, 19, "unknown object 'l3'"},
    {"unknown object in the goal", DOMAIN, P1 P2 P3 " (:goal (ferry-at l9)))\n",
     PL_ERR_SEMANTIC, 4, 19, "unknown object 'l9'"},
    {"undeclared type in :objects", DOMAIN, P1 " (:objects c1 - car l1 l2 - place)\n" P3 P4,
     PL_ERR_SEMANTIC, 2, 29, "undeclared type 'place'"},
    {"action defined twice",
     D1 D2 D3 D4 D5 D6 "  :effect (and (ferry-at ?to) (not (ferry-at ?from))))\n" D5 D6 D7, NULL,
     PL_ERR_SEMANTIC, 8, 11, "action 'sail' defined twice"},

    /* ---- unsupported ---- */
    {"requirement :fluents", D1 " (:requirements :strips :typing :fluents)\n" D3 D4 D5 D6 D7, NULL,
     PL_ERR_UNSUPPORTED, 2, 33, "unsupported: requirement :fluents"},
    {"requirement :durative-actions", D1 " (:requirements :strips :typing :durative-actions)\n" D3 D4 D5 D6 D7, NULL,
     PL_ERR_UNSUPPORTED, 2, 33, "unsupported: requirement :durative-actions"},
    {"requirement :numeric-fluents in a problem", DOMAIN,
     P1 " (:requirements :numeric-fluents)\n" P2 P3 P4,
     PL_ERR_UNSUPPORTED, 2, 17, "unsupported: requirement :numeric-fluents"},
    /* an axiom's body names only the head's and quantified variables */
    {"free variable in an axiom", D1 D2 D3 D4 " (:derived (empty) (ferry-at ?l))\n" D5 D6 D7, NULL,
     PL_ERR_SEMANTIC, 5, 30, "undeclared variable '?l'"},
    {"(:durative-action ...) section",
     D1 D2 D3 D4 " (:durative-action sail :parameters (?from ?to - loc)\n"
                 "  :duration (= ?duration 1)\n"
                 "  :condition (at start (ferry-at ?from))\n"
                 "  :effect (and (at end (ferry-at ?to)) (at start (not (ferry-at ?from))))))\n",
     NULL, PL_ERR_UNSUPPORTED, 5, 3, "unsupported: durative actions"},
    {"numeric comparison in a precondition",
     D1 D2 D3 D4 " (:functions (fuel ?t - car))\n"
                 " (:action drive :parameters (?t - car ?from ?to - loc)\n"
                 "  :precondition (and (at ?t ?from) (>= (fuel ?t) 1))\n"
                 "  :effect (and (at ?t ?to) (not (at ?t ?from)))))\n",
     NULL, PL_ERR_UNSUPPORTED, 7, 37, "unsupported: numeric condition '>='"},
    {"numeric (= term value) in a precondition",
     D1 D2 D3 D4 " (:functions (fuel ?t - car))\n"
                 " (:action drive :parameters (?t - car ?from ?to - loc)\n"
                 "  :precondition (= (fuel ?t) 1)\n"
                 "  :effect (and (at ?t ?to) (not (at ?t ?from)))))\n",
     NULL, PL_ERR_UNSUPPORTED, 7, 20, "unsupported: numeric condition"},
    {"decrease effect",
     D1 D2 D3 D4 " (:functions (fuel))\n"
                 " (:action drive :parameters (?t - car ?from ?to - loc)\n"
                 "  :precondition (at ?t ?from)\n"
                 "  :effect (and (at ?t ?to) (not (at ?t ?from)) (decrease (fuel) 1))))\n",
     NULL, PL_ERR_UNSUPPORTED, 8, 49, "unsupported: numeric effect 'decrease'"},
    {"increase of a function other than total-cost",
     D1 D2 D3 D4 " (:functions (fuel))\n"
                 " (:action drive :parameters (?t - car ?from ?to - loc)\n"
                 "  :precondition (at ?t ?from)\n"
                 "  :effect (and (at ?t ?to) (increase (fuel) 1))))\n",
     NULL, PL_ERR_UNSUPPORTED, 8, 39, "unsupported: numeric effect increase on 'fuel'"},
    {"metric maximize", DOMAIN, P1 P2 P3 " (:goal (ferry-at l2))\n (:metric maximize (total-cost)))\n",
     PL_ERR_UNSUPPORTED, 5, 11, "unsupported: metric 'maximize'"},
    {"problem :constraints", DOMAIN, P1 P2 P3 " (:goal (ferry-at l2))\n (:constraints (always (empty))))\n",
     PL_ERR_UNSUPPORTED, 5, 3, "unsupported: constraints"},
};


typedef struct {
    const char *name;
    const char *domain;
    const char *problem;
    const char *file;    /* where the warning points */
    int line, column;
    const char *message; /* substring of one warning; NULL: no warning at all */
    const char *plan;    /* simulated after loading */
    bool plan_valid;
} warning_case;

static const warning_case warning_cases[] = {
    {"untyped predicate parameters in a :typing domain (ACPBench ferry not-eq)",
     D1 D2 D3 " (:predicates (at ?c - car ?l - loc) (ferry-at ?l - loc) (empty) (not-eq ?x ?y))\n" D5
        "  :precondition (and (ferry-at ?from) (not-eq ?from ?to))\n" D7,
     P1 P2 " (:init (ferry-at l1) (empty) (at c1 l1) (not-eq l1 l2) (not-eq l2 l1))\n" P4,
     DOMAIN_FILE, 4, 67, "parameters of predicate 'not-eq' have no type; read as object",
     "(sail l1 l2)", true},
    {"untyped not-eq still guards the action",
     D1 D2 D3 " (:predicates (at ?c - car ?l - loc) (ferry-at ?l - loc) (empty) (not-eq ?x ?y))\n" D5
        "  :precondition (and (ferry-at ?from) (not-eq ?from ?to))\n" D7,
     P1 P2 " (:init (ferry-at l1) (empty) (at c1 l1) (not-eq l1 l2) (not-eq l2 l1))\n" P4,
     DOMAIN_FILE, 4, 67, "have no type", "(sail l1 l1)\n(sail l1 l2)", false},
    {"type used but not declared",
     D1 D2 D3 " (:predicates (at ?c - car ?l - place) (ferry-at ?l - loc) (empty))\n" D5 D6 D7, PROBLEM,
     DOMAIN_FILE, 4, 33, "type 'place' is used but not declared", "(sail l1 l2)", true},
    {"predicate declared twice",
     D1 D2 D3 " (:predicates (at ?c - car ?l - loc) (ferry-at ?l - loc) (empty) (empty))\n" D5 D6 D7, PROBLEM,
     DOMAIN_FILE, 4, 67, "predicate 'empty' declared twice", "(sail l1 l2)", true},
    {"object declared twice", DOMAIN, P1 " (:objects c1 - car l1 l2 l1 - loc)\n" P3 P4,
     PROBLEM_FILE, 2, 27, "object 'l1' declared twice", "(sail l1 l2)", true},
    {"negative literal in :init", DOMAIN, P1 P2 " (:init (not (empty)) (ferry-at l1) (at c1 l1))\n" P4,
     PROBLEM_FILE, 3, 10, "negative literal in :init ignored", "(sail l1 l2)", true},
    {"problem for a different domain name", DOMAIN, "(define (problem p) (:domain other)\n" P2 P3 P4,
     PROBLEM_FILE, 1, 30, "problem is for domain 'other' but the domain is 'd'", "(sail l1 l2)", true},
    {"non-ASCII bytes inside comments are fine",
     "; caf\xc3\xa9 \xe2\x80\x94 a comment\n" DOMAIN, P1 P2 P3 "; \xc3\xa9t\xc3\xa9\n" P4,
     NULL, 0, 0, NULL, "(sail l1 l2)", true},
    {"the clean base texts warn about nothing", DOMAIN, PROBLEM, NULL, 0, 0, NULL, "(sail l1 l2)", true},
};

static bool contains(const char *s, const char *sub)
{
    return s && sub && strstr(s, sub) != NULL;
}

/* Parses the case: the domain alone, or domain + problem + grounding. */
static void test_error_case(void **state)
{
    const error_case *c = *state;
    pl_error err = PL_ERROR_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    int rc;
    bool built = false;
    if (!c->problem) {
        pl_domain *d = pl_domain_parse(c->domain, strlen(c->domain), DOMAIN_FILE, &warnings, &err);
        built = d != NULL;
        pl_domain_free(d);
        rc = err.code;
    } else {
        pl_loaded_task lt;
        rc = pl_load_task_texts(c->domain, strlen(c->domain), DOMAIN_FILE, c->problem, strlen(c->problem),
                                PROBLEM_FILE, &lt, &warnings, &err);
        built = lt.domain || lt.problem || lt.task;
        pl_loaded_task_free(&lt);
    }
    const char *want_file = c->problem ? PROBLEM_FILE : DOMAIN_FILE;
    /* The formatted error must read exactly "file:line:col: message". */
    char want_format[512];
    snprintf(want_format, sizeof want_format, "%s:%d:%d: %s", want_file, c->line, c->column,
             err.message ? err.message : "");
    char *formatted = pl_error_format(&err);
    bool ok = !built && rc == (int)c->code && err.code == c->code && err.file &&
              !strcmp(err.file, want_file) && err.line == c->line && err.column == c->column &&
              contains(err.message, c->message) && formatted && !strcmp(formatted, want_format);
    if (!ok)
        print_error("%s: got code %d (rc %d) \"%s\"%s; expected code %d at %s:%d:%d containing \"%s\"\n",
                    c->name, err.code, rc, formatted ? formatted : "(null)", built ? " and a result" : "",
                    c->code, want_file, c->line, c->column, c->message);
    free(formatted);
    pl_error_clear(&err);
    pl_diags_clear(&warnings);
    assert_true(ok);
}

static void test_warning_case(void **state)
{
    const warning_case *c = *state;
    pl_error err = PL_ERROR_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_loaded_task lt;
    int rc = pl_load_task_texts(c->domain, strlen(c->domain), DOMAIN_FILE, c->problem, strlen(c->problem),
                                PROBLEM_FILE, &lt, &warnings, &err);
    if (rc != PL_OK) {
        char *msg = pl_error_format(&err);
        print_error("%s: %s\n", c->name, msg);
        free(msg);
    }
    pl_error_clear(&err);
    bool found = false;
    for (size_t i = 0; i < warnings.count; i++) {
        const pl_diag *g = &warnings.items[i];
        if (c->message && contains(g->message, c->message) && g->file && !strcmp(g->file, c->file) &&
            g->line == c->line && g->column == c->column)
            found = true;
        if (!found)
            print_message("%s: warning %s:%d:%d: %s\n", c->name, g->file ? g->file : "?", g->line, g->column,
                          g->message);
    }
    size_t nwarnings = warnings.count;
    pl_diags_clear(&warnings);
    assert_int_equal(rc, PL_OK);
    if (c->message) {
        assert_true(nwarnings > 0);
        if (!found)
            print_error("%s: no warning at %s:%d:%d containing \"%s\"\n", c->name, c->file, c->line,
                        c->column, c->message);
    } else {
        assert_int_equal(nwarnings, 0);
        found = true;
    }
    pl_plan_steps steps;
    assert_int_equal(pl_plan_steps_parse(c->plan, &steps, &err), PL_OK);
    pl_trace *tr = pl_trace_new(lt.task, steps.steps, steps.count);
    bool valid = tr && tr->valid;
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    pl_loaded_task_free(&lt);
    assert_true(found);
    assert_true(valid == c->plan_valid);
}

/* ---- case-insensitivity ---- */

static const char *ferry_domain =
    "(define (domain Ferry)\n"
    " (:requirements :strips :typing :negative-preconditions :equality)\n"
    " (:types car location - object)\n"
    " (:constants home - location)\n"
    " (:predicates (at ?c - car ?l - location) (at-ferry ?l - location) (empty-ferry) (on ?c - car))\n"
    " (:action board :parameters (?car - car ?loc - location)\n"
    "  :precondition (and (at ?car ?loc) (at-ferry ?loc) (empty-ferry))\n"
    "  :effect (and (on ?car) (not (at ?car ?loc)) (not (empty-ferry))))\n"
    " (:action debark :parameters (?car - car ?loc - location)\n"
    "  :precondition (and (on ?car) (at-ferry ?loc))\n"
    "  :effect (and (at ?car ?loc) (empty-ferry) (not (on ?car))))\n"
    " (:action sail :parameters (?from - location ?to - location)\n"
    "  :precondition (and (not (= ?from ?to)) (at-ferry ?from))\n"
    "  :effect (and (at-ferry ?to) (not (at-ferry ?from)))))\n";

static const char *ferry_problem =
    "(define (problem P1) (:domain ferry)\n"
    " (:objects c0 c1 - car l0 l1 - location)\n"
    " (:init (at c0 l0) (at c1 home) (at-ferry l0) (empty-ferry))\n"
    " (:goal (and (at c0 home) (not (on c1)))))\n";

static const char *ferry_plan = "(board c0 l0)\n(SAIL L0 Home)\n(Debark C0 HOME)\n";

static char *upper_copy(const char *s)
{
    char *u = pl_strdup(s);
    assert_non_null(u);
    for (char *p = u; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    return u;
}

static void load_ferry(const char *domain, const char *problem, pl_loaded_task *lt)
{
    pl_error err = PL_ERROR_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    int rc = pl_load_task_texts(domain, strlen(domain), DOMAIN_FILE, problem, strlen(problem), PROBLEM_FILE, lt,
                                &warnings, &err);
    if (rc != PL_OK) {
        char *msg = pl_error_format(&err);
        print_error("ferry: %s\n", msg);
        free(msg);
    }
    size_t nwarnings = warnings.count;
    pl_error_clear(&err);
    pl_diags_clear(&warnings);
    assert_int_equal(rc, PL_OK);
    assert_int_equal(nwarnings, 0);
}

static void test_case_insensitive(void **state)
{
    (void)state;
    char *udomain = upper_copy(ferry_domain), *uproblem = upper_copy(ferry_problem);
    assert_true(strstr(udomain, "(:ACTION BOARD") != NULL); /* the copy really is upper case */
    pl_loaded_task lower, upper;
    load_ferry(ferry_domain, ferry_problem, &lower);
    load_ferry(udomain, uproblem, &upper);
    free(udomain);
    free(uproblem);
    const pl_task *a = lower.task, *b = upper.task;
    assert_string_equal(lower.domain->name, "ferry");
    assert_string_equal(upper.domain->name, "ferry");
    assert_string_equal(upper.problem->name, "p1");
    assert_true(a->natoms > 0);
    assert_true(a->nactions > 0);
    assert_int_equal(a->natoms, b->natoms);
    assert_int_equal(a->nactions, b->nactions);
    for (int i = 0; i < a->natoms; i++)
        assert_string_equal(a->atoms[i].name, b->atoms[i].name);
    for (int i = 0; i < a->nactions; i++)
        assert_string_equal(a->actions[i].name, b->actions[i].name);
    assert_int_equal(a->words, b->words);
    assert_memory_equal(a->init, b->init, (size_t)a->words * sizeof *a->init);
    assert_true(pl_task_find_object(b, "home") >= 0);

    pl_plan_steps steps;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_plan_steps_parse(ferry_plan, &steps, &err), PL_OK);
    pl_trace *ta = pl_trace_new(a, steps.steps, steps.count);
    pl_trace *tb = pl_trace_new(b, steps.steps, steps.count);
    assert_non_null(ta);
    assert_non_null(tb);
    assert_true(ta->valid);
    assert_true(tb->valid);
    assert_int_equal(ta->lea, 3);
    assert_int_equal(tb->lea, 3);
    for (int i = 0; i <= ta->lea; i++)
        assert_memory_equal(pl_trace_state(ta, i), pl_trace_state(tb, i), (size_t)a->words * sizeof(uint64_t));
    pl_trace_free(ta);
    pl_trace_free(tb);
    pl_plan_steps_free(&steps);
    pl_loaded_task_free(&lower);
    pl_loaded_task_free(&upper);
}

/* ---- pl_error_format ---- */

static void expect_format(const pl_error *e, const char *want)
{
    char *s = pl_error_format(e);
    assert_non_null(s);
    assert_string_equal(s, want);
    free(s);
}

static void test_error_format(void **state)
{
    (void)state;
    pl_error e = PL_ERROR_INIT;
    assert_int_equal(pl_error_set(&e, PL_ERR_SYNTAX, "dir/x.pddl", 3, 7, "expected %s, found %d", "')'", 42),
                     PL_ERR_SYNTAX);
    expect_format(&e, "dir/x.pddl:3:7: expected ')', found 42");
    pl_error_set(&e, PL_ERR_IO, "x.pddl", 0, 0, "cannot open");
    expect_format(&e, "x.pddl: cannot open");
    pl_error_set(&e, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    expect_format(&e, "out of memory");
    pl_error_clear(&e);
    assert_int_equal(e.code, PL_OK);
    assert_null(e.message);
    assert_null(e.file);

    /* A real parse error, end to end. */
    const char *text = "(define (domain d)\n  (:predicates (p))\n  (:action a :effect (q)))\n";
    pl_domain *d = pl_domain_parse(text, strlen(text), "my/domain.pddl", NULL, &e);
    assert_null(d);
    expect_format(&e, "my/domain.pddl:3:23: undeclared predicate 'q' in an effect");
    pl_error_clear(&e);
}

#define NERRORS (sizeof error_cases / sizeof error_cases[0])
#define NWARNINGS (sizeof warning_cases / sizeof warning_cases[0])

int main(void)
{
    static struct CMUnitTest tests[NERRORS + NWARNINGS + 2];
    size_t n = 0;
    for (size_t i = 0; i < NERRORS; i++)
        tests[n++] = (struct CMUnitTest){error_cases[i].name, test_error_case, NULL, NULL, (void *)&error_cases[i]};
    for (size_t i = 0; i < NWARNINGS; i++)
        tests[n++] =
            (struct CMUnitTest){warning_cases[i].name, test_warning_case, NULL, NULL, (void *)&warning_cases[i]};
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_case_insensitive);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_error_format);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
