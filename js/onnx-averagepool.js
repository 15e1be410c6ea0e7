// ONNX AveragePool, versions 1, 7, 10, 11, 19 and 22 (SEMANTICS.md §3).
import { avgpool_auto_pad as AUTO_PADS } from '../wasm/enums.js';
import { choice, binaryAttribute } from './args.js';
import { checkTensor } from './tensor.js';
import { runAveragePool } from './averagepool.js';

const ATTRIBUTES = {
  1: ['auto_pad', 'kernel_shape', 'pads', 'strides'],
  7: ['auto_pad', 'count_include_pad', 'kernel_shape', 'pads', 'strides'],
  10: ['auto_pad', 'ceil_mode', 'count_include_pad', 'kernel_shape', 'pads', 'strides'],
};
ATTRIBUTES[11] = ATTRIBUTES[10];
ATTRIBUTES[19] = [...ATTRIBUTES[10], 'dilations'];
ATTRIBUTES[22] = ATTRIBUTES[19];

export const averagePoolSchema = {
  versions: [1, 7, 10, 11, 19, 22],
  attributes: (v) => ATTRIBUTES[v],
  inputs: () => [1, 1],
  run(version, inputs, a, op) {
    const x = checkTensor(inputs[0], `${op}: input 0 (X)`);
    const types = version >= 22 ? ['float16', 'float32', 'float64', 'bfloat16'] : ['float16', 'float32', 'float64'];
    if (!types.includes(x.info.name)) throw new TypeError(`${op}: AveragePool-${version} does not take ${x.info.name} X`);
    const attrs = {
      kernel: a.kernel_shape,
      strides: a.strides,
      pads: a.pads,
      dilations: a.dilations,
      ceilMode: binaryAttribute(a.ceil_mode, `${op}: attribute ceil_mode`),
      countIncludePad: binaryAttribute(a.count_include_pad, `${op}: attribute count_include_pad`),
      autoPad: choice(a.auto_pad ?? 'NOTSET', AUTO_PADS, `${op}: attribute auto_pad`),
    };
    const names = { kernel: 'attribute kernel_shape', strides: 'attribute strides', pads: 'attribute pads',
      dilations: 'attribute dilations', autoPad: 'attribute auto_pad' };
    return [runAveragePool(op, x, attrs, undefined, names)];
  },
};
