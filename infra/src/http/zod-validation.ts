import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

const VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

/**
 * fastify-type-provider-zod's validator, but with the input kept on each issue, so that a message can tell
 * "required" from "of the wrong type" (the input itself is never sent back).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => (data) => {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { value: result.data };
  return {
    error: result.error.issues.map(({ path, code, message, ...params }) => ({
      [VALIDATION_ERROR]: true,
      keyword: code,
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/${code}`,
      message,
      params,
    })) as unknown as Error,
  };
};
