import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { RecordingSetting } from '#shared/api/myData';
import { MY_DATA_TEXT as T } from '#shared/text';
import { paths } from '../../../lib/paths';
import { getRecordingSetting } from '../../../lib/recordingSetting';

/**
 * Said once, before the microphone starts (decision 045): whether this engine's voice turns are
 * kept for replay, for how long, and where that is turned off. Nothing is said when the server
 * keeps no audio at all, or when the setting cannot be read (the turn itself does not need it).
 */
export function RecordingNotice() {
  const [setting, setSetting] = useState<RecordingSetting | null>(null);
  useEffect(() => {
    let live = true;
    getRecordingSetting()
      .then((loaded) => live && setSetting(loaded))
      .catch((error: unknown) => console.error('Could not read the recordings setting', error));
    return () => {
      live = false;
    };
  }, []);
  if (setting === null || setting.retentionDays === 0) return null;
  return (
    <p className="voice__hint voice__recording-notice" data-testid="recording-notice">
      {setting.keepRecordings ? T.recordingNoticeOn(setting.retentionDays) : T.recordingNoticeOff}{' '}
      <Link href={paths.account}>{T.accountPageLink}</Link>
    </p>
  );
}
