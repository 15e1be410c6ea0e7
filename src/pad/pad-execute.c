/* Pad executor. The problem is first normalised:
 *   - trailing axes that are neither padded nor cropped merge into the "unit"
 *     the innermost remaining (row) axis moves, so copies are as long as
 *     possible (padding only H of NCHW moves whole W-rows);
 *   - adjacent untouched outer axes merge into one.
 * The row axis becomes a short list of runs (copy, mirrored copy, repeat,
 * fill) computed once; every output row replays it against its source row.
 * Outer axes walk an odometer that maps each output row to a source row or to
 * "all constant". The inner loops are the micro-kernels of pad-kernels.h. */
#include <stdlib.h>
#include <string.h>

#include "common/checked.h"
#include "common/config.h"
#include "common/repeat.h"
#include "pad-kernels.h"
#include "pad-plan.h"

int64_t tw_pad_source_index(const tw_pad_axis* axis, tw_pad_mode mode, int64_t o) {
  const int64_t n = axis->src_len;
  int64_t i = o - axis->shift;
  if (i < 0 || i >= n) {
    switch (mode) {
      case TW_PAD_MODE_CONSTANT:
        return -1;
      case TW_PAD_MODE_EDGE:
        i = i < 0 ? 0 : n - 1;
        break;
      case TW_PAD_MODE_WRAP:
        i = ((i % n) + n) % n;
        break;
      case TW_PAD_MODE_REFLECT: {
        if (n == 1) { i = 0; break; } /* numpy's legacy rule, kept by the ONNX reference */
        const int64_t period = 2 * (n - 1), j = ((i % period) + period) % period;
        i = j < n ? j : period - j;
        break;
      }
      case TW_PAD_MODE_SYMMETRIC: {
        const int64_t period = 2 * n, j = ((i % period) + period) % period;
        i = j < n ? j : period - 1 - j;
        break;
      }
    }
  }
  return axis->src_begin + i;
}

/* ---- normalisation ------------------------------------------------------ */

typedef struct {
  tw_pad_axis axis;
  size_t in_stride; /* bytes between consecutive source indices */
} strided_axis;

static int is_untouched(const tw_pad_axis* a) {
  return a->src_begin == 0 && a->shift == 0 && a->src_len == a->in_len && a->out_len == a->in_len;
}

/* Returns the number of axes left; *unit_elements receives the elements one
 * row-axis step moves. Axes are outermost first. */
static int normalise(const tw_pad_problem* problem, strided_axis* axes, size_t* unit_elements) {
  int rank = problem->rank;
  size_t unit = 1;
  while (rank > 0 && is_untouched(&problem->axes[rank - 1])) unit *= (size_t)problem->axes[--rank].in_len;
  *unit_elements = unit;
  size_t stride = unit * problem->element_size;
  int count = 0;
  for (int d = rank - 1; d >= 0; d--) {
    const tw_pad_axis* a = &problem->axes[d];
    if (count > 0 && is_untouched(a) && is_untouched(&axes[count - 1].axis)) {
      /* merge with the (untouched) axis just inside it */
      axes[count - 1].axis.in_len *= a->in_len;
      axes[count - 1].axis.out_len = axes[count - 1].axis.src_len = axes[count - 1].axis.in_len;
    } else {
      axes[count].axis = *a;
      axes[count].in_stride = stride;
      count++;
    }
    stride *= (size_t)(problem->in_inside_out ? a->out_len : a->in_len);
  }
  /* collected innermost first: reverse into outermost-first order */
  for (int i = 0, j = count - 1; i < j; i++, j--) {
    const strided_axis t = axes[i];
    axes[i] = axes[j];
    axes[j] = t;
  }
  return count;
}

/* ---- the row plan ------------------------------------------------------- */

typedef enum { RUN_FILL, RUN_COPY, RUN_REVERSE, RUN_REPEAT, RUN_PENDING } run_kind;

typedef struct {
  run_kind kind;
  size_t count;
  int64_t src; /* first source index (unused for fills) */
} run;

