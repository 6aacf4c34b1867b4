import fastJson from 'fast-json-stringify';
import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Fastify's serializer compiler: each route's zod response schema becomes a JSON schema once and
 * is compiled with fast-json-stringify, instead of zod-encoding every answer at run time (issue 10).
 * Like zod's encode, it writes only the declared properties. A schema that cannot be converted
 * or compiled keeps the zod path (encode + JSON.stringify), so nothing undeclared ever leaks.
 */
export function compiledSerializerCompiler(log: FastifyBaseLogger): FastifySerializerCompiler<unknown> {
  const compiled = new WeakMap<object, Serialize>();
  return (route) => {
    const schema = zodSchemaOf(route.schema);
    if (!schema) return zodSerializerCompiler(route as RouteSchema);
    let serialize = compiled.get(schema);
    if (!serialize) {
      serialize = compile(schema, route as RouteSchema, log);
      compiled.set(schema, serialize);
    }
    return serialize;
  };
}

function compile(schema: z.ZodType, route: RouteSchema, log: FastifyBaseLogger): Serialize {
  try {
    return fastJson(toSerializerSchema(schema)) as Serialize;
  } catch (error) {
    log.debug({ err: error, method: route.method, url: route.url }, 'response schema kept on zod serialization');
    return zodSerializerCompiler(route);
  }
}

function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
}

/** The JSON schema fast-json-stringify should compile for a zod response schema. */
export function toSerializerSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  return normalize(json) as JsonSchema;
}

/**
 * Shapes zod's output for fast-json-stringify:
 *  - `additionalProperties: false` goes: the serializer drops undeclared properties anyway, but
 *    it picks a union's branch by validating the data, and extra properties (which zod strips)
 *    would then match no branch;
 *  - `anyOf [X, null]` becomes X with `nullable`, which is serialized without validating.
 */
function normalize(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalize);
  if (node === null || typeof node !== 'object') return node;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    result[key] = normalize(value);
  }
  return nullableOf(result) ?? result;
}

function nullableOf(schema: JsonSchema): JsonSchema | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches) || branches.length !== 2) return undefined;
  const isNull = (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1;
  const [first, second] = branches as [JsonSchema, JsonSchema];
  const other = isNull(second) ? first : isNull(first) ? second : undefined;
  if (!other || typeof other.type !== 'string') return undefined;
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  return { ...rest, ...other, nullable: true };
}
