import { VAD_ASSETS_PATH, type VadAssetManifest } from '#shared/voice';

let manifest: Promise<VadAssetManifest> | null = null;

/** Where the detector's files are today (asked once per page; a failure is asked again). */
export function fetchVadManifest(): Promise<VadAssetManifest> {
  manifest ??= (async () => {
    const response = await fetch(`${VAD_ASSETS_PATH}/manifest.json`, {
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`VAD manifest: HTTP ${response.status}`);
    return (await response.json()) as VadAssetManifest;
  })();
  manifest.catch(() => {
    manifest = null;
  });
  return manifest;
}
