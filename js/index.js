// tensorwarp: ONNX Pad, GridSample and AveragePool in one SIMD WebAssembly module.
export { ready } from './module.js';
export { pad } from './pad.js';
export { gridSample } from './gridsample.js';
export { averagePool } from './averagepool.js';
export { onnx } from './onnx.js';
export { tensor, HeapTensor } from './tensor.js';
export { TYPE_NAMES as types } from './dtypes.js';
