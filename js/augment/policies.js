// random.randAugment, random.trivialAugment, random.autoAugment: torchvision
// 0.14's RandAugment, TrivialAugmentWide and AutoAugment(IMAGENET), drawn in
// torchvision's order from this package's generator. A policy's step is
// { kind: 'policy', ops, fill, width, height }: compose.js runs its ops in
// order at the policy's place in the list (colour ops on the pixels, the
// geometric ones as a nearest resample of their own, policy-geometry.js).
//
// params: { ops: [{ op, magnitude }] }, the ops that ran in torchvision's op
// names, each with the signed float32 magnitude torchvision computes (0 for
// ops without one).
import { count, oneOf, describe } from './options.js';
import { opSpace, autoAugmentSpace, IMAGENET_POLICIES } from './policy-tables.js';

/** torchvision's policy fill: a number for every channel, or one per channel (each in [0, 255]); null for 0. */
function policyFill(value, argument) {
  if (value === undefined || value === null) return null;
  const one = (v, where) => {
    if (typeof v !== 'number') throw new TypeError(`${where}: expected a number in [0, 255], got ${describe(v)}`);
    if (!(v >= 0 && v <= 255)) throw new RangeError(`${where}: expected a number in [0, 255], got ${v}`);
    return v;
  };
  if (typeof value === 'number') return one(value, argument);
  if (!Array.isArray(value) || value.length < 1 || value.length > 4) {
    throw new TypeError(`${argument}: expected a number or an array of one number per channel, got ${describe(value)}`);
  }
  return value.map((v, i) => one(v, `${argument}[${i}]`));
}

/** The bins option: an integer >= 2 (default 31). */
function binsOption(value, argument) {
  const bins = count(value, 31, argument);
  if (bins < 2) throw new RangeError(`${argument}: expected an integer >= 2, got ${bins}`);
  return bins;
}

/** A drawn op: its name and the signed magnitude (0 without a table). */
function drawn(g, space, index, bin, signBy) {
  const { op, magnitudes, signed } = space[index];
  let magnitude = magnitudes === null ? 0 : magnitudes[bin(magnitudes.length)];
  if (signed && signBy()) magnitude = 0 - magnitude; // 0 - m: no -0 in the params
  return { op, magnitude };
}

const policyStep = (entry, size, o) => ({
  kind: 'policy', transform: entry.transform, ops: entry.ops, fill: o.fill, width: size.width, height: size.height,
});

const randAugment = {
  options: ['numOps', 'magnitude', 'bins', 'fill', 'p'],
  check: (o, a) => {
    const bins = binsOption(o.bins, `${a}.bins`);
    const magnitude = count(o.magnitude, 9, `${a}.magnitude`);
    if (magnitude >= bins) throw new RangeError(`${a}.magnitude: expected an integer below bins (${bins}), got ${magnitude}`);
    return { numOps: count(o.numOps, 2, `${a}.numOps`), magnitude, bins, fill: policyFill(o.fill, `${a}.fill`) };
  },
  // per op: randint(14) for the op, then randint(2) for the sign of signed ops (1: negative)
  sample: (g, { width, height }, o) => {
    const space = opSpace(o.bins, width, height, false);
    const ops = [];
    for (let i = 0; i < o.numOps; i++) ops.push(drawn(g, space, g.int(space.length), () => o.magnitude, () => g.int(2) === 1));
    return { ops };
  },
  step: policyStep,
};

const trivialAugment = {
  options: ['bins', 'fill', 'p'],
  check: (o, a) => ({ bins: binsOption(o.bins, `${a}.bins`), fill: policyFill(o.fill, `${a}.fill`) }),
  // randint(14) for the op, randint(bins) for the bin (ops with a table only), randint(2) for the sign
  sample: (g, { width, height }, o) => {
    const space = opSpace(o.bins, width, height, true);
    return { ops: [drawn(g, space, g.int(space.length), (n) => g.int(n), () => g.int(2) === 1)] };
  },
  step: policyStep,
};

const f32 = Math.fround;

const autoAugment = {
  options: ['policy', 'fill', 'p'],
  check: (o, a) => ({ policy: oneOf(o.policy, 'imagenet', ['imagenet'], `${a}.policy`), fill: policyFill(o.fill, `${a}.fill`) }),
  // randint(25) for the sub-policy, rand(2) for the two probabilities (float32: 24-bit draws), randint(2) twice for
  // the signs; op i runs when its probability draw <= f32(p_i), negated when its sign draw is 0
  sample: (g, { width, height }) => {
    const policy = IMAGENET_POLICIES[g.int(25)];
    const probs = [g.float24(), g.float24()];
    const signs = [g.int(2), g.int(2)];
    const space = autoAugmentSpace(width, height);
    const ops = [];
    policy.forEach(([name, p, bin], i) => {
      if (!(probs[i] <= f32(p))) return;
      const { magnitudes, signed } = space[name];
      let magnitude = bin === null ? 0 : magnitudes[bin];
      if (signed && signs[i] === 0) magnitude = 0 - magnitude;
      ops.push({ op: name, magnitude });
    });
    return { ops };
  },
  step: policyStep,
};

export const POLICIES = Object.freeze({ randAugment, trivialAugment, autoAugment });
