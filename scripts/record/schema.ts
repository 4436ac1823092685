/** JSON Schemas the scenarios' tools and workflow steps declare. */
import { type JSONSchema7, jsonSchema } from 'ai';

export const str = { type: 'string' } as const;
export const num = { type: 'number' } as const;
export const bool = { type: 'boolean' } as const;

/** An object JSON Schema typed as T, with no properties besides `properties`. */
export function objectSchema<T>(
  properties: NonNullable<JSONSchema7['properties']>,
  required: (keyof T & string)[],
) {
  return jsonSchema<T>({ type: 'object', properties, required, additionalProperties: false });
}
