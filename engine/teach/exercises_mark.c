/* Marking filled answer templates against the students' keys
 * (exercises_mark.h). */
#include "teach/exercises_mark.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/text_lines.h"
#include "teach/exercises_grade.h"

struct pl_ex_marker {
    pl_acp_grader *grader;
};

pl_ex_marker *pl_ex_marker_new(void)
{
    pl_ex_marker *m = calloc(1, sizeof *m);
    pl_acp_grade_options o = pl_acp_grade_default_options();
    if (m && !(m->grader = pl_acp_grader_new(&o))) {
        free(m);
        return NULL;
    }
    return m;
}

void pl_ex_marker_free(pl_ex_marker *m)
{
    if (m)
        pl_acp_grader_free(m->grader);
    free(m);
}

/* ---- the filled template ---- */

typedef struct {
    char *student;      /* the "student:" line's name */
    int student_line;
    char **answers;     /* per key question: as written (NULL: unanswered) */
} filled;

/* s[0..n) without the blanks around it, as a new string. */
static char *trimmed(const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    return pl_strndup(s, n);
}

/* The index of question id (s[0..n)) in the key, or -1. */
static int question_index(const cJSON *questions, const char *s, size_t n)
{
    int i = 0;
    const cJSON *q;
    cJSON_ArrayForEach(q, questions) {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(q, "id");
        if (cJSON_IsString(id) && strlen(id->valuestring) == n && !memcmp(id->valuestring, s, n))
            return i;
        i++;
    }
    return -1;
}

/* The "student:" line: its name into f.  -1 when out of memory. */
static int read_student(const char *text, const char *path, filled *f, pl_diags *errors)
{
    pl_line_reader lr = {text, strlen(text), 0, 0};
    const char *s;
    size_t n;
    while (pl_next_line(&lr, &s, &n)) {
        char *line = trimmed(s, n);
        if (!line)
            return -1;
        if (!strncmp(line, "student:", 8)) {
            f->student = trimmed(line + 8, strlen(line + 8));
            f->student_line = lr.line;
            free(line);
            return f->student ? 0 : -1;
        }
        free(line);
    }
    pl_diags_add(errors, path, 1, 0, "no 'student: NAME' line: the file is not marked");
    return 0;
}

/* The answers of the file against the key's questions; bad lines into
 * errors.  -1 when out of memory. */
static int read_answers(const char *text, const char *path, const cJSON *questions, filled *f, pl_diags *errors)
{
    int nq = cJSON_GetArraySize(questions);
    int *first_line = calloc((size_t)nq + 1, sizeof *first_line);
    f->answers = calloc((size_t)nq + 1, sizeof *f->answers);
    if (!first_line || !f->answers) {
        free(first_line);
        return -1;
    }
    pl_line_reader lr = {text, strlen(text), 0, 0};
    const char *s;
    size_t n;
    int rc = 0;
    while (rc == 0 && pl_next_line(&lr, &s, &n)) {
        while (n && isspace((unsigned char)*s))
            s++, n--;
        if (pl_is_blank(s, n) || *s == ';' || lr.line == f->student_line)
            continue;
        const char *colon = memchr(s, ':', n);
        size_t idn = colon ? (size_t)(colon - s) : 0;
        bool label = idn >= 2 && s[0] == 'q' && strspn(s + 1, "0123456789") == idn - 1;
        int qi = label ? question_index(questions, s, idn) : -1;
        if (!label)
            pl_diags_add(errors, path, lr.line, 1, "expected 'qN: answer' (or a ';' comment): %.*s",
                         (int)(n > 60 ? 60 : n), s);
        else if (qi < 0)
            pl_diags_add(errors, path, lr.line, 1, "%.*s: no such question on %s's sheet", (int)idn, s, f->student);
        else if (first_line[qi])
            pl_diags_add(errors, path, lr.line, 1, "%.*s answered twice: the answer at line %d counts", (int)idn, s,
                         first_line[qi]);
        else {
            first_line[qi] = lr.line;
            char *answer = trimmed(colon + 1, n - idn - 1);
            rc = answer ? 0 : -1;
            if (answer && !*answer)
                free(answer);
            else
                f->answers[qi] = answer;
        }
    }
    free(first_line);
    return rc;
}

/* ---- marks ---- */

static int add_mark(pl_ex_marks *m, const char *student, const cJSON *q, pl_ex_kind kind, const char *answer,
                    int score, char *why)
{
    if (m->count == m->capacity) {
        int cap = m->capacity ? 2 * m->capacity : 32;
        pl_ex_mark *grown = realloc(m->marks, (size_t)cap * sizeof *grown);
        if (!grown) {
            free(why);
            return -1;
        }
        m->marks = grown;
        m->capacity = cap;
    }
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(q, "id"), *problem = cJSON_GetObjectItemCaseSensitive(q, "problem");
    pl_ex_mark *k = &m->marks[m->count++];
    *k = (pl_ex_mark){pl_strdup(student), pl_strdup(cJSON_IsString(id) ? id->valuestring : "?"), kind,
                      pl_strdup(cJSON_IsString(problem) ? problem->valuestring : "?"), answer ? pl_strdup(answer) : NULL,
                      score, why};
    return k->student && k->question && k->problem && (!answer || k->answer) && why ? 0 : -1;
}