typedef struct {
  run* runs;     /* NULL while counting */
  size_t n_runs;
  run current;
  int64_t last;  /* source index of the current run's last element */
} run_builder;

static void emit(run_builder* b) {
  if (b->current.count == 0) return;
  if (b->current.kind == RUN_PENDING) b->current.kind = RUN_COPY;
  if (b->runs) b->runs[b->n_runs] = b->current;
  b->n_runs++;
  b->current.count = 0;
}

static void add_index(run_builder* b, int64_t s) {
  run* r = &b->current;
  if (r->count > 0) {
    int extends;
    switch (r->kind) {
      case RUN_FILL: extends = s < 0; break;
      case RUN_COPY: extends = s == b->last + 1; break;
      case RUN_REVERSE: extends = s == b->last - 1; break;
      case RUN_REPEAT: extends = s == b->last; break;
      default: /* RUN_PENDING: the second element decides the direction */
        extends = s >= 0 && (s == b->last + 1 || s == b->last - 1 || s == b->last);
        if (extends) r->kind = s == b->last + 1 ? RUN_COPY : s == b->last - 1 ? RUN_REVERSE : RUN_REPEAT;
        break;
    }
    if (extends) {
      r->count++;
      b->last = s;
      return;
    }
    emit(b);
  }
  r->kind = s < 0 ? RUN_FILL : RUN_PENDING;
  r->count = 1;
  r->src = s;
  b->last = s;
}

static void add_copy(run_builder* b, int64_t src, size_t count) {
  if (count == 0) return;
  if (b->current.count > 0 && (b->current.kind == RUN_COPY || b->current.kind == RUN_PENDING) && src == b->last + 1) {
    b->current.kind = RUN_COPY;
  } else {
    emit(b);
    b->current = (run){RUN_COPY, 0, src};
  }
  b->current.count += count;
  b->last = src + (int64_t)count - 1;
}

void tw_pad_interior_of(const tw_pad_axis* axis, int64_t* begin, int64_t* end) {
  const int64_t m = axis->out_len;
  *begin = axis->shift < 0 ? 0 : axis->shift < m ? axis->shift : m;
  const int64_t e = axis->shift + axis->src_len;
  *end = e < *begin ? *begin : e > m ? m : e;
}

static void build_runs(run_builder* b, const tw_pad_axis* axis, tw_pad_mode mode) {
  const int64_t m = axis->out_len;
  int64_t inner_begin, inner_end;
  tw_pad_interior_of(axis, &inner_begin, &inner_end);
  for (int64_t o = 0; o < inner_begin; o++) add_index(b, tw_pad_source_index(axis, mode, o));
  add_copy(b, axis->src_begin + inner_begin - axis->shift, (size_t)(inner_end - inner_begin));
  for (int64_t o = inner_end; o < m; o++) add_index(b, tw_pad_source_index(axis, mode, o));
  emit(b);
}

/* ---- execution ---------------------------------------------------------- */

typedef struct {
  tw_pad_fill_fn fill;
  tw_pad_reverse_fn reverse;
  tw_pad_copy_fn copy;
} kernels;

static kernels select_kernels(size_t element_size) {
#define TW_PAD_TABLE_ENTRY(bits, isa, uses_simd) {bits, uses_simd, tw_pad_fill_x##bits##__##isa, tw_pad_reverse_x##bits##__##isa},
  static const struct {
    size_t bits;
    int simd;
    tw_pad_fill_fn fill;
    tw_pad_reverse_fn reverse;
  } table[] = {TW_PAD_KERNELS(TW_PAD_TABLE_ENTRY)};
#undef TW_PAD_TABLE_ENTRY
#define TW_PAD_COPY_ENTRY(isa, uses_simd) {uses_simd, tw_pad_copy__##isa},
  static const struct {
    int simd;
    tw_pad_copy_fn copy;
  } copies[] = {TW_PAD_COPY_KERNELS(TW_PAD_COPY_ENTRY)};
#undef TW_PAD_COPY_ENTRY
  const int simd = tw_use_simd();
  kernels k = {0, 0, 0};
  for (size_t i = 0; i < sizeof copies / sizeof copies[0]; i++)
    if (copies[i].simd == simd) k.copy = copies[i].copy;
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (table[i].bits == element_size * 8 && table[i].simd == simd) {
      k.fill = table[i].fill;
      k.reverse = table[i].reverse;
    }
  return k; /* complete: the entry layer only passes 1..16-byte elements */
}

