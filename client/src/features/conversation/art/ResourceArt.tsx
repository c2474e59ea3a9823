import type { ReactNode } from 'react';
import type { ResourceIllustration } from '#shared/illustrations';
import { CONVERSATION_TEXT } from '#shared/text';

/** A two-rooted molar in a 100 × 100 box, reused by several drawings. */
const MOLAR =
  'M20 10C10 10 5 25 8 40c2 12 6 18 8 30 2 15 4 30 12 30 7 0 8-15 12-25 3-7 7-9 10-9s7 2 10 9c4 10 5 25 12 25 8 0 10-15 12-30 2-12 6-18 8-30 3-15-2-30-12-30-10 0-18 5-30 5S30 10 20 10z';

/** An upper front tooth (incisor) as seen in a smile: gum line on top, biting edge below. */
const INCISOR = 'M10 0h24c5 0 7 3 7 8l3 62c0 9-5 14-13 14H13C5 84 0 79 0 70l3-62c0-5 2-8 7-8z';

function RootCanal() {
  return (
    <>
      <rect x="8" y="8" width="224" height="144" rx="14" fill="#0f172a" />
      <rect x="16" y="16" width="208" height="128" rx="10" fill="#1e293b" />
      <g transform="translate(75 22) scale(0.9 1.15)" opacity="0.95">
        <path d={MOLAR} fill="#cbd5e1" />
        <path d="M32 22c8 4 28 4 36 0v14c-8 5-28 5-36 0z" fill="#f8fafc" />
        <path
          d="M36 38c-2 18-6 36-9 56M64 38c2 18 6 36 9 56"
          fill="none"
          stroke="#5eead4"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </g>
      <circle cx="186" cy="40" r="9" fill="none" stroke="#5eead4" strokeWidth="2" />
      <path d="M178 48l-14 12" stroke="#5eead4" strokeWidth="2" />
      <text x="30" y="134" fill="#94a3b8" fontSize="10" fontFamily="inherit">
        {CONVERSATION_TEXT.screen.xrayLabel}
      </text>
    </>
  );
}

function Crown() {
  return (
    <>
      <rect x="8" y="8" width="224" height="144" rx="14" fill="#f0fdfa" />
      <path d="M8 118h224v20a14 14 0 0 1-14 14H22a14 14 0 0 1-14-14z" fill="#fbcfe8" />
      <g transform="translate(80 78) scale(0.8 0.72)">
        <path d="M22 8h56l6 40c3 14 0 40-10 52H26C16 88 13 62 16 48z" fill="#e2e8f0" />
      </g>
      <g transform="translate(70 16) scale(1 0.7)">
        <path
          d="M14 20C10 8 24 2 38 6c6 2 18 2 24 0 14-4 28 2 24 14l-4 46H18z"
          fill="#ffffff"
          stroke="#0f766e"
          strokeWidth="3"
        />
        <path d="M30 22c10 4 30 4 40 0" fill="none" stroke="#99f6e4" strokeWidth="4" />
      </g>
      <path
        d="M184 40v40m-8-10 8 10 8-10"
        fill="none"
        stroke="#0f766e"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  );
}

function Veneer() {
  return (
    <>
      <rect x="8" y="8" width="224" height="144" rx="14" fill="#fdf4ff" />
      <path d="M8 22a14 14 0 0 1 14-14h196a14 14 0 0 1 14 14v22H8z" fill="#f9a8d4" />
      <g transform="translate(52 40)">
        <path d={INCISOR} fill="#efe6cf" stroke="#d6c9a6" strokeWidth="2" />
      </g>
      <g transform="translate(138 40)">
        <path d={INCISOR} fill="#efe6cf" stroke="#d6c9a6" strokeWidth="2" />
      </g>
      <g transform="translate(148 44)">
        <path d={INCISOR} fill="#ffffff" stroke="#a21caf" strokeWidth="2.5" />
        <path d="M10 14c2 14 2 40 0 56" fill="none" stroke="#f5d0fe" strokeWidth="3" />
      </g>
      <path
        d="M108 92h20m-6-6 6 6-6 6"
        fill="none"
        stroke="#a21caf"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  );
}

