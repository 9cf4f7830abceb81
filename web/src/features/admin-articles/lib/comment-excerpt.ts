/** The newsroom's excerpt rule, shared with the Dashboard's Latest notes (common/comment-excerpt.ts). */
export { COMMENT_EXCERPT_LENGTH, commentExcerpt } from '@common/comment-excerpt';
