// Counting the calls of a module function while a test body runs.

/** Runs fn with calls of object[name] counted; returns { value, calls }. */
export function countingCalls(object, name, fn) {
  const original = object[name];
  let calls = 0;
  object[name] = (...args) => {
    calls++;
    return original(...args);
  };
  try {
    return { value: fn(), calls };
  } finally {
    object[name] = original;
  }
}
