// onnxruntime-node: the native CPU execution provider. Not usable in a
// browser; it is here as the native reference point.

import { ortConfig } from './ort-common.mjs';
import { packageVersion } from './version.mjs';

export async function load({ threads }) {
  const ort = await import('onnxruntime-node');
  ort.env.logLevel = 'error';
  return {
    version: packageVersion('onnxruntime-node'),
    ...ortConfig(ort, {
      executionProviders: ['cpu'],
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    }),
    close() {},
  };
}
