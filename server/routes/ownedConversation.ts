import type { Request, Response } from 'express';
import { uuidSchema } from '#shared/inputChecks';
import { currentUser } from '../auth/guard';
import { getConversationForUser } from '../db/conversations';
import type { Db } from '../db/db';
import { AppError } from '../http/errors';

/** The conversation `:id` of the route, when the signed-in user owns it; otherwise a 404. */
export async function loadOwnedConversation(db: Db, req: Request, res: Response) {
  const id = uuidSchema.safeParse(req.params.id);
  const session = id.success
    ? await getConversationForUser(db, { id: id.data, userId: currentUser(res).id })
    : null;
  if (!session) throw new AppError('not_found:conversation');
  return session;
}
