// ONNX GridSample, versions 16, 20 and 22 (SEMANTICS.md §2).
import { gridsample_mode as MODES, gridsample_padding as PADDINGS } from '../wasm/enums.js';
import { choice, binaryAttribute } from './args.js';
import { checkTensor } from './tensor.js';
import { runGridSample } from './gridsample.js';

const T1 = ['uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64',
  'string', 'bool', 'complex64', 'complex128'];
const V16_MODES = { bilinear: MODES.LINEAR, nearest: MODES.NEAREST, bicubic: MODES.CUBIC };
const V20_MODES = { linear: MODES.LINEAR, nearest: MODES.NEAREST, cubic: MODES.CUBIC };
const PADDING = { zeros: PADDINGS.ZEROS, border: PADDINGS.BORDER, reflection: PADDINGS.REFLECTION };

export const gridSampleSchema = {
  versions: [16, 20, 22],
  attributes: () => ['align_corners', 'mode', 'padding_mode'],
  inputs: () => [2, 2],
  run(version, inputs, attributes, op) {
    const x = checkTensor(inputs[0], `${op}: input 0 (X)`);
    const grid = checkTensor(inputs[1], `${op}: input 1 (grid)`);
    const xTypes = version >= 22 ? [...T1, 'bfloat16'] : T1;
    const gridTypes = version >= 22 ? ['float16', 'float32', 'float64', 'bfloat16'] : ['float16', 'float32', 'float64'];
    if (!xTypes.includes(x.info.name)) throw new TypeError(`${op}: GridSample-${version} does not take ${x.info.name} X`);
    if (!gridTypes.includes(grid.info.name)) throw new TypeError(`${op}: GridSample-${version} does not take a ${grid.info.name} grid`);
    if (version === 16 && x.dims.length !== 4) {
      throw new RangeError(`${op}: GridSample-16 supports 4-D X only (N, C, H, W), got dims [${x.dims.join(', ')}]`);
    }
    const modes = version === 16 ? V16_MODES : V20_MODES;
    const mode = choice(attributes.mode ?? (version === 16 ? 'bilinear' : 'linear'), modes, `${op}: attribute mode`);
    const padding = choice(attributes.padding_mode ?? 'zeros', PADDING, `${op}: attribute padding_mode`);
    const align = binaryAttribute(attributes.align_corners, `${op}: attribute align_corners`);
    return [runGridSample(op, x, grid, mode, padding, align, x.info.kind === 'string' ? '' : 0, undefined)];
  },
};
