import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Sentences written inline in client components (decision 049): JSX text with letters, string
 * literals as JSX children, and string literals in the attributes a person reads or hears.
 * tests/unit/client/inlineText.test.ts holds their counts to a shrinking baseline.
 */

const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
const HAS_LETTER = /\p{L}/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** A literal with letters: a string, or a template without values. */
function literalText(node: ts.Node | undefined): string | null {
  if (node === undefined) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return HAS_LETTER.test(node.text) ? node.text : null;
  }
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node)) {
    return literalText(node.whenTrue) ?? literalText(node.whenFalse);
  }
  return null;
}

/** The inline sentences of one component file, as the words found (for the failure message). */
export function inlineSentences(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.trim();
      if (HAS_LETTER.test(text)) found.push(text);
    } else if (ts.isJsxExpression(node) && node.parent && !ts.isJsxAttribute(node.parent)) {
      // {'Sentence'} as a child.
      const text = literalText(node.expression);
      if (text !== null) found.push(text);
    } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      const text =
        value === undefined
          ? null
          : ts.isJsxExpression(value)
            ? literalText(value.expression)
            : literalText(value);
      if (text !== null) found.push(`${node.name.getText(file)}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Files of client/src with inline sentences, and how many each has. */
export function inlineCounts(root: string): Record<string, number> {
  const client = join(root, 'client/src');
  const counts: Record<string, number> = {};
  for (const path of tsxFiles(client).sort()) {
    const n = inlineSentences(readFileSync(path, 'utf8'), path).length;
    if (n > 0) counts[relative(root, path)] = n;
  }
  return counts;
}
