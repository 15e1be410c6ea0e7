// tensorwarp: ONNX Pad, GridSample and AveragePool in one SIMD WebAssembly module.
import { registerOnnxOp } from './onnx.js';
import { averagePoolSchema } from './onnx-averagepool.js';
import { gridSampleSchema } from './onnx-gridsample.js';

registerOnnxOp('GridSample', gridSampleSchema);
registerOnnxOp('AveragePool', averagePoolSchema);

export { ready } from './module.js';
export { pad } from './pad.js';
export { gridSample } from './gridsample.js';
export { averagePool } from './averagepool.js';
export { onnx } from './onnx.js';
export { tensor, HeapTensor } from './tensor.js';
export { TYPE_NAMES as types } from './dtypes.js';
