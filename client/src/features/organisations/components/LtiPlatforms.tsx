import { useEffect, useId, useState, type FormEvent } from 'react';
import type { LtiPlatform, LtiSetup } from '#shared/api/lti';
import { readDeploymentIds } from '#shared/lti';
import { LTI_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { deletePlatform, getLtiSetup, registerPlatform, updatePlatform } from '../api/ltiPlatforms';
import { ConfirmAction } from '../../../components/ConfirmAction';

/**
 * An organisation's course platforms (LTI 1.3, decision 051): our URLs for the platform's
 * administrator to copy, the registrations made, and a form for another. Folded away until
 * opened, and loaded only then: most trainers never connect an LMS.
 */
export function LtiPlatforms({ organisationId }: { organisationId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [setup, setSetup] = useState<LtiSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!open) return;
    let live = true;
    getLtiSetup(organisationId).then(
      (loaded) => {
        if (!live) return;
        setSetup(loaded);
        setError(null);
      },
      (caught: unknown) => live && setError(errorMessage(caught)),
    );
    return () => {
      live = false;
    };
  }, [open, organisationId, version]);

  /** After a change: read the list again and say what was done. */
  const changed = async (message: string) => {
    setVersion((v) => v + 1);
    setDone(message);
  };

  return (
    <section className="org-lti" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="org-lti__title">
        <button
          type="button"
          className="button button--ghost button--sm"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!open)}
        >
          {T.heading}
        </button>
      </h4>
      {open ? (
        <div id={`${id}-body`} className="org-lti__body">
          <p className="muted">{T.intro}</p>
          {error !== null ? <Alert>{error}</Alert> : null}
          {setup === null ? (
            error === null ? (
              <Spinner />
            ) : null
          ) : (
            <>
              <ToolDetails tool={setup.tool} />
              {setup.platforms.length === 0 ? <p className="muted">{T.platformsEmpty}</p> : null}
              <ul className="org-lti__list">
                {setup.platforms.map((platform) => (
                  <PlatformItem key={platform.id} platform={platform} onChanged={changed} />
                ))}
              </ul>
              <PlatformForm
                title={T.registerTitle}
                submitLabel={T.register}
                onSubmit={async (fields) => {
                  await registerPlatform(organisationId, fields);
                  await changed(T.registered);
                }}
              />
            </>
          )}
          <p className="org-ok" role="status">
            {done}
          </p>
        </div>
      ) : null}
    </section>
  );
}

/** Our URLs, each in a read-only field with a copy button. */
function ToolDetails({ tool }: { tool: LtiSetup['tool'] }) {
  const rows = [
    [T.loginUrl, tool.loginUrl],
    [T.launchUrl, tool.launchUrl],
    [T.deepLinkingUrl, tool.deepLinkingUrl],
    [T.jwksUrl, tool.jwksUrl],
  ] as const;
  return (
    <div className="org-lti__tool">
      <p>{T.toolDetails}</p>
      {rows.map(([label, value]) => (
        <CopyField key={label} label={label} value={value} />
      ))}
    </div>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard here: the field stays selectable.
      document.getElementById(`${id}-value`)?.focus();
    }
  };
  return (
    <div className="field org-lti__copy">
      <label htmlFor={`${id}-value`}>{label}</label>
      <div className="org-lti__copy-row">
        <input
          id={`${id}-value`}
          className="input"
          value={value}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--secondary button--sm" onClick={copy}>
          {T.copy(label)}
        </button>
      </div>
      <p className="field__hint" role="status">
        {copied ? T.copied : ''}
      </p>
    </div>
  );
}

function PlatformItem({
  platform,
  onChanged,
}: {
  platform: LtiPlatform;
  onChanged: (message: string) => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="card org-lti__platform">
      <p className="org-lti__issuer">{platform.issuer}</p>
      <p className="muted">
        {T.platformSummary(platform.clientId, platform.deploymentIds.join(', '))}
      </p>
      {editing ? (
        <PlatformForm
          title={T.editTitle(platform.issuer)}
          submitLabel={T.save}
          initial={platform}
          onCancel={() => setEditing(false)}
          onSubmit={async (fields) => {
            const { issuer: _issuer, clientId: _clientId, ...update } = fields;
            await updatePlatform(platform.id, update);
            setEditing(false);
            await onChanged(T.saved);
          }}
        />
      ) : (
        <div className="org-actions">
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => setEditing(true)}
          >
            {T.edit}
            <span className="visually-hidden"> {platform.issuer}</span>
          </button>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => setConfirming(true)}
          >
            {T.remove}
            <span className="visually-hidden"> {platform.issuer}</span>
          </button>
        </div>
      )}
      {confirming ? (
        <ConfirmAction
          title={T.confirmRemoveTitle(platform.issuer)}
          body={T.confirmRemove}
          confirmLabel={T.remove}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await deletePlatform(platform.id);
            setConfirming(false);
            await onChanged(T.removed);
          }}
        />
      ) : null}
    </li>
  );
}

interface Fields {
  issuer: string;
  clientId: string;
  authUrl: string;
  jwksUrl: string;
  tokenUrl: string;
  deploymentIds: string[];
}

/** Register (every field) or change (the issuer and client id name it, so they stay). */
function PlatformForm({
  title,
  submitLabel,
  initial,
  onSubmit,
  onCancel,
}: {
  title: string;
  submitLabel: string;
  initial?: LtiPlatform;
  onSubmit: (fields: Fields) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState({
    issuer: initial?.issuer ?? '',
    clientId: initial?.clientId ?? '',
    authUrl: initial?.authUrl ?? '',
    jwksUrl: initial?.jwksUrl ?? '',
    tokenUrl: initial?.tokenUrl ?? '',
    deploymentIds: initial?.deploymentIds.join(', ') ?? '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ ...fields, deploymentIds: readDeploymentIds(fields.deploymentIds) });
      if (!initial)
        setFields({
          issuer: '',
          clientId: '',
          authUrl: '',
          jwksUrl: '',
          tokenUrl: '',
          deploymentIds: '',
        });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof fields, label: string, hint?: string, locked = false) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        className="input"
        value={fields[name]}
        readOnly={locked}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
      />
      {hint ? (
        <p id={`${id}-${name}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <form
      className="org-lti__form"
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
    >
      <h5 id={`${id}-title`} className="org-lti__form-title">
        {title}
      </h5>
      {field('issuer', T.issuer, T.issuerHint, initial !== undefined)}
      {field('clientId', T.clientId, undefined, initial !== undefined)}
      {field('deploymentIds', T.deploymentIds, T.deploymentIdsHint)}
      {field('authUrl', T.authUrl)}
      {field('jwksUrl', T.platformJwksUrl)}
      {field('tokenUrl', T.tokenUrl)}
      {error !== null ? <Alert>{error}</Alert> : null}
      <div className="org-actions">
        <button type="submit" className="button button--primary button--sm" disabled={busy}>
          {busy ? <Spinner /> : null}
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--ghost button--sm" onClick={onCancel}>
            {T.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
