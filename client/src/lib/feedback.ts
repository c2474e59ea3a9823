import { z } from 'zod';
import { feedbackSchema } from '../../../shared/feedback';

export const feedbackResponse = z.object({ feedback: feedbackSchema });
