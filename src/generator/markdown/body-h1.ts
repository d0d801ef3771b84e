/** The error for a level-1 heading in a body, shared by the Markdown stage that reports it and the gate that then stays quiet. */
import { problem, type Problem } from '../problems/problem.js';

const BODY_H1 = 'a level-1 heading in the body: the page title is its one h1';

/** The error for a level-1 heading in a body, at its line: every page shows its title as its one h1. */
export function bodyH1Problem(file: string, line: number): Problem {
  return problem(BODY_H1, { file, line, field: 'heading', hint: "start the body's headings at ## (text underlined with ===, and # indented by up to 3 spaces, are level 1 too)" });
}

/** Whether `p` is the Markdown stage's error for a level-1 heading in a body (the gate then counts no h1 of its own). */
export function isBodyH1Problem(p: Problem): boolean {
  return p.message === BODY_H1;
}
