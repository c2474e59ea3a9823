import { useId, type ReactNode } from 'react';
import type { PatientAvatar } from '#shared/illustrations';

interface Look {
  background: string;
  shirt: string;
  skin: string;
  hair: string;
  /** Hair drawn behind the head (long hair) and in front of it (fringe, parting). */
  back?: ReactNode;
  front: ReactNode;
  extra?: ReactNode;
}

const LOOKS: Record<PatientAvatar, Look> = {
  'female-adult': {
    background: '#ccfbf1',
    shirt: '#0f766e',
    skin: '#f2c4a0',
    hair: '#5b3a29',
    back: <path d="M17 30c0-11 6-18 15-18s15 7 15 18v16H17z" />,
    front: <path d="M20 28c1-9 6-14 12-14s11 5 12 14c-5-1-9-4-11-8-2 4-7 7-13 8z" />,
  },
  'female-senior': {
    background: '#e0e7ff',
    shirt: '#6d28d9',
    skin: '#eec1a2',
    hair: '#c7ccd6',
    back: <circle cx="32" cy="11" r="6" />,
    front: <path d="M20 29c0-9 5-15 12-15s12 6 12 15c-2-5-6-8-12-8s-10 3-12 8z" />,
    extra: (
      <g fill="none" stroke="#475569" strokeWidth="1.4">
        <circle cx="27.5" cy="31" r="3.2" />
        <circle cx="36.5" cy="31" r="3.2" />
        <path d="M30.7 31h2.6" />
      </g>
    ),
  },
  'male-adult': {
    background: '#dbeafe',
    shirt: '#1d4ed8',
    skin: '#d9a47e',
    hair: '#2b2118',
    front: <path d="M20 27c0-8 5-13 12-13s12 5 12 13c-3-3-7-5-12-5s-9 2-12 5z" />,
  },
  'male-senior': {
    background: '#fef3c7',
    shirt: '#b45309',
    skin: '#f0c6a8',
    hair: '#d4d8de',
    front: (
      <g>
        <path d="M20 30c0-4 1-7 3-9l1 8z" />
        <path d="M44 30c0-4-1-7-3-9l-1 8z" />
      </g>
    ),
    extra: (
      <g fill="none" stroke="#334155" strokeWidth="1.4">
        <rect x="23.8" y="28.5" width="7" height="5" rx="1.5" />
        <rect x="33.2" y="28.5" width="7" height="5" rx="1.5" />
        <path d="M30.8 31h2.4" />
      </g>
    ),
  },
  child: {
    background: '#fce7f3',
    shirt: '#db2777',
    skin: '#f5c9a6',
    hair: '#8a5a2b',
    front: <path d="M21 31c-1-9 4-15 11-15s12 6 11 15c-2-4-5-6-8-6l-3 3-2-3c-4 0-7 2-9 6z" />,
  },
  neutral: {
    background: '#e2e8f0',
    shirt: '#475569',
    skin: '#cbd5e1',
    hair: '#94a3b8',
    front: <path d="M21 27c0-8 5-12 11-12s11 4 11 12c-3-3-7-4-11-4s-8 1-11 4z" />,
  },
};

/** Our own drawings of the patient (spec §2: chosen from the profile). Decorative. */
export function PatientAvatarArt({ kind, size = 40 }: { kind: PatientAvatar; size?: number }) {
  // useId's punctuation is not safe inside url(#...), so keep only plain characters.
  const clipId = `avatar-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const look = LOOKS[kind];
  const isChild = kind === 'child';
  const isNeutral = kind === 'neutral';
  const headR = isChild ? 10 : 11;
  const headY = isChild ? 31 : 30;
  return (
    <svg
      className="avatar-art"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <clipPath id={clipId}>
          <circle cx="32" cy="32" r="32" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="64" height="64" fill={look.background} />
        <g fill={look.hair}>{look.back}</g>
        <path
          d={isChild ? 'M14 64c1-10 8-16 18-16s17 6 18 16z' : 'M10 64c1-12 10-19 22-19s21 7 22 19z'}
          fill={look.shirt}
        />
        <rect x="28" y={headY + 7} width="8" height="8" rx="3" fill={look.skin} />
        <circle cx="32" cy={headY} r={headR} fill={look.skin} />
        <g fill={look.hair}>{look.front}</g>
        {isNeutral ? null : (
          <g>
            <circle cx="27.5" cy={headY + 1} r="1.3" fill="#1f2937" />
            <circle cx="36.5" cy={headY + 1} r="1.3" fill="#1f2937" />
            <path
              d={`M28.5 ${headY + 5.5}c2 1.6 5 1.6 7 0`}
              fill="none"
              stroke="#9a3412"
              strokeWidth="1.4"
              strokeLinecap="round"
            />
          </g>
        )}
        {look.extra}
      </g>
    </svg>
  );
}
