import { bodyPlainText } from '@common/body/text';
import type { BodyDoc as StoredDoc } from '@common/body/types';
import type { BodyDoc } from '@/lib/admin-body/body-doc';

/** The words a reader reads in a body (the shared plain text: blocks separated by a blank line). */
export function bodyText(doc: BodyDoc): string {
  return bodyPlainText(doc as unknown as StoredDoc);
}
