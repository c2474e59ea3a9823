import type { ReactNode } from 'react';
import type { BadgeColour } from '#shared/scenario';

export function Badge({ colour, children }: { colour: BadgeColour; children: ReactNode }) {
  return <span className={`badge badge--${colour}`}>{children}</span>;
}
