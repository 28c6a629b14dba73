// Memory a process no longer uses, handed back to the system: the pages glibc's allocator holds
// free (malloc_trim) and the part of V8's heap that a collection emptied (a low-memory
// collection, which also shrinks the young generation and compacts).
#include <node_api.h>
#include <v8.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

static napi_value Trim(napi_env env, napi_callback_info) {
  napi_value released;
#if defined(__GLIBC__)
  napi_get_boolean(env, malloc_trim(0) == 1, &released);
#else
  napi_get_boolean(env, false, &released);
#endif
  return released;
}

// What V8 does when the system runs short: full collections until nothing more is freed, with
// the heap compacted and its empty pages, the grown young generation's among them, released.
static napi_value ReduceHeap(napi_env, napi_callback_info) {
  v8::Isolate* isolate = v8::Isolate::GetCurrent();
  if (isolate != nullptr) isolate->LowMemoryNotification();
  return nullptr;
}

static void Export(napi_env env, napi_value exports, const char* name, napi_callback cb) {
  napi_value fn;
  napi_create_function(env, name, NAPI_AUTO_LENGTH, cb, nullptr, &fn);
  napi_set_named_property(env, exports, name, fn);
}

NAPI_MODULE_INIT() {
  Export(env, exports, "trim", Trim);
  Export(env, exports, "reduceHeap", ReduceHeap);
  return exports;
}
