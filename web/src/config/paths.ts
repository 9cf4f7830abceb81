/** The route table: used by the router, by links and by tests. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  category: { path: '/:category', getHref: (categoryPath: string) => `/${categoryPath}` },
  article: { path: '/article/:slug', getHref: (slug: string) => `/article/${encodeURIComponent(slug)}` },
  contact: { path: '/contact', getHref: () => '/contact' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    articles: {
      path: '/admin/articles',
      getHref: (q: { page?: number; pageSize?: number; status?: string; categoryId?: number } = {}) => {
        const p = new URLSearchParams();
        p.set('page', String(q.page ?? 1));
        p.set('pageSize', String(q.pageSize ?? 20));
        p.set('status', q.status ?? 'all');
        if (q.categoryId && q.categoryId > 0) p.set('categoryId', String(q.categoryId));
        return `/admin/articles?${p.toString()}`;
      },
    },
    article: { path: '/admin/articles/:id', getHref: (id: number) => `/admin/articles/${id}` },
    social: { path: '/admin/social', getHref: () => '/admin/social' },
    socialTest: { path: '/admin/social/test', getHref: () => '/admin/social/test' },
  },
} as const;
