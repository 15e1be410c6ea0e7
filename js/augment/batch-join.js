// The one tensor [N, ...] of a batch run on workers. Each chunk of samples
// either was written straight into it by its worker (shared memory: the
// reply says `written`) or came back as the chunk's own tensor, copied in
// here as it arrives (the transfer path, or a chunk whose samples did not fit
// the dims the target was made for).
import { batchData, isShared } from './batch-memory.js';
import { bytesOf, copyTouching } from '../stream.js';

const sameDims = (a, b) => a.length === b.length && a.every((d, i) => d === b[i]);

export function differentSizes(op, k, dims, k0, dims0) {
  return new RangeError(`${op}: images: sample ${k} gives a tensor of dims [${dims.join(', ')}], sample ${k0} ` +
    `[${dims0.join(', ')}]; images of different sizes make one tensor only when the pipeline's output size is ` +
    'fixed (end it with a random.resizedCrop, random.crop or random.resize to one size)');
}

/**
 * joiner(list, indices, { op, shared, out, guess }): `list` the chunks
 * ({ indices }), `shared` whether the target lives in shared memory, `out`
 * the caller's tensor to write into (options.tensor.out, checked), `guess`
 * ({ type, sample, like }: the last batch's samples) the dims to make the
 * target with before any chunk has replied. Without either, the target is
 * made when the first chunk's tensor arrives.
 * - target(): { type, sample, data } or null, for into(at).
 * - into(at): where chunk `at`'s worker writes its samples in shared memory
 *   ({ buffer, byteOffset, type, sample }), or undefined.
 * - add(at, reply): takes chunk `at`'s reply.
 * - result(): checks every chunk's sample dims in chunk order (so a
 *   mismatch names the same samples whatever order the replies came in) and
 *   gives the tensor.
 * - copied(buffer): whether a reply's tensor buffer was copied in (so it
 *   may be reused) rather than kept.
 */
export function tensorJoiner(list, indices, { op, shared, out = null, guess = null }) {
  const starts = [];
  for (let at = 0, n = 0; at < list.length; n += list[at].indices.length, at++) starts.push(n);
  const made = (type, sample, like) => {
    const per = sample.reduce((a, b) => a * b, 1);
    // Unzeroed (stream.js): result() returns it only when every sample was written.
    return { type, sample, per, data: batchData(type, per * indices.length, like, shared, op) };
  };
  const asTarget = (tensor) => ({ type: tensor.type, sample: tensor.dims.slice(1), per: tensor.data.length / tensor.dims[0], data: tensor.data });
  let target = out ? asTarget(out) : guess ? made(guess.type, guess.sample, guess.like) : null;
  const dims = []; // chunk -> its sample dims
  const types = [];
  const strays = []; // chunk -> its own tensor, where it does not fit the target
  const fits = (type, sample) => target.type === type && sameDims(sample, target.sample);
  return {
    target: () => target,
    into(at) {
      if (!target || !shared || !isShared(target.data.buffer)) return undefined;
      const bytesPer = target.data.byteLength / indices.length;
      return { buffer: target.data.buffer, byteOffset: target.data.byteOffset + starts[at] * bytesPer, type: target.type, sample: target.sample };
    },
    add(at, reply) {
      if (reply.written) {
        dims[at] = target.sample;
        types[at] = target.type;
        return;
      }
      const { tensor } = reply;
      const sample = tensor.dims.slice(1);
      dims[at] = sample;
      types[at] = tensor.type;
      target ??= made(tensor.type, sample, tensor.data.constructor);
      if (fits(tensor.type, sample)) copyTouching(bytesOf(target.data), bytesOf(tensor.data), starts[at] * target.per * target.data.BYTES_PER_ELEMENT);
      else strays[at] = tensor;
    },
    copied: (at) => !strays[at],
    result() {
      const first = dims[0];
      dims.forEach((d, at) => {
        if (!sameDims(d, first)) throw differentSizes(op, indices[starts[at]], d, indices[0], first);
      });
      if (fits(types[0], first)) return { type: target.type, dims: [indices.length, ...first], data: target.data };
      if (out) {
        throw new RangeError(`${op}: options.tensor.out: expected a ${types[0]} tensor of dims [${[indices.length, ...first].join(', ')}], ` +
          `got ${out.type} [${out.dims.join(', ')}]`);
      }
      // Every chunk missed the guessed dims (the samples' size or type changed since the last batch): join their own tensors.
      target = made(types[0], first, strays[0].data.constructor);
      strays.forEach((tensor, at) => copyTouching(bytesOf(target.data), bytesOf(tensor.data), starts[at] * target.per * target.data.BYTES_PER_ELEMENT));
      return { type: target.type, dims: [indices.length, ...first], data: target.data };
    },
  };
}

/** The guess a later batch makes its target with: the type, sample dims and array class of this one's. */
export const guessOf = ({ type, dims, data }) => ({ type, sample: dims.slice(1), like: data.constructor });