/* `count` copies of the unit at `src` (unit_bytes each), by doubling copies. */
static void repeat_unit(uint8_t* dst, const uint8_t* src, size_t unit_bytes, size_t count, tw_pad_copy_fn copy) {
  const size_t total = unit_bytes * count;
  if (total == 0) return;
  copy(unit_bytes, src, dst);
  tw_repeat_first_unit(dst, unit_bytes, total, copy);
}

/* One run of the row plan into dst. */
static void replay_run(const run* r, const uint8_t* src_row, uint8_t* dst, size_t unit_elements,
                       size_t element_size, const void* value, kernels k) {
  const size_t unit_bytes = unit_elements * element_size, count = r->count;
  /* A fill has no source (src is -1): forming its address would overflow. */
  const uint8_t* src = r->kind == RUN_FILL ? src_row : src_row + (size_t)r->src * unit_bytes;
  switch (r->kind) {
    case RUN_COPY:
      if (src != dst) k.copy(count * unit_bytes, src, dst); /* equal: x's own place in out (tw_pad_borders) */
      break;
    case RUN_FILL:
      k.fill(count * unit_elements, value, dst);
      break;
    case RUN_REPEAT:
      if (unit_elements == 1) k.fill(count, src, dst);
      else repeat_unit(dst, src, unit_bytes, count, k.copy);
      break;
    case RUN_REVERSE:
      if (unit_elements == 1) k.reverse(count, src, dst);
      else for (size_t i = 0; i < count; i++) k.copy(unit_bytes, src - i * unit_bytes, dst + i * unit_bytes);
      break;
    case RUN_PENDING:
      break; /* never stored: emit() resolves it */
  }
}

/* A row starts at its longest copy, and the runs before it follow the
 * row's end, when one of them reads the source row's far half (wrap's left
 * border): the row is then read from its start, in order, and the border
 * finds its end in cache. Read far end first, 1024² float32 rows took 1.4x
 * the time. Other plans keep their order: writing the interior before the
 * left border slowed reflect. */
typedef struct {
  size_t index;  /* n_runs: replay in order */
  size_t offset; /* its first element's place in the output row */
} lead_run;

static lead_run find_lead_run(const run* runs, size_t n_runs) {
  lead_run lead = {n_runs, 0};
  size_t best = 0, offset = 0;
  for (size_t r = 0; r < n_runs; r++) {
    if (runs[r].kind == RUN_COPY && runs[r].count > best) lead = (lead_run){r, offset}, best = runs[r].count;
    offset += runs[r].count;
  }
  if (lead.index == n_runs) return lead;
  const int64_t far_half = runs[lead.index].src + (int64_t)(best / 2);
  for (size_t r = 0; r < lead.index; r++)
    if (runs[r].kind != RUN_FILL && runs[r].src > far_half) return lead;
  return (lead_run){n_runs, 0};
}

static uint8_t* replay_runs(const run* runs, size_t n_runs, lead_run lead, const uint8_t* src_row, uint8_t* dst,
                            size_t unit_elements, size_t element_size, const void* value, kernels k) {
  const size_t unit_bytes = unit_elements * element_size;
  const size_t first = lead.index < n_runs ? lead.index : 0;
  size_t at = lead.index < n_runs ? lead.offset : 0, end = 0;
  for (size_t i = 0; i < n_runs; i++) { /* from `first` to the row's end, then its start */
    const size_t r = (first + i) % n_runs;
    if (r == 0) at = 0;
    replay_run(&runs[r], src_row, dst + at * unit_bytes, unit_elements, element_size, value, k);
    at += runs[r].count;
    if (at > end) end = at;
  }
  return dst + end * unit_bytes;
}

