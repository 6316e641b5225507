import type { z } from 'zod';

/** An event type as a runtime object: its name and the zod schema of its data. */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly type: Type;
  readonly schema: Schema;
}

export function defineEvent<const Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
): EventDefinition<Type, Schema> {
  return { type, schema };
}

/** `{ type, data }` of one event definition, with the data type inferred from its schema. */
export type EventOf<D> = D extends EventDefinition<infer Type, infer Schema>
  ? { type: Type; data: z.infer<Schema> }
  : never;
