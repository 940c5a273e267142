/**
 * What the manifest schema rejected, as lesson messages: each zod issue becomes a message
 * of the UI string table with its field path, whether it carries one of the schema's own
 * messages (encoded by `fail` in ./schema.ts) or is one of zod's built-in checks (a wrong
 * type, a too-short list, a value not in an enum), which are worded here, in both
 * languages, from the issue's code and the value found in the manifest. Pure.
 */
import type { $ZodIssue } from 'zod/v4/core';
import type { JsonPath } from './json.ts';
import { decodeMessage, type LessonMessage, msg } from './messages.ts';
import { closeness, nameDistance } from './nearName.ts';

/** One rejected field: where in the manifest, and what is wrong with it. */
export interface FieldProblem {
  path: JsonPath;
  message: LessonMessage;
}

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at `path` in `root`, or undefined. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (isRecord(node) && typeof key === 'string' && Object.hasOwn(node, key))
      node = node[key];
    else return undefined;
  }
  return node;
}

/** True when the value at `path` is absent because its parent object lacks the key. */
function isMissing(root: unknown, path: readonly PropertyKey[]): boolean {
  let node: unknown = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (Array.isArray(node) && typeof key === 'number') {
      if (key >= node.length) return true;
      node = node[key];
    } else if (isRecord(node) && typeof key === 'string') {
      if (!Object.hasOwn(node, key)) return i === path.length - 1;
      node = node[key];
    } else {
      return false;
    }
  }
  return false;
}

/** The string-table name of a JSON value's type, or of a type zod expected. */
function typeName(type: string): LessonMessage {
  switch (type) {
    case 'number':
      return msg('typeNumber');
    case 'int':
      return msg('typeInteger');
    case 'string':
      return msg('typeString');
    case 'boolean':
      return msg('typeBoolean');
    case 'object':
    case 'record':
      return msg('typeObject');
    case 'array':
    case 'tuple':
      return msg('typeArray');
    case 'null':
      return msg('typeNull');
    default:
      return msg('typeOther');
  }
}

/** The JSON type of a value found in a manifest. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** One zod issue (not an unknown key, not a missing field) as a message. */
function issueMessage(issue: $ZodIssue, root: unknown): LessonMessage {
  const own = decodeMessage(issue.message);
  if (own) return own;
  switch (issue.code) {
    case 'invalid_type':
      return msg('expectedType', {
        expected: typeName(issue.expected),
        received: typeName(jsonType(valueAt(root, issue.path))),
      });
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string' && n <= 1) return msg('notEmpty');
      if (issue.origin === 'array') return msg('tooFewItems', { n });
      return msg(issue.inclusive === false ? 'tooSmallExclusive' : 'tooSmall', { n });
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'array') return msg('tooManyItems', { n });
      return msg(issue.inclusive === false ? 'tooBigExclusive' : 'tooBig', { n });
    }
    case 'invalid_value':
      return msg('notOneOf', { values: issue.values.map((v) => JSON.stringify(v)).join(', ') });
    case 'invalid_union': {
      // A discriminated union (a prediction's `ask.kind`) names the values it takes.
      const options = (issue as { options?: unknown[] }).options;
      if (!Array.isArray(options) || options.length === 0) return msg('noVariant');
      const values = options.map((v) => JSON.stringify(v)).join(', ');
      const found = valueAt(root, issue.path);
      const near =
        typeof found === 'string'
          ? options.find((v) => typeof v === 'string' && nameDistance(found, v) <= closeness(found))
          : undefined;
      return near === undefined
        ? msg('notOneOf', { values })
        : msg('notOneOfNear', { values, near: JSON.stringify(near) });
    }
    case 'invalid_key':
      return msg('invalidKey', {
        reason: issue.issues[0] ? issueMessage(issue.issues[0], root) : msg('invalidValue'),
      });
    default:
      return msg('invalidValue');
  }
}

/** A zod (mini) schema's definition, as far as walking it by path needs. */
interface SchemaDef {
  type: string;
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
  element?: { _zod: { def: SchemaDef } };
  valueType?: { _zod: { def: SchemaDef } };
  innerType?: { _zod: { def: SchemaDef } };
  in?: { _zod: { def: SchemaDef } };
}
const WRAPPERS = new Set([
  'optional',
  'default',
  'prefault',
  'nullable',
  'readonly',
  'catch',
  'nonoptional',
]);

/** The field names the object at `path` may have, per `schema`; empty where unknown. */
function fieldsAt(schema: { _zod: { def: SchemaDef } } | undefined, path: JsonPath): string[] {
  const unwrap = (def: SchemaDef | undefined): SchemaDef | undefined => {
    let d = def;
    while (d && (WRAPPERS.has(d.type) || d.type === 'pipe')) d = (d.innerType ?? d.in)?._zod.def;
    return d;
  };
  let def = unwrap(schema?._zod.def);
  for (const key of path) {
    if (def?.type === 'object' && typeof key === 'string') def = unwrap(def.shape?.[key]?._zod.def);
    else if (def?.type === 'array') def = unwrap(def.element?._zod.def);
    else if (def?.type === 'record') def = unwrap(def.valueType?._zod.def);
    else return [];
  }
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

const samePlace = (a: JsonPath, b: JsonPath) =>
  a.length === b.length && a.every((k, i) => k === b[i]);

/** Fields an author may write to give a prediction's answer, which the run gives instead. */
const ANSWER_FIELDS = new Set(['answer', 'answers', 'correct', 'expected', 'solution']);

/**
 * Every problem the schema found in the manifest `root`, in zod's order. An unknown field
 * that is a misspelling of a required field missing from the same object (`scenaros` for
 * `scenarios`) is one problem, not two: the unknown field names the one it should be.
 */
export function schemaProblems(
  issues: readonly $ZodIssue[],
  root: unknown,
  schema?: { _zod: { def: SchemaDef } },
): FieldProblem[] {
  const missing = issues
    .filter((i) => i.code !== 'unrecognized_keys' && i.code !== 'invalid_key')
    .filter((i) => typeof i.path.at(-1) === 'string' && isMissing(root, i.path))
    .map((i) => i.path);
  const nearOf = (at: JsonPath, key: string) =>
    missing.find(
      (m) => samePlace(m.slice(0, -1), at) && nameDistance(key, String(m.at(-1))) <= closeness(key),
    );
  const meant = new Set(
    issues.flatMap((i) =>
      i.code === 'unrecognized_keys'
        ? i.keys.flatMap((k) => {
            const near = nearOf(i.path, k);
            return near ? [JSON.stringify(near)] : [];
          })
        : [],
    ),
  );
  const out: FieldProblem[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const near = nearOf(issue.path, key);
        // else a field the object may have (an optional one), written nearly so
        const optional = near
          ? undefined
          : fieldsAt(schema, issue.path).find((f) => nameDistance(key, f) <= closeness(key));
        out.push({
          path: [...issue.path, key],
          message: near
            ? msg('misspeltField', { name: JSON.stringify(String(near.at(-1))) })
            : optional
              ? msg('misspeltOptionalField', { name: JSON.stringify(optional) })
              : issue.path[0] === 'predictions' && ANSWER_FIELDS.has(key)
                ? msg('predictionStatesAnswer', { name: JSON.stringify(key) })
                : msg('unknownField'),
        });
      }
    } else if (issue.code !== 'invalid_key' && isMissing(root, issue.path)) {
      if (meant.has(JSON.stringify(issue.path))) continue;
      out.push({ path: issue.path, message: msg('requiredField') });
    } else {
      out.push({ path: issue.path, message: issueMessage(issue, root) });
    }
  }
  return out;
}