/* An axis with nothing to read (empty, or cropped away) makes every output
 * element the constant: fills `out` and returns 1. Checked before the axes
 * are normalised, so that their strides stay within the input's byte count
 * (x is empty when an axis is). */
static int fill_if_nothing_read(const tw_pad_problem* problem, kernels k, void* out) {
  int nothing_read = 0;
  for (int d = 0; d < problem->rank; d++) {
    if (problem->axes[d].out_len == 0) return 1; /* an empty result */
    nothing_read |= problem->axes[d].src_len == 0;
  }
  if (!nothing_read) return 0;
  size_t count = 1;
  for (int d = 0; d < problem->rank; d++) count *= (size_t)problem->axes[d].out_len; /* fits: it is the output's */
  k.fill(count, problem->value, out);
  return 1;
}

tw_status tw_pad_execute(const tw_pad_problem* problem, const void* in, void* out) {
  const size_t element_size = problem->element_size;
  const kernels k = select_kernels(element_size);
  if (fill_if_nothing_read(problem, k, out)) return TW_OK;
  strided_axis axes[TW_PAD_MAX_RANK];
  size_t unit_elements;
  const int rank = normalise(problem, axes, &unit_elements);
  if (rank == 0) { /* nothing padded or cropped */
    if (in != out) memcpy(out, in, unit_elements * element_size);
    return TW_OK;
  }

  const strided_axis* row_axis = &axes[rank - 1];
  run_builder builder = {0};
  build_runs(&builder, &row_axis->axis, problem->mode);
  int overflow = 0;
  const size_t plan_bytes = tw_mul_size(builder.n_runs, sizeof(run), &overflow);
  run* runs = overflow ? NULL : malloc(plan_bytes);
  if (!runs) return tw_fail(TW_OUT_OF_MEMORY, "scratch: no memory for the row plan (%zu runs)", builder.n_runs);
  builder = (run_builder){.runs = runs};
  build_runs(&builder, &row_axis->axis, problem->mode);
  const lead_run lead = find_lead_run(runs, builder.n_runs);

  /* Odometer over the outer axes: o[d] is the output index, src[d] its source
   * index (-1 = constant); `offset` is the source row's byte offset. */
  const int outer = rank - 1;
  int64_t o[TW_PAD_MAX_RANK], src[TW_PAD_MAX_RANK];
  size_t offset = 0;
  int constant_axes = 0;
  for (int d = 0; d < outer; d++) {
    o[d] = 0;
    src[d] = tw_pad_source_index(&axes[d].axis, problem->mode, 0);
    if (src[d] < 0) constant_axes++;
    else offset += (size_t)src[d] * axes[d].in_stride;
  }
  const size_t row_elements = (size_t)row_axis->axis.out_len * unit_elements;
  uint8_t* dst = out;
  for (;;) {
    if (constant_axes) {
      k.fill(row_elements, problem->value, dst);
      dst += row_elements * element_size;
    } else {
      dst = replay_runs(runs, builder.n_runs, lead, (const uint8_t*)in + offset, dst, unit_elements, element_size,
                        problem->value, k);
    }
    int d = outer - 1;
    for (; d >= 0; d--) {
      if (src[d] < 0) constant_axes--;
      else offset -= (size_t)src[d] * axes[d].in_stride;
      o[d] = o[d] + 1 < axes[d].axis.out_len ? o[d] + 1 : 0;
      src[d] = tw_pad_source_index(&axes[d].axis, problem->mode, o[d]);
      if (src[d] < 0) constant_axes++;
      else offset += (size_t)src[d] * axes[d].in_stride;
      if (o[d] != 0) break;
    }
    if (d < 0) break;
  }
  free(runs);
  return TW_OK;
}
