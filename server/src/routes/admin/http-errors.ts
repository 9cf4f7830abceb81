import { HttpProblem } from '../../plugins/problem.ts';

export const badRequest = (detail: string) => new HttpProblem(400, detail);
export const conflict = (detail: string) => new HttpProblem(409, detail);
export const articleNotFound = (id: number) => new HttpProblem(404, `Article ${id} was not found.`);
