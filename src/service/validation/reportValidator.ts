/**
 * Request validation of the local service: the shared lenient ajv validator of
 * src/core/schema (schemas/report.schema.json with unknown options and any icon name
 * allowed, as the service does), its errors translated to FastAPI/pydantic 422 entries
 * by walking the same lenient schema.
 */
import type { ValidationErrorEntry } from '../../core/api/types';
import { reportSchemaIndex } from '../../core/schema/reportSchema';
import type { ReportValidator } from '../../core/schema/validator';
import { PydanticTranslator } from './pydanticErrors';

let compiled: { validator: ReportValidator; translator: PydanticTranslator } | undefined;

function compile(): NonNullable<typeof compiled> {
  return {
    validator: reportSchemaIndex().validator('lenient'),
    translator: new PydanticTranslator(reportSchemaIndex().lenient()),
  };
}

/** Compiles the schema now (it takes a moment) instead of on the first request. */
export function warmUpValidator(): void {
  compiled ??= compile();
}

/** The 422 entries for a decoded JSON body; empty when pydantic would accept it. */
export function validateReport(body: unknown): ValidationErrorEntry[] {
  compiled ??= compile();
  const errors = compiled.validator.validate(body);
  return errors.length ? compiled.translator.translate(body, errors) : [];
}

/** The entry FastAPI gives for a body that is present but not JSON (other Content-Type). */
export function notJsonEntry(text: string): ValidationErrorEntry {
  return {
    type: 'model_attributes_type',
    loc: ['body'],
    msg: 'Input should be a valid dictionary or object to extract fields from',
    input: text,
  };
}

/** The entry FastAPI gives for an absent body. */
export const MISSING_BODY: ValidationErrorEntry = { type: 'missing', loc: ['body'], msg: 'Field required', input: null };
