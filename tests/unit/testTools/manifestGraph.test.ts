import { describe, expect, it } from 'vitest';
import { firstLoadFiles, type Manifest } from '../../bench/manifestGraph';

// A build split by route: a shared chunk, two screens, and a chart only one of them imports later.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_zod.js': { file: 'assets/zod.js' },
  'src/Login.tsx': { file: 'assets/Login.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/Progress.tsx': {
    file: 'assets/Progress.js',
    isDynamicEntry: true,
    imports: ['index.html', '_zod.js'],
    dynamicImports: ['src/Chart.tsx'],
  },
  'src/Chart.tsx': { file: 'assets/Chart.js', isDynamicEntry: true, imports: ['_zod.js'] },
  'style.css': { file: 'assets/style.css' },
};

describe('firstLoadFiles', () => {
  it.each([
    ['the entry alone', [], ['assets/index.js', 'assets/react.js']],
    [
      'a screen with no imports of its own',
      ['src/Login.tsx'],
      ['assets/index.js', 'assets/react.js', 'assets/Login.js'],
    ],
    [
      'a screen, its static imports, not what it imports later',
      ['src/Progress.tsx'],
      ['assets/index.js', 'assets/react.js', 'assets/Progress.js', 'assets/zod.js'],
    ],
    [
      'a module bundled into the entry (no chunk of its own)',
      ['src/Old.tsx'],
      ['assets/index.js', 'assets/react.js'],
    ],
    [
      'two screens sharing a chunk count it once',
      ['src/Progress.tsx', 'src/Chart.tsx'],
      [
        'assets/index.js',
        'assets/react.js',
        'assets/Progress.js',
        'assets/zod.js',
        'assets/Chart.js',
      ],
    ],
  ])('%s', (_case, modules, files) => {
    expect(firstLoadFiles(manifest, modules).sort()).toEqual([...files].sort());
  });

  it('counts only JavaScript', () => {
    expect(firstLoadFiles(manifest, ['style.css'])).not.toContain('assets/style.css');
  });
});
