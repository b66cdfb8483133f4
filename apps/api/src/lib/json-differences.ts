/**
 * Where a schema's output differs from the data it was given, compared as JSON (what goes over
 * the wire or into a file). Zod drops the keys an object schema does not declare, so a key in
 * the data but not in the output is undeclared; a key only in the output was added (a default);
 * a value that differs was transformed.
 *
 * A union of objects keeps the keys of its first matching option only, so a key that only a later
 * option declares is reported as undeclared too: a client parsing with the same schema would
 * drop it just the same.
 */
export interface JsonDifference {
  kind: 'undeclared' | 'added' | 'changed';
  path: (string | number)[];
}

export function jsonDifferences(data: unknown, output: unknown): JsonDifference[] {
  return walk(asJson(data), asJson(output), []);
}

/** `$.items[1].email`: a difference's path as a reader writes it. */
export function jsonPath(path: (string | number)[]): string {
  return ['$', ...path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))].join('');
}

const asJson = (value: unknown): unknown => {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function walk(data: unknown, output: unknown, path: (string | number)[]): JsonDifference[] {
  if (Array.isArray(data) && Array.isArray(output)) {
    if (data.length !== output.length) return [{ kind: 'changed', path }];
    return data.flatMap((item, i) => walk(item, output[i], [...path, i]));
  }
  if (isRecord(data) && isRecord(output)) {
    const found: JsonDifference[] = [];
    for (const key of Object.keys(data)) {
      if (!Object.hasOwn(output, key)) found.push({ kind: 'undeclared', path: [...path, key] });
      else found.push(...walk(data[key], output[key], [...path, key]));
    }
    for (const key of Object.keys(output)) {
      if (!Object.hasOwn(data, key)) found.push({ kind: 'added', path: [...path, key] });
    }
    return found;
  }
  return Object.is(data, output) ? [] : [{ kind: 'changed', path }];
}
