/** Where the tab keeps unsaved work (sessionStorage keys): an article form's draft, an unsent note. */
export const ARTICLE_DRAFT_PREFIX = 'smear.admin.article-draft.';
export const NOTE_DRAFT_PREFIX = 'smear.admin.note-draft.';
