import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * fastify-type-provider-zod's response serializer (the body is checked against the route's schema, then
 * stringified), done once per frozen body: a cached response is one frozen object shared by every visitor
 * (lib/shared-value.ts), so its check and JSON.stringify run on its first request only. Other bodies are
 * serialized on every request, as before.
 */
export const sharedBodySerializer: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const made = new WeakMap<object, string>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
    let json = made.get(data);
    if (json === undefined) {
      json = serialize(data);
      made.set(data, json);
    }
    return json;
  };
};
