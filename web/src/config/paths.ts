/** The id of an article screen's Notes panel: the fragment the Dashboard's Latest notes link to. */
export const NOTES_PANEL_ID = 'notes';
/** The id of the Dashboard's 'Notes for you': the fragment the header's count of new mentions links to. */
export const NOTES_FOR_YOU_ID = 'notes-for-you';
/** The route table: used by the router, by links and by tests. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  category: { path: '/:category', getHref: (categoryPath: string) => `/${categoryPath}` },
  article: { path: '/article/:slug', getHref: (slug: string) => `/article/${encodeURIComponent(slug)}` },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  // Its later pages: common/older-stories.ts (archiveHref).
  corrections: { path: '/corrections', getHref: () => '/corrections' },
  // Their later pages: common/older-stories.ts (archiveHref).
  author: { path: '/author/:slug', getHref: (slug: string) => `/author/${encodeURIComponent(slug)}` },
  tag: { path: '/tag/:slug', getHref: (slug: string) => `/tag/${encodeURIComponent(slug)}` },
  search: {
    path: '/search',
    getHref: (q?: string, page?: number) => {
      if (!q) return '/search';
      const params = new URLSearchParams({ q });
      if (page && page > 1) params.set('page', String(page));
      return `/search?${params.toString()}`;
    },
  },
  admin: {
    root: {
      path: '/admin',
      getHref: (opts: { notesForYou?: boolean } = {}) => `/admin${opts.notesForYou ? `#${NOTES_FOR_YOU_ID}` : ''}`,
    },
    articles: {
      path: '/admin/articles',
      getHref: (
        q: {
          page?: number;
          pageSize?: number;
          status?: string;
          categoryId?: number;
          search?: string;
          authorId?: number;
          tagId?: number;
          /** Only the stories with open notes. */
          openNotes?: boolean;
          sort?: string;
        } = {},
      ) => {
        const p = new URLSearchParams();
        p.set('page', String(q.page ?? 1));
        p.set('pageSize', String(q.pageSize ?? 20));
        p.set('status', q.status ?? 'all');
        if (q.categoryId && q.categoryId > 0) p.set('categoryId', String(q.categoryId));
        if (q.search) p.set('search', q.search);
        if (q.authorId) p.set('authorId', String(q.authorId));
        if (q.tagId) p.set('tagId', String(q.tagId));
        if (q.openNotes) p.set('notes', 'open');
        if (q.sort) p.set('sort', q.sort);
        return `/admin/articles?${p.toString()}`;
      },
    },
    newArticle: { path: '/admin/articles/new', getHref: () => '/admin/articles/new' },
    article: {
      path: '/admin/articles/:id',
      /** `notes`: lands on the screen's Notes panel (its fragment, `#notes`). */
      getHref: (id: number, opts: { edit?: boolean; notes?: boolean } = {}) =>
        `/admin/articles/${id}${opts.edit ? '?edit=1' : ''}${opts.notes ? `#${NOTES_PANEL_ID}` : ''}`,
    },
    liveConsole: {
      path: '/admin/articles/:id/live',
      getHref: (id: number) => `/admin/articles/${id}/live`,
    },
    preview: { path: '/admin/articles/:id/preview', getHref: (id: number) => `/admin/articles/${id}/preview` },
    /** `month`: 'YYYY-MM' (left out: the current month). */
    calendar: {
      path: '/admin/calendar',
      getHref: (month?: string) => `/admin/calendar${month ? `?${new URLSearchParams({ month })}` : ''}`,
    },
    audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
    authors: { path: '/admin/authors', getHref: () => '/admin/authors' },
    tags: { path: '/admin/tags', getHref: () => '/admin/tags' },
    pictures: {
      path: '/admin/pictures',
      /**
       * `q`: the library searched for these words (in description, caption and credit);
       * `undescribed`: only the pictures without a description (`described=no`).
       */
      getHref: (q?: string, undescribed = false) => {
        const query = new URLSearchParams({ ...(q ? { q } : {}), ...(undescribed ? { described: 'no' } : {}) });
        return `/admin/pictures${query.toString() ? `?${query.toString()}` : ''}`;
      },
      /** That one picture (`id`, its 32-hex id), whatever its description: the audit trail's link. */
      getPictureHref: (id: string) => `/admin/pictures?${new URLSearchParams({ id })}`,
    },
    social: { path: '/admin/social', getHref: () => '/admin/social' },
    socialTest: { path: '/admin/social/test', getHref: () => '/admin/social/test' },
  },
} as const;
