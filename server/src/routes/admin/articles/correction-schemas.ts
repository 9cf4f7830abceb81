import { Type } from '@sinclair/typebox';
import { CORRECTION_MAX_LENGTH, CORRECTION_MIN_LENGTH } from '../../../../../common/corrections-contract.ts';
import { characterCap } from '../../../../../common/text-length.ts';
import { IdParamsSchema } from '../schemas.ts';

/** TypeBox schemas of an article's corrections (common/corrections-contract.ts). */

export const CorrectionParamsSchema = Type.Object({
  id: IdParamsSchema.properties.id,
  correctionId: Type.Integer({
    minimum: 1,
    maximum: IdParamsSchema.properties.id.maximum,
    errorMessage: 'must be a whole number from 1 (a correction id)',
  }),
});

export const CorrectionInputSchema = Type.Object(
  {
    text: Type.String({
      // The length rule is counted in characters after the clean-up (the route's 400); this safety cap
      // (code units) only bounds what is read and never refuses a text the rule accepts.
      maxLength: characterCap(CORRECTION_MAX_LENGTH),
      description: `Plain text, stored on one line and trimmed: ${CORRECTION_MIN_LENGTH} to ${CORRECTION_MAX_LENGTH} characters`,
      errorMessage: `must be a text of ${CORRECTION_MIN_LENGTH} to ${CORRECTION_MAX_LENGTH} characters`,
    }),
  },
  { additionalProperties: false },
);

export const CorrectionSchema = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  createdAt: Type.String({ description: 'When it was added (ISO-8601 UTC): the date readers see' }),
  createdBy: Type.String({ description: 'The editor who added it' }),
  updatedAt: Type.Union([Type.String(), Type.Null()], { description: 'The last fix of its wording; null: none' }),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});

export const CorrectionListSchema = Type.Object({
  corrections: Type.Array(CorrectionSchema, { description: 'Newest first' }),
});
