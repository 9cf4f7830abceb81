import { readPixelPath } from '@common/most-read-contract';

/**
 * The read of a page shown without JavaScript (decision 049): an invisible image in `<noscript>`, which a
 * browser running scripts never loads (its beacon counts the read: api/send-read.ts). Rendered on the
 * server with the article's page.
 */
export function ReadPixel({ articleId }: { articleId: number | string | undefined }) {
  if (typeof articleId !== 'number') return null;
  return (
    <noscript>
      <img src={readPixelPath(articleId)} alt="" width={1} height={1} className="sr-only" />
    </noscript>
  );
}
