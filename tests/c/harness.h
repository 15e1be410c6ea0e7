/* A minimal test harness for the native C tests: CHECK records a failure with
 * its location and keeps going; TEST_MAIN_RESULT() prints a summary and
 * returns the exit code. Built with -fsanitize=address,undefined. */
#ifndef TW_TESTS_HARNESS_H
#define TW_TESTS_HARNESS_H

#include <stdio.h>

static int harness_checks;
static int harness_failures;

#define CHECK(cond, ...)                                                   \
  do {                                                                     \
    harness_checks++;                                                      \
    if (!(cond)) {                                                         \
      harness_failures++;                                                  \
      fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                        \
      fputc('\n', stderr);                                                 \
    }                                                                      \
  } while (0)

#define TEST_MAIN_RESULT()                                                 \
  (printf("%s: %d checks, %d failures\n", __FILE__, harness_checks, harness_failures), \
   harness_failures ? 1 : 0)

/* A deterministic generator so failures reproduce (xorshift64*). */
static unsigned long long harness_rng_state = 0x9e3779b97f4a7c15ull;
static inline unsigned long long harness_rand(void) {
  harness_rng_state ^= harness_rng_state >> 12;
  harness_rng_state ^= harness_rng_state << 25;
  harness_rng_state ^= harness_rng_state >> 27;
  return harness_rng_state * 0x2545f4914f6cdd1dull;
}
static inline int harness_rand_int(int lo, int hi) { /* inclusive */
  return lo + (int)(harness_rand() % (unsigned long long)(hi - lo + 1));
}

#endif