function Whitening() {
  const shades = ['#fef3c7', '#fef9c3', '#fefce8', '#ffffff'];
  return (
    <>
      <rect x="8" y="8" width="224" height="144" rx="14" fill="#eff6ff" />
      <path d="M40 60c30 50 130 50 160 0-30 14-130 14-160 0z" fill="#be185d" />
      <path d="M46 62c30 10 118 10 148 0l-6 10c-30 8-106 8-136 0z" fill="#ffffff" />
      <g stroke="#e2e8f0" strokeWidth="1.5">
        {[70, 90, 110, 130, 150, 170].map((x) => (
          <path key={x} d={`M${x} 64v11`} />
        ))}
      </g>
      <g fill="#f59e0b">
        <path d="M196 28l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" />
        <path d="M40 30l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" />
      </g>
      {shades.map((fill, i) => (
        <rect
          key={fill}
          x={72 + i * 26}
          y={114}
          width="20"
          height="26"
          rx="4"
          fill={fill}
          stroke="#cbd5e1"
        />
      ))}
    </>
  );
}

function Implant() {
  return (
    <>
      <rect x="8" y="8" width="224" height="144" rx="14" fill="#f8fafc" />
      <path d="M8 70h224v68a14 14 0 0 1-14 14H22a14 14 0 0 1-14-14z" fill="#fde68a" />
      <path d="M8 62c40-10 184-10 224 0v14H8z" fill="#f9a8d4" />
      <g transform="translate(100 78)">
        <path d="M6 0h28l-4 60c-1 6-5 8-10 8s-9-2-10-8z" fill="#94a3b8" />
        <g stroke="#64748b" strokeWidth="3">
          {[10, 20, 30, 40, 50].map((y) => (
            <path key={y} d={`M${5 + y / 20} ${y}h${30 - y / 10}`} />
          ))}
        </g>
      </g>
      <rect x="108" y="56" width="24" height="22" rx="3" fill="#cbd5e1" />
      <g transform="translate(84 14) scale(0.72 0.45)">
        <path
          d="M10 40C4 14 24 4 40 8c8 2 12 2 20 0 16-4 36 6 30 32l-4 50H14z"
          fill="#ffffff"
          stroke="#0f766e"
          strokeWidth="4"
        />
      </g>
    </>
  );
}

function Examination() {
  return (
    <>
      <rect x="8" y="8" width="224" height="144" rx="14" fill="#ecfeff" />
      <g transform="translate(40 30) scale(0.9)">
        <path d={MOLAR} fill="#ffffff" stroke="#0e7490" strokeWidth="3" />
      </g>
      <g transform="rotate(-30 170 90)">
        <rect x="166" y="70" width="8" height="80" rx="4" fill="#64748b" />
        <circle cx="170" cy="58" r="18" fill="#e0f2fe" stroke="#64748b" strokeWidth="5" />
        <circle cx="165" cy="53" r="5" fill="#ffffff" opacity="0.9" />
      </g>
      <g fill="#0e7490">
        <path d="M200 30l2.5 6.5 6.5 2.5-6.5 2.5-2.5 6.5-2.5-6.5-6.5-2.5 6.5-2.5z" />
      </g>
    </>
  );
}

const DRAWINGS: Record<ResourceIllustration, () => ReactNode> = {
  'root-canal': RootCanal,
  crown: Crown,
  veneer: Veneer,
  whitening: Whitening,
  implant: Implant,
  examination: Examination,
};

/** Our own chairside illustrations for the resources panel; the caption names them. */
export function ResourceArt({ kind }: { kind: ResourceIllustration }) {
  const Drawing = DRAWINGS[kind];
  return (
    <svg className="resource-art" viewBox="0 0 240 160" aria-hidden="true" focusable="false">
      <Drawing />
    </svg>
  );
}
