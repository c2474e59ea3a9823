/**
 * What the trainer's review says wherever it shows (the trainee's detail, the trainer's page).
 * Beside the feature for now; it belongs in shared/text.ts (shared/ was out of this change's reach).
 */
export const REVIEW_TEXT = {
  scores: 'Scores',
  aiScore: 'AI score',
  trainerScore: "Trainer's score",
  by: (name: string) => `by ${name}`,
  comments: (turn: number | null) =>
    turn === null ? "Trainer's comments" : `Trainer's comments on turn ${turn}`,
  commentFrom: (name: string) => `Comment from ${name}`,
} as const;
