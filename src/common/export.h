/* TW_EXPORT marks a function that the wasm module exports to JavaScript.
 * Under Emscripten it keeps the symbol alive through LTO; natively it is a
 * plain declaration so the same sources build for the sanitizer tests. */
#ifndef TW_COMMON_EXPORT_H
#define TW_COMMON_EXPORT_H

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define TW_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define TW_EXPORT
#endif

#endif
