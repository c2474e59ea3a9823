/** The logistic function, shared by the trainers and the model at run time. */
export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
