// malloc_trim(0) for JavaScript: glibc keeps what its threads freed in their arenas for reuse
// and gives it back to the system only now and then; this hands back every whole free page.
#include <node_api.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value released;
#if defined(__GLIBC__)
  napi_get_boolean(env, malloc_trim(0) == 1, &released);
#else
  napi_get_boolean(env, false, &released);
#endif
  return released;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &fn);
  napi_set_named_property(env, exports, "trim", fn);
  return exports;
}
