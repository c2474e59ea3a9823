import type { ReactNode } from 'react';

interface AlertProps {
  children: ReactNode;
  tone?: 'error' | 'info';
  id?: string;
}

/** Errors interrupt (role alert); information waits its turn (role status). */
export function Alert({ children, tone = 'error', id }: AlertProps) {
  return (
    <div id={id} className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
