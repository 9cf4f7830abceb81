import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  MAX_COLLEAGUES,
  NOTE_MAX_LENGTH,
  NOTE_MIN_LENGTH,
  cleanNoteText,
  noteTextProblem,
} from '../../../../common/notes-contract.ts';
import { characterCap } from '../../../../common/text-length.ts';
import { actorOf } from '../../auth/actor.ts';
import { ValidationError } from '../../domain/typebox-validation.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { listColleagues, newsroomAccounts } from '../../repositories/activity-editors.ts';
import { ArticleNotesRepository, type NoteRefusal } from '../../repositories/article-notes.ts';
import { ProblemSchema } from '../news/schemas.ts';
import { articleInTrash, articleNotFound } from './http-errors.ts';
import { IdParamsSchema } from './schemas.ts';

/** TypeBox schemas of an article's notes (common/notes-contract.ts). */

export const NoteParamsSchema = Type.Object({
  id: IdParamsSchema.properties.id,
  noteId: Type.Integer({
    minimum: 1,
    maximum: IdParamsSchema.properties.id.maximum,
    errorMessage: 'must be a whole number from 1 (a note id)',
  }),
});

export const NoteInputSchema = Type.Object(
  {
    text: Type.String({
      // The length rule is counted in characters after trimming (the route's 400); this safety cap (code
      // units) only bounds what is read and never refuses a text the rule accepts.
      maxLength: characterCap(NOTE_MAX_LENGTH),
      description: `Plain text, trimmed, line breaks kept: ${NOTE_MIN_LENGTH} to ${NOTE_MAX_LENGTH} characters`,
      errorMessage: `must be a text of ${NOTE_MIN_LENGTH} to ${NOTE_MAX_LENGTH} characters`,
    }),
    replyTo: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: IdParamsSchema.properties.id.maximum,
        description:
          "A reply: the id of the article's note it answers (a reply to a reply joins the same thread; decision 061)",
        errorMessage: 'must be a whole number from 1 (a note id)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ColleagueSchema = Type.Object({
  username: Type.String(),
  name: Type.String({ description: 'Their display name' }),
});

/** A note's fields, and a reply's (decision 061). */
const noteFields = {
  id: Type.Integer(),
  text: Type.String({ description: 'Plain text, line breaks kept' }),
  createdAt: Type.String({ description: 'When it was added (ISO-8601 UTC)' }),
  createdBy: Type.String({ description: 'The display name of the editor who added it' }),
  mine: Type.Boolean({ description: 'The signed-in editor added it (only they may delete it)' }),
  mentions: Type.Array(ColleagueSchema, {
    description: "The colleagues its text mentions ('@' and their username), as named when it was added",
  }),
  forYou: Type.Boolean({
    description: "A colleague's that mentions the signed-in editor, or a reply in a thread they wrote in",
  }),
  resolved: Type.Union(
    [
      Type.Object({
        at: Type.String({ description: 'When it was resolved (ISO-8601 UTC)' }),
        by: Type.String({ description: 'The display name of the editor who resolved it' }),
      }),
      Type.Null(),
    ],
    { description: 'Done: when and by whom; null while it is open' },
  ),
  unread: Type.Boolean({ description: 'It is for them and new: they had not opened these notes since it was added' }),
  replyTo: Type.Union([Type.Integer(), Type.Null()], {
    description: 'A reply: the note it answers, which starts its thread; null for a note of its own',
  }),
  editedAt: Type.Union([Type.String(), Type.Null()], {
    description: 'When its author last changed its text (ISO-8601 UTC); null while it is as added',
  }),
};

/** A reply in its note's `replies`. */
export const NoteReplySchema = Type.Object(noteFields);

export const NoteSchema = Type.Object({
  ...noteFields,
  replies: Type.Array(NoteReplySchema, {
    description: 'Its replies, oldest first, in a list of notes; empty for a reply and in other answers',
  }),
});

