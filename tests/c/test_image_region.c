/* crop / pad region maps (src/image/region.h) natively under ASan/UBSan:
 * every border against the rules of image.h written out here, offsets far
 * outside the source, maps exactly sized on the heap; bad arguments write
 * nothing. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/status.h"
#include "harness.h"
#include "image/image.h"
#include "image/region.h"

static int64_t floor_mod(int64_t a, int64_t m) { return ((a % m) + m) % m; }

/* The source index of index i of an axis of n pixels (image.h), -1: the fill. */
static int64_t expected_index(int64_t i, int64_t n, int border) {
  if (i >= 0 && i < n) return i;
  switch (border) {
    case TW_IMAGE_BORDER_CONSTANT: return -1;
    case TW_IMAGE_BORDER_EDGE: return i < 0 ? 0 : n - 1;
    case TW_IMAGE_BORDER_WRAP: return floor_mod(i, n);
    case TW_IMAGE_BORDER_REFLECT: {
      if (n == 1) return 0;
      const int64_t j = floor_mod(i, 2 * (n - 1));
      return j < n ? j : 2 * (n - 1) - j;
    }
    default: {
      const int64_t j = floor_mod(i, 2 * n);
      return j < n ? j : 2 * n - 1 - j;
    }
  }
}

static void test_maps(void) {
  const int64_t offsets[] = {-((int64_t)1 << 40) - 3, -1000003, -17, -1, 0, 1, 5, 16, 999999, (int64_t)1 << 41};
  for (int border = 0; border <= 4; border++) {
    for (int32_t length = 1; length <= 17; length++) {
      for (size_t k = 0; k < sizeof offsets / sizeof offsets[0]; k++) {
        const int32_t count = harness_rand_int(1, 40);
        int32_t* map = malloc((size_t)count * sizeof *map);
        const int status = tw_image_region_map(length, offsets[k], count, border, map, (size_t)count * sizeof *map);
        CHECK(status == TW_OK, "border %d length %d: status %d (%s)", border, length, status, tw_last_error());
        for (int32_t o = 0; o < count && status == TW_OK; o++) {
          const int64_t want = expected_index(o - offsets[k], length, border);
          CHECK(map[o] == want, "border %d length %d before %lld: map[%d] = %d, expected %lld", border, length,
                (long long)offsets[k], o, map[o], (long long)want);
        }
        free(map);
      }
    }
  }
}

static void test_bad_arguments(void) {
  int32_t map[4] = {7, 7, 7, 7};
  CHECK(tw_image_region_map(-1, 0, 4, TW_IMAGE_BORDER_EDGE, map, 16) == TW_INVALID_ARGUMENT, "length -1");
  CHECK(tw_image_region_map(3, 0, -4, TW_IMAGE_BORDER_EDGE, map, 16) == TW_INVALID_ARGUMENT, "count -4");
  CHECK(tw_image_region_map(0, 0, 4, TW_IMAGE_BORDER_WRAP, map, 16) == TW_INVALID_ARGUMENT, "wrap of nothing");
  CHECK(tw_image_region_map(3, 0, 4, 5, map, 16) == TW_INVALID_ARGUMENT, "border 5");
  CHECK(tw_image_region_map(3, INT64_MAX, 4, TW_IMAGE_BORDER_WRAP, map, 16) == TW_INVALID_ARGUMENT, "before");
  CHECK(tw_image_region_map(3, INT64_MIN, 4, TW_IMAGE_BORDER_WRAP, map, 16) == TW_INVALID_ARGUMENT, "before");
  CHECK(tw_image_region_map(3, 0, 4, TW_IMAGE_BORDER_WRAP, map, 15) == TW_INVALID_ARGUMENT, "map_bytes");
  CHECK(tw_image_region_map(3, 0, 4, TW_IMAGE_BORDER_WRAP, NULL, 16) == TW_INVALID_ARGUMENT, "NULL map");
  for (int i = 0; i < 4; i++) CHECK(map[i] == 7, "map[%d] written", i);
  CHECK(tw_image_region_map(0, 2, 3, TW_IMAGE_BORDER_CONSTANT, map, 12) == TW_OK, "constant of nothing");
  CHECK(map[0] == -1 && map[2] == -1 && map[3] == 7, "constant of nothing: the fill, and nothing past the map");
  CHECK(tw_image_region_map(0, 0, 0, TW_IMAGE_BORDER_WRAP, NULL, 0) == TW_OK, "no entries");
}

int main(void) {
  test_maps();
  test_bad_arguments();
  return TEST_MAIN_RESULT();
}
