// onnx.run(opType, inputs, attributes, { opset }): one ONNX node with the
// semantics of the operator version that `opset` resolves to.
import { padSchema } from './onnx-pad.js';
import { gridSampleSchema } from './onnx-gridsample.js';
import { averagePoolSchema } from './onnx-averagepool.js';
import { checkOptions, describe } from './args.js';

// A static table, not registration by side effect: bundlers honour the package's
// "sideEffects": false and would drop a module whose only job is to register.
const SCHEMAS = Object.freeze({ Pad: padSchema, GridSample: gridSampleSchema, AveragePool: averagePoolSchema });

function resolveVersion(opType, versions, opset) {
  let version = 0;
  for (const v of versions) if (v <= opset) version = v;
  if (!version) throw new RangeError(`onnx.run: ${opType} does not exist before opset ${versions[0]} (got opset ${opset})`);
  return version;
}

function run(opType, inputs, attributes = {}, options = {}) {
  const schema = typeof opType === 'string' && Object.hasOwn(SCHEMAS, opType) ? SCHEMAS[opType] : undefined;
  if (!schema) throw new TypeError(`onnx.run: unsupported op type ${describe(opType)}; expected one of ${Object.keys(SCHEMAS).join(', ')}`);
  if (!Array.isArray(inputs)) throw new TypeError('onnx.run: inputs must be an array (null for an omitted optional input)');
  if (attributes === null || typeof attributes !== 'object') throw new TypeError('onnx.run: attributes must be an object');
  const { opset = schema.versions[schema.versions.length - 1] } = checkOptions(options, 'onnx.run', ['opset']);
  if (typeof opset !== 'number') throw new TypeError(`onnx.run: options.opset must be a number, got ${describe(opset)}`);
  if (!Number.isSafeInteger(opset) || opset < 1) throw new RangeError(`onnx.run: options.opset must be a positive integer, got ${opset}`);
  const version = resolveVersion(opType, schema.versions, opset);
  const op = `onnx.run(${opType}-${version})`;
  const allowed = schema.attributes(version);
  for (const name of Object.keys(attributes)) {
    if (attributes[name] !== undefined && !allowed.includes(name)) {
      throw new TypeError(`${op}: no attribute "${name}" at opset ${opset} (allowed: ${allowed.join(', ') || 'none'})`);
    }
  }
  const [min, max] = schema.inputs(version);
  let count = inputs.length;
  while (count > min && (inputs[count - 1] === null || inputs[count - 1] === undefined)) count--;
  if (count < min || count > max) throw new RangeError(`${op}: expected ${min === max ? min : `${min} to ${max}`} inputs, got ${inputs.length}`);
  return schema.run(version, inputs, attributes, op);
}

export const onnx = Object.freeze({ run });