static int mark_questions(pl_ex_marker *mk, const cJSON *key, const char *path, const filled *f, pl_ex_marks *out)
{
    const cJSON *questions = cJSON_GetObjectItemCaseSensitive(key, "questions"), *q;
    int i = 0;
    cJSON_ArrayForEach(q, questions) {
        const cJSON *task = cJSON_GetObjectItemCaseSensitive(q, "task");
        int kind = cJSON_IsString(task) ? pl_ex_kind_parse(task->valuestring) : -1;
        const char *answer = f->answers[i++];
        int score = 0;
        char *why = NULL;
        if (kind < 0)
            why = pl_strdup("the key names no task for this question");
        else if (!answer)
            why = pl_strdup("unanswered");
        else if (ex_grade(mk->grader, key, q, (pl_ex_kind)kind, path, answer, &score, &why) < 0)
            return -1;
        if (add_mark(out, f->student, q, kind < 0 ? PL_EX_APP : (pl_ex_kind)kind, answer, score, why) < 0)
            return -1;
    }
    return 0;
}

/* The key of the file's student, or NULL with the reason in errors. */
static cJSON *student_key(const char *dir, const char *path, const filled *f, pl_ex_marks *out)
{
    char *folder = pl_ex_folder_name(f->student);
    char *key_path = folder ? pl_strdup_printf("%s/key/%s.json", dir, folder) : NULL;
    pl_error err = PL_ERROR_INIT;
    char *text = key_path ? pl_read_file(key_path, NULL, &err) : NULL;
    cJSON *key = text ? cJSON_Parse(text) : NULL;
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(key, "student");
    if (!text)
        pl_diags_add(&out->errors, path, f->student_line, 1, "unknown student '%s': no key %s", f->student,
                     key_path ? key_path : "");
    else if (!cJSON_IsString(name) || strcmp(name->valuestring, f->student) ||
             !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(key, "questions")))
        pl_diags_add(&out->errors, path, f->student_line, 1, "unknown student '%s': %s is not that student's key",
                     f->student, key_path);
    else {
        free(folder);
        free(key_path);
        free(text);
        return key;
    }
    cJSON_Delete(key);
    pl_error_clear(&err);
    free(folder);
    free(key_path);
    free(text);
    return NULL;
}

static bool marked_already(pl_ex_marks *m, const char *student)
{
    for (int i = 0; i < m->nstudents; i++)
        if (!strcmp(m->students[i], student))
            return true;
    return false;
}

int pl_ex_mark_file(pl_ex_marker *mk, const char *dir, const char *path, pl_ex_marks *out, pl_error *err)
{
    size_t len;
    char *text = pl_read_file(path, &len, err);
    if (!text) { /* an unreadable answer file is the file's problem, not the marking's */
        pl_diags_add(&out->errors, path, 0, 0, "%s", err->message ? err->message : "cannot be read");
        pl_error_clear(err);
        return PL_OK;
    }
    filled f = {0};
    cJSON *key = NULL;
    int rc = pl_check_text(path, text, len, err) != PL_OK ? 1 : read_student(text, path, &f, &out->errors);
    if (rc == 1) {
        pl_diags_add(&out->errors, path, err->line, err->column, "%s", err->message ? err->message : "not text");
        pl_error_clear(err);
        rc = 0;
    } else if (rc == 0 && f.student && marked_already(out, f.student)) {
        pl_diags_add(&out->errors, path, f.student_line, 1, "%s is marked already: this file is not marked", f.student);
    } else if (rc == 0 && f.student && (key = student_key(dir, path, &f, out))) {
        char **grown = realloc(out->students, ((size_t)out->nstudents + 1) * sizeof *grown);
        rc = grown ? 0 : -1;
        out->students = grown ? grown : out->students;
        if (rc == 0 && !(out->students[out->nstudents++] = pl_strdup(f.student)))
            rc = -1;
        const cJSON *questions = cJSON_GetObjectItemCaseSensitive(key, "questions");
        if (rc == 0)
            rc = read_answers(text, path, questions, &f, &out->errors);
        if (rc == 0)
            rc = mark_questions(mk, key, path, &f, out);
        for (int i = 0; f.answers && i < cJSON_GetArraySize(questions); i++)
            free(f.answers[i]);
    }
    free(f.answers);
    free(f.student);
    cJSON_Delete(key);
    free(text);
    return rc < 0 ? pl_error_set(err, PL_ERR_IO, path, 0, 0, "out of memory") : PL_OK;
}

void pl_ex_marks_clear(pl_ex_marks *m)
{
    for (int i = 0; i < m->count; i++) {
        free(m->marks[i].student);
        free(m->marks[i].question);
        free(m->marks[i].problem);
        free(m->marks[i].answer);
        free(m->marks[i].why);
    }
    for (int i = 0; i < m->nstudents; i++)
        free(m->students[i]);
    free(m->students);
    free(m->marks);
    pl_diags_clear(&m->errors);
    *m = (pl_ex_marks){0};
}

void pl_ex_marks_tally(const pl_ex_marks *m, pl_ex_tally tally[PL_EX_NKINDS])
{
    memset(tally, 0, PL_EX_NKINDS * sizeof *tally);
    for (int i = 0; i < m->count; i++) {
        pl_ex_tally *t = &tally[m->marks[i].kind];
        t->questions++;
        t->answered += m->marks[i].answer != NULL;
        t->right += m->marks[i].score;
    }
}
