/* A minimal test harness for the native C tests: CHECK records a failure with
 * its location and keeps going; TEST_MAIN_RESULT() prints a summary and
 * returns the exit code. Built with -fsanitize=address,undefined. */
#ifndef TW_TESTS_HARNESS_H
#define TW_TESTS_HARNESS_H

#include <stdio.h>
#include <stdlib.h>

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

/* The ONNX conformance cases: $TW_CONFORMANCE_DIR (the conformance folder, as
 * for the JS suites) or ../shared/conformance, plus "/onnx". Returns NULL when
 * the folder is missing; the caller then reports its cases as skipped.
 * With TW_REQUIRE_CONFORMANCE=1 (CI) a missing folder fails the run instead. */
static inline const char* harness_conformance_onnx_dir(char* buffer, size_t size) {
  const char* root = getenv("TW_CONFORMANCE_DIR");
  snprintf(buffer, size, "%s/onnx", root ? root : "../shared/conformance");
  FILE* probe;
  char index[600];
  snprintf(index, sizeof index, "%s/index.json", buffer);
  if ((probe = fopen(index, "r")) != NULL) {
    fclose(probe);
    return buffer;
  }
  fprintf(stderr, "\n** CONFORMANCE DATA NOT FOUND at %s: these cases did NOT run **\n\n", buffer);
  const char* require = getenv("TW_REQUIRE_CONFORMANCE");
  if (require && require[0] == '1') exit(1);
  return NULL;
}

#endif
