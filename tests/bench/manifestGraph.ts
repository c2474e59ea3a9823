/** One file of Vite's build manifest (`.vite/manifest.json`), as far as load order goes. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Keys of the chunks this one imports statically: they load with it. */
  imports?: string[];
  /** Keys of the chunks it may import later (`import()`): they do not load with it. */
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The JavaScript files a browser fetches before it can show a screen: the page's entry, the lazy
 * chunks of the screen's modules, and everything those import statically, each file once. A
 * module that is no chunk of its own is inside one that loads anyway (the entry, before the app
 * was split by route), so it adds nothing. What a chunk only imports dynamically (the charts, the
 * voice detector) is left out: it is fetched after the screen is up.
 */
export function firstLoadFiles(manifest: Manifest, screenModules: readonly string[]): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...screenModules]) visit(key);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}
