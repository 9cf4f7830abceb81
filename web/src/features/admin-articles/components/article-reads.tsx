import { useArticleReads } from '../api/get-article-reads.ts';

/** Article Info's 'Reads: N in the last 7 days' (decision 049), as a term and its value. */
export function ArticleReadsInfo({ id }: { id: number }) {
  const { data, isError } = useArticleReads(id);
  let text = '…';
  if (isError) text = '—';
  else if (data !== undefined) text = `${data.toLocaleString('en-GB')} in the last 7 days`;
  return (
    <>
      <dt>Reads</dt>
      <dd>{text}</dd>
    </>
  );
}
