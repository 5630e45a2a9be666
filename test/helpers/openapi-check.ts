// Contract drift check for the integration tests: every JSON answer the service gives a test is validated
// against the OpenAPI document it serves (shared/openapi.ts, GET /openapi.json), so a field, type or status
// the document does not describe fails the test file (harness stop(), like a 500 does).
// A small JSON Schema (2020-12) validator covering what the document uses: $ref, type, enum, const, anyOf,
// oneOf, allOf, properties, required, additionalProperties, items, pattern, min/maxLength, minimum/maximum.
import { buildOpenApiDocument } from '../../shared/openapi.ts';

type Schema = Record<string, unknown>;

const document = buildOpenApiDocument() as { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>; components: { schemas: Record<string, Schema> } };

function resolveRef(ref: string): Schema | null {
  const m = /^#\/components\/schemas\/(.+)$/.exec(ref);
  return m ? (document.components.schemas[m[1]!] ?? null) : null;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(expected: string, actual: string): boolean {
  return expected === actual || (expected === 'number' && actual === 'integer');
}

/** The violations of `value` against `schema`, each as "path: what". */
function validate(schema: Schema, value: unknown, path = '$', depth = 0): string[] {
  if (depth > 64) return [];
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref);
    return target ? validate(target, value, path, depth + 1) : [];
  }
  const errors: string[] = [];
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => typeMatches(t, actual))) return [`${path}: expected ${types.join('|')}, got ${actual}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => e === value)) errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && schema.const !== value) errors.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && !options.some((s) => validate(s as Schema, value, path, depth + 1).length === 0)) {
      errors.push(`${path}: matches none of ${key} (${(options as Schema[]).map((s) => validate(s, value, path, depth + 1)[0] ?? '').join('; ')})`);
    }
  }
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf as Schema[]) errors.push(...validate(s, value, path, depth + 1));
  if (actual === 'string') {
    const s = value as string;
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(s)) errors.push(`${path}: does not match ${schema.pattern}`);
    if (typeof schema.minLength === 'number' && [...s].length < schema.minLength) errors.push(`${path}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && [...s].length > schema.maxLength) errors.push(`${path}: longer than ${schema.maxLength}`);
  }
  if (actual === 'integer' || actual === 'number') {
    const n = value as number;
    if (typeof schema.minimum === 'number' && n < schema.minimum) errors.push(`${path}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && n > schema.maximum) errors.push(`${path}: above ${schema.maximum}`);
  }
  if (actual === 'array' && schema.items && typeof schema.items === 'object') {
    (value as unknown[]).forEach((item, i) => errors.push(...validate(schema.items as Schema, item, `${path}[${i}]`, depth + 1)));
  }
  if (actual === 'object') {
    const obj = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in obj)) errors.push(`${path}: missing required '${key}'`);
    for (const [key, v] of Object.entries(obj)) {
      if (key in properties) errors.push(...validate(properties[key]!, v, `${path}.${key}`, depth + 1));
      else if (schema.additionalProperties === false) errors.push(`${path}: '${key}' is not in the document`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') errors.push(...validate(schema.additionalProperties as Schema, v, `${path}.${key}`, depth + 1));
    }
  }
  return errors;
}

/** Violations of `value` against the document's component schema `name` (as a client validating a part would see them). */
export function componentViolations(name: string, value: unknown): string[] {
  if (!document.components.schemas[name]) return [`${name} is not a component of the OpenAPI document`];
  return validate({ $ref: `#/components/schemas/${name}` }, value);
}

/** Violations of one answer: route and method documented, status documented (or `default`), body valid. */
export function checkAnswer(method: string, pathname: string, status: number, body: unknown): string[] {
  const where = `${method} ${pathname} → ${status}`;
  const route = document.paths[pathname];
  const operation = route?.[method.toLowerCase()];
  if (!operation) {
    // Unknown routes and methods answer the contract's ErrorResponse (404/405); anything else is undocumented.
    if (status < 400) return [`${where}: route not in the OpenAPI document`];
    return validate({ $ref: '#/components/schemas/ErrorResponse' }, body).map((e) => `${where}: ${e}`);
  }
  const response = operation.responses?.[String(status)] ?? operation.responses?.default;
  if (!response) return [`${where}: status not in the OpenAPI document`];
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return [];
  return validate(schema, body).map((e) => `${where}: ${e}`);
}

const watched = new Map<string, string[]>();
const pending = new Set<Promise<void>>();
let installed = false;

/** Validates every JSON answer from `baseUrl` that this process fetches; returns the list violations go into. */
export function recordContractDrift(baseUrl: string): string[] {
  const violations: string[] = [];
  watched.set(baseUrl, violations);
  if (!installed) {
    installed = true;
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]): Promise<Response> => {
      const response = await realFetch(input, init);
      const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url);
      const sink = watched.get(url.origin);
      if (sink && (response.headers.get('content-type') ?? '').includes('application/json')) {
        const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
        const copy = response.clone();
        const check = copy
          .text()
          .then((text) => {
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              sink.push(`${method} ${url.pathname} → ${response.status}: answer is not JSON`);
              return;
            }
            sink.push(...checkAnswer(method, url.pathname, response.status, body).slice(0, 5));
          })
          .catch(() => undefined)
          .finally(() => pending.delete(check));
        pending.add(check);
      }
      return response;
    };
  }
  return violations;
}

/** Waits for the checks of answers already received, then stops watching `baseUrl`. */
export async function contractDrift(baseUrl: string): Promise<string[]> {
  await Promise.all([...pending]);
  const violations = watched.get(baseUrl) ?? [];
  watched.delete(baseUrl);
  return violations;
}
