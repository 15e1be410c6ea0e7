// onnxruntime-web's wasm backend, run inside Node through the package's Node
// entry (same wasm binary and threading as in a browser; SIMD only in 1.30).

import { ortConfig } from './ort-common.mjs';
import { packageVersion } from './version.mjs';

export async function load({ threads }) {
  const ort = await import('onnxruntime-web');
  // Read once, when the wasm module is initialised by the first session.
  ort.env.wasm.numThreads = threads;
  ort.env.wasm.proxy = false;
  ort.env.logLevel = 'error';
  return {
    version: packageVersion('onnxruntime-web'),
    ...ortConfig(ort, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' }),
    close() {},
  };
}
