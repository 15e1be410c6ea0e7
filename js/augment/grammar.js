// random.oneOf and random.someOf: transforms made of transforms (the grammar
// of albumentations' OneOf / SomeOf and torchvision's RandomChoice). Their
// children are random.* descriptors, checked as compose checks its list.
// `registry` (transforms.js) gives { checkChild, sampleChild, stepOf, sizeAfter }.
//
// params: oneOf { index, child } (the child's entry: its own `fired`, its own p
// applied); someOf { indices, children } (n distinct children, in list order).
import { describe, pairOf } from './options.js';

function checkChildren(list, argument, registry) {
  if (!Array.isArray(list) || list.length === 0) {
    throw new TypeError(`${argument}: expected a non-empty array of random.* transforms (or, for random.oneOf, of batch transforms only), got ${describe(list)}`);
  }
  return list.map((t, i) => registry.checkChild(t, `${argument}[${i}]`));
}

function checkWeights(value, n, argument) {
  if (value === undefined || value === null) return null;
  const w = pairOf(value, argument, n);
  w.forEach((v, i) => { if (v < 0) throw new RangeError(`${argument}[${i}]: a weight must be >= 0, got ${v}`); });
  if (!(w.reduce((s, v) => s + v, 0) > 0)) throw new RangeError(`${argument}: the weights must not all be 0`);
  return w;
}

/** An index in [0, n) by `weights` (null: uniform): one float against the running sum, or one int. */
function pick(g, n, weights) {
  if (weights === null) return g.int(n);
  const total = weights.reduce((s, v) => s + v, 0);
  const u = g.float() * total;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += weights[i];
    if (u < sum && weights[i] > 0) return i;
  }
  return weights.findLastIndex((v) => v > 0);
}

/** The steps of children entries applied one after the other from `size`. */
function childSteps(entries, options, size, registry) {
  const steps = [];
  entries.forEach((entry, i) => {
    const step = registry.stepOf(entry, options[i], size);
    steps.push(step);
    size = registry.sizeAfter(step, size);
  });
  return { kind: 'steps', steps };
}

/** A replayed child entry must be one of this transform's children: a TypeError naming it otherwise. */
function checkChildEntry(entry, child, name, where) {
  if (child === undefined || entry === null || typeof entry !== 'object' || entry.transform !== child.transform ||
    typeof entry.fired !== 'boolean') {
    throw new TypeError(`random.${name}: params ${where}: expected an entry of one of its transforms, from this pipeline`);
  }
}

export function makeGrammar(registry) {
  const oneOf = {
    options: ['transforms', 'weights', 'p'],
    check: (o, a) => {
      const transforms = checkChildren(o.transforms, `${a}.transforms`, registry);
      return { transforms, weights: checkWeights(o.weights, transforms.length, `${a}.weights`) };
    },
    sample: (g, size, o) => {
      const index = pick(g, o.transforms.length, o.weights);
      const child = o.transforms[index];
      return { index, child: registry.sampleChild(g, child, size) };
    },
    step: (entry, size, o) => {
      checkChildEntry(entry.child, o.transforms[entry.index], 'oneOf', `index ${entry.index}`);
      return childSteps([entry.child], [o.transforms[entry.index].options], size, registry);
    },
  };

  const someOf = {
    options: ['transforms', 'n', 'p'],
    check: (o, a) => {
      const transforms = checkChildren(o.transforms, `${a}.transforms`, registry);
      const n = o.n === undefined ? 1 : o.n;
      if (typeof n !== 'number') throw new TypeError(`${a}.n: expected an integer, got ${describe(n)}`);
      if (!Number.isInteger(n) || n < 0 || n > transforms.length) {
        throw new RangeError(`${a}.n: expected an integer in [0, ${transforms.length}] (the number of transforms), got ${n}`);
      }
      return { transforms, n };
    },
    // n distinct indices by a partial Fisher–Yates shuffle (one int each), run in list order
    sample: (g, size, o) => {
      const pool = o.transforms.map((_, i) => i);
      for (let i = 0; i < o.n; i++) {
        const j = i + g.int(pool.length - i);
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      const indices = pool.slice(0, o.n).sort((x, y) => x - y);
      const children = [];
      for (const i of indices) {
        const child = registry.sampleChild(g, o.transforms[i], size);
        children.push(child);
        size = registry.sizeAfter(registry.stepOf(child, o.transforms[i].options, size), size);
      }
      return { indices, children };
    },
    step: (entry, size, o) => {
      if (!Array.isArray(entry.indices) || !Array.isArray(entry.children) || entry.indices.length !== entry.children.length) {
        throw new TypeError('random.someOf: params: expected { indices, children } of the same length, from this pipeline');
      }
      entry.indices.forEach((i, n) => checkChildEntry(entry.children[n], o.transforms[i], 'someOf', `indices[${n}]`));
      return childSteps(entry.children, entry.indices.map((i) => o.transforms[i].options), size, registry);
    },
  };

  return { oneOf, someOf };
}
