/* blur scalar kernels (the reference; see blur-kernels.h): uint64 lanes,
 * running sums both ways, integer division. */
#include "blur-kernels.h"
#include "image.h"

/* The reference is compiled for size: it only has to be plain and exact. */
#ifdef __clang__
#pragma clang attribute push(__attribute__((minsize)), apply_to = function)
#endif

void tw_blur_slide_row_u64__scalar(void* acc, const uint8_t* enter, const uint8_t* leave, size_t n) {
  uint64_t* a = acc;
TW_BLUR_PLAIN_LOOP
  for (size_t i = 0; i < n; i++) a[i] = a[i] + enter[i] - leave[i]; /* never below 0: leave is in the sum */
}

/* One window sum per channel (step = channels <= 4), stepping along the row:
 * lane i enters its channel's sum, and once the window is whole the sum
 * gives dst[i - reach] and that lane leaves. */
void tw_blur_finish_row_u64__scalar(const void* ext, uint8_t* dst, size_t n, size_t taps, size_t step,
                                    const tw_blur_divisor* d) {
  const uint64_t* e = ext;
  const size_t reach = (taps - 1) * step;
  uint64_t s[TW_IMAGE_MAX_CHANNELS] = {0};
  for (size_t i = 0, c = 0; i < n + reach; i++, c = c + 1 == step ? 0 : c + 1) {
    s[c] += e[i];
    if (i < reach) continue;
    dst[i - reach] = tw_blur_round_quotient(s[c], d->n);
    s[c] -= e[i - reach];
  }
}

#ifdef __clang__
#pragma clang attribute pop
#endif