/** PATCH …/notes/{noteId}: `resolved` (NoteResolution) or `text` (NoteEdit), one of them. */
export const NoteChangeSchema = Type.Object(
  {
    resolved: Type.Optional(
      Type.Boolean({
        description: 'true: resolve it (done) with its replies; false: reopen it. Any editor',
        errorMessage: 'must be true (resolve) or false (reopen)',
      }),
    ),
    text: Type.Optional(
      Type.String({
        ...NoteInputSchema.properties.text,
        description: `Its new text (decision 062), by its author only: ${NOTE_MIN_LENGTH} to ${NOTE_MAX_LENGTH} characters`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const MentionCountSchema = Type.Object({
  unread: Type.Integer({
    minimum: 0,
    description: "Colleagues' notes mentioning the signed-in editor, new to them, on stories out of the Trash",
  }),
});

export const MentionsReadInputSchema = Type.Object(
  {
    articleId: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: IdParamsSchema.properties.id.maximum,
        description: "Only the mentions in this article's notes (without it: all of them)",
        errorMessage: 'must be a whole number from 1 (an article id)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ColleagueListSchema = Type.Object({
  editors: Type.Array(ColleagueSchema, { maxItems: MAX_COLLEAGUES, description: 'By name' }),
});

export const NoteListSchema = Type.Object({
  notes: Type.Array(NoteSchema, { description: 'Newest first' }),
});

/** The text as stored, or the 400 naming `text`. */
function noteText(input: string): string {
  const text = cleanNoteText(input);
  const problem = noteTextProblem(text);
  if (problem) throw new ValidationError([{ field: 'text', message: problem }], 'body');
  return text;
}

function refusal(id: number, noteId: number | undefined, result: NoteRefusal): Error {
  if (result.reason === 'not-found') return articleNotFound(id);
  if (result.reason === 'deleted') return articleInTrash(result.deletedAt);
  if (result.reason === 'note-not-found') return new HttpProblem(404, `Article ${id} has no note ${noteId}.`);
  if (result.reason === 'reply-to-not-found') {
    return new ValidationError([{ field: 'replyTo', message: `must be a note of article ${id}` }], 'body');
  }
  if (result.reason === 'thread-resolved') {
    return new HttpProblem(409, `Note ${result.thread} is resolved: reopen it to ${result.doing}.`);
  }
  if (result.reason === 'not-author-edit') return new HttpProblem(403, 'Only the editor who added a note can edit it.');
  if (result.reason === 'reply-not-resolvable') {
    return new HttpProblem(409, `Note ${noteId} is a reply: resolve or reopen the note it answers (${result.thread}).`);
  }
  return new HttpProblem(403, 'Only the editor who added a note can delete it.');
}

/**
 * An article's notes under /api/admin (decision 058): list (an article in the Trash too, read-only),
 * add, resolve or reopen any, delete one's own; the colleagues a note can mention, and the signed-in
 * editor's new mentions (decision 060). Notes are internal: no public cache holds them, so a write drops
 * none.
 */
export default async function articleNoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const accounts = newsroomAccounts(app.config.auth);
  const repo = new ArticleNotesRepository(app.database.db, app.database.dialect, accounts);
  const path = '/articles/:id/notes';

  app.get(
    '/editors',
    {
      schema: {
        summary:
          'The colleagues a note can mention by @username: the editors seen in the newsroom and, with the built-in sign-in, its accounts',
        response: { 200: ColleagueListSchema },
      },
    },
    async () => ({ editors: await listColleagues(app.database.db, MAX_COLLEAGUES, accounts) }),
  );

  app.get(
    '/mentions',
    {
      schema: {
        summary: 'How many colleagues’ notes mention the signed-in editor and are new to them',
        response: { 200: MentionCountSchema },
      },
    },
    async (request) => ({ unread: await repo.unreadMentions(actorOf(request).subject) }),
  );

  app.post(
    '/mentions/read',
    {
      schema: {
        summary: 'Mark the signed-in editor’s new mentions read: those in one article’s notes, or all of them',
        body: MentionsReadInputSchema,
        response: { 200: MentionCountSchema, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const { articleId } = request.body;
      if (articleId !== undefined && !(await repo.article(articleId))) throw articleNotFound(articleId);
      const { subject } = actorOf(request);
      await repo.markMentionsRead(subject, articleId, new Date());
      return { unread: await repo.unreadMentions(subject) };
    },
  );

  app.get(
    path,
    {
      schema: {
        summary: "An article's notes, newest first (internal: never shown to readers)",
        params: IdParamsSchema,
        response: { 200: NoteListSchema, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await repo.article(id))) throw articleNotFound(id);
      return { notes: await repo.list(id, actorOf(request).subject) };
    },
  );

  app.post(
    path,
    {
      schema: {
        summary: 'Add a note to an article, or a reply to one of its notes (dated now, signed with the editor’s name)',
        params: IdParamsSchema,
        body: NoteInputSchema,
        response: { 201: NoteSchema, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const text = noteText(request.body.text);
      const result = await repo.add(id, text, actorOf(request), new Date(), request.body.replyTo);
      if (!result.ok) throw refusal(id, undefined, result);
      reply.code(201).header('location', `/api/admin/articles/${id}/notes/${result.note.id}`);
      return result.note;
    },
  );

  app.patch(
    `${path}/:noteId`,
    {
      schema: {
        summary:
          'Resolve a note (done) or reopen it, its replies with it (any editor); or change its text (its author)',
        params: NoteParamsSchema,
        body: NoteChangeSchema,
        response: { 200: NoteSchema, 400: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request) => {
      const { id, noteId } = request.params;
      const { resolved, text } = request.body;
      if ((resolved === undefined) === (text === undefined)) {
        throw new ValidationError(
          [
            resolved === undefined
              ? { field: 'resolved', message: 'is required (or text, to change the note’s text)' }
              : { field: 'text', message: 'cannot come with resolved: send one of them' },
          ],
          'body',
        );
      }
      const result =
        resolved !== undefined
          ? await repo.resolve(id, noteId, resolved, actorOf(request), new Date())
          : await repo.edit(id, noteId, noteText(text!), actorOf(request), new Date());
      if (!result.ok) throw refusal(id, noteId, result);
      return result.note;
    },
  );

  app.delete(
    `${path}/:noteId`,
    {
      schema: {
        summary: 'Delete a note, its replies with it (only the editor who added it)',
        params: NoteParamsSchema,
        response: {
          204: Type.Null({ description: 'Deleted' }),
          400: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const { id, noteId } = request.params;
      const result = await repo.remove(id, noteId, actorOf(request), new Date());
      if (!result.ok) throw refusal(id, noteId, result);
      return reply.code(204).send(null);
    },
  );
}
