/* Internal: the normalised form of a Pad problem, shared by the entry layer
 * (pad.c), which validates and builds it, and the executor (pad-execute.c). */
#ifndef TW_PAD_PAD_PLAN_H
#define TW_PAD_PAD_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "common/status.h"
#include "pad.h"

/* One axis after validation. Output index o reads source index o - shift of
 * the region [src_begin, src_begin + src_len) of the input axis; outside that
 * region the mode decides (pad.h). Both Pad orders reduce to this form:
 * crop-then-pad has src_begin = crop at begin, shift = max(pb, 0);
 * pad-then-crop has src_begin = 0, src_len = in_len, shift = pb. */
typedef struct tw_pad_axis {
  int64_t in_len;
  int64_t out_len;
  int64_t src_begin;
  int64_t src_len;
  int64_t shift;
} tw_pad_axis;

typedef struct tw_pad_problem {
  int rank;
  tw_pad_axis axes[TW_PAD_MAX_RANK];
  tw_pad_mode mode;
  size_t element_size;   /* bytes: 1, 2, 4, 8 or 16 */
  const void* value;     /* one element, never NULL */
  /* 0: `in` is a tensor of its own (shape in_len). 1: `in` is a box inside
   * `out` (tw_pad_borders): its rows lie out_len apart, and a forward run
   * whose source is its own destination is left as it is. */
  int in_inside_out;
} tw_pad_problem;

/* Source index (in input coordinates) that output index o of `axis` reads,
 * or -1 for the constant. */
int64_t tw_pad_source_index(const tw_pad_axis* axis, tw_pad_mode mode, int64_t o);

/* The interior of `axis`: output indices [*begin, *end) read the source
 * region in order (o reads src_begin + o - shift); the mode decides the rest. */
void tw_pad_interior_of(const tw_pad_axis* axis, int64_t* begin, int64_t* end);

/* Runs a validated problem. Returns TW_OUT_OF_MEMORY if the row plan cannot
 * be allocated (then nothing has been written). */
tw_status tw_pad_execute(const tw_pad_problem* problem, const void* in, void* out);

#endif
