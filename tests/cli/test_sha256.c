/* SHA-256 (cli/sha256.c) against the FIPS 180-4 examples NIST publishes
 * ("", "abc", the 448- and 896-bit messages, one million 'a'), and the
 * streaming API: any split of a message into updates gives the digest of
 * the whole, across every padding boundary (55, 56, 63, 64 bytes...). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sha256.h"

static void digest_of(const void *data, size_t len, char hex[PL_SHA256_HEX])
{
    pl_sha256 c;
    unsigned char d[PL_SHA256_BYTES];
    pl_sha256_init(&c);
    pl_sha256_update(&c, data, len);
    pl_sha256_final(&c, d);
    pl_sha256_hex(d, hex);
}

static void test_nist_vectors(void **state)
{
    (void)state;
    static const struct {
        const char *message, *digest;
    } v[] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
    };
    for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
        char hex[PL_SHA256_HEX];
        digest_of(v[i].message, strlen(v[i].message), hex);
        assert_string_equal(hex, v[i].digest);
    }
}

/* One million 'a', fed 1,000 bytes at a time as NIST's example reads. */
static void test_million_a(void **state)
{
    (void)state;
    char chunk[1000];
    memset(chunk, 'a', sizeof chunk);
    pl_sha256 c;
    pl_sha256_init(&c);
    for (int i = 0; i < 1000; i++)
        pl_sha256_update(&c, chunk, sizeof chunk);
    unsigned char d[PL_SHA256_BYTES];
    char hex[PL_SHA256_HEX];
    pl_sha256_final(&c, d);
    pl_sha256_hex(d, hex);
    assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

/* Every length 0..200 hashed whole and in two or three updates at every
 * split: the same digest. */
static void test_splits(void **state)
{
    (void)state;
    unsigned char msg[200];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)(i * 37 + 11);
    for (size_t len = 0; len <= sizeof msg; len++) {
        char whole[PL_SHA256_HEX];
        digest_of(msg, len, whole);
        for (size_t a = 0; a <= len; a++) {
            size_t b = a + (len - a) / 2;
            pl_sha256 c;
            unsigned char d[PL_SHA256_BYTES];
            char hex[PL_SHA256_HEX];
            pl_sha256_init(&c);
            pl_sha256_update(&c, msg, a);
            pl_sha256_update(&c, msg + a, b - a);
            pl_sha256_update(&c, msg + b, len - b);
            pl_sha256_final(&c, d);
            pl_sha256_hex(d, hex);
            if (strcmp(hex, whole))
                fail_msg("length %zu split at %zu, %zu: %s, whole %s", len, a, b, hex, whole);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nist_vectors),
        cmocka_unit_test(test_million_a),
        cmocka_unit_test(test_splits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
